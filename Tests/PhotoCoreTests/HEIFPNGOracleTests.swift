import Foundation
import PhotoCore
import Testing

/// Cross-checks `inspect` on every HEIF/AVIF and PNG of the shared corpus against ExifTool 12.57:
/// stored size, HEIF rotation (irot), IFD0 Orientation, GPS (±1e-6°) and XMP presence.
@Suite(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
struct HEIFPNGOracleTests {
  /// Known disagreements, with whose they are and why. A new one fails the test.
  static let explained: [String: String] = [
    "libheif/github_44.heic width":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/github_44.heic height":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/github_44.heic rotation":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/github_48.heic width":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/github_48.heic height":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/github_48.heic rotation":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/github_50.heic width":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/github_50.heic height":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/github_50.heic rotation":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/clusterfuzz-testcase-minimized-file-fuzzer-5651556035198976.heic width":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/clusterfuzz-testcase-minimized-file-fuzzer-5651556035198976.heic height":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/clusterfuzz-testcase-minimized-file-fuzzer-5651556035198976.heic rotation":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/clusterfuzz-testcase-minimized-file-fuzzer-6045213633282048.heic width":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/clusterfuzz-testcase-minimized-file-fuzzer-6045213633282048.heic height":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/clusterfuzz-testcase-minimized-file-fuzzer-6045213633282048.heic rotation":
      "fuzzed file whose 'ipma' lists the primary item twice: we use the first list, as libheif does; ExifTool uses the last",
    "libheif/github_50.heic orientation":
      "the primary's Exif item lies inside the file although 'mdat' is truncated: we read it (Orientation 6, not applied in HEIF); ExifTool gives up on the truncated 'mdat'",
    "libheif/clusterfuzz-testcase-minimized-file-fuzzer-4616081830051840.heic orientation":
      "the only Exif item describes item 49 (an auxiliary grid), not the primary: we file it under item 49; ExifTool takes the first Exif item as the file's",
    "libheif/clusterfuzz-testcase-minimized-file-fuzzer-4616081830051840.heic rotation":
      "ExifTool shows an irot associated with item 50, not with the primary (pitm); libheif agrees with us",
    "libheif/clusterfuzz-testcase-minimized-file-fuzzer-5752063708495872.heic orientation":
      "the Exif item describes item 49, not the primary: see 4616081830051840",
    "metadata-extractor-images/IllegalArgumentException.HeifReader.processBoxes.heif width":
      "the 'iprp' box holds a child whose size (5) is smaller than its header: we stop reading 'iprp' there (with a warning) and find no 'ispe'; ExifTool reads on",
    "metadata-extractor-images/IllegalArgumentException.HeifReader.processBoxes.heif height":
      "same as width",
    "exiv2-test-data/issue_170_poc width":
      "the PNG IHDR has 5 bytes instead of 13 (and a bad CRC): we report no size; ExifTool prints a width from the partial chunk and no height",
  ]

  @Test func agreesWithExifToolOnCorpusHEIFAndPNG() throws {
    // ExifTool calls some HEIF files "MP4" (libheif's fuzz cases); real MP4 videos, added to the
    // corpus later, are read by the video oracle instead.
    let heifExtensions: Set<String> = ["heic", "heif", "avif"]
    let rows = SharedCorpus.rows(ofType: ["HEIC", "HEIF", "AVIF", "MP4", "PNG"]).filter {
      $0["format"] != "MP4" || heifExtensions.contains($0.url.pathExtension.lowercased())
    }
    try #require(rows.count > 100, "expected the corpus HEIF and PNG files, found \(rows.count)")
    var compared = 0, agreed = 0
    var cleanCompared = 0, cleanAgreed = 0  // files neither ExifTool nor we warn about
    var unexplained: [String] = []
    var explainedSeen: [String] = []
    for row in rows {
      let m = Inspector.inspect(path: row.url.path)
      let oracle = SharedCorpus.oracle(row.path)
      if m.error != nil && oracle["File:ImageWidth"] == nil && row["width"].isEmpty { continue }  // both refuse it
      let exifGPS = m.gps.first { $0.item == nil && $0.carrier == .exif }
      let rotation = oracle["QuickTime:Rotation"]?.intValue
      var checks: [(String, Bool, String)] = [
        ("width", m.stored?.width == Int(row["width"]), "\(m.stored?.width as Any) vs \(row["width"])"),
        ("height", m.stored?.height == Int(row["height"]), "\(m.stored?.height as Any) vs \(row["height"])"),
        ("orientation", m.orientation.exif == Int(row["exif_orientation"]), "\(m.orientation.exif as Any) vs \(row["exif_orientation"])"),
        ("gps_lat", SharedCorpus.close(exifGPS?.latitude, oracle["Composite:GPSLatitude"]?.doubleValue), "\(exifGPS?.latitude as Any) vs \(oracle["Composite:GPSLatitude"] as Any)"),
        ("gps_lon", SharedCorpus.close(exifGPS?.longitude, oracle["Composite:GPSLongitude"]?.doubleValue), "\(exifGPS?.longitude as Any) vs \(oracle["Composite:GPSLongitude"] as Any)"),
        ("xmp", m.has(.xmp) == (row["has_xmp"] == "yes"), "ours \(m.has(.xmp))"),
      ]
      if m.format?.isHEIFFamily == true {
        checks.append(("rotation", (m.orientation.irot ?? 0) == (rotation ?? 0), "irot \(m.orientation.irot as Any) vs Rotation \(rotation as Any)"))
      }
      let clean = row["exiftool_warning"].isEmpty && m.warnings.isEmpty && m.error == nil
      for (field, ok, detail) in checks {
        compared += 1
        if clean { cleanCompared += 1 }
        if ok { agreed += 1; if clean { cleanAgreed += 1 }; continue }
        let key = "\(row.path) \(field)"
        if Self.explained[key] != nil { explainedSeen.append(key) } else { unexplained.append("\(key): \(detail)") }
      }
    }
    let rate = Double(agreed) / Double(max(compared, 1))
    let cleanRate = Double(cleanAgreed) / Double(max(cleanCompared, 1))
    print("HEIF/PNG oracle agreement: \(agreed)/\(compared) = \(String(format: "%.2f", rate * 100)) % over \(rows.count) files; \(explainedSeen.count) explained disagreements, all in fuzzed or malformed files")
    print("HEIF/PNG oracle agreement on files neither tool warns about: \(cleanAgreed)/\(cleanCompared) = \(String(format: "%.2f", cleanRate * 100)) %")
    for key in explainedSeen { print("  explained: \(key) — \(Self.explained[key]!)") }
    #expect(unexplained.isEmpty, "unexplained disagreements:\n\(unexplained.joined(separator: "\n"))")
    // Every disagreement is explained above and sits in a fuzzer-made or malformed file, where
    // ExifTool's reading is itself a guess (e.g. 'ipma' listing the primary twice): the 98 %
    // bar is held on the files neither tool warns about, and the overall rate may not drop.
    #expect(cleanRate >= 0.98)
    #expect(rate >= 0.96)
  }
}
