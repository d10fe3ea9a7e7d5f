import Bytes
import Foundation
import PhotoCore
import Testing

/// Cross-checks `inspect` against ExifTool 12.57 on the corpus's WebP, GIF and C2PA files
/// (INDEX.tsv rows of format WEBP / Extended WEBP / GIF, and every file under c2pa-*/): stored
/// size, EXIF Orientation, and GPS (present or not, and the coordinates — from the GPS IFD, XMP,
/// or a C2PA assertion, which ExifTool shows as `JSON:EXIFGPSLatitude`/`CBOR:ExifGPSLatitude`).
/// Every disagreement is listed in `explained` with the reason; any other fails.
@Suite(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
struct CarrierOracleTests {
  /// "path field" → why we differ.
  /// (None today: the two C2PA MP4s, once unread, are read since MOV/MP4 landed.)
  static let explained: [String: String] = [:]

  static var rows: [SharedCorpus.Row] {
    SharedCorpus.rows.filter { ["WEBP", "Extended WEBP", "GIF"].contains($0["format"]) || $0.path.hasPrefix("c2pa-") }
  }

  /// Coordinates from ExifTool's JSON: the composite, else the GPS IFD's signed by its refs,
  /// else a C2PA assertion's ("43.152093900000", "40,44.1861N").
  static func oracleCoordinates(_ o: [String: JSONValue]) -> (Double?, Double?) {
    func number(_ key: String) -> Double? { o[key]?.doubleValue }
    if let lat = number("Composite:GPSLatitude"), let lon = number("Composite:GPSLongitude") { return (lat, lon) }
    for prefix in ["JSON:EXIFGPS", "CBOR:ExifGPS"] {
      if let lat = o[prefix + "Latitude"], let lon = o[prefix + "Longitude"] {
        return (lat.doubleValue ?? lat.stringValue.flatMap(coordinate), lon.doubleValue ?? lon.stringValue.flatMap(coordinate))
      }
    }
    return (nil, nil)
  }

  /// "40,44.1861N" → 40.736435 (a test helper: degrees, minutes, hemisphere).
  static func coordinate(_ text: String) -> Double? {
    let negative = text.hasSuffix("S") || text.hasSuffix("W")
    let parts = text.trimmingCharacters(in: CharacterSet(charactersIn: "NSEW")).split(separator: ",").compactMap { Double($0) }
    guard let degrees = parts.first else { return nil }
    let value = degrees + (parts.count > 1 ? parts[1] / 60 : 0) + (parts.count > 2 ? parts[2] / 3600 : 0)
    return negative ? -value : value
  }

  @Test func agreesWithExifTool() throws {
    let rows = Self.rows
    try #require(rows.count >= 36, "expected the corpus's WebP, GIF and C2PA rows, found \(rows.count)")
    var unexplained: [String] = []
    var used = Set<String>()
    var compared = 0
    func differ(_ path: String, _ field: String, _ what: String) {
      let key = "\(path) \(field)"
      if Self.explained[key] == nil { unexplained.append("\(key): \(what)") } else { used.insert(key) }
    }
    for row in rows {
      let m = Inspector.inspect(path: row.url.path)
      guard m.error == nil else {
        differ(row.path, "read", m.error ?? "")
        continue
      }
      compared += 1
      if let width = Int(row["width"]), let height = Int(row["height"]), m.stored != PixelSize(width: width, height: height) {
        differ(row.path, "size", "ours \(String(describing: m.stored)), ExifTool \(width)×\(height)")
      }
      if Int(row["exif_orientation"]) != m.orientation.exif {
        differ(row.path, "orientation", "ours \(String(describing: m.orientation.exif)), ExifTool '\(row["exif_orientation"])'")
      }
      let oracle = SharedCorpus.oracle(row.path)
      let (lat, lon) = Self.oracleCoordinates(oracle)
      let theirs = row["has_gps"] == "yes"
      if theirs != !m.gps.isEmpty {
        differ(row.path, "gps", "ours \(m.gps.map(\.path.description)), ExifTool \(row["gps_groups"])")
      } else if theirs, !m.gps.contains(where: { SharedCorpus.close($0.latitude, lat) && SharedCorpus.close($0.longitude, lon) }) {
        differ(row.path, "gps", "ours \(m.gps.map { "\($0.latitude ?? .nan), \($0.longitude ?? .nan)" }), ExifTool \(lat ?? .nan), \(lon ?? .nan)")
      }
    }
    #expect(compared == rows.count, "every WebP, GIF and C2PA file of the corpus is read")
    #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
    #expect(used == Set(Self.explained.keys), "stale explanations: \(Set(Self.explained.keys).subtracting(used).sorted())")
  }

  /// The byte map accounts every byte of the corpus's WebP and GIF files.
  @Test func webpAndGIFAreFullyAccounted() {
    for row in Self.rows where ["WEBP", "Extended WEBP", "GIF"].contains(row["format"]) {
      let map = ByteMapper.map(path: row.url.path)
      #expect(map.invariantViolations.isEmpty, "\(row.path): \(map.invariantViolations)")
      #expect(map.isFullyAccounted && map.opaque.isEmpty,
              "\(row.path): \((map.unaccounted + map.opaque).map { "\($0.offset)+\($0.length) \($0.pathText)" })")
    }
  }
}
