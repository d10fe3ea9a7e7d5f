import Bytes
import Foundation
import PhotoCore
import Testing

/// Our `inspect` against ExifTool 12.57 on every fixture, from `Fixtures/expected/` (made by
/// `Fixtures/generate.sh` with `exiftool -j -n -G1 -a -u -ee`; `*-g3.json` with `-G3:1` where
/// embedded documents repeat tag names): stored size, EXIF Orientation, HEIF rotation, GPS per
/// carrier (primary EXIF, XMP, the MPF secondary image; ±1e-6°), GPS anywhere, and the presence
/// of XMP, IPTC, the IFD1 thumbnail, the ICC profile (by description) and MPF. A plain clone
/// runs it: no ../shared needed. Every disagreement is listed here with its reason; a new one
/// fails the test, and so does an explanation that no longer applies.
@Suite struct FixtureOracleTests {
  static let expected = FixtureFiles.root.appendingPathComponent("expected")

  /// "FIXTURE FIELD" → why ExifTool and we differ there.
  static let explained: [String: String] = [
    "reference/display-p3.icc icc": "a bare ICC profile, not an image: ExifTool reads its description, photoaudit reads images only (both say it is not an image: the 'read' field agrees)",
    "hidden/tiff-app1-no-header.jpg gps_any": "the APP1 holds a TIFF block without the 'Exif\\0\\0' header: ExifTool ignores it ('Unknown APP1 MM segment'), we read its GPS — the point of the fixture (SPEC 'Metadata carriers')",
    "hidden/tiff-app1-no-header.jpg gps_exif": "same APP1: the GPS we read there is the primary image's EXIF GPS, ExifTool sees none",
    "hidden/trailer-jpeg.jpg gps_any": "a whole JPEG after EOI, read as an embedded document (trailer#1/exif); ExifTool does not look after EOI",
    "hidden/trailer-text.jpg gps_any": "coordinates in text after EOI, found by the fail-closed sweep (raw-bytes); ExifTool does not look after EOI",
    "hidden/after-iend.png gps_any": "coordinates in text after IEND, found by the sweep (raw-bytes); ExifTool warns about the trailer but does not read it",
    "hidden/free-box-jpeg.heic gps_any": "a JPEG with EXIF GPS in a 'free' box, found by the sweep (a TIFF GPS IFD, raw-bytes); ExifTool skips free boxes",
    "hidden/mdat-unreferenced.heic gps_any": "an EXIF block in 'mdat' bytes no item references, found by the sweep (raw-bytes); ExifTool reads items only",
    "heic/libheif115-irot-270.heic width": "libheif 1.15 wrote the displayed 144×96 into ispe, which ExifTool reports; the HEVC picture is coded 96×144 (its SPS; ffprobe agrees), the stored size photoaudit reports, shown 144×96 as libheif shows it",
    "heic/libheif115-irot-270.heic height": "the same ispe: ExifTool 96, the coded picture 144",
  ]

  /// One fixture's values, ours and ExifTool's, field by field.
  static func fields(fixture: String, oracle merged: [String: JSONValue], documents g3: [String: JSONValue]) -> [(String, String, String)] {
    let m = Inspector.inspect(path: FixtureFiles.path(fixture))
    // With -ee and -G1, an embedded document's tags (the MPF image's GPS) land in the main
    // groups; the -G3:1 output keeps them apart (the main document's tags unprefixed, "Doc2:…").
    let o = g3.isEmpty ? merged : g3
    func number(_ key: String) -> Double? { o[key]?.doubleValue }
    func int(_ key: String) -> Int? { number(key).map { Int($0) } }
    func text(_ v: Any?) -> String { v.map { "\($0)" } ?? "none" }
    func coordinate(_ value: Double?, ref: String?) -> Double? {
      guard let value else { return nil }
      return ref == "S" || ref == "W" ? -abs(value) : value
    }
    func gps(_ fix: GPSFix?) -> String {
      guard let fix else { return "none" }
      return CFormatted.pair(fix.latitude, fix.longitude)
    }
    let theirExif = CFormatted.pair(coordinate(number("GPS:GPSLatitude"), ref: o["GPS:GPSLatitudeRef"]?.stringValue),
                                    coordinate(number("GPS:GPSLongitude"), ref: o["GPS:GPSLongitudeRef"]?.stringValue))
    let theirXMP = CFormatted.pair(number("XMP-exif:GPSLatitude"), number("XMP-exif:GPSLongitude"))
    let theirMPF = CFormatted.pair(
      coordinate(g3["Doc2:GPS:GPSLatitude"]?.doubleValue, ref: g3["Doc2:GPS:GPSLatitudeRef"]?.stringValue),
      coordinate(g3["Doc2:GPS:GPSLongitude"]?.doubleValue, ref: g3["Doc2:GPS:GPSLongitudeRef"]?.stringValue))
    let keys = Array(o.keys) + Array(g3.keys)
    let kinds = Set(m.carriers.map(\.kind))
    let imageTypes: Set<String> = ["JPEG", "PNG", "HEIC", "HEIF", "AVIF", "MPO"]
    return [
      ("read", text(m.error == nil), text(imageTypes.contains(o["File:FileType"]?.stringValue ?? ""))),
      ("width", text(m.stored?.width), text(int("File:ImageWidth") ?? int("PNG:ImageWidth"))),
      ("height", text(m.stored?.height), text(int("File:ImageHeight") ?? int("PNG:ImageHeight"))),
      ("orientation", text(m.orientation.exif), text(int("IFD0:Orientation"))),
      ("irot", text(m.orientation.irot), text(int("QuickTime:Rotation"))),
      ("gps_exif", gps(m.gps.first { $0.path == CarrierPath("exif") }), theirExif),
      ("gps_xmp", gps(m.gps.first { $0.path == CarrierPath("xmp") }), theirXMP),
      ("gps_mpf", gps(m.gps.first { $0.path.steps.first?.name == "mpf-image" }), theirMPF),
      ("gps_any", text(!m.gps.isEmpty), text(keys.contains { $0.hasSuffix("GPSLatitude") })),
      ("xmp", text(kinds.contains(.xmp)), text(keys.contains { $0.hasPrefix("XMP-") || $0.contains(":XMP-") })),
      ("iptc", text(kinds.contains(.iptc)), text(keys.contains { $0.hasPrefix("IPTC:") })),
      ("thumbnail", text(m.carriers.contains { $0.kind == .thumbnail && $0.item == nil && $0.document.isRoot }), text(o["IFD1:ThumbnailImage"] != nil)),
      ("icc", text(m.iccDescription), text(o["ICC_Profile:ProfileDescription"]?.stringValue)),
      ("mpf", text(kinds.contains(.mpf)), text(o["MPF0:NumberOfImages"] != nil)),
    ]
  }

