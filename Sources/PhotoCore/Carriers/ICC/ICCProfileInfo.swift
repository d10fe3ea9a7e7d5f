/// The facts of an ICC profile that an audit reports: its header and its description.
/// [ICC.1:2010 7.2 (header), 9.2 (tags)]
public struct ICCProfileInfo: Sendable, Equatable {
  /// Profile size declared in the header (bytes 0–3).
  public var size: Int
  /// Preferred CMM type (4 characters, e.g. "appl", "lcms").
  public var cmm: String
  /// Version as "major.minor.bugfix" ("4.3.0", "2.1.0").
  public var version: String
  /// Version bytes 8–9 as one number, as ExifTool shows it with -n (0x0210 = 528).
  public var versionNumber: Int
  /// Device class signature ("mntr", "scnr", "prtr", "spac"...).
  public var deviceClass: String
  /// Data colour space signature ("RGB ", "GRAY", "CMYK"...).
  public var colorSpace: String
  /// Profile connection space signature ("XYZ ", "Lab ").
  public var connectionSpace: String
  /// Rendering intent (0 perceptual, 1 media-relative, 2 saturation, 3 ICC-absolute).
  public var renderingIntent: Int
  /// Profile creator signature ("APPL", "ADBE"...).
  public var creator: String
  /// Device manufacturer signature.
  public var manufacturer: String
  /// Device model signature.
  public var model: String
  /// The `desc` tag: "Display P3", "sRGB IEC61966-2.1"... (v2 textDescriptionType ASCII or v4
  /// multiLocalizedUnicodeType, English preferred).
  public var description: String?
  /// The `cprt` tag.
  public var copyright: String?
  /// Header fields (group "ICC-header") and tags (group "ICC_Profile"), ExifTool-named.
  public var tags: [MetadataTag]
  /// Problems that did not stop decoding.
  public var warnings: [String]

  /// Creates profile facts (the decoder fills them).
  public init(size: Int, cmm: String, version: String, versionNumber: Int, deviceClass: String, colorSpace: String,
              connectionSpace: String, renderingIntent: Int, creator: String, manufacturer: String, model: String,
              description: String?, copyright: String?, tags: [MetadataTag], warnings: [String]) {
    self.size = size
    self.cmm = cmm
    self.version = version
    self.versionNumber = versionNumber
    self.deviceClass = deviceClass
    self.colorSpace = colorSpace
    self.connectionSpace = connectionSpace
    self.renderingIntent = renderingIntent
    self.creator = creator
    self.manufacturer = manufacturer
    self.model = model
    self.description = description
    self.copyright = copyright
    self.tags = tags
    self.warnings = warnings
  }

  /// True for a Display P3 profile (by description), the case where dropping the profile
  /// visibly shifts colours.
  public var isDisplayP3: Bool {
    guard let lower = description?.lowercased() else { return false }
    return lower.contains("display p3") || lower.contains("p3 d65") || lower.contains("dci-p3")
  }
}
