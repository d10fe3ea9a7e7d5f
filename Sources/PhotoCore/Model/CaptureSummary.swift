import Bytes
/// The camera/capture, location and identifying fields a reviewer looks at first, picked from
/// the tags, with numbers as numbers and the wording people read ("1/13 s · f/2.5 · ISO 100").
public enum CaptureSummary {
  /// One camera or capture field: its JSON name and value (numeric fields as numbers).
  public struct Field: Sendable, Equatable {
    /// The JSON name ("exposure_time").
    public var label: String
    /// The value; numeric fields are `.integer` or `.real`.
    public var value: TagValue
  }

  /// (label, tag name, numeric) of the camera and capture fields, in display order.
  static let cameraFields: [(label: String, name: String, numeric: Bool)] = [
    ("make", "Make", false), ("model", "Model", false), ("lens", "LensModel", false), ("software", "Software", false),
    ("date_time_original", "DateTimeOriginal", false), ("offset_time_original", "OffsetTimeOriginal", false),
    ("exposure_time", "ExposureTime", true), ("f_number", "FNumber", true), ("iso", "ISO", true), ("focal_length", "FocalLength", true),
  ]

  /// Camera and capture fields present in the primary image. Numeric fields are `.integer` or
  /// `.real` (an XMP rational "1/13" becomes 0.0769…); one whose text is no number is left out.
  public static func camera(_ m: PhotoMetadata) -> [Field] {
    cameraFields.compactMap { field in
      guard let tag = m.tags.first(where: { $0.name == field.name && $0.isPrimary && $0.carrier != .mpfImage }) else { return nil }
      guard field.numeric else { return Field(label: field.label, value: tag.value) }
      guard let number = number(tag.value) else { return nil }
      return Field(label: field.label, value: field.label == "iso" && number == number.rounded() && abs(number) < 1e9
                   ? .integer(Int64(number)) : .real(number))
    }
  }

  /// A number from a tag value: a number, a list's first, or text ("100", "1/13", "28/10").
  package static func number(_ value: TagValue) -> Double? {
    switch value {
    case .integer(let v): return Double(v)
    case .real(let v): return v.isFinite ? v : nil
    case .list(let items): return items.first.flatMap(number)
    case .text(let text):
      let parts = text.trimmingWhitespace().split(separator: "/")
      if parts.count == 2, let n = Double(parts[0]), let d = Double(parts[1]), d != 0 { return n / d }
      return parts.count == 1 ? Double(parts[0]).flatMap { $0.isFinite ? $0 : nil } : nil
    case .binary: return nil
    }
  }

