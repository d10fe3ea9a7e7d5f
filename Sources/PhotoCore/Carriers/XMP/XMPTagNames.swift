/// How XMP property paths become ExifTool tag names. Tags are data: the exceptions to the
/// general rule live in these tables. [ExifTool XMP.pm GetXMPTagID, the XMP tag tables,
/// FlatName entries of the structure definitions]
///
/// General rule: the top-level property's local name with its first letter uppercased;
/// structure fields and array items are flattened by appending each field name (first letter
/// uppercased): `Iptc4xmpExt:LocationCreated/Iptc4xmpExt:City` → `LocationCreatedCity`,
/// `xmpMM:History[i]/stEvt:action` → `HistoryAction`.
enum XMPTagNames {
  /// Top-level properties whose ExifTool name differs: "group:localName" → name.
  static let renamed: [String: String] = [
    "tiff:ImageLength": "ImageHeight",
    "exif:PixelXDimension": "ExifImageWidth",
    "exif:PixelYDimension": "ExifImageHeight",
    "exif:GPSTimeStamp": "GPSDateTime",
    "exif:ISOSpeedRatings": "ISO",
    "exif:FocalLengthIn35mmFilm": "FocalLengthIn35mmFormat",
    "exif:ExposureBiasValue": "ExposureCompensation",
    "photoshop:ICCProfile": "ICCProfileName",
    "mwg-rs:Regions": "RegionInfo",
    "x:xmptk": "XMPToolkit",
    "rdf:about": "About",
    "GCamera:hdrp_makernote": "HDRPMakerNote",
    "GCamera:shot_log_data": "ShotLogData",
    "GDepth:Data": "DepthImage",
    "GImage:Data": "ImageData",
    "GImage:Mime": "ImageMimeType",
    "GAudio:Data": "AudioData",
    "GAudio:Mime": "AudioMimeType",
    "crs:Temperature": "ColorTemperature",
    "microsoft:Rating": "RatingPercent",
    "dwc:Event": "DCEvent",
    "dwc:dctermsLocation": "DCTermsLocation",
  ]

  /// Structures whose fields are flattened under a different prefix: "group:localName" →
  /// prefix ("" = the structure adds nothing to its fields' names).
  static let flatPrefix: [String: String] = [
    "iptcCore:CreatorContactInfo": "Creator",
    "mwg-rs:Regions": "Region",
    "mwg-rs:RegionList": "",
    "Device:Profiles": "",
    "Device:Cameras": "",
    "Device:Planes": "",
    "dwc:dctermsLocation": "DC",
    "dwc:Event": "Event",
    "dwc:GeologicalContext": "",
    "dwc:Identification": "",
    "dwc:MeasurementOrFact": "",
    "dwc:ResourceRelationship": "",
  ]

  /// Structure fields whose flattened part differs: "group:localName" → part.
  static let flatField: [String: String] = [
    "iptcCore:CiAdrExtadr": "Address",
    "iptcCore:CiAdrCity": "City",
    "iptcCore:CiAdrCtry": "Country",
    "iptcCore:CiAdrPcode": "PostalCode",
    "iptcCore:CiAdrRegion": "Region",
    "iptcCore:CiEmailWork": "WorkEmail",
    "iptcCore:CiTelWork": "WorkTelephone",
    "iptcCore:CiUrlWork": "WorkURL",
  ]

  /// Flattened names ExifTool shortens afterwards: "group:flattened" → name. [DarwinCore.pm]
  static let renamedFlat: [String: String] = [
    "dwc:EventEventDate": "EventDate", "dwc:EventEventID": "EventID", "dwc:EventEventRemarks": "EventRemarks",
    "dwc:EventEventTime": "EventTime", "dwc:MaterialSampleMaterialSampleID": "MaterialSampleID",
    "dwc:OccurrenceOccurrenceDetails": "OccurrenceDetails", "dwc:OccurrenceOccurrenceID": "OccurrenceID",
    "dwc:OccurrenceOccurrenceRemarks": "OccurrenceRemarks", "dwc:OccurrenceOccurrenceStatus": "OccurrenceStatus",
    "dwc:OrganismOrganismID": "OrganismID", "dwc:OrganismOrganismName": "OrganismName",
    "dwc:OrganismOrganismRemarks": "OrganismRemarks", "dwc:OrganismOrganismScope": "OrganismScope",
    "dwc:TaxonTaxonConceptID": "TaxonConceptID", "dwc:TaxonTaxonID": "TaxonID", "dwc:TaxonTaxonRank": "TaxonRank",
    "dwc:TaxonTaxonRemarks": "TaxonRemarks", "dwc:Bed": "GeologicalContextBed",
    "dwc:Formation": "GeologicalContextFormation", "dwc:Group": "GeologicalContextGroup",
    "dwc:Member": "GeologicalContextMember",
  ]

  /// A "group:localName" table by group, then local name: looked up for every property without
  /// building the joined key (group names hold no ':').
  struct PairTable: Sendable {
    let byGroup: [String: [String: String]]
    init(_ table: [String: String]) {
      var byGroup: [String: [String: String]] = [:]
      for (key, value) in table {
        guard let colon = key.firstIndex(of: ":") else { continue }  // never matched "group:name"
        byGroup[String(key[..<colon]), default: [:]][String(key[key.index(after: colon)...])] = value
      }
      self.byGroup = byGroup
    }
    subscript(group: String, name: String) -> String? { byGroup[group]?[name] }
  }

  static let renamedIndex = PairTable(renamed)
  static let flatPrefixIndex = PairTable(flatPrefix)
  static let flatFieldIndex = PairTable(flatField)
  static let renamedFlatIndex = PairTable(renamedFlat)

  /// The tag name of a top-level property.
  package static func topLevel(group: String, localName: String) -> String {
    renamedIndex[group, localName] ?? upperFirst(localName)
  }

  /// What a structure contributes to its fields' names when it differs from its own name.
  static func prefixPart(group: String, localName: String) -> String? {
    flatPrefixIndex[group, localName]
  }

  /// The part a structure field adds to the flattened name.
  package static func field(group: String, localName: String) -> String {
    flatFieldIndex[group, localName] ?? upperFirst(localName)
  }

  /// Bytes ExifTool keeps in tag names: ASCII letters, digits, '-' and '_'.
  static func isTagNameByte(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
  }

  /// First letter uppercased; characters ExifTool does not allow in tag names dropped.
  static func upperFirst(_ name: String) -> String {
    // Most names need nothing dropped: only an ASCII first letter to uppercase.
    if let first = name.utf8.first, name.utf8.allSatisfy(isTagNameByte) {
      guard first >= 0x61, first <= 0x7A else { return name }
      var bytes = Array(name.utf8)
      bytes[0] -= 0x20
      return String(decoding: bytes, as: UTF8.self)
    }
    let cleaned = name.unicodeScalars.filter {
      ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value >= 0x41 && $0.value <= 0x5A)
        || ($0.value >= 0x61 && $0.value <= 0x7A) || $0 == "-" || $0 == "_"
    }
    var s = String(String.UnicodeScalarView(cleaned))
    guard let first = s.first else { return "" }
    s.replaceSubrange(s.startIndex...s.startIndex, with: first.uppercased())
    return s
  }
}
