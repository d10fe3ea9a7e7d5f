/// How an IPTC-IIM dataset's bytes are read. [IPTC-IIM 4.1 §1.5, ExifTool IPTC.pm Format]
public enum IPTCFormat: Sendable, Equatable {
  /// Text in the record's coded character set; trailing NULs dropped.
  case string
  /// Numeric characters kept as text.
  case digits
  /// CCYYMMDD, shown as "CCYY:MM:DD" (ExifTool's value).
  case date
  /// HHMMSS±HHMM, shown as "HH:MM:SS±HH:MM" (ExifTool's value).
  case time
  /// Big-endian unsigned integer of the dataset's length (at most 8 bytes).
  case integer
  /// Opaque bytes, summarised by length.
  case binary
}

/// Why a dataset matters for privacy.
public enum IPTCPrivacy: Sendable, Equatable {
  /// Textual location (PA006).
  case location
  /// People, owners, unique IDs (PA007).
  case identifying
}

/// One known dataset, named as ExifTool names it.
public struct IPTCDatasetInfo: Sendable, Equatable {
  /// Record number (1 envelope, 2 application, 3 news photo, 7–9 object data).
  public var record: UInt8
  /// Dataset number within the record.
  public var dataset: UInt8
  /// ExifTool's tag name ("City", "By-line").
  public var name: String
  /// How the bytes are read.
  public var format: IPTCFormat
  /// Repeatable dataset: always reported as a list.
  public var isList: Bool
  /// Why the dataset matters for privacy, if it does.
  public var privacy: IPTCPrivacy?

  /// Creates a table row.

  public init(_ record: UInt8, _ dataset: UInt8, _ name: String, _ format: IPTCFormat = .string,
              list: Bool = false, privacy: IPTCPrivacy? = nil) {
    self.record = record
    self.dataset = dataset
    self.name = name
    self.format = format
    self.isList = list
    self.privacy = privacy
  }
}

/// The IPTC-IIM dataset table. Tags are data. [IPTC-IIM 4.2 §1.5–§1.9; ExifTool IPTC.pm]
enum IPTCDatasets {
  /// Record names, used in ExifTool's names for unknown datasets ("IPTC_ApplicationRecord_219").
  static let recordNames: [UInt8: String] = [
    1: "EnvelopeRecord", 2: "ApplicationRecord", 3: "NewsPhoto", 7: "PreObjectData",
    8: "ObjectData", 9: "PostObjectData", 240: "FotoStation",
  ]

