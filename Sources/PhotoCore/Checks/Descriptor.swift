import Bytes
/// The JSON descriptor a pipeline sends with its output (SPEC example), as far as checks need it.
///
/// Every claim that is there is checked; a claim that is missing or unusable does not stop the
/// others (a descriptor with only `{"gps_removed": true}` still has its claim checked).
public struct Descriptor: Sendable, Equatable {
  public var path: String
  public var mediaID: String?
  public var format: String?
  public var width: Int?
  public var height: Int?
  public var sizeBytes: Int?
  public var gpsRemoved: Bool?
  /// Crop in the original's displayed (upright) pixel coordinates.
  public var crop: PixelRect?
  /// Path of the original, when the descriptor names one (relative to the descriptor's folder).
  public var original: String?
  /// The claims the SPEC's descriptor makes that this one lacks (absent or null), in
  /// `Descriptor.claims` order: not checked, reported as a warning (PA008).
  public var missing: [String] = []
  /// Fields present with a value of the wrong type, each a sentence ("'width' must be a
  /// non-negative integer"): unusable claims, reported as errors (PA013); the rest is checked.
  public var invalid: [String] = []
  /// Coordinates the descriptor itself carries (PA001 with carrier `descriptor`).
  public var coordinates: [DescriptorCoordinate] = []
  /// The whole document, for fields checks do not model.
  public var raw: JSONValue

  /// The claims a descriptor is expected to make (SPEC: format, displayed size, gps_removed).
  public static let claims = ["format", "width", "height", "gps_removed"]

  /// Why a descriptor could not be used at all.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "descriptor \(path): \(reason)" }
  }

  /// Parses a descriptor. Only a document that is not JSON or not an object is a `Problem`;
  /// missing and wrongly typed fields are recorded in `missing` and `invalid`.
  public static func parse(_ bytes: [UInt8], path: String) throws(Problem) -> Descriptor {
    let doc: JSONValue
    do { doc = try JSONParser.parse(bytes) } catch { throw Problem(path: path, reason: "\(error)") }
    guard case .object = doc else { throw Problem(path: path, reason: "is not a JSON object") }
    var d = Descriptor(path: path, raw: doc)
    func present(_ key: String) -> JSONValue? {
      guard let v = doc[key], v != .null else { return nil }
      return v
    }
    func int(_ key: String) -> Int? {
      guard let v = present(key) else { return nil }
      guard let i = v.intValue, i >= 0 else { d.invalid.append("'\(key)' must be a non-negative integer"); return nil }
      return i
    }
    func string(_ key: String) -> String? {
      guard let v = present(key) else { return nil }
      guard let s = v.stringValue else { d.invalid.append("'\(key)' must be a string"); return nil }
      return s
    }
    d.mediaID = string("media_id")
    d.format = string("format")
    d.width = int("width")
    d.height = int("height")
    d.sizeBytes = int("size_bytes")
    d.original = string("original")
    if let v = present("gps_removed") {
      if let b = v.boolValue { d.gpsRemoved = b } else { d.invalid.append("'gps_removed' must be true or false") }
    }
    if let c = present("crop") {
      if let x = c["x"]?.intValue, let y = c["y"]?.intValue, let w = c["width"]?.intValue, let h = c["height"]?.intValue {
        d.crop = PixelRect(x: x, y: y, width: w, height: h)
      } else {
        d.invalid.append("'crop' must be {x, y, width, height} in whole pixels")
      }
    }
    d.missing = claims.filter { present($0) == nil }
    d.coordinates = DescriptorCoordinates.find(in: doc)
    return d
  }
}
