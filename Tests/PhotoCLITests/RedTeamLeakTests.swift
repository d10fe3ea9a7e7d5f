import Foundation
import PhotoCLI
import TestSupport
import Testing

/// Locations where a careless reader does not look, through `verify`, on `Fixtures/redteam/`
/// (hand-built by `Fixtures/gen/redteam-heif.sh` with python3 on bases from heif-enc, ffmpeg and
/// ImageMagick). Each file but png-exif-after-iend.png passed with exit 0 on main edec3d6; each
/// is PA001 now.
/// The expected byte offsets are found in the file's own bytes by the test (where the generator
/// put the TIFF header, the ISO 6709 string, the XMP property, the zlib stream), not taken from
/// photoaudit; the coordinates are what was written: exiftool's 37.331686, -122.030656 and the
/// string "+37.3317-122.0307/".
@Suite struct RedTeamLeakTests {
  static let folder = Repository.root.appendingPathComponent("Fixtures/redteam").path
  static let tiffFix = "latitude 37.331686, longitude -122.030656, a TIFF/EXIF block with a GPS IFD"
  static let isoFix = #"latitude 37.331700, longitude -122.030700, an ISO 6709 location ""+37.3317-122.0307/"""#
  static let xmpLatitude = #"an XMP GPS property (/"" exif:GPSLatitude=""37,19.901160N"" exif:GPS)"#
  static let xmpLongitude = #"an XMP GPS property (N"" exif:GPSLongitude=""122,1.839360W""/></rdf:R)"#

  static func verify(_ name: String) -> (status: Int32, rows: [String]) { CLITests.verifyRows(folder, name) }

