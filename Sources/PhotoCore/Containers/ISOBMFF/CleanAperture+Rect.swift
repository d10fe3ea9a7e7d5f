/// Why a `clap` box does not give a usable crop rectangle.
public enum CleanApertureProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// A fraction has denominator 0.
  case zeroDenominator(field: String)
  /// Width or height is zero or negative.
  case emptySize
  /// The fractions are too large to combine exactly.
  case overflow
  /// The rounded rectangle (inclusive edges) does not lie inside the image.
  case outsideImage(left: Int, top: Int, right: Int, bottom: Int, image: PixelSize)

  public var description: String {
    switch self {
    case .zeroDenominator(let field): "clean aperture \(field) has denominator 0"
    case .emptySize: "clean aperture has zero or negative width or height"
    case .overflow: "clean aperture fractions are out of range"
    case .outsideImage(let l, let t, let r, let b, let image):
      "clean aperture (\(l),\(t))–(\(r),\(b)) leaves the \(image) image"
    }
  }
}

extension CleanAperture {
  /// The crop rectangle this clean aperture selects in an image of `size`, rounded as libheif
  /// 1.15 does (`Box_clap::left_rounded` … `bottom_rounded`):
  ///
  ///     left   = round_down(horizOff + (W − 1)/2 − (clapW − 1)/2)
  ///     right  = round(clapW − 1 + left)
  ///     top    = round(vertOff + (H − 1)/2 − (clapH − 1)/2)
  ///     bottom = round(clapH − 1 + top)
  ///
  /// where round(n/d) = (n + d/2)/d and round_down(n/d) = n/d in C integer division (truncation
  /// toward zero). Note the asymmetry libheif has: the left edge is truncated, the top edge
  /// rounded. The centre is at (W−1)/2 + horizOff. [ISO/IEC 14496-12 12.1.4.1]
  ///
  /// Fractions are combined exactly; a zero denominator, an empty or overflowing aperture, or a
  /// rectangle leaving the image is a `CleanApertureProblem`, never a crash.
  public func pixelRect(in size: PixelSize) -> Result<PixelRect, CleanApertureProblem> {
    let fields: [(String, Int64)] = [("width", widthD), ("height", heightD),
                                     ("horizontal offset", horizOffD), ("vertical offset", vertOffD)]
    if let zero = fields.first(where: { $0.1 == 0 }) { return .failure(.zeroDenominator(field: zero.0)) }
    guard let width = Fraction(widthN, widthD), let height = Fraction(heightN, heightD),
          let horizontal = Fraction(horizOffN, horizOffD), let vertical = Fraction(vertOffN, vertOffD) else {
      return .failure(.overflow)
    }
    guard width.numerator > 0, height.numerator > 0 else { return .failure(.emptySize) }
    guard size.width > 0, size.height > 0,
          let leftF = Fraction.edge(offset: horizontal, imageSide: size.width, apertureSide: width),
          let topF = Fraction.edge(offset: vertical, imageSide: size.height, apertureSide: height),
          let left = leftF.roundedDown, let top = topF.rounded,
          let rightF = width.plus(-1)?.plus(Int64(left)), let bottomF = height.plus(-1)?.plus(Int64(top)),
          let right = rightF.rounded, let bottom = bottomF.rounded else {
      return .failure(.overflow)
    }
    guard left >= 0, top >= 0, left <= right, top <= bottom, right < size.width, bottom < size.height else {
      return .failure(.outsideImage(left: left, top: top, right: right, bottom: bottom, image: size))
    }
    return .success(PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1))
  }
}

/// A fraction combined the way libheif's `Fraction` does (no reduction; equal denominators are
/// added directly, others cross-multiplied), so rounding of the result matches libheif for every
/// sane input. Overflow is reported as nil instead of wrapping.
struct Fraction: Equatable {
  package var numerator: Int64
  package var denominator: Int64

  init?(_ n: Int64, _ d: Int64) {
    guard d != 0, n != .min, d != .min else { return nil }
    // Keep the denominator positive (file denominators are unsigned already).
    numerator = d < 0 ? -n : n
    denominator = d < 0 ? -d : d
  }

  /// libheif `Fraction::operator+(Fraction)`.
  func plus(_ other: Fraction) -> Fraction? {
    if denominator == other.denominator {
      let (n, o) = numerator.addingReportingOverflow(other.numerator)
      return o ? nil : Fraction(n, denominator)
    }
    let (a, o1) = numerator.multipliedReportingOverflow(by: other.denominator)
    let (b, o2) = other.numerator.multipliedReportingOverflow(by: denominator)
    let (n, o3) = a.addingReportingOverflow(b)
    let (d, o4) = denominator.multipliedReportingOverflow(by: other.denominator)
    guard !(o1 || o2 || o3 || o4) else { return nil }
    return Fraction(n, d)
  }

  /// libheif `Fraction::operator-(Fraction)`.
  func minus(_ other: Fraction) -> Fraction? {
    guard other.numerator != .min else { return nil }
    return plus(Fraction(numerator: -other.numerator, denominator: other.denominator))
  }

  /// libheif `Fraction::operator+(int)`: (n + v·d) / d.
  func plus(_ value: Int64) -> Fraction? {
    let (vd, o1) = value.multipliedReportingOverflow(by: denominator)
    let (n, o2) = numerator.addingReportingOverflow(vd)
    return o1 || o2 ? nil : Fraction(n, denominator)
  }

  /// libheif `Fraction::operator/(int)`: n / (d·v).
  func divided(by value: Int64) -> Fraction? {
    let (d, o) = denominator.multipliedReportingOverflow(by: value)
    return o ? nil : Fraction(numerator, d)
  }

  private init(numerator: Int64, denominator: Int64) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// C's `n / d`: truncation toward zero (libheif `Fraction::round_down`).
  var roundedDown: Int? { Int(exactly: numerator / denominator) }
  /// libheif `Fraction::round`: `(n + d/2) / d` in C integer division.
  package var rounded: Int? {
    let (n, overflow) = numerator.addingReportingOverflow(denominator / 2)
    return overflow ? nil : Int(exactly: n / denominator)
  }

  /// (offset + Fraction(imageSide − 1, 2)) − (apertureSide − 1)/2, in libheif's order of
  /// operations: the left or top edge before rounding.
  package static func edge(offset: Fraction, imageSide: Int, apertureSide: Fraction) -> Fraction? {
    guard let half = Fraction(Int64(imageSide) - 1, 2),
          let centre = offset.plus(half),
          let apertureHalf = apertureSide.plus(-1)?.divided(by: 2) else { return nil }
    return centre.minus(apertureHalf)
  }
}
