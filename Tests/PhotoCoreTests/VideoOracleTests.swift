import Bytes
import Foundation
import PhotoCore
import Testing

/// `inspect` against ExifTool 12.57 (`-ee3`) on every video, Motion Photo and Live Photo file of
/// the shared corpus, and on the video fixtures: every position we report is one ExifTool
/// reports (or explained), ExifTool's composite position is among ours, and the display
/// rotation agrees (`Composite:Rotation` for videos, `QuickTime:Rotation` (irot) for HEIF, IFD0
/// Orientation for JPEG).
@Suite struct VideoOracleTests {
  /// Known disagreements, with why. A new one fails the test; one that no longer happens too.
  static let explained: [String: String] = [
    "ente-motion-photos/motionphoto.heic motion-photo/udta":
      "ExifTool 12.57 does not descend into a Motion Photo's MP4 even with -ee3 (corpus README): the MP4 in the 'mpvd' box has a ©xyz of +12.9603+077.7055/, the EXIF position rounded to 4 decimals",
    "video/motion/motion-photo.jpg motion-photo/udta":
      "ExifTool 12.57 does not read the MP4 after EOI of a Motion Photo; its ©xyz (+31.2304+121.4737/) is in expected/ only as written by gen/video.sh",
    "video/motion/motion-photo-padded.jpg motion-photo/udta": "as motion-photo.jpg",
    "video/motion/micro-video.jpg motion-photo/udta": "as motion-photo.jpg",
    "video/motion/motion-photo-lying.jpg trailer#1/udta":
      "as motion-photo.jpg: the MP4 after EOI (read as trailer#1 because the directory lies about its length)",
    "video/motion/motion-photo.heic motion-photo/udta": "as motionphoto.heic: ExifTool does not read the MP4 in the 'mpvd' box",
  ]

