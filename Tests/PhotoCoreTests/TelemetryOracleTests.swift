import Foundation
import PhotoCore
import Testing

/// Timed metadata against ExifTool 12.57 with ExtractEmbedded level 3: every telemetry fixture
/// (`expected/telemetry/NAME.exiftool-ee3.txt`, `exiftool -n -G3:1 -a -u -ee3 -s`) and every
/// corpus file with an -ee3 oracle. A file has a telemetry position (PA001 at `track#N/…` or
/// `freegps`) exactly when ExifTool shows one, and our first position of each track is one
/// ExifTool shows; each disagreement is listed and explained.
@Suite struct TelemetryOracleTests {
  /// Known disagreements, with why. A new one fails the test; one that no longer happens too.
  static let explained: [String: String] = [
    "gpmf-gps9.mp4": "ExifTool 12.57 does not know GPMF's GPS9 key (HERO11 and later; GoPro's README documents it, ExifTool added it after 12.57): it lists the stream's units and scales, no position",
    "djmd-gps.mp4": "ExifTool 12.57 has no protobuf reader: it names the 'djmd' format and decodes nothing of it (DJI.pm reads djmd from 12.6x on, GPSInfo at 3-4-2-1 for dvtm_ac203)",
    "motion-photo-gpmf.jpg": "ExifTool 12.57 does not descend into a Motion Photo's MP4 even with -ee3 (as for the video fixtures' Motion Photos): the MP4 is gpmf-gps5.mp4, which it reads",
    "subtitles-dji.mp4": "ExifTool 12.57 shows the subtitle text but reads coordinates only in Yuneec's 'Lat:… Lon:…' form, not DJI's '[latitude: …] [longitude: …]' or 'GPS (lon, lat, alt)'",
  ]

  /// The positions of an ExifTool -G3:1 text listing, in order: GPSLatitude/GPSLongitude pairs
  /// (and their "Raw" forms) of each document, and GPSCoordinates ("lat lon alt").
  static func positions(_ text: String) -> [(lat: Double, lon: Double)] {
    var out: [(Double, Double)] = []
    var pending: [String: Double] = [:]
    for line in text.split(separator: "\n") {
      guard line.hasPrefix("[Doc"), let close = line.firstIndex(of: "]") else { continue }
      let rest = line[line.index(after: close)...].split(separator: ":", maxSplits: 1)
      guard rest.count == 2 else { continue }
      let name = rest[0].trimmingCharacters(in: .whitespaces), value = rest[1].trimmingCharacters(in: .whitespaces)
      if name == "GPSCoordinates" {
        let parts = value.split(separator: " ").compactMap { Double($0) }
        if parts.count >= 2 { out.append((parts[0], parts[1])) }
      } else if name.hasPrefix("GPSLatitude"), let v = Double(value) {
        pending[String(name.dropFirst("GPSLatitude".count))] = v
      } else if name.hasPrefix("GPSLongitude"), let v = Double(value), let lat = pending.removeValue(forKey: String(name.dropFirst("GPSLongitude".count))) {
        out.append((lat, v))
      }
    }
    return out
  }

  /// Telemetry positions of ours: the fixes of timed tracks and Novatek lists.
  static func telemetryFixes(_ m: PhotoMetadata) -> [GPSFix] { m.gps.filter { $0.carrier.isTelemetry } }

  @Test func fixturesAgreeWithExifTool() throws {
    let expected = FixtureFiles.root.appendingPathComponent("expected/telemetry")
    let files = try FileManager.default.subpathsOfDirectory(atPath: expected.path).filter { $0.hasSuffix(".exiftool-ee3.txt") }.sorted()
    try #require(files.count >= 20, "expected/telemetry holds \(files.count) oracles; run Fixtures/gen/telemetry.sh")
    var unexplained: [String] = [], seen: Set<String> = [], compared = 0
    for file in files {
      let name = String(file.dropLast(".exiftool-ee3.txt".count))
      // ExifTool writes GPMF's units as they are stored ("m/s\u{B2}", Latin-1): read leniently.
      let theirs = Self.positions(String(decoding: try Data(contentsOf: expected.appendingPathComponent(file)), as: UTF8.self))
      let m = Inspector.inspect(path: FixtureFiles.path("telemetry/" + name))
      let ours = Self.telemetryFixes(m)
      func disagree(_ detail: String) {
        if Self.explained[name] != nil { seen.insert(name) } else { unexplained.append("\(name): \(detail)") }
      }
      compared += 1
      if theirs.isEmpty != ours.isEmpty {
        disagree("ExifTool shows \(theirs.count) positions, ours \(ours.map(\.path.description))")
        continue
      }
      for fix in ours where !theirs.contains(where: { abs($0.lat - fix.latitude!) < 1e-6 && abs($0.lon - fix.longitude!) < 1e-6 }) {
        disagree("our first position \(fix.latitude!), \(fix.longitude!) is not among ExifTool's \(theirs.prefix(4))")
      }
    }
    print("telemetry oracle: \(compared) files, \(seen.count) explained disagreements")
    for name in seen.sorted() { print("  explained: \(name) — \(Self.explained[name]!)") }
    #expect(unexplained.isEmpty, "unexplained:\n\(unexplained.joined(separator: "\n"))")
    #expect(Set(Self.explained.keys) == seen, "explained disagreements that no longer happen: \(Set(Self.explained.keys).subtracting(seen))")
  }

