import Codecs
import PhotoCore

/// How one picture is rendered: region of the displayed picture, output size, decode scale.
struct RemediationPlan: Equatable {
  /// Region of the displayed (upright) picture to keep.
  var region: PixelRect
  /// Output size (never larger than the region: no upscaling).
  package var output: PixelSize
  /// The reduction while decoding: a DCT scale for JPEG, a whole area-average factor 1/k for
  /// PNG and HEIF (the row and tile decoders shrink as they decode).
  package var scale: ScalingFactor

  struct Problem: Error, CustomStringConvertible {
    package var description: String
  }

  /// The reductions the PNG row decoder and the HEIF tile decoder make while decoding: area
  /// averages over k × k pixels, sized like TurboJPEG's 1/k scales.
  static let areaFactors: [ScalingFactor] = (1...8).map { ScalingFactor(1, $0) }

  /// Plans the render of a picture displayed at `displayed`, per the SPEC "Sizes" rule, with the
  /// reductions the decoder offers (`factors`: TurboJPEG's DCT scales, or `areaFactors`).
  static func make(displayed: PixelSize, crop: PixelRect?, box: PixelSize?, exact: Bool,
                   factors: [ScalingFactor] = JPEGCodec.scalingFactors) throws(Problem) -> RemediationPlan {
    let full = PixelRect(x: 0, y: 0, width: displayed.width, height: displayed.height)
    let region = crop ?? full
    guard region.fits(in: displayed) else {
      throw Problem(description: "crop \(region) does not fit in the picture's displayed size \(displayed)")
    }
    guard let box else { return RemediationPlan(region: region, output: region.size, scale: .one) }
    let target = region.size.downscaled(toFit: box)
    if crop == nil {
      // No crop: the landing shortcut may make a reduced decode the output itself.
      let plan = JPEGCodec.chooseScale(original: displayed, fitting: box, exact: exact, factors: factors)
      return RemediationPlan(region: region, output: plan.outputSize, scale: plan.factor)
    }
    // Crop: the smallest reduction whose decode still covers the region at the output size.
    let factors = (factors.filter { $0 <= .one } + [.one]).sorted()
    let scale = factors.first { f in
      Double(f.numerator) / Double(f.denominator) * Double(region.width) >= Double(target.width)
        && Double(f.numerator) / Double(f.denominator) * Double(region.height) >= Double(target.height)
    } ?? .one
    return RemediationPlan(region: region, output: target, scale: scale)
  }

  /// The region mapped onto a decode of `decoded` size (the displayed picture scaled).
  func region(in decoded: PixelSize, displayed: PixelSize) -> PixelRect {
    guard decoded != displayed else { return region }
    let sx = Double(decoded.width) / Double(displayed.width), sy = Double(decoded.height) / Double(displayed.height)
    let x = min(decoded.width - 1, Int((Double(region.x) * sx).rounded(.down)))
    let y = min(decoded.height - 1, Int((Double(region.y) * sy).rounded(.down)))
    let w = max(1, min(decoded.width - x, Int((Double(region.width) * sx).rounded())))
    let h = max(1, min(decoded.height - y, Int((Double(region.height) * sy).rounded())))
    return PixelRect(x: x, y: y, width: w, height: h)
  }
}
