import Foundation
import Codecs

/// An opaque 8-bit sRGB colour to composite onto.
public struct BackgroundColor: Sendable, Equatable {
  /// Red, green, blue (0…255).
  public var red: UInt8, green: UInt8, blue: UInt8

  /// A colour from its components.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// White, what photo pickers composite transparent images onto.
  public static let white = BackgroundColor(red: 255, green: 255, blue: 255)
  /// Black.
  public static let black = BackgroundColor(red: 0, green: 0, blue: 0)
}

extension PixelImage {
  /// RGBA composited over an opaque `background` (straight alpha, in sRGB values as stored):
  /// out = (c·a + bg·(255 − a)) / 255, rounded. Gray and RGB images are returned unchanged
  /// (gray stays gray: use `toRGB()` for three channels).
  public func flattened(onto background: BackgroundColor = .white) -> PixelImage {
    guard channels == 4 else { return self }
    let bg = [UInt32(background.red), UInt32(background.green), UInt32(background.blue)]
    let n = width * height
    let result = try? PixelImage(width: width, height: height, channels: 3) { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(CodecError) in
      pixels.withUnsafeBufferPointer { src in
        var s = 0, d = 0
        for _ in 0..<n {
          let a = UInt32(src[s + 3]), ia = 255 - a
          for ch in 0..<3 {
            let v = UInt32(src[s + ch]) &* a &+ bg[ch] &* ia &+ 127
            out[d + ch] = UInt8(truncatingIfNeeded: v / 255)
          }
          s += 4
          d += 3
        }
      }
    }
    return result ?? self
  }

  /// Three-channel RGB: gray is replicated into R, G and B, RGBA is flattened onto white,
  /// RGB is returned unchanged.
  public func toRGB() -> PixelImage {
    switch channels {
    case 3: return self
    case 4: return flattened(onto: .white)
    default:
      let n = width * height
      let result = try? PixelImage(width: width, height: height, channels: 3) { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(CodecError) in
        pixels.withUnsafeBufferPointer { src in
          for i in 0..<n {
            let v = src[i]
            out[3 * i] = v
            out[3 * i + 1] = v
            out[3 * i + 2] = v
          }
        }
      }
      return result ?? self
    }
  }
}

/// Peak signal-to-noise ratio between two images of the same geometry, in dB over every
/// sample: 10·log10(255² / MSE). `.infinity` when identical, `nan` when the width, height or
/// channel count differ. For tests and quality checks.
public func psnr(_ a: PixelImage, _ b: PixelImage) -> Double {
  guard a.width == b.width, a.height == b.height, a.channels == b.channels else { return .nan }
  var sum: UInt64 = 0
  a.pixels.withUnsafeBufferPointer { pa in
    b.pixels.withUnsafeBufferPointer { pb in
      for i in 0..<pa.count {
        let d = Int(pa[i]) - Int(pb[i])
        sum &+= UInt64(d * d)
      }
    }
  }
  guard sum > 0 else { return .infinity }
  let mse = Double(sum) / Double(a.pixels.count)
  return 10 * log10(255 * 255 / mse)
}
