import Foundation
import PhotoCLI
import TestSupport
import Testing

/// TIFF, BigTIFF, GeoTIFF, DNG and raw files through `verify` and `sanitize` (Fixtures/tiff/,
/// made by Fixtures/gen/tiff.sh): exact report rows for the locations each carries, for what
/// could not be checked (PA015) and for damaged pixels (PA016); the pixels of a turned output
/// against a TIFF original (PA004); a DNG sanitized from its preview and verified against it; a
/// raw with no preview refused; and libtiff never writing to stderr. The coordinates are what the
/// generator wrote (exiftool's and tiffs.py's 31.230416, 121.473701; a UTM tie point at 42° N 15° E).
@Suite struct TIFFCLITests {
  static let folder = Repository.root.appendingPathComponent("Fixtures/tiff").path
  static func verify(_ name: String) -> (status: Int32, rows: [String]) { CLITests.verifyRows(folder, name) }
  static let gps = "latitude 31.230416, longitude 121.473701, altitude 12.5 m"

  @Test(arguments: [
    ("gps-exif.tif", ",PA001,gps-present,error,exif,GPSLatitude/GPSLongitude,\"exif: \(gps)\""),
    ("gps-xmp.tif", ",PA001,gps-present,error,xmp,GPSLatitude/GPSLongitude,\"xmp: latitude 31.230416, longitude 121.473701\""),
    ("page2-gps.tif", ",PA001,gps-present,error,exif#2,GPSLatitude/GPSLongitude,\"exif#2: \(gps), time 2025-01-01T02:20:30Z\""),
    ("bigtiff-gps.btf", ",PA001,gps-present,error,exif,GPSLatitude/GPSLongitude,\"exif: \(gps), time 2025-01-01T02:20:30Z\""),
    ("dng-gps.dng", ",PA001,gps-present,error,exif,GPSLatitude/GPSLongitude,\"exif: \(gps), time 2025-01-01T02:20:30Z\""),
    ("nef-gps.nef", ",PA001,gps-present,error,exif,GPSLatitude/GPSLongitude,\"exif: \(gps), time 2025-01-01T02:20:30Z\""),
    ("cr2-gps.cr2", ",PA001,gps-present,error,exif,GPSLatitude/GPSLongitude,\"exif: \(gps), time 2025-01-01T02:20:30Z\""),
    ("geotiff-wgs84.tif", ",PA001,gps-present,error,geotiff,ModelTiePoint,\"geotiff: latitude 31.230416, longitude 121.473701\""),
    ("geotiff-utm33n.tif", ",PA001,gps-present,error,geotiff,ModelTiePoint,\"geotiff: latitude 42.000000, longitude 15.000000\""),
    ("geotiff-userdefined.tif", ",PA001,gps-present,error,geotiff,ModelTiePoint,\"geotiff: present, not converted: a GeoTIFF in a user-defined projected CRS, which photoaudit does not convert to degrees\""),
  ])
  func aLocationInAnyCarrierIsPA001(name: String, row: String) {
    let r = Self.verify(name)
    #expect(r.status == 1)
    #expect(r.rows == [row])
  }