  /// Where `pattern` first occurs in the file `name`.
  static func offset(of pattern: [UInt8], in name: String) -> Int {
    let data = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) ?? Data())
    guard data.count >= pattern.count else { return -1 }
    return (0...(data.count - pattern.count)).first { data[$0..<$0 + pattern.count].elementsEqual(pattern) } ?? -1
  }

  static let tiffHeader: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A]  // exiftool writes big-endian EXIF
  static let zlibHeader: [UInt8] = [0x78, 0x9C]  // python's zlib.compress at its default level
  static func raw(_ what: String) -> String { ",PA001,gps-present,error,raw-bytes,GPS signature,\"raw-bytes: \(what)\"" }

  @Test(arguments: [("heif-exif-private-type.heic", "item 2 exif"), ("heif-exif-uri-item.heic", "item 2 uri "),
                    ("heif-exif-mime-octet.heic", "item 2 mime")])
  func anExifBlockInAnItemNoDecoderReads(name: String, item: String) {
    let r = Self.verify(name)
    let at = Self.offset(of: Self.tiffHeader, in: name)
    #expect(r.status == 1)
    #expect(r.rows == [Self.raw("\(Self.tiffFix) at byte \(at) (mdat / \(item): data no decoder reads)")])
  }

  /// zlib data in an item no decoder reads is inflated by the sweep; an `Exif` item's data starts
  /// with the 4-byte TIFF header offset, so its TIFF block is at +4 of the inflated data.
  @Test(arguments: [("heif-exif-private-type-zlib.heic", "item 2 gpsz", 0), ("heif-exif-mime-octet-deflate.heic", "item 2 mime", 0),
                    ("heif-exif-item-zlib.heic", "item 2 Exif", 4)])
  func zlibDataInAnItemIsInflated(name: String, item: String, inside: Int) {
    let r = Self.verify(name)
    let at = Self.offset(of: Self.zlibHeader, in: name)
    #expect(r.status == 1)
    #expect(r.rows == [Self.raw("\(Self.tiffFix) at byte \(at) (\(item) at byte \(at), a zlib stream no decoder reads, at +\(inside) of its inflated data)")])
  }

  @Test(arguments: [("heif-xmp-mime-text-xml.heic", "mdat / item 2 mime: data no decoder reads"),
                    ("heif-xmp-private-type.heic", "mdat / item 2 xmp : data no decoder reads"),
                    ("heif-meta-xml-box.heic", "meta / xml : not read in a HEIF 'meta' box"),
                    ("mp4-meta-xml-box.mp4", "moov / meta / xml : XML no decoder reads")])
  func xmpWhereNoXMPDecoderLooks(name: String, place: String) {
    let r = Self.verify(name)
    let latitude = Self.offset(of: Array("GPSLatitude".utf8), in: name), longitude = Self.offset(of: Array("GPSLongitude".utf8), in: name)
    #expect(r.status == 1)
    #expect(r.rows == [Self.raw("\(Self.xmpLatitude) at byte \(latitude) (\(place))"),
                       Self.raw("\(Self.xmpLongitude) at byte \(longitude) (\(place))")])
  }

  @Test(arguments: [("heif-meta-udta-xyz.heic", "meta / udta: not read in a HEIF 'meta' box"),
                    ("heif-meta-keys-ilst.heic", "meta / ilst: not read in a HEIF 'meta' box")])
  func quickTimeBoxesInAHEIFMeta(name: String, place: String) {
    let r = Self.verify(name)
    let at = Self.offset(of: Array("+37.3317".utf8), in: name)
    #expect(r.status == 1)
    #expect(r.rows == [Self.raw("\(Self.isoFix) at byte \(at) (\(place))")])
  }

  /// A string right after a box type ("gpsx+37.3317-122.0307/"): the atom is opaque (PA014) and
  /// the ISO 6709 string is found although a letter comes before its sign.
  @Test(arguments: [("mov-udta-private-atom.mov", "moov / udta / gpsx", "moov"), ("mp4-box-after-moov.mp4", "gpsd", "gpsd")])
  func anISO6709StringRightAfterABoxType(name: String, place: String, carrier: String) {
    let r = Self.verify(name)
    let at = Self.offset(of: Array("+37.3317".utf8), in: name)
    let box = String(place.suffix(4))
    #expect(r.status == 1)
    #expect(r.rows == [
      Self.raw("\(Self.isoFix) at byte \(at) (\(place): unknown box type '\(box)')"),
      #",PA014,unaccounted-bytes,warning,\#(carrier),,"opaque structure of 26 bytes at byte \#(at - 8) (\#(place): unknown box type '\#(box)'): text ""+37.3317-122.0307/""""#,
    ])
  }

  /// An `mdta` value of data type 0 that is plain text is read as text, so its ISO 6709 string is
  /// a location of the `keys` carrier.
  @Test func anUntypedKeyValueIsReadAsText() {
    let r = Self.verify("mov-keys-untyped-value.mov")
    #expect(r.status == 1)
    // The key "com.example.camera.position" is named as ExifTool names keys (CamelCase).
    #expect(r.rows == [
      #",PA001,gps-present,error,keys,Keys:ComExampleCameraPosition,"keys: latitude 37.331700, longitude -122.030700, ISO 6709 string ""+37.3317-122.0307/"" in the text of Keys:ComExampleCameraPosition""#,
    ])
  }

  /// The samples of a timed metadata track are read: the `mebx` key location.ISO6709 is decoded
  /// (`MEBXReader`), one PA001 for the track (it was a raw-bytes hit of the sweep before).
  @Test func aTimedMetadataTracksLocationIsDecoded() {
    let r = Self.verify("mov-timed-metadata-track.mov")
    #expect(r.status == 1)
    #expect(r.rows == [#",PA001,gps-present,error,track#2/mebx,com.apple.quicktime.location.ISO6709,"track#2/mebx: latitude 37.331700, longitude -122.030700, the first of 1 position in the track's samples""#])
  }

  /// Chunks after IEND that ExifTool reads are read: the XMP and EXIF carriers give the position.
  @Test func metadataChunksAfterIEND() {
    let itxt = Self.verify("png-itxt-after-iend.png")
    #expect(itxt.status == 1)
    #expect(itxt.rows == [",PA001,gps-present,error,xmp,GPSLatitude/GPSLongitude,\"xmp: latitude 37.331686, longitude -122.030656\""])
    let exif = Self.verify("png-exif-after-iend.png")
    #expect(exif.status == 1)
    #expect(exif.rows == [",PA001,gps-present,error,exif,GPSLatitude/GPSLongitude,\"exif: latitude 37.331686, longitude -122.030656\""])
  }

  /// `fdAT` without `acTL` is no frame any decoder shows: swept, raw and inflated after its
  /// 4-byte sequence number. The chunk starts 4 bytes (its length) before its type.
  @Test func strayFrameDataIsSwept() {
    let tiff = Self.verify("png-stray-fdat-exif.png")
    #expect(tiff.status == 1)
    #expect(tiff.rows == [Self.raw("\(Self.tiffFix) at byte \(Self.offset(of: Self.tiffHeader, in: "png-stray-fdat-exif.png")) (fdAT)")])
    let zlib = Self.verify("png-stray-fdat-zlib.png")
    let chunk = Self.offset(of: Array("fdAT".utf8), in: "png-stray-fdat-zlib.png") - 4
    #expect(zlib.status == 1)
    #expect(zlib.rows == [Self.raw(#"latitude 37.331686, longitude -122.030656, coordinates in text ""lat 37.331686 lon -122.030656"" at byte \#(chunk) (fdAT at byte \#(chunk), a zlib stream no decoder reads, at +0 of its inflated data)"#)])
  }

  /// A zlib stream after a flag byte in a private chunk (at byte 33: signature 8 + IHDR 25); the
  /// properties are at 229 and 262 of the XMP packet `tools/redteam.py` compressed.
  @Test func aZlibStreamAfterAFlagByte() {
    let r = Self.verify("png-private-chunk-flag-zlib.png")
    #expect(r.status == 1)
    #expect(r.rows.count == 3)
    #expect(r.rows.prefix(2) == [
      Self.raw("\(Self.xmpLatitude) at byte 33 (xmPz at byte 33, a zlib stream no decoder reads, at +229 of its inflated data)"),
      Self.raw("\(Self.xmpLongitude) at byte 33 (xmPz at byte 33, a zlib stream no decoder reads, at +262 of its inflated data)"),
    ])
    #expect(r.rows.last?.hasPrefix(",PA014,unaccounted-bytes,warning,xmPz,") == true, "\(r.rows)")
  }
}
