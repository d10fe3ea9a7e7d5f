import Codecs
import Testing

@testable import PhotoCore

@Suite("LosslessOperation for EXIF orientations")
struct PixelLosslessTests {
  @Test(arguments: [
    (Orientation.up, LosslessOperation.none), (.upMirrored, .flipH), (.down, .rotate180), (.downMirrored, .flipV),
    (.leftMirrored, .transpose), (.right, .rotate90), (.rightMirrored, .transverse), (.left, .rotate270),
  ])
  func mappingTable(o: Orientation, op: LosslessOperation) {
    #expect(LosslessOperation(for: o) == op)
    #expect(op.orientation == o)
    #expect(op.swapsAxes == o.swapsAxes)
  }

  /// The lossless transform and decoding + `oriented` must give the same upright picture.
  @Test(arguments: Orientation.allCases)
  func losslessTransformMatchesOrientedPixels(o: Orientation) throws {
    // 64×48 at 4:2:0 is whole MCUs, so every transform is perfect.
    let jpeg = try JPEGCodec.encode(PixelFixtures.smooth(width: 64, height: 48), quality: 95)
    let viaDCT = try JPEGCodec.decode(JPEGCodec.transform(jpeg, operation: LosslessOperation(for: o)), maxPixels: 1 << 20)
    let viaPixels = try JPEGCodec.decode(jpeg, maxPixels: 1 << 20).oriented(o)
    #expect((viaDCT.width, viaDCT.height) == (viaPixels.width, viaPixels.height))
    // Not bit-exact (IDCT rounding and chroma upsampling run along different axes), but close.
    let db = psnr(viaDCT, viaPixels)
    #expect(db > 40, "\(o): \(db) dB")
  }
}
