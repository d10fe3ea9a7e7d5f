import Codecs
import Testing

@testable import PhotoCore

@Suite("PixelImage flatten, toRGB, psnr")
struct PixelChannelsTests {
  @Test func flattenOntoWhite() throws {
    let rgba = try PixelImage(width: 3, height: 1, channels: 4, pixels: [10, 20, 30, 255, 10, 20, 30, 0, 0, 0, 0, 128])
    let flat = rgba.flattened()
    #expect(flat.channels == 3)
    #expect(flat.pixels == [10, 20, 30, 255, 255, 255, 127, 127, 127])
    #expect(rgba.flattened(onto: .black).pixels == [10, 20, 30, 0, 0, 0, 0, 0, 0])
    let rgb = try PixelImage(width: 1, height: 1, channels: 3, pixels: [1, 2, 3])
    #expect(rgb.flattened() == rgb)
  }

  @Test func toRGB() throws {
    let gray = try PixelImage(width: 2, height: 1, channels: 1, pixels: [7, 200])
    #expect(gray.toRGB().pixels == [7, 7, 7, 200, 200, 200])
    let rgba = try PixelImage(width: 1, height: 1, channels: 4, pixels: [9, 9, 9, 0])
    #expect(rgba.toRGB().pixels == [255, 255, 255])
  }

  @Test func psnrValues() throws {
    let a = try PixelImage(width: 2, height: 2, channels: 1, pixels: [0, 0, 0, 0])
    let b = try PixelImage(width: 2, height: 2, channels: 1, pixels: [0, 0, 0, 255])
    #expect(psnr(a, a) == .infinity)
    // MSE = 255² / 4 → 10·log10(4) ≈ 6.02 dB.
    #expect(abs(psnr(a, b) - 6.0206) < 0.001)
    #expect(psnr(a, try PixelImage(width: 1, height: 4, channels: 1, fill: 0)).isNaN)
  }

  @Test func pixelImageValidatesItsGeometry() {
    #expect(throws: CodecError.self) { try PixelImage(width: 2, height: 2, channels: 3, pixels: [0, 0]) }
    #expect(throws: CodecError.self) { try PixelImage(width: 0, height: 2, channels: 3, fill: 0) }
    #expect(throws: CodecError.self) { try PixelImage(width: 2, height: 2, channels: 2, fill: 0) }
    #expect(throws: CodecError.self) { try PixelImage(width: Int.max, height: 2, channels: 3, fill: 0) }
  }
}
