import Bytes
/// A Google Takeout (Google Photos) JSON sidecar: what it is and what it carries.
///
/// Takeout writes one JSON document beside each exported photo or video:
/// ```json
/// { "title": "IMG_0001.jpg", "description": "", "imageViews": "12",
///   "creationTime": { "timestamp": "1704100830", "formatted": "…" },
///   "photoTakenTime": { "timestamp": "1704075630", "formatted": "…" },
///   "geoData": { "latitude": 31.230416, "longitude": 121.473701, "altitude": 12.5,
///                "latitudeSpan": 0.0, "longitudeSpan": 0.0 },
///   "geoDataExif": { … the same keys … },
///   "people": [ { "name": "…" } ], "url": "https://photos.google.com/…",
///   "googlePhotosOrigin": { "mobileUpload": { "deviceType": "ANDROID_PHONE" } } }
/// ```
/// `geoData` is the location Google Photos shows (the user can edit it), `geoDataExif` the one
/// read from the photo at upload; Takeout writes 0.0 for both coordinates when there is none.
/// [the layout as GooglePhotosTakeoutHelper, immich-go and ente read it]
public enum TakeoutJSON {
  /// Keys only Takeout writes: one of them makes a JSON object a Takeout sidecar.
  package static let takeoutKeys: Set<String> = [
    "geoData", "geoDataExif", "photoTakenTime", "creationTime", "photoLastModifiedTime", "imageViews", "googlePhotosOrigin",
  ]
  /// The location objects, each checked on its own.
  static let locationKeys = ["geoData", "geoDataExif"]
  /// Claims of a descriptor (SPEC, docs/descriptor.md): a JSON holding one is a descriptor, never
  /// a Takeout sidecar, whatever else it holds.
  static let descriptorKeys: Set<String> = [
    "gps_removed", "media_id", "media_type", "format", "width", "height", "size_bytes", "crop", "original",
  ]
  /// Most fields listed as tags; past it the rest is PA015 (their coordinates are still searched).
  static let maxTags = 10_000

  /// True when `document` is a Takeout sidecar: an object with a key only Takeout writes and no
  /// descriptor claim.
  public static func recognises(_ document: JSONValue) -> Bool {
    guard case .object(let members) = document else { return false }
    return members.contains { takeoutKeys.contains($0.0) } && !members.contains { descriptorKeys.contains($0.0) }
  }

  /// True when `document` is an object holding a descriptor's claim (`gps_removed`, `media_id`…).
  public static func holdsDescriptorClaims(_ document: JSONValue) -> Bool {
    guard case .object(let members) = document else { return false }
    return members.contains { descriptorKeys.contains($0.0) }
  }

  /// What a Takeout JSON (or any other JSON read as a sidecar) carries.
  public struct Contents: Sendable, Equatable {
    /// Every field, named as ExifTool 12.57 names them (group `JSON`, nested keys joined with
    /// their first letters upper-cased: `GeoDataLatitude`, `PhotoTakenTimeTimestamp`, `PeopleName`).
    public var tags: [MetadataTag] = []
    /// Coordinates: each location object that is not 0.0/0.0, and coordinates anywhere else in
    /// the document (`DescriptorCoordinates`: latitude/longitude keys, ISO 6709 strings…).
    public var gps: [GPSFix] = []
    /// A location object with 0.0/0.0 but an altitude: GPS without coordinates (PA001 info).
    public var gpsWithoutCoordinates: [GPSFix] = []
    /// What was not checked (fields past `maxTags`).
    public var incomplete: [String] = []
  }

  /// Decodes a Takeout JSON: its fields as tags and its coordinates. Every fix is filed under
  /// the carrier `sidecar`.
  public static func decode(_ document: JSONValue) -> Contents {
    var contents = Contents()
    var flattener = Flattener()
    flattener.add(document, name: "")
    contents.tags = flattener.tags
    if flattener.dropped > 0 {
      contents.incomplete.append("\(flattener.dropped) fields past the first \(maxTags) are not listed (their coordinates are searched)")
    }
    guard case .object(let members) = document else { return contents }
    for (key, value) in members where locationKeys.contains(key) {
      location(value, key: key, into: &contents)
    }
    let rest = JSONValue.object(members.filter { !locationKeys.contains($0.0) })
    contents.gps += coordinates(in: rest)
    return contents
  }

