import Foundation
import PhotoCLI
import TestSupport
import Testing

/// JPEG XL through the command line, on `Fixtures/jxl/` (made by `Fixtures/gen/jxl.sh`): exact
/// `verify` rows and exit statuses, and `inspect --format json` with the codestream orientation,
/// valid against the inspect schema.
@Suite struct JXLCLITests {
  static let folder = Repository.root.appendingPathComponent("Fixtures/jxl").path

  static func verify(_ name: String) -> (status: Int32, rows: [String]) { CLITests.verifyRows(folder, name) }

  @Test func aCleanCodestreamPasses() {
    let r = Self.verify("bare.jxl")
    #expect(r.status == 0)
    #expect(r.rows.isEmpty)
  }

  @Test func exifBoxGPS() {
    let r = Self.verify("exif-gps.jxl")
    #expect(r.status == 1)
    #expect(r.rows == [#",PA001,gps-present,error,exif,GPSLatitude/GPSLongitude,"exif: latitude 31.230416, longitude 121.473701, altitude 12.5 m""#])
  }

  @Test func theCodestreamOrientationIsAnOrientationTag() {
    let r = Self.verify("codestream-orientation-6.jxl")
    #expect(r.status == 1)
    #expect(r.rows == [",PA003,orientation-tag,error,jxl,orientation,JPEG XL codestream orientation = 6 (rotate 90° CW)"])
  }

  @Test func aBrotliStreamThatDoesNotDecompressIsIncomplete() {
    let r = Self.verify("brob-corrupt.jxl")
    #expect(r.status == 1)
    #expect(r.rows == [",PA015,incomplete-check,error,brob,,brob not fully checked: JPEG XL 'brob' box at byte 32 ('Exif' compressed) does not decompress (PADDING_1); what follows the 0 decompressed bytes was not read"])
  }

  @Test func aJPEGHiddenAfterTheCodestreamInsideJxlc() {
    let r = Self.verify("jxlc-slack.jxl")
    #expect(r.status == 1)
    #expect(r.rows == [
      #",PA001,gps-present,error,raw-bytes,GPS signature,"raw-bytes: latitude 31.230416, longitude 121.473701, a TIFF/EXIF block with a GPS IFD at byte 2487 (jxlc: bytes in 'jxlc' after the end of the codestream)""#,
      ",PA014,unaccounted-bytes,error,jxlc,,970 unaccounted bytes at byte 2457 (jxlc: bytes in 'jxlc' after the end of the codestream): a JPEG image (FF D8 FF)",
    ])
  }

  @Test func inspectJSONShowsTheCodestreamOrientation() throws {
    let r = PhotoCLI.runCapturing(["inspect", "--format", "json", Self.folder + "/codestream-orientation-6.jxl", Self.folder + "/from-jpeg.jxl"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains(#""format": "jxl""#))
    // Stored turned, displayed upright; the codestream's orientation applies, EXIF's does not.
    #expect(r.out.contains("""
          "stored": {
            "width": 128,
            "height": 192
          },
          "displayed": {
            "width": 192,
            "height": 128
          },
          "orientation": {
            "exif": null,
            "exif_applies": false,
    """))
    #expect(r.out.contains("""
            "thumbnail": null,
            "jxl_codestream": 6,
            "effective": 6,
    """))
    if SchemaValidator.isAvailable {
      try SchemaTests.expectValid(r.out, "inspect-v2.json", "inspect --format json of JPEG XL files")
      let report = PhotoCLI.runCapturing(["verify", "--format", "json", Self.folder + "/from-jpeg.jxl"])
      try SchemaTests.expectValid(report.out, "report-v1.json", "verify --format json of a JPEG XL file")
    }
  }
}