  /// "Apple iPhone 15 Pro · iPhone 15 Pro back triple camera 6.765mm f/1.78 · software 17.2.1".
  public static func cameraLine(_ fields: [Field]) -> String? {
    let text = { (label: String) in fields.first { $0.label == label }?.value.display.trimmingWhitespace() }
    var parts: [String] = []
    switch (text("make"), text("model")) {
    case (let make?, let model?): parts.append(model.lowercased().hasPrefix(make.lowercased()) ? model : "\(make) \(model)")
    case (let make?, nil): parts.append(make)
    case (nil, let model?): parts.append(model)
    case (nil, nil): break
    }
    if let lens = text("lens") { parts.append(lens) }
    if let software = text("software") { parts.append("software \(software)") }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// "2025-01-01 10:20:30 +08:00" from DateTimeOriginal and OffsetTimeOriginal.
  public static func takenLine(_ fields: [Field]) -> String? {
    guard let raw = fields.first(where: { $0.label == "date_time_original" })?.value.display else { return nil }
    var text = raw
    // "2025:01:01 10:20:30": the date's colons become dashes.
    let date = raw.prefix(10)
    if date.count == 10, date.filter({ $0 == ":" }).count == 2 {
      text = String(date.map { $0 == ":" ? "-" : $0 }) + raw.dropFirst(10)
    }
    if let offset = fields.first(where: { $0.label == "offset_time_original" })?.value.display { text += " " + offset }
    return text
  }

  /// "1/13 s · f/2.5 · ISO 100 · 3.79 mm": exposure as ExifTool prints it (1/N below 0.25 s),
  /// f-number to 0.1, focal length to 0.01 mm, trailing zeros dropped.
  public static func exposureLine(_ fields: [Field]) -> String? {
    let value = { (label: String) in fields.first { $0.label == label }?.value.number }
    var parts: [String] = []
    if let t = value("exposure_time"), t > 0 {
      parts.append(t < 0.25001 ? "1/\(Int((1 / t).rounded())) s" : "\(decimals(t, 1)) s")
    }
    if let f = value("f_number"), f > 0 { parts.append("f/\(decimals(f, 1))") }
    if let iso = value("iso") { parts.append("ISO \(decimals(iso, 0))") }
    if let focal = value("focal_length"), focal > 0 { parts.append("\(decimals(focal, 2)) mm") }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// `value` to at most `places` decimals, without trailing zeros ("2.50" → "2.5", "26.00" → "26").
  static func decimals(_ value: Double, _ places: Int) -> String {
    var text = CFormat.fixed(value, places: places)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  /// Tag names holding each part of a place name, most specific first. [IPTC-IIM 2:90–2:101;
  /// IPTC Core/Ext; photoshop:]
  static let locationFields: [(label: String, names: Set<String>)] = [
    ("sublocation", ["Sub-location", "Location", "LocationCreatedSublocation", "LocationShownSublocation", "LocationName"]),
    ("city", ["City", "LocationCreatedCity", "LocationShownCity"]),
    ("state", ["State", "Province-State", "LocationCreatedProvinceState", "LocationShownProvinceState"]),
    ("country", ["Country", "Country-PrimaryLocationName", "LocationCreatedCountryName", "LocationShownCountryName"]),
  ]

  /// The place named in the file's text fields (any carrier), one value per part, with the
  /// carriers it was found in: what PA006 reports tag by tag.
  public static func location(_ m: PhotoMetadata) -> (parts: [(label: String, value: String)], carriers: [CarrierKind]) {
    var parts: [(String, String)] = []
    var carriers: [CarrierKind] = []
    for field in locationFields {
      let tags = m.tags.filter { field.names.contains($0.name) && !isEmpty($0.value) }
      guard let first = tags.first else { continue }
      parts.append((field.label, first.value.display.trimmingWhitespace()))
      carriers += tags.map(\.carrier)
    }
    return (parts, carriers.uniqued())
  }

  /// Tag names that identify a person or a device, in any carrier. [SPEC PA007]
  public static let identifyingNames = NameSet([
    "Artist", "Copyright", "OwnerName", "CameraOwnerName", "SerialNumber", "CameraSerialNumber",
    "BodySerialNumber", "LensSerialNumber", "InternalSerialNumber", "ImageUniqueID", "HostComputer", "XPAuthor",
    "DocumentID", "InstanceID", "OriginalDocumentID", "DerivedFromDocumentID", "DerivedFromInstanceID",
    "HistoryInstanceID", "HistoryAction", "HistorySoftwareAgent", "HistoryWhen", "History", "Creator", "By-line",
    "Owner", "Credit", "Rights", "CopyrightNotice", "Writer-Editor", "CreatorContactInfo",
    // MakerNotes: Apple's media group (the Live Photo content identifier) and burst IDs, face
    // recognition names [ExifTool Apple.pm, Panasonic.pm, FujiFilm.pm, Olympus.pm]
    "MediaGroupUUID", "ContentIdentifier", "BurstUUID", "ImageCaptureRequestID", "PhotoIdentifier", "FaceName", "FaceNames", "RecognizedFaceName",
    "RecognizedFaceNames", "FaceRecognitionName",
    // C2PA assertions (schema.org CreativeWork author and copyright holder)
    "AuthorName", "AuthorIdentifier", "CopyrightHolderName", "CopyrightHolderLegalname",
    // Google Takeout JSON: the people Google Photos recognised (`people[].name`)
    "PeopleName",
  ])

  /// Identifying tags found anywhere in the file.
  public static func identifying(_ m: PhotoMetadata) -> [MetadataTag] {
    filled(m.tags, named: identifyingNames)
  }

  /// The tags of `tags` named in `names` whose value is not empty. By index: a tag is copied
  /// only when it is kept (`filter` copied every tag of every file, twice a file in `audit`).
  static func filled(_ tags: [MetadataTag], named names: NameSet) -> [MetadataTag] {
    var out: [MetadataTag] = []
    for index in tags.indices where names.contains(tags[index].name) && !isEmpty(tags[index].value) {
      out.append(tags[index])
    }
    return out
  }

  package static func isEmpty(_ v: TagValue) -> Bool {
    switch v {
    case .text(let s): s.trimmingWhitespace().isEmpty
    case .list(let items): items.isEmpty
    default: false
    }
  }
}
