import Codecs
import PhotoCore

/// How to get a JPEG to a target size: decode at `factor` in the DCT domain (giving
/// `decodedSize`), then resample to `outputSize` when the two differ. [SPEC "Sizes"]
public struct JPEGScalePlan: Sendable, Equatable, CustomStringConvertible {
  /// The DCT scaling factor to decode at.
  public var factor: ScalingFactor
  /// What the decode at `factor` yields: ceil(W·num/denom) × ceil(H·num/denom).
  public var decodedSize: PixelSize
  /// The final size.
  public var outputSize: PixelSize

  /// Builds a plan.
  public init(factor: ScalingFactor, decodedSize: PixelSize, outputSize: PixelSize) {
    self.factor = factor
    self.decodedSize = decodedSize
    self.outputSize = outputSize
  }

  /// True when the decoded pixels must still be resampled to `outputSize`.
  public var needsResample: Bool { decodedSize != outputSize }

  /// "decode at 1/2 → 2016×1512, no resample" etc.
  public var description: String {
    "decode at \(factor) → \(decodedSize)" + (needsResample ? ", resample to \(outputSize)" : ", no resample")
  }
}

extension JPEGCodec {
  /// How close below the bound a DCT-scaled decode may land and still be used as the output
  /// size without resampling: 2 % (4032 px → 2016 px for a 2048 px bound). [SPEC "Sizes"]
  public static let dctLandingTolerancePercent = 2

  /// The size a decode at `factor` produces (`ScalingFactor.scaled` on each side).
  public static func scaledSize(for size: PixelSize, factor: ScalingFactor) -> PixelSize {
    PixelSize(width: factor.scaled(size.width), height: factor.scaled(size.height))
  }

  /// Plans a "long side at most `longSide`" downscale (`--max-side N`). See
  /// `chooseScale(original:fitting:exact:factors:)`.
  public static func chooseScale(
    original: PixelSize, longSide: Int, exact: Bool = false, factors: [ScalingFactor] = JPEGCodec.scalingFactors
  ) -> JPEGScalePlan {
    chooseScale(original: original, fitting: PixelSize(width: longSide, height: longSide), exact: exact, factors: factors)
  }

  /// Plans a downscale into `box` per the SPEC "Sizes" rule:
  /// 1. Never upscale: an image that already fits is decoded at 1/1 and kept as is.
  /// 2. Unless `exact`: when a DCT-scaled decode fits in the box and each side is within
  ///    `dctLandingTolerancePercent` of the exact fitted size, the largest such decode *is*
  ///    the output – no resampling.
  /// 3. Otherwise decode at the smallest factor whose output still covers the fitted size on
  ///    both sides, and resample down to the fitted size (`PixelSize.downscaled(toFit:)`).
  /// `exact` (`--exact-size`) skips rule 2, so the output is exactly the fitted size.
  public static func chooseScale(
    original: PixelSize, fitting box: PixelSize, exact: Bool = false, factors: [ScalingFactor] = JPEGCodec.scalingFactors
  ) -> JPEGScalePlan {
    let target = original.downscaled(toFit: box)
    guard target != original, box.width > 0, box.height > 0 else {
      return JPEGScalePlan(factor: .one, decodedSize: original, outputSize: original)
    }
    // Downscaling factors only, smallest first; 1/1 is always a candidate.
    let candidates = (factors.filter { $0 <= .one } + [.one]).sorted()
    if !exact {
      let keep = 100 - dctLandingTolerancePercent
      let landing = candidates.last { f in
        let s = scaledSize(for: original, factor: f)
        return s.width <= box.width && s.height <= box.height
          && 100 * s.width >= keep * target.width && 100 * s.height >= keep * target.height
      }
      if let landing {
        let s = scaledSize(for: original, factor: landing)
        return JPEGScalePlan(factor: landing, decodedSize: s, outputSize: s)
      }
    }
    let covering = candidates.first { f in
      let s = scaledSize(for: original, factor: f)
      return s.width >= target.width && s.height >= target.height
    } ?? .one
    return JPEGScalePlan(factor: covering, decodedSize: scaledSize(for: original, factor: covering), outputSize: target)
  }
}
