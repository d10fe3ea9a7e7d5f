import Bytes
import Foundation
import PhotoCore
import Testing

/// Our `inspect` against ExifTool 12.57 on every JPEG XL fixture (Fixtures/jxl/ and libjxl's
/// files in Fixtures/jxl-libjxl/), from `Fixtures/jxl/oracle/` (made by `Fixtures/gen/jxl.sh`
/// with `exiftool -j -n -G1 -a -u`): stored size, EXIF Orientation, and GPS — where ExifTool shows
/// coordinates we find them (the same values, in the same carrier: EXIF, XMP, a C2PA assertion),
/// and where it shows none we find none, unless the disagreement is listed here with its
/// reason. A new disagreement fails the test, and so does an explanation that no longer applies.
@Suite struct JXLOracleTests {
  static let oracleDirectory = FixtureFiles.root.appendingPathComponent("jxl/oracle")

  /// "FIXTURE FIELD" → why ExifTool and we differ.
  static let explained: [String: String] = [
    "jxl/from-jpeg.jxl width": "the codestream is split over 'jxlp' boxes: ExifTool 12.57 reads the size from a 'jxlc' box or a bare codestream only",
    "jxl/from-jpeg.jxl height": "same 'jxlp' codestream",
    "jxl/from-jpeg.jxl orientation": "the Exif box is Brotli-compressed ('brob'): ExifTool 12.57 needs IO::Compress::Brotli (not in Debian 12) and skips it silently; djxl's reconstructed JPEG shows Orientation 6 (JPEGReconstructionOracle below)",
    "jxl/from-jpeg.jxl gps": "same 'brob' Exif box (GPS in djxl's reconstructed JPEG), and the comment kept in 'jbrd' holds coordinates as text (the sweep's raw-bytes)",
    "jxl/brob-xmp.jxl gps": "the XMP box is Brotli-compressed: ExifTool 12.57 skips 'brob' without IO::Compress::Brotli",
    "jxl/brob-unknown.jxl gps": "coordinates as text in a Brotli-compressed box of an unknown type: found by the sweep (raw-bytes), which ExifTool does not do",
    "jxl/unknown-box.jxl gps": "coordinates as text in an unknown box: found by the sweep (raw-bytes)",
    "jxl/jxlc-slack.jxl gps": "a JPEG with EXIF GPS inside 'jxlc' after the end of the codestream: found by the sweep (raw-bytes); ExifTool reads the codestream's size only",
    "jxl/icc-trailer-text.jxl gps": "coordinates in text after the last tag of the ICC profile inside the codestream (entropy-coded; libjxl gives it back): found by the sweep (icc/raw-bytes); ExifTool does not read the codestream's profile",
    "jxl/icc-trailer-text.jxl width": "a 'jxlp' codestream (see from-jpeg.jxl)",
    "jxl/icc-trailer-text.jxl height": "same 'jxlp' codestream",
    "jxl/trailer-jpeg.jxl gps": "a JPEG with EXIF GPS after a bare codestream, read as trailer#1; ExifTool does not look after the codestream",
  ]

  /// The file of a fixture whose oracle is `name` (the file name): in jxl/ or jxl-libjxl/.
  static func fixture(for name: String) -> String {
    FileManager.default.fileExists(atPath: FixtureFiles.path("jxl/" + name)) ? "jxl/" + name : "jxl-libjxl/" + name
  }

  static func oracle(_ url: URL) throws -> [String: JSONValue] {
    let doc = try JSONParser.parse([UInt8](try Data(contentsOf: url)))
    guard case .object(let members)? = doc.arrayValue?.first else { throw CocoaError(.fileReadCorruptFile) }
    return Dictionary(members, uniquingKeysWith: { first, _ in first })
  }

  /// ExifTool's coordinates: the GPS IFD's (signed by their refs), XMP's, or a C2PA assertion's.
  static func coordinates(_ o: [String: JSONValue]) -> [(String, Double, Double)] {
    func signed(_ value: Double?, _ ref: String?) -> Double? { value.map { ref == "S" || ref == "W" ? -abs($0) : $0 } }
    var out: [(String, Double, Double)] = []
    if let lat = signed(o["GPS:GPSLatitude"]?.doubleValue, o["GPS:GPSLatitudeRef"]?.stringValue),
       let lon = signed(o["GPS:GPSLongitude"]?.doubleValue, o["GPS:GPSLongitudeRef"]?.stringValue) { out.append(("exif", lat, lon)) }
    if let lat = o["XMP-exif:GPSLatitude"]?.doubleValue, let lon = o["XMP-exif:GPSLongitude"]?.doubleValue { out.append(("xmp", lat, lon)) }
    if let lat = o["JSON:EXIFGPSLatitude"], let lon = o["JSON:EXIFGPSLongitude"],
       let a = lat.doubleValue ?? lat.stringValue.flatMap(CarrierOracleTests.coordinate),
       let b = lon.doubleValue ?? lon.stringValue.flatMap(CarrierOracleTests.coordinate) { out.append(("c2pa", a, b)) }
    return out
  }