  /// Coordinates anywhere in `document` (a JSON read as a sidecar that is no Takeout JSON, or
  /// the fields of one outside its location objects), as fixes in the carrier `sidecar`.
  public static func coordinates(in document: JSONValue) -> [GPSFix] {
    DescriptorCoordinates.find(in: document).map { found in
      var fix = GPSFix(carrier: .sidecar, latitude: found.latitude, longitude: found.longitude)
      fix.tag = found.path
      fix.signature = RedactableText(plain: found.form)
      return fix
    }
  }

  /// One location object (`geoData`, `geoDataExif`). Zeros are Takeout's "no location"; a
  /// coordinate that is there but is no number, or is out of range, is unreadable GPS — still
  /// GPS (SPEC "Fail closed").
  package static func location(_ value: JSONValue, key: String, into contents: inout Contents) {
    var fix = GPSFix(carrier: .sidecar)
    fix.tag = key
    guard case .object = value else {
      if value != .null {
        fix.unreadable = "\(key) is not an object"
        contents.gps.append(fix)
      }
      return
    }
    var problems: [RedactableText] = []
    func axis(_ name: String, latitude: Bool) -> Double? {
      guard let member = value[name], member != .null else { return nil }
      guard let degrees = DescriptorCoordinates.degrees(member, latitude: latitude) else {
        problems.append("\(key).\(name) is not a number")
        return nil
      }
      guard abs(degrees) <= (latitude ? 90 : 180) else {
        problems.append("\(key).\(name) \(secret: .degrees(degrees)) is out of range")
        return nil
      }
      return degrees
    }
    let latitude = axis("latitude", latitude: true), longitude = axis("longitude", latitude: false)
    fix.altitude = value["altitude"]?.doubleValue.flatMap { $0.isFinite && $0 != 0 ? $0 : nil }
    if !problems.isEmpty {
      fix.latitude = latitude
      fix.longitude = longitude
      fix.unreadable = .joined(problems, separator: "; ")
      contents.gps.append(fix)
    } else if (latitude ?? 0) != 0 || (longitude ?? 0) != 0 {
      fix.latitude = latitude
      fix.longitude = longitude
      contents.gps.append(fix)
    } else if fix.altitude != nil {
      contents.gpsWithoutCoordinates.append(fix)
    }
  }

  /// Turns a JSON tree into tags the way ExifTool's JSON reader names them (JSON.pm
  /// `ProcessTag`): an object's members are named by the parent's name followed by the key with
  /// its first letter upper-cased, an array's items take the array's name (a list).
  struct Flattener {
    package var tags: [MetadataTag] = []
    package var dropped = 0

    package mutating func add(_ value: JSONValue, name: String) {
      switch value {
      case .object(let members):
        for (key, member) in members { add(member, name: name + Self.upperFirst(key)) }
      case .array(let items):
        let before = tags.count
        for item in items { add(item, name: name) }
        // Items that give one tag each (values, or objects of one member: `people[].name`) make
        // one list tag, as ExifTool shows them.
        let added = tags[before...]
        if added.count > 1, let first = added.first, added.allSatisfy({ $0.name == first.name }) {
          let list = MetadataTag(carrier: .sidecar, group: "JSON", name: first.name, value: .list(added.map(\.value)))
          tags.removeSubrange(before...)
          tags.append(list)
        }
      case .null:
        break
      default:
        guard !name.isEmpty else { return }
        guard tags.count < TakeoutJSON.maxTags else {
          dropped += 1
          return
        }
        tags.append(MetadataTag(carrier: .sidecar, group: "JSON", name: name, value: Self.tagValue(value)))
      }
    }

    static func tagValue(_ value: JSONValue) -> TagValue {
      switch value {
      case .bool(let b): .text(b ? "true" : "false")
      case .int(let i): .integer(i)
      case .number(let d): .real(d)
      case .string(let s): .text(s)
      default: .text("")
      }
    }

    /// "geoData" → "GeoData"; characters ExifTool drops from tag names (not A–Z, a–z, 0–9,
    /// '-', '_') are dropped, and a letter after one of them is upper-cased.
    static func upperFirst(_ key: String) -> String {
      var out = ""
      var upper = true
      for scalar in key.unicodeScalars {
        let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        let kept = isLetter || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        if kept { out.unicodeScalars.append(upper && isLetter ? Unicode.Scalar(scalar.value & ~0x20)! : scalar) }
        upper = !isLetter
      }
      return out
    }
  }
}
