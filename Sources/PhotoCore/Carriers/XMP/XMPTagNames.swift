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

  /// The tag name of a top-level property.
  static func topLevel(group: String, localName: String) -> String {
    renamed["\(group):\(localName)"] ?? upperFirst(localName)
  }

  /// What a structure contributes to its fields' names when it differs from its own name.
  static func prefixPart(group: String, localName: String) -> String? {
    flatPrefix["\(group):\(localName)"]
  }

  /// The part a structure field adds to the flattened name.
  static func field(group: String, localName: String) -> String {
    flatField["\(group):\(localName)"] ?? upperFirst(localName)
  }

  /// First letter uppercased; characters ExifTool does not allow in tag names dropped.
  static func upperFirst(_ name: String) -> String {
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