  @Test func agreesWithExifTool() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.oracleDirectory.path)
      .filter { $0.hasSuffix(".jxl.exiftool.json") }.map { String($0.dropLast(".exiftool.json".count)) }.sorted()
    try #require(names.count == 19, "Fixtures/jxl/oracle/ holds \(names.count) oracles; run Fixtures/gen/jxl.sh")
    var unexplained: [String] = [], used = Set<String>(), agreedOnCoordinates = 0
    func differ(_ fixture: String, _ field: String, _ what: String) {
      let key = "\(fixture) \(field)"
      if Self.explained[key] == nil { unexplained.append("\(key): \(what)") } else { used.insert(key) }
    }
    for name in names {
      let fixture = Self.fixture(for: name)
      let o = try Self.oracle(Self.oracleDirectory.appendingPathComponent(name + ".exiftool.json"))
      let m = Inspector.inspect(path: FixtureFiles.path(fixture))
      #expect(m.error == nil, "\(fixture): \(m.error ?? "")")
      #expect(["JXL", "JXL Codestream"].contains(o["File:FileType"]?.stringValue ?? ""), "\(fixture): ExifTool's type")
      if m.stored?.width != o["File:ImageWidth"]?.doubleValue.map({ Int($0) }) {
        differ(fixture, "width", "ours \(String(describing: m.stored?.width)), ExifTool \(String(describing: o["File:ImageWidth"]))")
      }
      if m.stored?.height != o["File:ImageHeight"]?.doubleValue.map({ Int($0) }) {
        differ(fixture, "height", "ours \(String(describing: m.stored?.height)), ExifTool \(String(describing: o["File:ImageHeight"]))")
      }
      if m.orientation.exif != o["IFD0:Orientation"]?.doubleValue.map({ Int($0) }) {
        differ(fixture, "orientation", "ours \(String(describing: m.orientation.exif)), ExifTool \(String(describing: o["IFD0:Orientation"]))")
      }
      let theirs = Self.coordinates(o)
      let ours = m.gps.filter { $0.latitude != nil }
      let matched = theirs.allSatisfy { carrier, lat, lon in
        ours.contains { $0.path.steps.first?.name.hasPrefix(carrier) == true && SharedCorpus.close($0.latitude, lat) && SharedCorpus.close($0.longitude, lon) }
      }
      if matched, !theirs.isEmpty { agreedOnCoordinates += 1 }
      if !matched || theirs.isEmpty != ours.isEmpty {
        differ(fixture, "gps", "ours \(ours.map(\.path.description)), ExifTool \(theirs.map(\.0))")
      }
    }
    // Not vacuous: ExifTool shows coordinates in 4 fixtures (EXIF, XMP twice, C2PA) and we agree.
    #expect(agreedOnCoordinates == 4)
    #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
    #expect(used == Set(Self.explained.keys), "stale explanations: \(Set(Self.explained.keys).subtracting(used).sorted())")
  }

  /// The lossless transcode against ExifTool on djxl's reconstruction of the original JPEG
  /// (byte-identical to what cjxl read, checked by gen/jxl.sh): what the `brob` and `jbrd` boxes
  /// keep is what we read — GPS and Orientation from the Exif box, the IPTC City from `jbrd`.
  @Test func jpegReconstructionOracle() throws {
    let o = try Self.oracle(Self.oracleDirectory.appendingPathComponent("from-jpeg.reconstructed.exiftool.json"))
    let m = Inspector.inspect(path: FixtureFiles.path("jxl/from-jpeg.jxl"))
    let exif = try #require(Self.coordinates(o).first { $0.0 == "exif" })
    let ours = try #require(m.gps.first { $0.path.description == "exif" })
    #expect(SharedCorpus.close(ours.latitude, exif.1) && SharedCorpus.close(ours.longitude, exif.2))
    #expect(m.orientation.exif == o["IFD0:Orientation"]?.doubleValue.map { Int($0) })
    #expect(o["IPTC:City"]?.stringValue == "Shanghai")
    #expect(m.tags.contains { $0.name == "City" && $0.value == .text("Shanghai") && $0.document.description == "jpeg-reconstruction" })
    #expect(o["File:Comment"]?.stringValue == "taken at 31.230416, 121.473701 by the fixtures")
  }
}
