import Foundation
import PhotoCLI
import TestSupport
import Testing

/// PA005 for every embedded preview, through the command line, on `Fixtures/previews/` (made by
/// `Fixtures/gen/previews.sh` with ImageMagick, exiftool and python3; what each file holds is
/// checked there with exiftool): JFXX thumbnails (a JPEG, raw RGB pixels), MPF Large Thumbnails,
/// a second thumbnail; exact findings and exit status, with the pixels and without them.
@Suite struct PreviewLeakTests {
  static let folder = Repository.root.appendingPathComponent("Fixtures/previews").path

  /// `Fixtures/`: `vendor-previews/` (made by `Fixtures/gen/vendor-previews.sh`) and
  /// `uncompressed-thumbnails/` (`Fixtures/gen/uncompressed-thumbnails.sh`).
  static let fixtures = Repository.root.appendingPathComponent("Fixtures").path

  /// "id carrier tag" of each PA005 (and any other finding) `verify` reports for `name` in `folder`.
  static func findings(_ name: String, in folder: String = folder, noPixels: Bool) -> (status: Int32, rows: [String]) {
    let r = PhotoCLI.runCapturing(["verify", folder + "/" + name, "--format", "csv"] + (noPixels ? ["--no-pixels"] : []))
    let rows = r.out.split(separator: "\n").dropFirst().map { row -> String in
      let fields = row.components(separatedBy: ",")
      return [fields[2], fields[5], fields[6]].joined(separator: " ")
    }
    return (r.status, rows)
  }

  /// Each fixture: what `verify` reports with the pixels, and with `--no-pixels` (the shape
  /// check: a preview of another shape; an MPF preview's shape says nothing, bars may fill it).
  static let cases: [(String, pixels: [String], noPixels: [String])] = [
    // (a) A square crop whose JFXX thumbnail (a JPEG) shows the 3:2 original; one of the crop.
    ("jfxx-leak.jpg", ["PA005 thumbnail pixels"], ["PA005 thumbnail size"]),
    ("jfxx-match.jpg", [], []),
    // A raw RGB JFXX thumbnail (extension code 0x13) of the original: decoded from its samples.
    ("jfxx-rgb-leak.jpg", ["PA005 thumbnail pixels"], ["PA005 thumbnail size"]),
    // (b) A 3:2 crop (the top-right quarter) with an MPF Large Thumbnail (VGA) of the whole
    // original: the same shape, so only the pixels tell; one of the crop matches.
    ("mpf-leak.jpg", ["PA005 mpf-image#2 pixels"], []),
    ("mpf-match.jpg", [], []),
    // A 16:9 full-HD-class preview of the uncropped 3:2 output, pillarboxed in black: the bars
    // are trimmed before comparing.
    ("mpf-letterbox.jpg", [], []),
    // Disparity and undefined (gain map) MPF images of the original are not previews.
    ("mpf-other-types.jpg", [], []),
    // (c) An IFD1 thumbnail of the crop and a JFXX thumbnail of the original: the second leaks.
    ("two-thumbnails.jpg", ["PA005 thumbnail#2 pixels"], ["PA005 thumbnail#2 size"]),
  ]

  @Test(arguments: cases)
  func exactFindingsAndExitStatus(_ name: String, pixels: [String], noPixels: [String]) {
    let withPixels = Self.findings(name, noPixels: false)
    #expect(withPixels.rows == pixels, "\(name)")
    #expect(withPixels.status == (pixels.isEmpty ? 0 : 1), "\(name)")
    let without = Self.findings(name, noPixels: true)
    #expect(without.rows == noPixels, "\(name) --no-pixels")
    #expect(without.status == (noPixels.isEmpty ? 0 : 1), "\(name) --no-pixels")
  }

