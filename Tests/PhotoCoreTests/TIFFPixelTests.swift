@testable import Bytes
import Codecs
import Foundation
import Testing

@testable import PhotoCore

/// Pixels of TIFF-shaped files: libtiff's band-by-band reduced decode (`TIFFCodec`) of strips
/// and tiles, LZW, JPEG, BigTIFF; the picture of a raw (its largest preview, a JPEG) and of a
/// CR2 (IFD0's JPEG); IFD0's Orientation applied; damage and codings libtiff lacks named.
/// Each picture is compared with `reference/upright.png` (what the generator made every one of
/// them from) by the 32×32 fingerprints the pixel checks use.
@Suite struct TIFFPixelTests {
  static func displayed(_ relative: String, minLongSide: Int? = 64) throws -> PixelImage {
    let path = FixtureFiles.path(relative)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let m = Inspector.inspect(source: MemorySource(bytes), path: path)
    return try PictureDecoder.decode(bytes, metadata: m, view: .displayed, minLongSide: minLongSide, maxPixels: 10_000_000)
  }

  static let reference: PixelImage = {
    let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("reference/upright.png")))) ?? Data())
    let m = Inspector.inspect(source: MemorySource(bytes), path: "upright.png")
    return (try? PictureDecoder.decode(bytes, metadata: m, view: .displayed, minLongSide: 64, maxPixels: 10_000_000))
      ?? (try! PixelImage(width: 1, height: 1, channels: 3, pixels: [0, 0, 0]))
  }()

  static func correlation(_ image: PixelImage) -> Double { image.fingerprint().correlation(with: reference.fingerprint()) }

  /// (fixture, displayed size of the reduced decode): every one shows the reference upright.
  @Test(arguments: [
    ("tiff/upright.tif", PixelSize(width: 64, height: 43)), ("tiff/tiled-jpeg.tif", PixelSize(width: 64, height: 43)),
    ("tiff/big-lzw.btf", PixelSize(width: 64, height: 43)), ("tiff/orient-6.tif", PixelSize(width: 64, height: 43)),
    ("tiff/bigtiff-gps.btf", PixelSize(width: 96, height: 64)), ("tiff/gps-exif.tif", PixelSize(width: 64, height: 43)),
    // JPEG previews: TurboJPEG's scale 3/8, the smallest whose long side is at least 64.
    ("tiff/dng-gps.dng", PixelSize(width: 72, height: 48)), ("tiff/nef-gps.nef", PixelSize(width: 72, height: 48)),
    ("tiff/cr2-gps.cr2", PixelSize(width: 72, height: 48)),
  ])
  func picturesShowTheReferenceUpright(_ relative: String, size: PixelSize) throws {
    let image = try Self.displayed(relative)
    #expect(PixelSize(width: image.width, height: image.height) == size)
    // The pixel checks' "same content" is 0.8; pictures of other sizes and codings stay above 0.9.
    #expect(Self.correlation(image) > 0.9, "\(relative): \(Self.correlation(image))")
  }

  /// The comparison is not vacuous: a picture turned a quarter does not match until turned back.
  @Test func aTurnedPictureDoesNotMatch() throws {
    let turned = try Self.displayed("tiff/rotated-90.tif")
    #expect(turned.width == 43 && turned.height == 64)
    let upright = try turned.oriented(.left)
    #expect(Self.correlation(upright) > 0.9)
    #expect(Self.correlation(try Self.displayed("tiff/orient-6.tif", minLongSide: 64).oriented(.right)) < 0.5)
  }

  /// Full size, no reduction: every pixel through libtiff's RGBA path.
  @Test func fullSizeDecode() throws {
    let image = try Self.displayed("tiff/upright.tif", minLongSide: nil)
    #expect(image.width == 192 && image.height == 128 && image.channels == 3)
  }

  /// A strip cut by the end of the file: the rows that decode, and the damage named.
  @Test func aTruncatedStripIsDamage() throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("tiff/truncated.tif"))))
    let result = try TIFFCodec.decode(bytes, directory: 8, factor: { _, _ in 1 }, maxPixels: 1_000_000)
    #expect(result.width == 48 && result.height == 32)
    let damage = try #require(result.damage)
    // One band of 32 rows (4 strips of 8): libtiff names the strip's own scanline.
    #expect(damage == "rows 0–31: TIFFReadEncodedStrip: Read error at scanline 0; got 576 bytes, expected 1152")
  }

  @Test func sizesOverMaxPixelsAreRefusedBeforeDecoding() throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("tiff/upright.tif"))))
    let offset = try #require(TIFFWalkerTests.inspectLayout("tiff/upright.tif")?.directories.first?.offset)
    #expect(throws: CodecError.tooLarge(width: 192, height: 128, limit: 10_000)) {
      try TIFFCodec.decode(bytes, directory: offset, factor: { _, _ in 1 }, maxPixels: 10_000)
    }
  }

  /// Bands of rows never hold more than `maxBandBytes` of RGBA (whole strips when they fit).
  @Test(arguments: [(192, 128, UInt32(32), 128), (20_000, 10_000, UInt32(10_000), 208), (4000, 3000, UInt32(1), 1048),
                    (100_000, 10, nil, 10), (5_000_000, 2, UInt32(2), 1)])
  func bandsAreBounded(width: Int, height: Int, strile: UInt32?, rows: Int) {
    let band = TIFFCodec.bandRows(width: width, height: height, strile: strile)
    #expect(band == rows)
    #expect(band == 1 || band * width * 4 <= TIFFCodec.maxBandBytes)
  }
}

extension TIFFWalkerTests {
  static func inspectLayout(_ relative: String) -> TIFFFileLayout? { try? tree(relative).scan.tiffFile }
}
