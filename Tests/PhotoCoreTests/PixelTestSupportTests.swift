import Codecs
import Testing

@testable import PhotoCore

/// Synthetic images for the pixel-operation tests.
enum PixelFixtures {
  /// Every pixel distinct: sample k of pixel (x, y) encodes x, y and k, so any misplaced
  /// pixel or swapped channel is caught. Sizes up to 255×255.
  static func asymmetric(width: Int, height: Int, channels: Int) -> PixelImage {
    var p = [UInt8](repeating: 0, count: width * height * channels)
    for y in 0..<height {
      for x in 0..<width {
        for k in 0..<channels {
          let v = [x, y, (x * 7 + y * 3) & 0xFF, 255 - x][k]
          p[(y * width + x) * channels + k] = UInt8(truncatingIfNeeded: v)
        }
      }
    }
    // channels 1: value x alone is not unique per pixel; mix y in.
    if channels == 1 {
      for y in 0..<height {
        for x in 0..<width { p[y * width + x] = UInt8(truncatingIfNeeded: x &+ y &* 31) }
      }
    }
    return try! PixelImage(width: width, height: height, channels: channels, pixels: p)
  }

  /// A constant image.
  static func constant(width: Int, height: Int, channels: Int, value: UInt8) -> PixelImage {
    try! PixelImage(width: width, height: height, channels: channels, fill: value)
  }

  /// A smooth RGB pattern that JPEG compresses well.
  static func smooth(width: Int, height: Int) -> PixelImage {
    var p = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 3
        p[i] = UInt8(x * 255 / max(1, width - 1))
        p[i + 1] = UInt8(y * 255 / max(1, height - 1))
        p[i + 2] = UInt8((x * 3 + y) % 256 / 2 + 64)
      }
    }
    return try! PixelImage(width: width, height: height, channels: 3, pixels: p)
  }
}

@Suite("Pixel test support")
struct PixelTestSupportTests {
  @Test func asymmetricPixelsAreDistinct() {
    for c in [1, 3, 4] {
      let image = PixelFixtures.asymmetric(width: 9, height: 7, channels: c)
      var seen = Set<[UInt8]>()
      for y in 0..<7 { for x in 0..<9 { seen.insert(Array(image.pixel(x: x, y: y) ?? [])) } }
      #expect(seen.count == 63, "channels \(c)")
    }
  }
}
