import Foundation
@testable import PhotoCore
import Testing

/// Camera values as people read them, and as JSON numbers; checked against ExifTool's numbers
/// for the corpus.
@Suite struct CaptureSummaryTests {
  static func fields(_ pairs: [(String, TagValue)]) -> [CaptureSummary.Field] {
    pairs.map { CaptureSummary.Field(label: $0.0, value: $0.1) }
  }

  /// ExifTool's PrintExposureTime: 1/N (N rounded) below 0.25001 s, else one decimal without a
  /// trailing ".0"; f-numbers to 0.1; focal lengths here to 0.01 mm (the "3.79 mm").
  @Test(arguments: [
    ([("exposure_time", TagValue.real(0.0743321718931475)), ("f_number", .real(2.638671875)), ("iso", .integer(100)),
      ("focal_length", .real(3.79))], "1/13 s · f/2.6 · ISO 100 · 3.79 mm"),
    ([("exposure_time", TagValue.real(4)), ("f_number", .real(14)), ("iso", .integer(100)), ("focal_length", .real(34))],
     "4 s · f/14 · ISO 100 · 34 mm"),
    ([("exposure_time", TagValue.real(0.3)), ("f_number", .real(1.78))], "0.3 s · f/1.8"),
    ([("exposure_time", TagValue.real(0.004686035614))], "1/213 s"),
    ([("focal_length", TagValue.real(6.765))], "6.76 mm"),
  ])
  func exposureLine(_ pairs: [(String, TagValue)], _ line: String) {
    #expect(CaptureSummary.exposureLine(Self.fields(pairs)) == line)
  }

  @Test func cameraAndTakenLines() {
    let fields = Self.fields([("make", .text("Canon")), ("model", .text("Canon EOS DIGITAL REBEL")), ("software", .text("1.0")),
                              ("date_time_original", .text("2003:12:04 06:46:52")), ("offset_time_original", .text("+01:00"))])
    #expect(CaptureSummary.cameraLine(fields) == "Canon EOS DIGITAL REBEL · software 1.0")
    #expect(CaptureSummary.takenLine(fields) == "2003-12-04 06:46:52 +01:00")
    #expect(CaptureSummary.cameraLine(Self.fields([("make", .text("NIKON")), ("model", .text("E775"))])) == "NIKON E775")
  }

  /// XMP gives camera numbers as text: "1/13" and "100" become numbers; what is no number is left out.
  @Test func numbersFromText() {
    let m = PhotoMetadata(path: "x", tags: [
      MetadataTag(carrier: .xmp, group: "XMP-exif", name: "ExposureTime", value: .text("1/13")),
      MetadataTag(carrier: .xmp, group: "XMP-exif", name: "ISO", value: .list([.text("500")])),
      MetadataTag(carrier: .xmp, group: "XMP-exif", name: "FNumber", value: .text("undef")),
    ])
    let camera = CaptureSummary.camera(m)
    #expect(camera.map(\.label) == ["exposure_time", "iso"])
    #expect(camera[0].value == .real(1.0 / 13))
    #expect(camera[1].value == .integer(500))
  }

  @Test(arguments: [(12.5, "12.5 m"), (12.04, "12 m"), (-3.26, "-3.3 m"), (0.0, "0 m"), (1234.56, "1234.6 m")])
  func altitudeToADecimetre(_ metres: Double, _ text: String) {
    #expect(GPSEvidence.metres(metres) == text)
  }

  /// inspect v2's camera numbers are ExifTool's (its -n values) for every corpus JPEG that has
  /// them.
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func cameraNumbersMatchExifTool() throws {
    let folder = SharedCorpus.root.appendingPathComponent("exiftool-t-images")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
    var compared = 0
    for name in names {
      let oracleURL = SharedCorpus.root.appendingPathComponent("oracle/exiftool-t-images/\(name).exiftool.json")
      guard let data = try? Data(contentsOf: oracleURL), let parsed = try? JSONSerialization.jsonObject(with: data) else { continue }
      guard let oracle = (parsed as? [[String: Any]])?.first ?? parsed as? [String: Any] else { continue }
      let metadata = Inspector.inspect(path: folder.appendingPathComponent(name).path)
      let camera = Dictionary(CaptureSummary.camera(metadata).map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
      for (label, key) in [("exposure_time", "ExifIFD:ExposureTime"), ("f_number", "ExifIFD:FNumber"), ("iso", "ExifIFD:ISO"),
                           ("focal_length", "ExifIFD:FocalLength")] {
        guard let theirs = oracle[key] as? Double, let ours = camera[label]?.number else { continue }
        #expect(abs(ours - theirs) <= 1e-6 * max(1, abs(theirs)), "\(name) \(label): ours \(ours), ExifTool \(theirs)")
        compared += 1
      }
    }
    #expect(compared >= 50, "compared \(compared) values")
  }
}