  /// JPEG previews a camera puts in its MakerNote (a Nikon PreviewIFD) or in the EXIF slack are
  /// walked as `preview` and compared like the other previews; their own EXIF is read. An
  /// uncompressed IFD1 thumbnail is read from its strips when it is 8-bit RGB. What each fixture
  /// holds is checked with ExifTool as it is made (`Fixtures/README.md`).
  static let vendorCases: [(String, pixels: [String], noPixels: [String])] = [
    // A square crop whose MakerNote preview shows the 3:2 original; one of the crop.
    ("vendor-previews/makernote-leak.jpg", ["PA005 preview pixels"], ["PA005 preview size"]),
    ("vendor-previews/makernote-match.jpg", [], []),
    // A 3:2 crop with a preview of the 3:2 original in the slack: only the pixels tell.
    ("vendor-previews/slack-leak.jpg", ["PA005 preview pixels"], []),
    // The matching preview's own EXIF carries GPS: GPS in the file, and in a preview.
    ("vendor-previews/makernote-gps.jpg", ["PA001 preview/exif GPSLatitude/GPSLongitude", "PA005 preview/exif GPS"],
     ["PA001 preview/exif GPSLatitude/GPSLongitude", "PA005 preview/exif GPS"]),
    // A whole JPEG by its structure that libjpeg-turbo does not decode (SOF3): not compared, so
    // the check is incomplete; without the pixels nothing is compared, and its shape fits.
    ("vendor-previews/makernote-undecodable.jpg", ["PA015 preview "], []),
    // FF D8 FF and half a JPEG in the MakerNote: no preview, the bytes stay swept.
    ("vendor-previews/makernote-stray.jpg", [], []),
    // Uncompressed IFD1 thumbnails (Compression 1, 8-bit RGB strips; ExifTool's ThumbnailTIFF
    // gives back the samples): of the square crop itself, of the uncropped 3:2 original…
    ("uncompressed-thumbnails/rgb-match.jpg", [], []),
    ("uncompressed-thumbnails/rgb-uncropped.jpg", ["PA005 thumbnail pixels"], ["PA005 thumbnail size"]),
    // … of the whole picture turned 180° (the same shape: only the pixels tell) …
    ("uncompressed-thumbnails/rgb-turned.jpg", ["PA005 thumbnail pixels"], []),
    // … and samples labelled YCbCr (PhotometricInterpretation 6), which are not decoded: PA015.
    ("uncompressed-thumbnails/ycbcr.jpg", ["PA015 thumbnail "], []),
    // A HEIF thumbnail item is shown through its own irot, not the primary's (both HEICs keep
    // the primary's irot: PA003). Its own irot equal to the primary's: it shows the image…
    ("heif-thumbnails/thumbnail-irot.heic", ["PA003 heif irot"], ["PA003 heif irot"]),
    // … its irot set to 0: the picture on its side, which its shape tells without the pixels too.
    ("heif-thumbnails/thumbnail-unrotated.heic", ["PA003 heif irot", "PA005 thumbnail#2 pixels"],
     ["PA003 heif irot", "PA005 thumbnail#2 size"]),
  ]

  @Test(arguments: vendorCases)
  func vendorAndUncompressedPreviewFindings(_ name: String, pixels: [String], noPixels: [String]) {
    let withPixels = Self.findings(name, in: Self.fixtures, noPixels: false)
    #expect(withPixels.rows == pixels, "\(name)")
    #expect(withPixels.status == (pixels.isEmpty ? 0 : 1), "\(name)")
    let without = Self.findings(name, in: Self.fixtures, noPixels: true)
    #expect(without.rows == noPixels, "\(name) --no-pixels")
    #expect(without.status == (noPixels.isEmpty ? 0 : 1), "\(name) --no-pixels")
  }