  /// A corpus file and its oracle: the -ee3 one where the corpus has it.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var path: String
    var oracle: String
    var testDescription: String { name }
  }

  /// Every MOV/MP4 of the corpus outside libheif/ (ExifTool calls some libheif HEIFs MP4), every
  /// file with an -ee3 oracle (Motion Photos, the Live Photo still), and the video fixtures.
  static var cases: [Case] {
    var out: [Case] = []
    if SharedCorpus.isAvailable {
      let oracle = SharedCorpus.root.appendingPathComponent("oracle")
      for row in SharedCorpus.rows {
        let ee3 = oracle.appendingPathComponent(row.path + ".exiftool-ee3.json").path
        let isVideo = ["MOV", "MP4"].contains(row["format"]) && !row.path.hasPrefix("libheif/")
        guard isVideo || FileManager.default.fileExists(atPath: ee3) || row.path.hasPrefix("ente-motion-photos/") else { continue }
        let plain = oracle.appendingPathComponent(row.path + ".exiftool.json").path
        out.append(Case(name: row.path, path: row.url.path, oracle: FileManager.default.fileExists(atPath: ee3) ? ee3 : plain))
      }
    }
    let fixtures = (try? FileManager.default.subpathsOfDirectory(atPath: FixtureFiles.path("video"))) ?? []
    for file in fixtures.sorted() where !file.hasSuffix(".json") && !file.hasSuffix("/") && file.contains(".") {
      out.append(Case(name: "video/" + file, path: FixtureFiles.path("video/" + file),
                      oracle: FixtureFiles.path("expected/video/" + file + ".exiftool.json")))
    }
    return out
  }

  /// Every position the oracle gives: `<group>:GPSCoordinates` ("lat lon [alt]"), 3GPP
  /// `LocationInformation` ("… Lat=… Lon=…"), and the composite.
  static func positions(_ o: [String: JSONValue]) -> [(lat: Double?, lon: Double?)] {
    var out: [(Double?, Double?)] = []
    for (key, value) in o where key.hasSuffix(":GPSCoordinates") {
      let parts = (value.stringValue ?? "").split(separator: " ").compactMap { Double($0) }
      if parts.count >= 2 { out.append((parts[0], parts[1])) }
    }
    for (key, value) in o where key.hasSuffix(":LocationInformation") {
      let text = value.stringValue ?? ""
      func field(_ name: String) -> Double? {
        guard let range = text.range(of: name + "=") else { return nil }
        return Double(text[range.upperBound...].prefix { $0 != " " })
      }
      out.append((field("Lat"), field("Lon")))
    }
    let lat = o["Composite:GPSLatitude"]?.doubleValue, lon = o["Composite:GPSLongitude"]?.doubleValue
    if lat != nil || lon != nil { out.append((lat, lon)) }
    return out
  }

  /// ISO 6709 strings give 4 decimals, loci 16.16 fixed point printed with 5: 1e-5° either way.
  static func same(_ a: (lat: Double?, lon: Double?), _ b: (lat: Double?, lon: Double?)) -> Bool {
    func close(_ x: Double?, _ y: Double?) -> Bool {
      switch (x, y) { case (nil, nil): true; case (let x?, let y?): abs(x - y) <= 1e-5; default: false }
    }
    return close(a.lat, b.lat) && close(a.lon, b.lon)
  }

  @Test func agreesWithExifToolOnGPSAndRotation() throws {
    let cases = Self.cases
    try #require(cases.count >= 20, "video fixtures missing (run Fixtures/gen/video.sh)")
    if SharedCorpus.isAvailable {
      // 16 MOV/MP4 outside libheif/, 8 more with an -ee3 oracle, pixel_8.jpg.
      #expect(cases.filter { !$0.name.hasPrefix("video/") }.count == 25)
    }
    var compared = 0, unexplained: [String] = [], seen: Set<String> = []
    for c in cases {
      let m = Inspector.inspect(path: c.path)
      let o = try FixtureOracleTests.oracle(URL(fileURLWithPath: c.oracle))
      let theirs = Self.positions(o)
      func disagree(_ key: String, _ detail: String) {
        if Self.explained["\(c.name) \(key)"] != nil { seen.insert("\(c.name) \(key)") }
        else { unexplained.append("\(c.name) \(key): \(detail)") }
      }
      // Every position of ours is one ExifTool shows…
      for fix in m.gps where fix.hasCoordinates {
        compared += 1
        if !theirs.contains(where: { Self.same($0, (fix.latitude, fix.longitude)) }) {
          disagree(fix.path.description, "ours \(fix.latitude as Any), \(fix.longitude as Any); ExifTool \(theirs)")
        }
      }
      #expect(m.gps.allSatisfy { $0.unreadable == nil && $0.signature == nil }, "\(c.name): \(m.gps)")
      // …and ExifTool's composite is among ours.
      let lat = o["Composite:GPSLatitude"]?.doubleValue, lon = o["Composite:GPSLongitude"]?.doubleValue
      if lat != nil || lon != nil {
        compared += 1
        if !m.gps.contains(where: { Self.same((lat, lon), ($0.latitude, $0.longitude)) }) { disagree("composite", "ExifTool \(lat as Any), \(lon as Any); ours \(m.gps)") }
      }
      // Rotation as the format defines it.
      compared += 1
      switch m.format {
      case .mov?, .mp4?:
        let theirRotation = o["Composite:Rotation"]?.intValue ?? 0
        if (m.orientation.trackRotation ?? 0) != theirRotation { disagree("rotation", "ours \(m.orientation.trackRotation as Any), ExifTool \(theirRotation)") }
      case .heic?, .heif?, .avif?:
        let theirRotation = o["QuickTime:Rotation"]?.intValue ?? 0
        if (m.orientation.irot ?? 0) != theirRotation { disagree("rotation", "irot \(m.orientation.irot as Any), ExifTool \(theirRotation)") }
      default:
        if m.orientation.exif != o["IFD0:Orientation"]?.intValue { disagree("orientation", "ours \(m.orientation.exif as Any), ExifTool \(o["IFD0:Orientation"] as Any)") }
      }
    }
    let stale = Set(Self.explained.keys).subtracting(seen).filter { key in cases.contains { key.hasPrefix($0.name + " ") } }
    print("video oracle: \(compared) comparisons over \(cases.count) files, \(seen.count) explained disagreements")
    for key in seen.sorted() { print("  explained: \(key) — \(Self.explained[key]!)") }
    #expect(unexplained.isEmpty, "unexplained disagreements:\n\(unexplained.joined(separator: "\n"))")
    #expect(stale.isEmpty, "explained disagreements that no longer happen: \(stale.sorted())")
  }
}
