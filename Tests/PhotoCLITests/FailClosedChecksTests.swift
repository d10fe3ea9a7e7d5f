import Foundation
import PhotoCLI
import TestSupport
import Testing

/// The fail-closed checks through the command line, on `Fixtures/failclosed-checks/` (made by
/// `Fixtures/gen/failclosed-checks.sh` with ImageMagick, exiftool and libheif; what each file
/// holds is checked there with exiftool): exact findings and exit status per case.
@Suite struct FailClosedChecksTests {
  static let folder = Repository.root.appendingPathComponent("Fixtures/failclosed-checks").path
  static let fixtures = Repository.root.appendingPathComponent("Fixtures").path

  /// The CSV rows after the header.
  static func rows(_ out: String) -> [String] { out.split(separator: "\n").dropFirst().map(String.init) }

  // MARK: Issue case 8 — a pairs file chooses originals, never what is scanned

  @Test func everyOutputIsScannedWhateverThePairsFileLists() {
    let p = Self.folder + "/pairs"
    let r = PhotoCLI.runCapturing(["audit", "--originals", p + "/originals", "--outputs", p + "/outputs", "--pairs", p + "/pairs.csv",
                                   "--format", "csv", "-j", "2", "--reveal"])
    #expect(r.status == 1, "\(r.err)")
    // leak.jpg is not in the pairs file and carries GPS in XMP: scanned all the same. missing.jpg
    // is in the pairs file and does not exist: PA013, not a usage error. out-a.jpg (a correct,
    // stripped, upright output of a.jpg, compared by the pixels) has no finding.
    #expect(Self.rows(r.out) == [
      "\(p)/outputs/leak.jpg,,PA001,gps-present,error,xmp,GPSLatitude/GPSLongitude,\"xmp: latitude 31.230416, longitude 121.473701, altitude 12.5 m\"",
      "\(p)/outputs/missing.jpg,\(p)/originals/b.jpg,PA013,unreadable,error,,,listed in the pairs file \(p)/pairs.csv but does not exist",
    ])
    let json = PhotoCLI.runCapturing(["audit", "--originals", p + "/originals", "--outputs", p + "/outputs", "--pairs", p + "/pairs.csv",
                                      "--format", "json"])
    #expect(json.out.contains("\"output\": \"\(p)/outputs/out-a.jpg\",\n      \"original\": \"\(p)/originals/a.jpg\""), "out-a.jpg is paired with a.jpg")
    #expect(json.out.contains("\"verdict\": \"upright\""), "and compared by the pixels")
    #expect(json.out.contains("\"files\": 3"), "\(json.out.prefix(600))")
  }

  // MARK: Issue case 9 — a gate does not pass on nothing

  @Test func noImageFoundIsAUsageError() {
    let empty = Self.folder + "/no-images"
    let r = PhotoCLI.runCapturing(["audit", empty])
    #expect(r.status == 2)
    #expect(r.out.isEmpty)
    #expect(r.err == "photoaudit audit: no image files found under \(empty) (--allow-empty accepts an empty batch). See 'photoaudit audit --help'.\n")
    let outputs = PhotoCLI.runCapturing(["audit", "--originals", Self.fixtures + "/jpeg", "--outputs", empty])
    #expect(outputs.status == 2)
    #expect(outputs.err.hasPrefix("photoaudit audit: no image files found under \(empty) "))
    let sanitize = PhotoCLI.runCapturing(["sanitize", empty, "--out", Self.folder + "/never-written"])
    #expect(sanitize.status == 2)
    #expect(sanitize.err.hasPrefix("photoaudit sanitize: no image files found under \(empty) "))
    #expect(!FileManager.default.fileExists(atPath: Self.folder + "/never-written"), "nothing created")
  }

  @Test func aMistypedFolderIsAUsageError() {
    let typo = Self.folder + "/no-such-folder"
    let r = PhotoCLI.runCapturing(["audit", typo, "--allow-empty"])
    #expect(r.status == 2)
    #expect(r.err == "photoaudit audit: \(typo) does not exist. See 'photoaudit audit --help'.\n")
    #expect(PhotoCLI.runCapturing(["audit", "--outputs", Self.folder + "/pairs/outputs", "--originals", typo]).status == 2)
  }

  @Test func allowEmptyAcceptsAnEmptyBatch() {
    let r = PhotoCLI.runCapturing(["audit", Self.folder + "/no-images", "--allow-empty", "--format", "json"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("\"files\": 0"))
  }

  // MARK: The descriptor

  @Test func descriptorFixtures() {
    let d = Self.folder + "/descriptor"
    let r = PhotoCLI.runCapturing(["verify", d + "/coords.jpg", d + "/minimal.jpg", "--format", "csv", "--reveal"])
    #expect(r.status == 1)
    #expect(Self.rows(r.out) == [
      "\(d)/coords.jpg,,PA001,gps-present,error,descriptor,location.lat/location.lng,\"the descriptor carries coordinates: location.lat/location.lng: latitude 31.230416, longitude 121.473701 (numeric latitude/longitude keys)\"",
      "\(d)/coords.jpg,,PA002,gps-claim-false,error,descriptor,gps_removed,\"descriptor says gps_removed: true, but the descriptor itself carries coordinates: location.lat/location.lng: latitude 31.230416, longitude 121.473701 (numeric latitude/longitude keys)\"",
      "\(d)/minimal.jpg,,PA001,gps-present,error,xmp,GPSLatitude/GPSLongitude,\"xmp: latitude 31.230416, longitude 121.473701, altitude 12.5 m\"",
      "\(d)/minimal.jpg,,PA002,gps-claim-false,error,xmp,gps_removed,\"descriptor says gps_removed: true, but coordinates are in xmp (latitude 31.230416, longitude 121.473701, altitude 12.5 m)\"",
      "\(d)/minimal.jpg,,PA008,descriptor-mismatch,warning,descriptor,\"format, width, height\",\"descriptor \(d)/minimal.json lacks format, width, height: those claims were not checked\"",
    ])
    let json = PhotoCLI.runCapturing(["verify", d + "/coords.jpg", "--format", "json", "--reveal"])
    #expect(json.out.contains("\"gps_carriers\": [\n        \"descriptor\"\n      ]"), "\(json.out)")
    #expect(json.out.contains("\"files_with_gps\": 1"))
  }

  // MARK: PA019, PA010 gain maps, PA005 without pixels

  @Test func unprocessedOutputs() {
    let u = Self.folder + "/unprocessed", original = Self.fixtures + "/jpeg/landscape.jpg"
    for pixels in [true, false] {
      let copy = PhotoCLI.runCapturing(["verify", u + "/copy.jpg", "--original", original, "--format", "csv"] + (pixels ? [] : ["--no-pixels"]))
      #expect(copy.status == 1)
      #expect(Self.rows(copy.out).filter { $0.contains(",PA019,") } == [
        "\(u)/copy.jpg,\(original),PA019,output-unprocessed,warning,file,,the output is byte-identical to its original \(original) (4824 bytes): the pipeline did not process it",
      ])
    }
    let reencoded = PhotoCLI.runCapturing(["verify", u + "/reencoded.jpg", "--original", original, "--format", "csv"])
    #expect(Self.rows(reencoded.out).filter { $0.contains(",PA019,") } == [
      "\(u)/reencoded.jpg,\(original),PA019,output-unprocessed,warning,file,,\"the output has its original's pixels (192×128, match 1.00) and metadata (the same 27 tags, GPS included): the pipeline skipped processing \(original)\"",
    ])
    // Without pixels only a byte-identical copy can be told.
    let noPixels = PhotoCLI.runCapturing(["verify", u + "/reencoded.jpg", "--original", original, "--format", "csv", "--no-pixels"])
    #expect(!noPixels.out.contains(",PA019,"))
    // A correct output of the same original is not unprocessed.
    let correct = PhotoCLI.runCapturing(["verify", Self.fixtures + "/defects/crop-correct.jpg", "--format", "csv"])
    #expect(!correct.out.contains(",PA019,"), "\(correct.out)")
  }

  @Test func gainMapXMPWithOnlyItsVersionIsInfo() {
    let g = Self.folder + "/gainmap"
    let r = PhotoCLI.runCapturing(["verify", g + "/hdr-gainmap.heic", g + "/hdr-gainmap-gps.heic", "--format", "csv", "--reveal"])
    #expect(r.status == 1)
    #expect(Self.rows(r.out) == [
      "\(g)/hdr-gainmap.heic,,PA010,secondary-image-metadata,info,auxiliary-image#3,,auxiliary-image#3 (urn:com:apple:photo:2020:aux:hdrgainmap) at byte 107 carries xmp with gain-map rendering fields only (HDRGainMapVersion = 65536): no privacy field",
      "\(g)/hdr-gainmap-gps.heic,,PA001,gps-present,error,auxiliary-image#3/xmp#4,GPSLatitude/GPSLongitude,\"auxiliary-image#3/xmp#4: latitude 31.230416, longitude 121.473701\"",
      "\(g)/hdr-gainmap-gps.heic,,PA010,secondary-image-metadata,error,auxiliary-image#3,,auxiliary-image#3 (urn:com:apple:photo:2020:aux:hdrgainmap) at byte 107 carries xmp",
    ])
    #expect(PhotoCLI.runCapturing(["verify", g + "/hdr-gainmap.heic"]).status == 0, "info does not fail the gate")
  }

  /// An iPhone 13 Pro Max HEIC: its HDR gain map's XMP holds HDRGainMapVersion 65536 only.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: Repository.sharedCorpus.path), "needs ../shared/corpus"))
  func iPhoneGainMapIsInfo() {
    let r = PhotoCLI.runCapturing(["verify", Repository.sharedCorpus.path + "/ianare-exif-samples/iphone_13_pro_max.HEIC", "--format", "csv", "--no-pixels"])
    #expect(Self.rows(r.out).filter { $0.contains(",PA010,") }.map { $0.components(separatedBy: ",PA010,")[1] } == [
      "secondary-image-metadata,info,auxiliary-image#51,,auxiliary-image#51 (urn:com:apple:photo:2020:aux:hdrgainmap) at byte 2084929 carries xmp with gain-map rendering fields only (HDRGainMapVersion = 65536): no privacy field",
    ])
  }

  @Test func aThumbnailOfTheWrongShapeIsPA005WithoutPixels() {
    let t = Self.folder + "/thumbnail/thumb-unrotated.jpg"
    let r = PhotoCLI.runCapturing(["verify", t, "--format", "csv", "--no-pixels"])
    #expect(r.status == 1)
    #expect(Self.rows(r.out) == [
      "\(t),,PA005,thumbnail-leak,error,thumbnail,size,\"the embedded thumbnail (32×48 as displayed) does not have the image's shape (96×64, aspect 0.67 vs 1.50): it was not made from this image and may show the uncropped or unrotated original\"",
    ])
    let pixels = PhotoCLI.runCapturing(["verify", t, "--format", "csv"])
    #expect(Self.rows(pixels.out).map { $0.components(separatedBy: ",")[2...6].joined(separator: ",") } == ["PA005,thumbnail-leak,error,thumbnail,pixels"],
            "with pixels, the pixel comparison decides")
    let help = PhotoCLI.runCapturing(["verify", "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(help.contains("a thumbnail whose shape or size does not match the image"))
  }
}