  /// The evidence names the preview (its role and carrier path) and the JSON report lists a
  /// verdict per preview when there are several, `thumbnail` being the one that leaks.
  @Test func evidenceAndVerdictsNameEachPreview() throws {
    let r = PhotoCLI.runCapturing(["verify", Self.folder + "/two-thumbnails.jpg", "--format", "json"])
    #expect(r.status == 1)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let file = try #require((document["files"] as? [[String: Any]])?.first)
    let verdicts = try #require(file["verdicts"] as? [String: Any])
    let previews = try #require(verdicts["previews"] as? [[String: Any]])
    #expect(previews.map { "\($0["path"] ?? "") \($0["role"] ?? "") \($0["matches"] ?? "")" }
            == ["thumbnail EXIF IFD1 thumbnail 1", "thumbnail#2 JFXX thumbnail 0"])
    let thumbnail = try #require(verdicts["thumbnail"] as? [String: Any])
    #expect((thumbnail["detail"] as? String)?.hasPrefix("the JFXX thumbnail at thumbnail#2 (48×32) shows other content than the image") == true)
    let mpf = PhotoCLI.runCapturing(["verify", Self.folder + "/mpf-leak.jpg", "--format", "csv"])
    #expect(mpf.out.contains("\"the MPF Large Thumbnail (VGA) at mpf-image#2 (60×40) shows other content than the image (match "))
    let single = PhotoCLI.runCapturing(["verify", Self.folder + "/jfxx-match.jpg", "--format", "json"])
    #expect(!single.out.contains("\"previews\""), "one preview: `thumbnail` alone, as before")
  }

  /// Every corpus file with an MPF index, a JFXX thumbnail, a HEIF thumbnail coded as JPEG or a
  /// JPEG preview in its MakerNote or EXIF slack, verified with and without the pixels: the PA005 findings expected, each with its reason. No
  /// MPF Large Thumbnail gives one (the Nikon's VGA 640×424 and full-HD 1620×1080 previews match);
  /// bars are trimmed (its IFD1 160×120 thumbnail of a 3:2 photo, 45-gps_ifd.jpg's of a 16:9 one).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: Repository.sharedCorpus.appendingPathComponent("INDEX.tsv").path), "needs ../shared/corpus"))
  func corpusPreviewsGiveOnlyTheExpectedPA005() throws {
    let index = try String(contentsOf: Repository.sharedCorpus.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
    let rows = index.split(separator: "\n").dropFirst().map { $0.components(separatedBy: "\t") }
    let mpf = rows.filter { $0.count > 11 && $0[11] == "yes" }.map { $0[0] }
    // And every file with a JPEG preview in its MakerNote or EXIF slack (`VendorPreviewTests`
    // checks these are the ones ExifTool locates, plus two it does not).
    let vendor = ["ianare-exif-samples/Samsung_Digimax_i50_MP3.jpg", "exiv2-test-data/exiv2-nikon-d70.jpg",
                  "exiv2-test-data/exiv2-bug1114.jpg", "exiv2-test-data/pr_1994_poc1.jpg", "exiv2-test-data/pr_1994_poc2.jpg",
                  "exiv2-test-data/exiv2-bug444.jpg", "pillow-tests-images/exif-ifd-offset.jpg"]
    // And the one with an uncompressed IFD1 thumbnail (Kodak DC210: 96×72 RGB samples).
    let uncompressed = ["exiv2-test-data/exiv2-kodak-dc210.jpg"]
    let files = Set(mpf + ["exiftool-t-images/ExifTool.jpg", "exiv2-test-data/Sony.HIF"] + vendor + uncompressed).sorted()
    #expect(files.count == 20, "\(files)")
    func pa005(_ noPixels: Bool) -> [String] {
      files.flatMap { path -> [String] in
        let r = PhotoCLI.runCapturing(["verify", Repository.sharedCorpus.appendingPathComponent(path).path, "--format", "csv"]
                                      + (noPixels ? ["--no-pixels"] : []))
        return r.out.split(separator: "\n").filter { $0.contains(",PA005,") }.map { row in
          let fields = row.components(separatedBy: ",")
          return "\(path) \(fields[5]) \(fields[6])"
        }
      }
    }
    // In the order of `files`.
    let withPixels: [String] = [
      // The corpus blanked both pictures (flat: no correlation, so no "same content").
      "ente-motion-photos/pixel_8.jpg thumbnail pixels",
      // The corpus keeps an 8×8 stand-in for the image; the JFXX thumbnail (45×60) is a photo.
      "exiftool-t-images/ExifTool.jpg thumbnail pixels",
      "exiv2-test-data/Sony.HIF thumbnail#11 pixels",
      "exiv2-test-data/Sony.HIF thumbnail#12 pixels",
      "exiv2-test-data/Sony.HIF thumbnail#13 pixels",
      // Exiv2's samples whose image Exiv2 replaced with its logo (150×91, 91×150 displayed): the
      // camera's MakerNote preview (Nikon PreviewIFD, 564×372) and IFD1 thumbnail show a
      // chimney, the slack preview (320×240) and thumbnail of bug444 two people.
      "exiv2-test-data/exiv2-bug444.jpg preview pixels",
      "exiv2-test-data/exiv2-bug444.jpg thumbnail pixels",
      // The same logo in place of a Kodak DC210's photo, whose uncompressed RGB thumbnail (read
      // from its strips: people in red by a brick wall) shows the photo.
      "exiv2-test-data/exiv2-kodak-dc210.jpg thumbnail pixels",
      "exiv2-test-data/exiv2-nikon-d70.jpg preview pixels",
      "exiv2-test-data/exiv2-nikon-d70.jpg thumbnail pixels",
      // Exiv2 proofs of concept: an 8×8 image, its EXIF says 4800×3200; the Nikon PreviewIFD
      // preview (570×375) and the thumbnail are photos.
      "exiv2-test-data/pr_1994_poc1.jpg preview pixels",
      "exiv2-test-data/pr_1994_poc1.jpg thumbnail pixels",
      "exiv2-test-data/pr_1994_poc2.jpg preview pixels",
      "exiv2-test-data/pr_1994_poc2.jpg thumbnail pixels",
    ]
    #expect(pa005(false) == withPixels)
    let withoutPixels: [String] = [
      // Without pixels the shape decides: 160×120 thumbnails with bars of 3:2 and 16:9 photos.
      "c2pa-public-testfiles/nikon-20221019-building.jpeg thumbnail size",
      "exiftool-t-images/ExifTool.jpg thumbnail size",
      "exiv2-test-data/Sony.HIF thumbnail#13 size",
      // Larger than the image and the same picture by the pixels (match 0.95): the sample's image
      // was shrunk (to 520×344) below the camera's MakerNote preview (570×375), which shows it in
      // more detail — what the size rule is for.
      "exiv2-test-data/exiv2-bug1114.jpg preview size",
      // The files with PA005 by the pixels: their previews are not the shape of the replaced image.
      "exiv2-test-data/exiv2-bug444.jpg preview size",
      "exiv2-test-data/exiv2-bug444.jpg thumbnail size",
      "exiv2-test-data/exiv2-kodak-dc210.jpg thumbnail size",
      "exiv2-test-data/exiv2-nikon-d70.jpg preview size",
      "exiv2-test-data/exiv2-nikon-d70.jpg thumbnail size",
      "exiv2-test-data/pr_1994_poc1.jpg preview size",
      "exiv2-test-data/pr_1994_poc1.jpg thumbnail size",
      "exiv2-test-data/pr_1994_poc2.jpg preview size",
      "exiv2-test-data/pr_1994_poc2.jpg thumbnail size",
      "ianare-exif-samples/45-gps_ifd.jpg thumbnail size",
      // Like bug1114: the image shrunk to 100×75, the MakerNote preview 320×240 (match 0.99).
      "ianare-exif-samples/Samsung_Digimax_i50_MP3.jpg preview size",
    ]
    #expect(pa005(true) == withoutPixels)
  }

  /// HEIF thumbnail items coded as HEVC are previews too: decoded by libheif, cut to their
  /// `ispe` and shown through their own clap/irot/imir. Every corpus file with one: the phones'
  /// and cameras' thumbnails match their picture (the iPhone's through its irot; Canon's coded
  /// 320×320 for an `ispe` of 320×214, which libheif 1.15 does not cut), and the PA005 found
  /// are each explained.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: Repository.sharedCorpus.appendingPathComponent("INDEX.tsv").path), "needs ../shared/corpus"))
  func corpusHEIFThumbnailsAreCompared() throws {
    let matching = [
      "ianare-exif-samples/iphone_13_pro_max.HEIC", "exiv2-test-data/2021-02-13-1929.heic", "exiv2-test-data/IMG_3578.heic",
      "exiv2-test-data/Canon.HIF", "libheif/example.heic", "libheif/colors-no-alpha-thumbnail.heic",
      "libheif/colors-with-alpha-thumbnail.heic", "metadata-extractor-images/Issue 487.heic",
      "metadata-extractor-images/cheers_1440x960.heic", "ente-motion-photos/motionphoto.heic",
    ]
    for path in matching {
      let r = PhotoCLI.runCapturing(["verify", Repository.sharedCorpus.appendingPathComponent(path).path, "--format", "json"])
      let document = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any], "\(path)")
      let file = try #require((document["files"] as? [[String: Any]])?.first)
      let thumbnail = try #require((file["verdicts"] as? [String: Any])?["thumbnail"] as? [String: Any], "\(path): no thumbnail verdict")
      #expect(thumbnail["matches"] as? Bool == true, "\(path): \(thumbnail["detail"] ?? "")")
      #expect((thumbnail["detail"] as? String)?.hasPrefix("the thumbnail of item ") == true, "\(path)")
      let ids = ((file["findings"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
      #expect(!ids.contains("PA005") && !ids.contains("PA015"), "\(path): \(ids)")
    }
    func pa005(_ path: String, noPixels: Bool) -> [String] {
      let r = PhotoCLI.runCapturing(["verify", Repository.sharedCorpus.appendingPathComponent(path).path, "--format", "csv"]
                                    + (noPixels ? ["--no-pixels"] : []))
      return r.out.split(separator: "\n").filter { $0.contains(",PA005,") }.map { row in
        let fields = row.components(separatedBy: ",")
        return "\(fields[5]) \(fields[6])"
      }
    }
    // Test files put together from parts: a 320×240 thumbnail on a 512×512 picture (libheif's
    // issue reproductions) or on a 3:2 one whose data ExifTool's sample left out.
    for path in ["libheif/github_44.heic", "libheif/github_50.heic"] {
      #expect(pa005(path, noPixels: false) == ["thumbnail#50 size"] && pa005(path, noPixels: true) == ["thumbnail#50 size"], "\(path)")
    }
    #expect(pa005("exiftool-t-images/QuickTime.heic", noPixels: false) == ["thumbnail#20003 size"])
    // The corpus blanked Sony's picture: none of its three thumbnails (two HEVC, one JPEG) matches it.
    #expect(pa005("exiv2-test-data/Sony.HIF", noPixels: false) == ["thumbnail#11 pixels", "thumbnail#12 pixels", "thumbnail#13 pixels"])
  }
}