  @Test func aGPSIFDPastTheEndIsGPSAndNotFullyChecked() {
    let r = Self.verify("gps-outside.tif")
    #expect(r.status == 1)
    #expect(r.rows == [
      ",PA001,gps-present,error,exif,GPSLatitude/GPSLongitude,\"exif: present, value unreadable: IFD0 points at a GPS IFD that could not be read\"",
      ",PA015,incomplete-check,error,exif,,exif not fully checked: GPS (pointed at by IFD0): offset 1048576 lies outside the file (4812 bytes)",
    ])
  }

  /// What could not be checked is PA015: a coding libtiff lacks, a raw with nothing but sensor data.
  @Test(arguments: [
    ("jpeg2000.tif", "IFD0 (48×32, Compression 34712 (JPEG 2000)) is in a coding photoaudit does not decode"),
    ("dng-no-preview.dng", "the DNG's image in IFD0 is sensor data (192×128, Compression 7 (JPEG)) and it has no preview photoaudit decodes"),
  ])
  func picturesThatCannotBeDecodedArePA015(name: String, reason: String) {
    let r = Self.verify(name)
    #expect(r.status == 1)
    #expect(r.rows == [",PA015,incomplete-check,error,pixels,,\"pixels not fully checked: the output's pixels were not decoded: \(reason)\""])
  }

  @Test func aTruncatedStripIsIncompleteAndDamaged() {
    let r = Self.verify("truncated.tif")
    #expect(r.status == 1)
    #expect(r.rows == [
      ",PA015,incomplete-check,error,exif,,exif not fully checked: 1 of the 4 strips of IFD0 lie wholly or partly outside the file",
      ",PA016,output-damaged,error,pixels,,\"the pixels do not decode cleanly: rows 0–31: TIFFReadEncodedStrip: Read error at scanline 0; got 576 bytes, expected 1152; viewers show grey or garbage where the data is missing\"",
    ])
  }

  @Test func cleanTIFFsPass() {
    for name in ["upright.tif", "tiled-jpeg.tif", "dng-clean.dng", "ifd-loop.tif"] {
      let r = Self.verify(name)
      #expect(r.status == 0, "\(name): \(r.rows)")
      #expect(r.rows.isEmpty, "\(name): \(r.rows)")
    }
  }

  /// IFD0's Orientation applies: a TIFF kept at 6 is PA003, and a TIFF turned without a tag
  /// displays sideways against its upright original (PA004).
  @Test func orientationOfTIFFOutputs() {
    #expect(Self.verify("orient-6.tif").rows == [",PA003,orientation-tag,error,exif,Orientation,EXIF Orientation = 6 (rotate 90° CW)"])
    let r = PhotoCLI.runCapturing(["verify", Self.folder + "/rotated-90.tif", "--original", Self.folder + "/upright.tif", "--format", "csv"])
    #expect(r.status == 1)
    #expect(r.out.split(separator: "\n").dropFirst().map(String.init) == [
      "\(Self.folder)/rotated-90.tif,\(Self.folder)/upright.tif,PA004,orientation-pixels,error,pixels,rotated,\"displays rotated 90° clockwise (match 1.00, margin 0.45)\"",
    ])
  }

  /// A DNG is sanitized from its largest preview (at the preview's size), the output verifies
  /// clean against it; a DNG with nothing but sensor data is refused and nothing is written.
  @Test func sanitizeMakesADNGFromItsPreviewOrRefusesIt() throws {
    let scratch = try ScratchDirectory("tiff-sanitize")
    defer { scratch.remove() }
    let out = scratch.path + "/out"
    let r = PhotoCLI.runCapturing(["sanitize", Self.folder + "/dng-gps.dng", "--out", out, "--format", "json"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("\"notes\": [\n        \"a DNG: made from its largest preview (192×128 in SubIFD1); photoaudit does not decode sensor data\"\n      ]"), "\(r.out)")
    let written = out + "/dng-gps.jpg"
    let verify = PhotoCLI.runCapturing(["verify", written, "--original", Self.folder + "/dng-gps.dng", "--format", "csv"])
    #expect(verify.status == 0, "\(verify.out)")
    let descriptor = try String(contentsOfFile: out + "/dng-gps.json", encoding: .utf8)
    #expect(descriptor.contains("\"width\": 192") && descriptor.contains("\"height\": 128") && descriptor.contains("\"gps_removed\": true"))
    let refused = PhotoCLI.runCapturing(["sanitize", Self.folder + "/dng-no-preview.dng", "--out", out])
    #expect(refused.status == 1)
    #expect(refused.err.contains("dng-no-preview.dng: not sanitized, nothing written: the DNG's image in IFD0 is sensor data (192×128, Compression 7 (JPEG)) and it has no preview photoaudit decodes"))
    #expect(!FileManager.default.fileExists(atPath: out + "/dng-no-preview.jpg"))
  }

  /// libtiff's messages are kept per handle, never printed: a run over damaged TIFFs (decoded in
  /// worker processes and in-process) writes nothing to stderr.
  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage))
  func libtiffNeverWritesToStderr() throws {
    let scratch = try ScratchDirectory("tiff-stderr")
    defer { scratch.remove() }
    let files = ["truncated.tif", "jpeg2000.tif", "gps-outside.tif", "subifd-deep.tif"].map { Self.folder + "/" + $0 }
    // The damaged file as outputs, and as the original of a clean output.
    let runs = [["verify"] + files, ["verify", Self.folder + "/upright.tif", "--original", Self.folder + "/truncated.tif"]]
    for environment in [[:], ["PHOTOAUDIT_WORKERS": "0"]] {
      for arguments in runs {
        let run = try PhotoauditProcess.run(arguments, logDirectory: scratch.path, environment: environment)
        #expect(run.exitStatus == 1)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains("TIFFReadEncodedStrip: Read error at scanline"), "the damage is reported, in the report")
      }
    }
  }
}
