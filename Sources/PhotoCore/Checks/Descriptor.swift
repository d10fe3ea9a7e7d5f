/// The JSON descriptor a pipeline sends with its output (SPEC example), as far as checks need it.
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
  /// The whole document, for fields checks do not model.
  public var raw: JSONValue

  /// Why a descriptor could not be used.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "descriptor \(path): \(reason)" }
  }

  /// Parses a descriptor; a non-object, invalid JSON or wrongly typed field is a `Problem`.
  public static func parse(_ bytes: [UInt8], path: String) throws(Problem) -> Descriptor {
    let doc: JSONValue
    do { doc = try JSONParser.parse(bytes) } catch { throw Problem(path: path, reason: "\(error)") }
    guard case .object = doc else { throw Problem(path: path, reason: "is not a JSON object") }
    var d = Descriptor(path: path, raw: doc)
    func int(_ key: String) throws(Problem) -> Int? {
      guard let v = doc[key], v != .null else { return nil }
      guard let i = v.intValue, i >= 0 else { throw Problem(path: path, reason: "'\(key)' must be a non-negative integer") }
      return i
    }
    func string(_ key: String) throws(Problem) -> String? {
      guard let v = doc[key], v != .null else { return nil }
      guard let s = v.stringValue else { throw Problem(path: path, reason: "'\(key)' must be a string") }
      return s
    }
    d.mediaID = try string("media_id")
    d.format = try string("format")
    d.width = try int("width")
    d.height = try int("height")
    d.sizeBytes = try int("size_bytes")
    d.original = try string("original")
    if let v = doc["gps_removed"], v != .null {
      guard let b = v.boolValue else { throw Problem(path: path, reason: "'gps_removed' must be true or false") }
      d.gpsRemoved = b
    }
    if let c = doc["crop"], c != .null {
      guard let x = c["x"]?.intValue, let y = c["y"]?.intValue, let w = c["width"]?.intValue, let h = c["height"]?.intValue
      else { throw Problem(path: path, reason: "'crop' must be {x, y, width, height} in whole pixels") }
      d.crop = PixelRect(x: x, y: y, width: w, height: h)
    }
    let required = ["format", "width", "height", "gps_removed"]
    let missing = required.filter { doc[$0] == nil }
    if !missing.isEmpty { throw Problem(path: path, reason: "lacks \(missing.joined(separator: ", "))") }
    return d
  }
}