  static func oracle(_ url: URL) throws -> [String: JSONValue] {
    let doc = try JSONParser.parse([UInt8](try Data(contentsOf: url)))
    guard case .object(let members)? = doc.arrayValue?.first else { throw CocoaError(.fileReadCorruptFile) }
    return Dictionary(members, uniquingKeysWith: { first, _ in first })
  }

  @Test func inspectAgreesWithExifToolOnEveryFixture() throws {
    let files = try FileManager.default.subpathsOfDirectory(atPath: Self.expected.path)
      .filter { $0.hasSuffix(".exiftool.json") && !["video/", "tiff", "sidecars/"].contains(where: $0.hasPrefix) }.sorted()  // videos: VideoOracleTests; TIFFs: TIFFOracleTests; sidecars: SidecarTests
    try #require(files.count >= 84, "Fixtures/expected/ holds \(files.count) files; run Fixtures/generate.sh")
    var compared = 0, unexplained: [String] = [], seen: Set<String> = [], agreedOnAValue: [String: Int] = [:]
    for file in files {
      let fixture = String(file.dropLast(".exiftool.json".count))
      let g3URL = Self.expected.appendingPathComponent(fixture + ".exiftool-g3.json")
      let g3 = FileManager.default.fileExists(atPath: g3URL.path) ? try Self.oracle(g3URL) : [:]
      for (field, ours, theirs) in Self.fields(fixture: fixture, oracle: try Self.oracle(Self.expected.appendingPathComponent(file)), documents: g3) {
        compared += 1
        if ours == theirs, theirs != "none", theirs != "false" { agreedOnAValue[field, default: 0] += 1 }
        guard ours != theirs else { continue }
        let key = "\(fixture) \(field)"
        if Self.explained[key] != nil { seen.insert(key) } else { unexplained.append("\(key): ours \(ours), ExifTool \(theirs)") }
      }
    }
    #expect(compared == files.count * 14)
    print("fixture oracle: \(compared) comparisons over \(files.count) fixtures; agreed on a value: \(agreedOnAValue.sorted { $0.key < $1.key })")
    // The comparison is not vacuous: each field agrees on real values in many fixtures (a key
    // misspelt on either side would make both "none" everywhere).
    // (The counts of this fixture set, e.g. gps_exif: orient-1…8, landscape, apple-style, the
    // PNG eXIf and raw-profile files and the two PNG defects that kept EXIF GPS.)
    let least = ["read": 83, "width": 82, "height": 82, "orientation": 18, "irot": 8, "gps_exif": 14, "gps_xmp": 5, "gps_mpf": 2,
                 "gps_any": 21, "xmp": 15, "iptc": 10, "thumbnail": 11, "icc": 1, "mpf": 2]
    for (field, minimum) in least {
      #expect(agreedOnAValue[field, default: 0] >= minimum, "\(field): agreed on a value in only \(agreedOnAValue[field, default: 0]) fixtures")
    }
    #expect(unexplained.isEmpty, "unexplained disagreements:\n\(unexplained.joined(separator: "\n"))")
    let stale = Set(Self.explained.keys).subtracting(seen).sorted()
    #expect(stale.isEmpty, "explained disagreements that no longer occur (remove them): \(stale)")
  }
}

/// Coordinates printed to 6 decimals (the oracle tolerance, about 0.1 m), "none" when absent.
enum CFormatted {
  static func pair(_ latitude: Double?, _ longitude: Double?) -> String {
    guard latitude != nil || longitude != nil else { return "none" }
    func six(_ v: Double?) -> String { v.map { String(format: "%.6f", $0) } ?? "-" }
    return six(latitude) + ", " + six(longitude)
  }
}
