@testable import Bytes
import Foundation
import Testing
@testable import PhotoCore

/// Vendor records against ExifTool 12.57 on every file of the corpus: each XMP property
/// ExifTool shows whose name says latitude or longitude (`XMPCoordinateNames`, any namespace)
/// is a position we report in an `xmp` carrier with the same value, and each position we report
/// from XMP names (not text found by the sweep) is one ExifTool shows; each FLIR GPS position
/// ExifTool shows (`FLIR:GPSLatitude`) is one we report in `flir`, and the reverse.
@Suite(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
struct VendorOracleTests {
  /// "path field" → why we differ. None today.
  static let explained: [String: String] = [:]

  /// ExifTool's coordinates from properties named like one: axis → values.
  static func oracleXMPCoordinates(_ oracle: [String: JSONValue]) -> [(key: String, latitude: Bool, value: Double)] {
    var out: [(String, Bool, Double)] = []
    for (key, value) in oracle where key.hasPrefix("XMP-") {
      guard let colon = key.firstIndex(of: ":") else { continue }
      let name = String(key[key.index(after: colon)...])
      guard let axis = XMPCoordinateNames.classify(name)?.axis, axis == .latitude || axis == .longitude else { continue }
      let latitude = axis == .latitude
      if let number = value.doubleValue {
        out.append((key, latitude, number))
      } else if let number = value.stringValue.flatMap({ XMPValueParsing.coordinate($0, isLatitude: latitude) }) {
        out.append((key, latitude, number))
      }
    }
    return out
  }

  @Test func xmpAndFLIRPositionsAgreeWithExifTool() throws {
    let rows = SharedCorpus.rows
    try #require(rows.count >= 400, "expected the corpus's rows, found \(rows.count)")
    var unexplained: [String] = []
    var used = Set<String>()
    var compared = 0, filesWithXMPCoordinates = 0
    func differ(_ path: String, _ field: String, _ what: String) {
      let key = "\(path) \(field)"
      if Self.explained[key] == nil { unexplained.append("\(key): \(what)") } else { used.insert(key) }
    }
    for row in rows {
      let oracle = SharedCorpus.oracle(row.path)
      let m = Inspector.inspect(path: row.url.path)
      let ours = m.gps.filter { $0.carrier == .xmp && $0.signature == nil }
      let theirs = Self.oracleXMPCoordinates(oracle)
      if !theirs.isEmpty { filesWithXMPCoordinates += 1 }
      for coordinate in theirs {
        compared += 1
        let found = ours.contains { fix in
          let value = coordinate.latitude ? fix.latitude : fix.longitude
          return value.map { abs($0 - coordinate.value) <= 1e-6 } ?? false
        }
        if !found { differ(row.path, coordinate.key, "ExifTool \(coordinate.value), ours \(ours.map { "\($0.latitude ?? .nan), \($0.longitude ?? .nan)" })") }
      }
      for fix in ours where fix.hasCoordinates {
        let shown = [(true, fix.latitude), (false, fix.longitude)].allSatisfy { axis, value in
          value.map { v in theirs.contains { $0.latitude == axis && abs($0.value - v) <= 1e-6 } } ?? true
        }
        if !shown { differ(row.path, fix.tag ?? "xmp", "ours \(fix.latitude ?? .nan), \(fix.longitude ?? .nan); ExifTool shows no such XMP coordinate") }
      }
      let flirTheirs = (oracle["FLIR:GPSLatitude"]?.doubleValue, oracle["FLIR:GPSLongitude"]?.doubleValue)
      let flirOurs = m.gps.first { $0.carrier == .flir }
      if flirTheirs.0 != nil || flirOurs != nil {
        compared += 1
        if !(SharedCorpus.close(flirOurs?.latitude, flirTheirs.0) && SharedCorpus.close(flirOurs?.longitude, flirTheirs.1)) {
          differ(row.path, "FLIR:GPSLatitude", "ours \(String(describing: flirOurs?.latitude)), ExifTool \(String(describing: flirTheirs.0))")
        }
      }
    }
    print("[oracle] vendor records: \(compared) coordinates compared in \(filesWithXMPCoordinates) files with XMP coordinates; \(unexplained.count) disagreements")
    #expect(filesWithXMPCoordinates >= 4)
    #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
    #expect(used == Set(Self.explained.keys), "stale explanations: \(Set(Self.explained.keys).subtracting(used).sorted())")
  }
}
