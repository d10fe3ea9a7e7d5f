/// EXIF Orientation (TIFF tag 0x0112): the transform that turns the stored pixels into the
/// displayed picture. [EXIF 2.32 4.6.4 A; FORMATS.md table]
///
/// The eight values form the dihedral group D4. Each is represented as "optionally mirror
/// left↔right, then rotate clockwise by `clockwiseQuarterTurns`" applied to the stored image.
public enum Orientation: Int, Sendable, Equatable, Hashable, Codable, CaseIterable {
  case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

  /// True when displaying needs a 90° turn, so displayed W×H is stored H×W.
  public var swapsAxes: Bool { rawValue >= 5 }

  /// The (mirror, clockwise quarter turns) decomposition: display = rotateCW^turns(mirrorLR^m(stored)).
  public var decomposition: (mirror: Bool, clockwiseQuarterTurns: Int) {
    switch self {
    case .up: (false, 0)
    case .right: (false, 1)
    case .down: (false, 2)
    case .left: (false, 3)
    case .upMirrored: (true, 0)
    // 5: transpose = rotate 90° CW then mirror left↔right = mirror left↔right then rotate 270° CW.
    case .leftMirrored: (true, 3)
    // 4: mirror top↔bottom = mirror left↔right then rotate 180°.
    case .downMirrored: (true, 2)
    // 7: transverse = rotate 90° CW then mirror top↔bottom = mirror left↔right then rotate 90° CW.
    case .rightMirrored: (true, 1)
    }
  }

  /// Builds the orientation from its decomposition.
  public init(mirror: Bool, clockwiseQuarterTurns turns: Int) {
    let t = ((turns % 4) + 4) % 4
    self = Orientation.allCases.first { $0.decomposition == (mirror, t) }!
  }

  /// The transform that undoes this one (6 ↔ 8; every other value is its own inverse).
  public var inverse: Orientation {
    let (m, t) = decomposition
    // (R^t M^m)^-1 = M^m R^-t = R^(m ? t : -t) M^m
    return Orientation(mirror: m, clockwiseQuarterTurns: m ? t : -t)
  }

  /// `self` applied after `first`: the result maps stored pixels through `first`, then `self`.
  public func after(_ first: Orientation) -> Orientation {
    let (m2, t2) = decomposition
    let (m1, t1) = first.decomposition
    // R^t2 M^m2 R^t1 M^m1 ; M R^t = R^-t M
    let turns = m2 ? t2 - t1 : t2 + t1
    return Orientation(mirror: m1 != m2, clockwiseQuarterTurns: turns)
  }

  /// Displayed size of an image stored at `stored`.
  public func displayedSize(stored: PixelSize) -> PixelSize { swapsAxes ? stored.transposed : stored }

  /// Where the stored pixel (x, y) lands in the displayed image of an image stored at `stored`.
  public func displayedPoint(x: Int, y: Int, stored: PixelSize) -> (x: Int, y: Int) {
    let w = stored.width, h = stored.height
    switch self {
    case .up: return (x, y)
    case .upMirrored: return (w - 1 - x, y)
    case .down: return (w - 1 - x, h - 1 - y)
    case .downMirrored: return (x, h - 1 - y)
    case .leftMirrored: return (y, x)
    case .right: return (h - 1 - y, x)
    case .rightMirrored: return (h - 1 - y, w - 1 - x)
    case .left: return (y, w - 1 - x)
    }
  }

  /// A short human description ("rotate 90° CW").
  public var meaning: String {
    switch self {
    case .up: "upright"
    case .upMirrored: "mirror horizontal"
    case .down: "rotate 180°"
    case .downMirrored: "mirror vertical"
    case .leftMirrored: "mirror horizontal and rotate 270° CW"
    case .right: "rotate 90° CW"
    case .rightMirrored: "mirror horizontal and rotate 90° CW"
    case .left: "rotate 270° CW"
    }
  }
}