  package static let all: [IPTCDatasetInfo] = [
    // Record 1: envelope. [IPTC-IIM 4.2 §1.5]
    .init(1, 0, "EnvelopeRecordVersion", .integer),
    .init(1, 5, "Destination", list: true),
    .init(1, 20, "FileFormat", .integer),
    .init(1, 22, "FileVersion", .integer),
    .init(1, 30, "ServiceIdentifier"),
    .init(1, 40, "EnvelopeNumber", .digits),
    .init(1, 50, "ProductID", list: true),
    .init(1, 60, "EnvelopePriority", .digits),
    .init(1, 70, "DateSent", .date),
    .init(1, 80, "TimeSent", .time),
    .init(1, 90, "CodedCharacterSet"),
    .init(1, 100, "UniqueObjectName", privacy: .identifying),
    .init(1, 120, "ARMIdentifier", .integer),
    .init(1, 122, "ARMVersion", .integer),
    // Record 2: application. [IPTC-IIM 4.2 §1.6]
    .init(2, 0, "ApplicationRecordVersion", .integer),
    .init(2, 3, "ObjectTypeReference"),
    .init(2, 4, "ObjectAttributeReference", list: true),
    .init(2, 5, "ObjectName"),
    .init(2, 7, "EditStatus"),
    .init(2, 8, "EditorialUpdate", .digits),
    .init(2, 10, "Urgency", .digits),
    .init(2, 12, "SubjectReference", list: true),
    .init(2, 15, "Category"),
    .init(2, 20, "SupplementalCategories", list: true),
    .init(2, 22, "FixtureIdentifier"),
    .init(2, 25, "Keywords", list: true),
    .init(2, 26, "ContentLocationCode", list: true, privacy: .location),
    .init(2, 27, "ContentLocationName", list: true, privacy: .location),
    .init(2, 30, "ReleaseDate", .date),
    .init(2, 35, "ReleaseTime", .time),
    .init(2, 37, "ExpirationDate", .date),
    .init(2, 38, "ExpirationTime", .time),
    .init(2, 40, "SpecialInstructions"),
    .init(2, 42, "ActionAdvised", .digits),
    .init(2, 45, "ReferenceService", list: true),
    .init(2, 47, "ReferenceDate", .date, list: true),
    .init(2, 50, "ReferenceNumber", .digits, list: true),
    .init(2, 55, "DateCreated", .date),
    .init(2, 60, "TimeCreated", .time),
    .init(2, 62, "DigitalCreationDate", .date),
    .init(2, 63, "DigitalCreationTime", .time),
    .init(2, 65, "OriginatingProgram"),
    .init(2, 70, "ProgramVersion"),
    .init(2, 75, "ObjectCycle"),
    .init(2, 80, "By-line", list: true, privacy: .identifying),
    .init(2, 85, "By-lineTitle", list: true, privacy: .identifying),
    .init(2, 90, "City", privacy: .location),
    .init(2, 92, "Sub-location", privacy: .location),
    .init(2, 95, "Province-State", privacy: .location),
    .init(2, 100, "Country-PrimaryLocationCode", privacy: .location),
    .init(2, 101, "Country-PrimaryLocationName", privacy: .location),
    .init(2, 103, "OriginalTransmissionReference", privacy: .identifying),
    .init(2, 105, "Headline"),
    .init(2, 110, "Credit", privacy: .identifying),
    .init(2, 115, "Source"),
    .init(2, 116, "CopyrightNotice", privacy: .identifying),
    .init(2, 118, "Contact", list: true, privacy: .identifying),
    .init(2, 120, "Caption-Abstract"),
    .init(2, 121, "LocalCaption"),
    .init(2, 122, "Writer-Editor", list: true, privacy: .identifying),
    .init(2, 125, "RasterizedCaption", .binary),
    .init(2, 130, "ImageType"),
    .init(2, 131, "ImageOrientation"),
    .init(2, 135, "LanguageIdentifier"),
    .init(2, 150, "AudioType"),
    .init(2, 151, "AudioSamplingRate", .digits),
    .init(2, 152, "AudioSamplingResolution", .digits),
    .init(2, 153, "AudioDuration", .digits),
    .init(2, 154, "AudioOutcue"),
    .init(2, 184, "JobID", privacy: .identifying),
    .init(2, 185, "MasterDocumentID", privacy: .identifying),
    .init(2, 186, "ShortDocumentID", privacy: .identifying),
    .init(2, 187, "UniqueDocumentID", privacy: .identifying),
    .init(2, 188, "OwnerID", privacy: .identifying),
    .init(2, 200, "ObjectPreviewFileFormat", .integer),
    .init(2, 201, "ObjectPreviewFileVersion", .integer),
    .init(2, 202, "ObjectPreviewData", .binary),
    .init(2, 221, "Prefs"),
    .init(2, 225, "ClassifyState"),
    .init(2, 228, "SimilarityIndex"),
    .init(2, 230, "DocumentNotes"),
    .init(2, 231, "DocumentHistory"),
    .init(2, 232, "ExifCameraInfo"),
    .init(2, 255, "CatalogSets", list: true),
    // Record 3: news photo. [IPTC-IIM 4.2 §1.7]
    .init(3, 0, "NewsPhotoVersion", .integer),
    .init(3, 10, "IPTCPictureNumber"),
    .init(3, 20, "IPTCImageWidth", .integer),
    .init(3, 30, "IPTCImageHeight", .integer),
    .init(3, 40, "IPTCPixelWidth", .integer),
    .init(3, 50, "IPTCPixelHeight", .integer),
    .init(3, 55, "SupplementalType", .integer),
    .init(3, 60, "ColorRepresentation", .integer),
    .init(3, 64, "InterchangeColorSpace", .integer),
    .init(3, 65, "ColorSequence", .integer),
    .init(3, 66, "ICC_Profile", .binary),
    .init(3, 70, "ColorCalibrationMatrix", .binary),
    .init(3, 80, "LookupTable", .binary),
    .init(3, 84, "NumIndexEntries", .integer),
    .init(3, 85, "ColorPalette", .binary),
    .init(3, 86, "IPTCBitsPerSample", .integer),
    .init(3, 90, "SampleStructure", .integer),
    .init(3, 100, "ScanningDirection", .integer),
    .init(3, 102, "IPTCImageRotation", .integer),
    .init(3, 110, "DataCompressionMethod", .integer),
    .init(3, 120, "QuantizationMethod", .integer),
    .init(3, 125, "EndPoints", .binary),
    .init(3, 130, "ExcursionTolerance", .integer),
    .init(3, 135, "BitsPerComponent", .integer),
    .init(3, 140, "MaximumDensityRange", .integer),
    .init(3, 145, "GammaCompensatedValue", .integer),
    // Records 7–9: object data. [IPTC-IIM 4.2 §1.8–§1.9]
    .init(7, 10, "SizeMode", .integer),
    .init(7, 20, "MaxSubfileSize", .integer),
    .init(7, 90, "ObjectSizeAnnounced", .integer),
    .init(7, 95, "MaximumObjectSize", .integer),
    .init(8, 10, "SubFile", .binary, list: true),
    .init(9, 10, "ConfirmedObjectSize", .integer),
  ]

  /// Lookup by record << 8 | dataset.
  static let byKey: [UInt16: IPTCDatasetInfo] = Dictionary(
    all.map { (UInt16($0.record) << 8 | UInt16($0.dataset), $0) }, uniquingKeysWith: { a, _ in a })

  package static func info(record: UInt8, dataset: UInt8) -> IPTCDatasetInfo? {
    byKey[UInt16(record) << 8 | UInt16(dataset)]
  }
}
