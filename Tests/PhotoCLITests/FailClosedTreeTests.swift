import Foundation
import PhotoCLI
import TestSupport
import Testing

/// The fail-closed cases of the layout tree (issue 12, cases 1, 2, 3, 4, 6, 10, the emptied
/// HEIF Exif item, GPS in the EXIF block's slack and in APPn segments no decoder reads), each on its fixture from Fixtures/gen/failclosed-tree.sh, run through the
/// CLI in-process: the exact findings (id, severity, carrier path) and the exit status. Every
/// output's descriptor says `gps_removed: true` and names the picture it was made from, so
/// pixels match and every finding is about what the file still carries.
@Suite struct FailClosedTreeTests {
  static let folder = Repository.root.appendingPathComponent("Fixtures/failclosed")

  /// (fixture, the findings as "ID severity carrier", in report order).
  static let cases: [(String, [String])] = [
    // 1. The secondary image of an MPO whose MPF index `jhead -purejpg` removed, after EOI.
    ("purejpg-mpo.jpg", ["PA001 error trailer#1/exif", "PA002 error trailer#1/exif",
                         "PA010 error trailer#1", "PA014 error trailer#1"]),
    // 2. GPS only in the EXIF of the IFD1 thumbnail.
    ("thumbnail-exif-gps.jpg", ["PA001 error thumbnail/exif", "PA002 error thumbnail/exif", "PA005 error thumbnail/exif"]),
    // 3. A GPS IFD whose GPSLatitude value lies past the end of the block: present, unreadable.
    ("gps-unreadable.jpg", ["PA001 error exif", "PA002 error exif"]),
    // 4. Compressed XMP whose GPS follows 17 MiB of padding: the XMP decoder stops at the
    //    16 MiB cap (PA015); the sweep inflates on and finds both properties.
    ("xmp-past-cap.png", ["PA001 error raw-bytes", "PA001 error raw-bytes", "PA002 error raw-bytes", "PA015 error xmp"]),
    // 6. An ICC profile with coordinates in text after its last tag...
    ("icc-trailer-text.jpg", ["PA001 error icc/raw-bytes", "PA002 error icc/raw-bytes", "PA014 error icc"]),
    // ... and with a whole JPEG (EXIF GPS) there.
    ("icc-trailer-jpeg.jpg", ["PA001 error icc/trailer#1/exif", "PA002 error icc/trailer#1/exif",
                              "PA010 error icc/trailer#1", "PA014 error icc/trailer#1"]),
    // 10. An MPF index of 70 images, GPS in the 70th: no image is left unread.
    ("mpf-70-images.jpg", ["PA001 error mpf-image#70/exif", "PA002 error mpf-image#70/exif", "PA010 error mpf-image#70"]),
    // A JPEG with EXIF GPS hidden in the EXIF block's slack (inside APP1, where no IFD entry
    // points): no EXIF reader sees it. A whole JPEG there is walked as the child "preview" (like
    // a camera's preview): its EXIF is read, and it shows another picture than the image.
    ("exif-slack-jpeg.jpg", ["PA001 error preview/exif", "PA002 error preview/exif", "PA005 error preview/exif", "PA005 error preview"]),
    // The same in APPn segments no decoder reads (swept whole): the JFIF segment's slack and an
    // APP3 "Exif" segment (Kodak's) with a TIFF block holding GPS.
    ("jfif-slack-jpeg.jpg", ["PA001 error raw-bytes", "PA002 error raw-bytes"]),
    // A JFXX thumbnail (APP0 "JFXX\0", a JPEG with EXIF GPS) is walked as the child "thumbnail",
    // like the IFD1 thumbnail: its EXIF is read (ExifTool does not), and it shows another picture.
    ("jfxx-thumbnail-gps.jpg", ["PA001 error thumbnail/exif", "PA002 error thumbnail/exif", "PA005 error thumbnail/exif", "PA005 error thumbnail"]),
    ("app3-exif-gps.jpg", ["PA001 error raw-bytes", "PA002 error raw-bytes"]),
    // A known PNG chunk that declares more than its fields (a tIME of 7 bytes + a JPEG with GPS).
    ("time-chunk-jpeg.png", ["PA001 error raw-bytes", "PA002 error raw-bytes"]),
  ]

