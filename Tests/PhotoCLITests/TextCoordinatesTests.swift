import Foundation
import PhotoCLI
import TestSupport
import Testing

/// Coordinates that are not GPS tags, through the command line, on `Fixtures/textcoords/` (made
/// by `Fixtures/gen/text-coordinates.sh` with exiftool, ImageMagick and python3, which checks
/// that ExifTool shows no GPS tag in any of them): a caption, a user comment, an XMP description
/// in JSON, a GIF comment in ExifTool's own print format, zlib-compressed EXIF in a private PNG
/// chunk — each is PA001 with the tag or place named — and a caption of other numbers, clean.
/// The expected degrees are worked out by hand from the text written: 37°19'54.1" =
/// 37 + 19/60 + 54.1/3600 = 37.331694, 122°01'50.4" = 122.030667.
@Suite struct TextCoordinatesTests {
  static let folder = Repository.root.appendingPathComponent("Fixtures/textcoords").path

  static func verify(_ name: String) -> (status: Int32, rows: [String]) { CLITests.verifyRows(folder, name) }

  @Test func aCaptionWithADecimalPair() {
    let r = Self.verify("caption-decimal.jpg")
    #expect(r.status == 1)
    #expect(r.rows == [
      #",PA001,gps-present,error,exif,IFD0:ImageDescription,"exif: latitude 37.331686, longitude -122.030656, decimal coordinate pair ""37.331686, -122.030656"" in the text of IFD0:ImageDescription""#,
    ])
  }

  @Test func aUserCommentInDegreesMinutesSeconds() {
    let r = Self.verify("usercomment-dms.jpg")
    #expect(r.status == 1)
    #expect(r.rows == [
      #",PA001,gps-present,error,exif,ExifIFD:UserComment,"exif: latitude 37.331694, longitude -122.030667, degrees, minutes and seconds ""37°19'54.1""N 122°01'50.4""W"" in the text of ExifIFD:UserComment""#,
    ])
  }

  @Test func anXMPDescriptionHoldingJSON() {
    let r = Self.verify("xmp-json.jpg")
    #expect(r.status == 1)
    #expect(r.rows == [
      #",PA001,gps-present,error,xmp,XMP-dc:Description,"xmp: latitude 37.331700, longitude -122.030700, labelled latitude and longitude ""lat"":37.3317,""lng"":-122.0307"" in the text of XMP-dc:Description""#,
    ])
  }

  @Test func aGIFCommentInExifToolsPrintFormat() {
    let r = Self.verify("comment-exiftool.gif")
    #expect(r.status == 1)
    // Found once: by the byte sweep of the comment extension; the decoded Comment tag repeats it.
    #expect(r.rows == [
      #",PA001,gps-present,error,raw-bytes,GPS signature,"raw-bytes: latitude 37.331686, longitude -122.030656, coordinates in text ""37 deg 19' 54.07"" N, 122 deg 1' 50.36"" W"" at byte 791 (GIF comment extension at byte 789)""#,
    ])
  }

  @Test func compressedEXIFInAPrivatePNGChunk() {
    let r = Self.verify("private-zlib-exif.png")
    #expect(r.status == 1)
    #expect(r.rows.count == 2)
    #expect(r.rows.first?.hasPrefix(",PA001,gps-present,error,raw-bytes,GPS signature,\"raw-bytes: latitude 37.331686, longitude -122.030656, a TIFF/EXIF block with a GPS IFD at byte 33 (gpSz at byte 33, a zlib stream no decoder reads") == true, "\(r.rows)")
    #expect(r.rows.last?.hasPrefix(",PA014,unaccounted-bytes,warning,gpSz,") == true, "\(r.rows)")
  }

  @Test func aDestinationsPositionLocatesThePhotoToo() {
    // GPSDestLatitude 37 deg 19' 54.07" N = 37.331686, as exiftool wrote it; no GPSLatitude.
    let exif = Self.verify("gps-dest-only.jpg")
    #expect(exif.status == 1)
    #expect(exif.rows == [",PA001,gps-present,error,exif,GPSDestLatitude/GPSDestLongitude,\"exif: latitude 37.331686, longitude -122.030656\""])
    let xmp = Self.verify("xmp-gps-dest-only.jpg")
    #expect(xmp.status == 1)
    #expect(xmp.rows == [",PA001,gps-present,error,xmp,XMP-exif:GPSDestLatitude/GPSDestLongitude,\"xmp: latitude 37.331686, longitude -122.030656\""])
  }

  @Test func gpsAreaInformationIsReadAsText() {
    let r = Self.verify("gps-area-information.jpg")
    #expect(r.status == 1)
    #expect(r.rows == [
      #",PA001,gps-present,error,exif,GPS:GPSAreaInformation,"exif: latitude 37.331686, longitude -122.030656, decimal coordinate pair ""37.331686,-122.030656"" in the text of GPS:GPSAreaInformation""#,
      ",PA001,gps-present,info,exif,GPS,GPS tags without coordinates",
    ])
  }

  /// Bytes of EXIF values no reader shows as text are swept: a private tag's UNDEFINED value
  /// (ExifTool lists numbers), an ASCII value after its NUL (ExifTool shows "Sunset"). The
  /// offsets are where the python3 generator put the text: APP1 at 20 (after SOI and JFIF's 18
  /// bytes), + 4 (marker, length) + 6 ("Exif\0\0") + 26 (header and IFD) + 8 ("pinned: ") = 64;
  /// + 7 ("Sunset\0") = 63.
  @Test func exifValuesNoReaderShowsAsTextAreSwept() {
    let tag = Self.verify("exif-private-tag.jpg")
    #expect(tag.status == 1)
    #expect(tag.rows == [
      #",PA001,gps-present,error,raw-bytes,GPS signature,"raw-bytes: latitude 37.331686, longitude -122.030656, coordinates in text ""lat 37.331686 lon -122.030656"" at byte 64 (APP1 Exif / IFD0 tag 0xF0F0 value: binary value, not decoded as text)""#,
    ])
    let nul = Self.verify("ascii-after-nul.jpg")
    #expect(nul.status == 1)
    #expect(nul.rows == [
      #",PA001,gps-present,error,raw-bytes,GPS signature,"raw-bytes: latitude 37.331686, longitude -122.030656, coordinates in text ""lat 37.331686 lon -122.030656"" at byte 63 (APP1 Exif / IFD0 tag 0x10E value: bytes of an ASCII value after its NUL)""#,
    ])
  }

  @Test func numbersThatAreNoCoordinatesStayQuiet() {
    let r = Self.verify("caption-numbers.jpg")
    #expect(r.status == 0)
    #expect(r.rows.isEmpty, "\(r.rows)")
  }
}
