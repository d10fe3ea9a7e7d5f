import Foundation
import PhotoCore
import Testing

/// Cross-checks our JPEG reading against ExifTool 12.57 on every JPEG of the shared corpus:
/// size, IFD0 orientation, GPS per carrier (EXIF vs Composite, XMP vs XMP-exif/XMP-dwc; ±1e-6°),
/// presence of XMP, IPTC, MPF and thumbnail.
@Suite(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
struct JPEGOracleTests {
  /// Each disagreement we know of, with whose it is and why. A new disagreement fails the test.
  static let explained: [String: String] = [
    "exiv2-test-data/issue_1833_poc.jpg width": "fuzzed file with several SOF2 segments: we take the first, as decoders do; ExifTool reports the last",
    "exiv2-test-data/issue_1833_poc.jpg height": "same as width: first SOF vs ExifTool's last",
    "exiv2-test-data/issue_1881_coverage.jpg height": "no SOF at all; ExifTool falls back to the IFD0 ImageHeight tag (2), which is not the image size",
    "exiv2-test-data/02-Invalid-mem-def orientation": "ExifTool stops at the bogus marker 0xFF30 before APP1; we skip the junk (as libjpeg does) and read the EXIF behind it (Orientation 12336, reported invalid)",
    "exiv2-test-data/02-Invalid-mem-def thumbnail": "same file: ExifTool never reaches the APP1 that holds the IFD1 thumbnail",
    "pillow-tests-images/hopper_bad_exif.jpg orientation": "ExifTool rejects the whole IFD0 ('Bad IFD0 directory'); libexif reads its entries, Orientation 1",
    "exiftool-t-images/XMP.jpg thumbnail": "IFD1 has ThumbnailOffset with ThumbnailLength 0: ExifTool counts the tags, we count only a thumbnail with bytes",
    "exiv2-test-data/exiv2-kodak-dc210.jpg thumbnail": "an uncompressed IFD1 thumbnail (Compression 1, 96×72 RGB in one strip) without NewSubfileType: ExifTool lists its IFD1 tags but makes no ThumbnailTIFF of it, so INDEX.tsv says no thumbnail; we read its strips (PA005 compares it)",
    "pillow-tests-images/exif-ifd-offset.jpg thumbnail": "Pillow's test breaks the IFD1 offset (ExifTool: 'Bad offset for IFD1') and ExifTool shows no thumbnail; the thumbnail's JPEG is still in the EXIF block, where we find it by its structure (walked as `preview`, compared by PA005)",
    "exiv2-test-data/NikonMakerNotePrint0x088_overread thumbnail": "ExifTool's OtherImageStart (IFD0 tag) points at a preview; we read thumbnails from IFD1 only",
    "pillow-tests-images/sugarshack_bad_mpo_header.jpg mpf": "the APP2 MPF segment is there but its index has no byte-order mark: we list the carrier and warn, ExifTool drops it",
    "exiv2-test-data/pr_1994_poc2.jpg xmp": "an XMP APP1 whose packet ExifTool cannot parse: the carrier is present (and could hold data), so we list it",
    "pillow-tests-images/xmp_no_prefix.jpg xmp": "XMP packet without the x:xmpmeta wrapper: ExifTool ignores it, we list the carrier",
    "pillow-tests-images/xmp_padded.jpg xmp": "XMP packet padded before <?xpacket: ExifTool ignores it, we list the carrier",
    "metadata-extractor-images/Nikon D5000.jpg gps_lat": "GPS IFD latitude is 48/1 5332358/100000 0/0: ExifTool's composite rejects it for the 0/0 seconds, but degrees and minutes are a real location (matching the XMP copy), so we report it: a leak",
    "metadata-extractor-images/Nikon D5000.jpg gps_lon": "same as gps_lat (21/1 259507/100000 0/0)",
    "exiftool-t-images/AFCP.jpg iptc": "the IPTC is in an AFCP trailer after EOI, not in APP13: we do not decode trailers as carriers; the byte map reports the bytes as unaccounted (PA014)",
    "exiftool-t-images/FotoStation.jpg iptc": "the IPTC is in a FotoStation trailer after EOI: as AFCP.jpg",
    "exiv2-test-data/issue_1912_poc.jpg xmp": "ExifTool stops at 32 junk bytes after APP1 ('JPEG format error'); we skip the junk as libjpeg does and find the XMP APP1 behind it",
  ]

  @Test func agreesWithExifToolOnCorpusJPEGs() throws {
    let rows = SharedCorpus.rows(ofType: ["JPEG", "MPO"])
    try #require(rows.count > 150, "expected the corpus JPEGs, found \(rows.count)")
    var compared = 0
    var agreed = 0
    var unexplained: [String] = []
    var explainedSeen: [String] = []
    for row in rows {
      let m = Inspector.inspect(path: row.url.path)
      let oracle = SharedCorpus.oracle(row.path)
      let primaryKinds = Set(m.carriers.filter { $0.item == nil && $0.document.isRoot }.map(\.kind))
      let exifGPS = m.gps.first { $0.path == CarrierPath("exif") }
      let xmpGPS = m.gps.first { $0.path == CarrierPath("xmp") }
      func xmpOracle(_ axis: String) -> Double? {
        (oracle["XMP-exif:GPS\(axis)"] ?? oracle["XMP-dwc:DCDecimal\(axis)"])?.doubleValue
      }
      let checks: [(String, Bool, String)] = [
        ("width", m.stored?.width == Int(row["width"]), "\(m.stored?.width as Any) vs \(row["width"])"),
        ("height", m.stored?.height == Int(row["height"]), "\(m.stored?.height as Any) vs \(row["height"])"),
        ("orientation", m.orientation.exif == Int(row["exif_orientation"]), "\(m.orientation.exif as Any) vs \(row["exif_orientation"])"),
        ("gps_lat", SharedCorpus.close(exifGPS?.latitude, oracle["Composite:GPSLatitude"]?.doubleValue), "\(exifGPS?.latitude as Any) vs \(oracle["Composite:GPSLatitude"] as Any)"),
        ("gps_lon", SharedCorpus.close(exifGPS?.longitude, oracle["Composite:GPSLongitude"]?.doubleValue), "\(exifGPS?.longitude as Any) vs \(oracle["Composite:GPSLongitude"] as Any)"),
        ("xmp_gps_lat", SharedCorpus.close(xmpGPS?.latitude, xmpOracle("Latitude")), "\(xmpGPS?.latitude as Any) vs \(xmpOracle("Latitude") as Any)"),
        ("xmp_gps_lon", SharedCorpus.close(xmpGPS?.longitude, xmpOracle("Longitude")), "\(xmpGPS?.longitude as Any) vs \(xmpOracle("Longitude") as Any)"),
        ("xmp", primaryKinds.contains(.xmp) == (row["has_xmp"] == "yes"), "ours \(primaryKinds.contains(.xmp))"),
        ("iptc", primaryKinds.contains(.iptc) == (row["has_iptc"] == "yes"), "ours \(primaryKinds.contains(.iptc))"),
        ("mpf", primaryKinds.contains(.mpf) == (row["has_mpf"] == "yes"), "ours \(primaryKinds.contains(.mpf))"),
        ("thumbnail", primaryKinds.contains(.thumbnail) == (row["has_thumbnail"] == "yes"), "ours \(primaryKinds.contains(.thumbnail))"),
      ]
      for (field, ok, detail) in checks {
        compared += 1
        if ok { agreed += 1; continue }
        let key = "\(row.path) \(field)"
        if Self.explained[key] != nil { explainedSeen.append(key) } else { unexplained.append("\(key): \(detail)") }
      }
    }
    let rate = Double(agreed) / Double(compared)
    print("JPEG oracle agreement: \(agreed)/\(compared) = \(String(format: "%.2f", rate * 100)) % over \(rows.count) files; \(explainedSeen.count) explained disagreements")
    for key in explainedSeen { print("  explained: \(key) — \(Self.explained[key]!)") }
    #expect(unexplained.isEmpty, "unexplained disagreements:\n\(unexplained.joined(separator: "\n"))")
    #expect(rate >= 0.98)
  }

  @Test func noCorpusFileCrashesOrHangsInspect() {
    var slow: [String] = []
    for row in SharedCorpus.rows {
      let start = Date()
      let m = Inspector.inspect(path: row.url.path)
      let seconds = Date().timeIntervalSince(start)
      if seconds > 2 { slow.append("\(row.path): \(seconds) s") }
      #expect(m.path == row.url.path)
    }
    #expect(slow.isEmpty, "files over 2 s: \(slow)")
  }
}