  /// Fixtures inspected, not verified (no descriptor): a WebP whose VP8X chunk declares 10 bytes
  /// of fields plus a JPEG with EXIF GPS (libwebp refuses it, so no picture to compare), and a
  /// GIF whose NETSCAPE2.0 extension goes on with that JPEG in more sub-blocks.
  static let inspected = ["vp8x-jpeg.webp", "netscape-jpeg.gif"]

  static func findings(_ json: String) throws -> (findings: [[String: Any]], file: [String: Any]) {
    let file = try firstFile(json)
    return (try #require(file["findings"] as? [[String: Any]]), file)
  }

  /// The first file of a report or an `inspect` document.
  static func firstFile(_ json: String) throws -> [String: Any] {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return try #require((document["files"] as? [[String: Any]])?.first)
  }

  @Test(arguments: cases)
  func exactFindingsAndExitStatus(_ name: String, expected: [String]) throws {
    let path = Self.folder.appendingPathComponent(name).path
    let r = PhotoCLI.runCapturing(["verify", path, "--format", "json"])
    #expect(r.status == 1, "\(name): \(r.err)")
    let (findings, file) = try Self.findings(r.out)
    let got = findings.map { "\($0["id"] as? String ?? "?") \($0["severity"] as? String ?? "?") \($0["carrier"] as? String ?? "-")" }
    #expect(got == expected, "\(name)")
    #expect(file["gps_removed"] as? Bool == false)
  }

  /// The evidence names what was found, where.
  @Test func evidenceSaysWhatAndWhere() throws {
    func evidence(_ name: String, _ id: String) throws -> [String] {
      let r = PhotoCLI.runCapturing(["verify", Self.folder.appendingPathComponent(name).path, "--format", "json", "--reveal"])
      return try Self.findings(r.out).findings.filter { $0["id"] as? String == id }.compactMap { $0["evidence"] as? String }
    }
    #expect(try evidence("gps-unreadable.jpg", "PA001") == ["exif: present, value unreadable: GPSLatitude has a value outside the EXIF block"])
    #expect(try evidence("purejpg-mpo.jpg", "PA001") == ["trailer#1/exif: latitude 31.230416, longitude 121.473701"])
    let text = try evidence("icc-trailer-text.jpg", "PA001")
    #expect(text.count == 1 && text[0].contains("coordinates in text \"31.230416, 121.473701\"") && text[0].contains("after the last tag"), "\(text)")
    let capped = try evidence("xmp-past-cap.png", "PA001")
    #expect(capped.count == 2 && capped.allSatisfy { $0.contains("inflated past the cap") }, "\(capped)")
    #expect(capped.first?.contains("exif:GPSLatitude=\"31,13.82496N\"") == true)
    #expect(try evidence("exif-slack-jpeg.jpg", "PA001") == ["preview/exif: latitude 31.230416, longitude 121.473701"])
    for (name, place) in [("jfif-slack-jpeg.jpg", "APP0 JFIF"), ("app3-exif-gps.jpg", "APP3 Kodak Meta (Exif)")] {
      let found = try evidence(name, "PA001")
      #expect(found.count == 1 && found[0].hasPrefix("raw-bytes: latitude 31.230416, longitude 121.473701, a TIFF/EXIF block with a GPS IFD at byte ")
              && found[0].hasSuffix("(\(place))"), "\(name): \(found)")
    }
    for (name, place) in [("vp8x-jpeg.webp", "(VP8X: extended format header"),
                          ("netscape-jpeg.gif", "(application extension 'NETSCAPE2.0' at byte 61, at +33 of its joined data)")] {
      let inspected = PhotoCLI.runCapturing(["inspect", Self.folder.appendingPathComponent(name).path, "--format", "json"])
      let gps = try #require((try Self.firstFile(inspected.out)["gps"] as? [[String: Any]]))
      #expect(gps.count == 1 && gps[0]["carrier"] as? String == "raw-bytes" && (gps[0]["evidence"] as? String ?? "").contains(place), "\(name): \(gps)")
    }
    let cap = try evidence("xmp-past-cap.png", "PA015")
    #expect(cap.count == 1 && cap[0].contains("16 MiB per chunk"), "\(cap)")
  }

