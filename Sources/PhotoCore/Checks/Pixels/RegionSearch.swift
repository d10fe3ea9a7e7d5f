/// Finds where a picture lies inside another (a crop), by sliding a window over a small
/// luminance version of the larger one and correlating.
public enum RegionSearch {
  /// A luminance image.
  public struct Luma: Sendable {
    public var pixels: [Double]
    public var width: Int
    public var height: Int
    public init(_ bytes: [UInt8], width: Int, height: Int) {
      pixels = bytes.map(Double.init)
      self.width = width
      self.height = height
    }
    init(values: [Double], width: Int, height: Int) {
      pixels = values
      self.width = width
      self.height = height
    }

    /// Area-averaged resize (box filter): good enough for tiny search images.
    public func resized(width w: Int, height h: Int) -> Luma {
      var out = [Double](repeating: 0, count: w * h)
      var counts = [Double](repeating: 0, count: w * h)
      for y in 0..<height {
        let oy = min(h - 1, y * h / height)
        for x in 0..<width {
          let i = oy * w + min(w - 1, x * w / width)
          out[i] += pixels[y * width + x]
          counts[i] += 1
        }
      }
      for i in out.indices where counts[i] > 0 { out[i] /= counts[i] }
      for i in out.indices where counts[i] == 0 && i > 0 { out[i] = out[i - 1] }
      return Luma(values: out, width: w, height: h)
    }
  }

  /// Correlation of `window` with the region of `image` at (x, y).
  static func correlation(_ image: Luma, _ window: Luma, x: Int, y: Int) -> Double {
    let n = Double(window.width * window.height)
    var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
    for wy in 0..<window.height {
      let row = (y + wy) * image.width + x
      for wx in 0..<window.width {
        let a = image.pixels[row + wx], b = window.pixels[wy * window.width + wx]
        sa += a; sb += b; saa += a * a; sbb += b * b; sab += a * b
      }
    }
    let cov = sab / n - (sa / n) * (sb / n)
    let va = saa / n - (sa / n) * (sa / n), vb = sbb / n - (sb / n) * (sb / n)
    guard va > 1e-6, vb > 1e-6 else { return 0 }
    return cov / (va * vb).squareRoot()
  }

  /// The correlation of `output` with the region `rect` of `image` (both in the image's pixels).
  public static func score(of output: Luma, at rect: PixelRect, in image: Luma) -> Double {
    guard rect.fits(in: PixelSize(width: image.width, height: image.height)) else { return 0 }
    return correlation(image, output.resized(width: rect.width, height: rect.height), x: rect.x, y: rect.y)
  }

  /// Best region of `image` matching `output`, trying window widths from `minFraction` of the
  /// largest window with the output's aspect up to all of it. Returns the region in `image` pixels.
  public static func bestRegion(of output: Luma, in image: Luma, minFraction: Double = 0.3,
                                sizes: Int = 15, step: Int = 1) -> (rect: PixelRect, score: Double)? {
    guard output.width > 0, output.height > 0, image.width > 4, image.height > 4 else { return nil }
    let aspect = Double(output.width) / Double(output.height)
    let fullWidth = min(Double(image.width), Double(image.height) * aspect)
    var best: (PixelRect, Double)?
    for i in 0..<sizes {
      let fraction = minFraction + (1 - minFraction) * Double(i) / Double(max(sizes - 1, 1))
      let w = max(4, Int((fullWidth * fraction).rounded()))
      let h = max(4, Int((Double(w) / aspect).rounded()))
      guard w <= image.width, h <= image.height else { continue }
      let window = output.resized(width: w, height: h)
      var y = 0
      while y + h <= image.height {
        var x = 0
        while x + w <= image.width {
          let c = correlation(image, window, x: x, y: y)
          if c > (best?.1 ?? -2) { best = (PixelRect(x: x, y: y, width: w, height: h), c) }
          x += step
        }
        y += step
      }
    }
    return best
  }
}