  /// The corpus: no video, Motion Photo or Live Photo of it holds a position in timed metadata
  /// by ExifTool -ee3 (its `mebx` tracks hold orientation, faces and Live Photo data), and none
  /// gets a telemetry PA001 from us.
  @Test func theCorpusHasNoTelemetryPosition() throws {
    try #require(SharedCorpus.isAvailable, "../shared/corpus is absent: skipped")
    var checked = 0
    for row in SharedCorpus.rows {
      let ee3 = SharedCorpus.root.appendingPathComponent("oracle").appendingPathComponent(row.path + ".exiftool-ee3.json")
      let isVideo = ["MOV", "MP4"].contains(row["format"]) && !row.path.hasPrefix("libheif/")
      guard isVideo || FileManager.default.fileExists(atPath: ee3.path) else { continue }
      checked += 1
      if let oracle = try? FixtureOracleTests.oracle(ee3) {
        let timed = oracle.keys.filter { $0.hasPrefix("Track") && ($0.hasSuffix(":GPSLatitude") || $0.hasSuffix(":GPSCoordinates")) }
        #expect(timed.isEmpty, "\(row.path): ExifTool shows \(timed)")
      }
      let m = Inspector.inspect(path: row.url.path)
      #expect(Self.telemetryFixes(m).isEmpty, "\(row.path): \(Self.telemetryFixes(m))")
    }
    #expect(checked == 24)  // 16 MOV/MP4 outside libheif/, 8 more files with an -ee3 oracle
  }
}

/// The corpus videos with tracks of timed data: each is decoded (Apple's `mebx` keys of
/// orientation, faces and Live Photo data hold no location), or PA015 naming it.
@Suite struct TelemetryCorpusTests {
  static let cases: [(file: String, carriers: [String], incomplete: [String])] = [
    ("androidx-media-test-data/dolbyVision-hdr.MOV", ["track#3/mebx", "track#4/mebx", "track#5/mebx"], []),
    ("androidx-media-test-data/sample_with_color_info.mp4", ["track#3/mebx", "track#4/mebx", "track#5/mebx"], []),
    ("metadata-extractor-images/with-gps.mov", ["track#3/mebx", "track#4/mebx"], []),
    ("lychee-test-samples/train.mov", ["track#3/mebx", "track#4/mebx"], []),
    // An Android MediaMuxer test file: a 'meta' track of 'mett' samples ("application/meta",
    // protobuf of no published schema). Its udta ©xyz is PA001 already; the track is PA015.
    ("androidx-media-test-data/h265_with_metadata_track.mp4", ["track#1/timed-data"], ["track#1"]),
    // A Pixel Motion Photo cut short by AndroidX's tests: its MP4 keeps Google's two 'mett' tracks
    // ("application/microvideo-meta-stream", "application/motionphoto-image-meta", formats no
    // one documents) with no sample left: nothing unread, no PA015. With samples they would be.
    ("androidx-media-test-data/pixel-motion-photo-shortened.jpg", ["motion-photo/track#2/timed-data", "motion-photo/track#3/timed-data"], []),
  ]

  @Test func timedTracksOfTheCorpus() throws {
    try #require(SharedCorpus.isAvailable, "../shared/corpus is absent: skipped")
    for c in Self.cases {
      let m = Inspector.inspect(path: SharedCorpus.root.appendingPathComponent(c.file).path)
      #expect(m.carriers.filter { $0.kind.isTelemetry }.map(\.path.description) == c.carriers, "\(c.file)")
      #expect(m.incomplete.map(\.scope) == c.incomplete, "\(c.file): \(m.incomplete)")
    }
    // No other file of the corpus has a track of timed data.
    var others: [String] = []
    for row in SharedCorpus.rows where !Self.cases.contains(where: { $0.file == row.path }) {
      let m = Inspector.inspect(path: row.url.path, options: InspectOptions(mode: .metadata))
      if m.carriers.contains(where: { $0.kind.isTelemetry || $0.kind == .timecode }) { others.append(row.path) }
    }
    #expect(others.isEmpty, "\(others)")
  }
}