  /// The batch report counts every case among the files with GPS, by carrier path.
  @Test func auditCountsEveryCaseAsGPS() throws {
    let r = PhotoCLI.runCapturing(["audit", Self.folder.path, "--no-pixels", "--format", "json"])
    #expect(r.status == 1)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let files = try #require(document["files"] as? [[String: Any]])
    var carriers: [String: [String]] = [:]
    for file in files {
      let name = URL(fileURLWithPath: file["output"] as? String ?? "").lastPathComponent
      carriers[name] = file["gps_carriers"] as? [String] ?? []
    }
    #expect(carriers["purejpg-mpo.jpg"] == ["trailer#1/exif"])
    #expect(carriers["thumbnail-exif-gps.jpg"] == ["thumbnail/exif"])
    #expect(carriers["gps-unreadable.jpg"] == ["exif"])
    #expect(carriers["xmp-past-cap.png"] == ["raw-bytes"])
    #expect(carriers["icc-trailer-text.jpg"] == ["icc/raw-bytes"])
    #expect(carriers["icc-trailer-jpeg.jpg"] == ["icc/trailer#1/exif"])
    #expect(carriers["mpf-70-images.jpg"] == ["mpf-image#70/exif"])
    #expect(carriers["jfxx-thumbnail-gps.jpg"] == ["thumbnail/exif"])
    #expect(carriers["exif-slack-jpeg.jpg"] == ["preview/exif"])
    for name in ["jfif-slack-jpeg.jpg", "app3-exif-gps.jpg", "time-chunk-jpeg.png"] + Self.inspected {
      #expect(carriers[name] == ["raw-bytes"], "\(name)")
    }
    #expect(carriers["exif-emptied.heic"] == [])
    let summary = try #require(document["summary"] as? [String: Any])
    #expect(summary["files_with_gps"] as? Int == Self.cases.count + Self.inspected.count)
  }

  /// `exiftool -all=` empties a HEIF Exif item by giving it an extent of length 0 ("to the end
  /// of the file") at the start of the image data: that is no EXIF, and the HEVC data after it
  /// is not read as EXIF (it stays the image item's). The file is clean.
  @Test func emptiedHEIFExifItemIsNotImageData() throws {
    let path = Self.folder.appendingPathComponent("exif-emptied.heic").path
    let r = PhotoCLI.runCapturing(["inspect", path, "--format", "json"])
    #expect(r.status == 0)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let file = try #require((document["files"] as? [[String: Any]])?.first)
    let carriers = try #require(file["carriers"] as? [[String: Any]])
    #expect(carriers.map { $0["kind"] as? String } == ["exif"])
    #expect(carriers.first?["length"] as? Int == 0)
    let warnings = try #require(file["warnings"] as? [String])
    #expect(warnings.contains { $0.contains("extent of length 0") && $0.contains("read as empty") }, "\(warnings)")
    #expect((file["incomplete"] as? [Any])?.isEmpty == true)
    let verify = PhotoCLI.runCapturing(["verify", path, "--format", "json"])
    #expect(verify.status == 0)
    #expect(try Self.findings(verify.out).findings.isEmpty)
  }

  /// `sanitize` of the ICC-trailer inputs keeps the profile (Display P3) but writes it rebuilt
  /// from its tag table: the appended coordinates and image are not copied into the output.
  @Test(arguments: ["icc-trailer-text.jpg", "icc-trailer-jpeg.jpg"])
  func sanitizeDropsWhatTheICCTagsDoNotExplain(_ name: String) throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-fc-\(UUID())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let r = PhotoCLI.runCapturing(["sanitize", Self.folder.appendingPathComponent(name).path, "--out", scratch.path,
                                   "--format", "json", "--quiet"])
    #expect(r.status == 0, "\(r.err)")
    let output = scratch.appendingPathComponent(name).path
    let inspected = PhotoCLI.runCapturing(["inspect", output, "--format", "json"])
    #expect(inspected.out.contains("\"icc_profile\": \"Display P3\""))
    let verify = PhotoCLI.runCapturing(["verify", output, "--format", "json", "--descriptor", scratch.appendingPathComponent(name).deletingPathExtension().path + ".json"])
    #expect(verify.status == 0, "\(verify.out)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
    #expect(bytes.range(of: Data("31.230416".utf8)) == nil)
    #expect(bytes.range(of: Data("Exif".utf8)) == nil)
  }
}
