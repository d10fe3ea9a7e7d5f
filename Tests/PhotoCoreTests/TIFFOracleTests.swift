import Bytes
import Foundation
import PhotoCore
import Testing

/// `inspect` against ExifTool 12.57 on every TIFF-shaped fixture (Fixtures/tiff/, made by
/// gen/tiff.sh) and real sample (Fixtures/tiff-real/), from `Fixtures/expected/tiff*/` (`exiftool
/// -j -n -G1 -a -u -ee3`): whether the file reads, its FileType, ImageSize, IFD0 Orientation, GPS
/// anywhere and its coordinates, and whether XMP, IPTC and an ICC profile are there. GPS is
/// compared both ways: where ExifTool shows coordinates we report PA001 GPS, and where it shows
/// none we report none — each exception is listed with its reason; a new one fails, and so does
/// an explanation that no longer applies. The corpus's TIFF-shaped files are checked too
/// (`corpusTIFFs`).
@Suite struct TIFFOracleTests {
  static let expected = FixtureFiles.root.appendingPathComponent("expected")

  /// "FIXTURE FIELD" → why ExifTool and we differ there.
  static let explained: [String: String] = [
    "tiff/geotiff-wgs84.tif gps_any": "a GeoTIFF tie point in WGS 84 is where the raster lies: photoaudit's PA001 (carrier geotiff); ExifTool shows GeoTIFF keys, no GPS",
    "tiff/geotiff-utm33n.tif gps_any": "a GeoTIFF tie point in UTM zone 33N, converted to degrees: PA001 (carrier geotiff); ExifTool shows GeoTIFF keys, no GPS",
    "tiff/geotiff-userdefined.tif gps_any": "a GeoTIFF tie point in a user-defined CRS: PA001 'present, not converted'; ExifTool shows GeoTIFF keys, no GPS",
    "tiff-real/GeoTiff.tif gps_any": "ExifTool's own GeoTIFF sample (ModelTransform in UTM 17N by its ProjectionGeoKey): PA001 (carrier geotiff); ExifTool shows no GPS",
    "tiff/bigtiff-gps.btf gps_any": "ExifTool 12.57 reads a BigTIFF's GPS IFD with the Interop table (GPSLatitudeRef shows as InteropIndex 'N'): it names no GPSLatitude; photoaudit reads the GPS IFD",
    "tiff/gps-outside.tif gps_any": "IFD0 points at a GPS IFD past the end of the file: ExifTool warns 'Bad GPS directory', photoaudit reports GPS present but unreadable (PA001) and the IFD unread (PA015)",
    "tiff/hidden-text.tif gps_any": "an ISO 6709 string after the NUL of ImageDescription: readers stop at the NUL, the sweep reads the rest (raw-bytes)",
    "tiff/makernote-preview.tif gps_any": "a JPEG with EXIF GPS inside a MakerNote ExifTool does not know: walked as preview#1 (preview/exif)",
    "tiff/bigtiff-gps.btf gps_exif": "the same BigTIFF GPS IFD: ExifTool shows no GPSLatitude, so no composite",
    "tiff-real/CanonRaw.cr2 size": "ExifTool takes a CR2's size from ExifIFD ExifImageWidth/Height (3456×2304, the sensor's); photoaudit from IFD0, the main image, whose JPEG this sample shrank to 1536×1024 (in a camera's CR2 the two agree)",
  ]

  static let tiffTypes: Set<String> = ["TIFF", "BTF", "DNG", "CR2", "NEF", "ARW", "RW2", "ORF", "PEF"]

  /// One file's values, ours and ExifTool's, field by field.
  static func fields(_ relative: String, oracle o: [String: JSONValue]) -> [(String, String, String)] {
    let m = Inspector.inspect(path: FixtureFiles.path(relative))
    func text(_ v: Any?) -> String { v.map { "\($0)" } ?? "none" }
    let ourType = m.tags.first { $0.group == "File" && $0.name == "FileType" }?.value.display
    let theirSize = o["Composite:ImageSize"]?.stringValue
    let theirOrientation = o["IFD0:Orientation"]?.doubleValue.map { Int($0) }
    let keys = o.keys
    let theirGPS = CFormatted.pair(o["Composite:GPSLatitude"]?.doubleValue, o["Composite:GPSLongitude"]?.doubleValue)
    // The file's own EXIF GPS: IFD0's (exif) or a later page's (exif#2).
    let exif = m.gps.first { $0.carrier == .exif && $0.hasCoordinates && $0.path.steps.count == 1 }
    let ourGPS = CFormatted.pair(exif?.latitude, exif?.longitude)
    let kinds = Set(m.carriers.filter { $0.document.isRoot }.map(\.kind))
    return [
      ("read", text(m.error == nil), text(tiffTypes.contains(o["File:FileType"]?.stringValue ?? "") && o["ExifTool:Error"] == nil)),
      ("type", text(ourType), text(o["File:FileType"]?.stringValue)),
      ("size", text(m.stored.map { "\($0.width) \($0.height)" }), text(theirSize)),
      ("orientation", text(m.orientation.exif), text(theirOrientation)),
      ("gps_any", text(!m.gps.isEmpty), text(keys.contains { $0.hasSuffix("GPSLatitude") })),
      ("gps_exif", ourGPS, theirGPS),
      ("xmp", text(kinds.contains(.xmp)), text(keys.contains { $0.hasPrefix("XMP-") })),
      ("iptc", text(kinds.contains(.iptc)), text(keys.contains { $0.hasPrefix("IPTC:") })),
      ("icc", text(m.iccDescription), text(o["ICC_Profile:ProfileDescription"]?.stringValue)),
    ]
  }

  @Test func inspectAgreesWithExifToolOnEveryTIFF() throws {
    var files: [String] = []
    for folder in ["tiff", "tiff-real"] {
      let names = try FileManager.default.contentsOfDirectory(atPath: Self.expected.appendingPathComponent(folder).path)
      files += names.filter { $0.hasSuffix(".exiftool.json") }.map { folder + "/" + $0.dropLast(".exiftool.json".count) }
    }
    files.sort()
    try #require(files.count == 33, "Fixtures/expected/tiff*/ holds \(files.count) files; run Fixtures/gen/tiff.sh")
    var unexplained: [String] = [], seen: Set<String> = [], agreed: [String: Int] = [:]
    for file in files {
      let oracle = try FixtureOracleTests.oracle(Self.expected.appendingPathComponent(file + ".exiftool.json"))
      for (field, ours, theirs) in Self.fields(file, oracle: oracle) {
        if ours == theirs, theirs != "none", theirs != "false" { agreed[field, default: 0] += 1 }
        guard ours != theirs else { continue }
        let key = "\(file) \(field)"
        if Self.explained[key] != nil { seen.insert(key) } else { unexplained.append("\(key): ours \(ours), ExifTool \(theirs)") }
      }
    }
    print("TIFF oracle: \(files.count) files; agreed on a value: \(agreed.sorted { $0.key < $1.key })")
    // Not vacuous: each field agrees on real values in many files.
    // (gps_any: the GPS-IFD fixtures gps-exif, page2-gps, dng-gps, nef-gps, cr2-gps, the XMP one,
    // and Exiv2's iPhone DNG; gps_exif: the same but the XMP one.)
    let least = ["read": 33, "type": 33, "size": 32, "orientation": 18, "gps_any": 7, "gps_exif": 6, "xmp": 3, "iptc": 3, "icc": 2]
    for (field, minimum) in least {
      #expect(agreed[field, default: 0] >= minimum, "\(field): agreed on a value in only \(agreed[field, default: 0]) files")
    }
    #expect(unexplained.isEmpty, "unexplained disagreements:\n\(unexplained.joined(separator: "\n"))")
    let stale = Set(Self.explained.keys).subtracting(seen).sorted()
    #expect(stale.isEmpty, "explained disagreements that no longer occur (remove them): \(stale)")
  }
}

/// The corpus's TIFF-shaped files (six of Exiv2's fuzzer proofs of concept: INDEX.tsv rows with
/// no GPS). They were PA013 "not a JPEG…" before TIFF was read; now each is read as far as it
/// goes: three stay unreadable (IFD0 points into the header), three are read in part (PA015
/// names what). None has a location, and none gets one.
@Suite(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
struct TIFFCorpusTests {
  /// Corpus path → its PA013 reason, or nil when it is read (in part).
  static let expected: [String: String?] = [
    "exiv2-test-data/7-printIFD-divbyzero-1": "TIFF IFD0 at byte 8 is malformed: IFD0: offset 8 points into the 16-byte header",
    "exiv2-test-data/POC1": "TIFF IFD0 at byte 4 is malformed: IFD0: offset 4 points into the 8-byte header",
    "exiv2-test-data/issue_2352_poc.jpg": "TIFF IFD0 at byte 6 is malformed: IFD0: offset 6 points into the 8-byte header",
    "exiv2-test-data/cve_2017_18005_reproducer.tiff": "no image size found: no image directory of the TIFF gives an image size",
    "exiv2-test-data/exiv2_0-26_exiv2_uncontrolled-recursion_printIFDStructure.tif": "no image size found: no image directory of the TIFF gives an image size",
    "exiv2-test-data/heap-oob-write.tiff": nil,
  ]

  /// Every corpus file that starts like a TIFF is one of the six, found by content.
  @Test func theCorpusTIFFsAreTheSix() {
    let found = SharedCorpus.rows.filter { row in
      let head = [UInt8]((try? FileHandle(forReadingFrom: row.url).read(upToCount: 16)) ?? Data())
      return ImageFormat.sniff(head)?.isTIFFFamily == true
    }.map(\.path)
    #expect(Set(found) == Set(Self.expected.keys))
  }

  @Test(arguments: expected.keys.sorted())
  func readAsFarAsItGoesWithoutGPS(_ path: String) throws {
    let row = try #require(SharedCorpus.rows.first { $0.path == path })
    #expect(row["has_gps"] == "no")
    let m = Inspector.inspect(path: row.url.path)
    #expect(m.gps.isEmpty && m.gpsWithoutCoordinates.isEmpty)
    #expect(m.error == Self.expected[path] ?? nil)
    // Unreadable from IFD0 on: nothing else to name. Read in part: what was not read is named (PA015).
    if m.error?.hasPrefix("TIFF IFD0") == true {
      #expect(m.incomplete.isEmpty)
    } else {
      #expect(!m.incomplete.isEmpty)
    }
  }
}
