/// What the pixels say about an output's orientation relative to the original as displayed.
public struct OrientationVerdict: Sendable, Equatable, Codable {
  public enum Kind: String, Sendable, Equatable, Codable {
    /// Displays upright (pixels upright and no tag, or unrotated pixels with the right tag).
    case upright
    /// Pixels rotated upright but the Orientation tag kept: viewers rotate it again.
    case doubleRotated = "double-rotated"
    /// Tag removed but pixels left as stored: shows sideways/upside down/mirrored.
    case tagDroppedNotRotated = "tag-dropped-not-rotated"
    /// Displays rotated by some other mistake (e.g. rotated the wrong way).
    case rotated
    /// Displays mirrored (e.g. the mirror of orientation 2/4/5/7 forgotten).
    case mirrored
    /// The pixels cannot tell (flat or symmetric picture, or different content).
    case inconclusive
  }

  public var kind: Kind
  /// How the output displays relative to the upright original (`.up` when correct).
  public var displayedAs: Orientation
  /// The transform relating the output's stored pixels to the original as displayed.
  public var storedTransform: Orientation
  /// Correlation of the best match (−1…1).
  public var score: Double
  /// Best minus second-best correlation: how sure the match is.
  public var margin: Double

  /// One line for reports ("rotated 90° CW (margin 0.61)").
  public var summary: String {
    let detail: String
    switch kind {
    case .upright: detail = "upright"
    case .doubleRotated: detail = "double-rotated: pixels were rotated and the Orientation tag kept, so it displays \(displayedAs.displayedMeaning)"
    case .tagDroppedNotRotated: detail = "Orientation tag dropped without rotating the pixels: displays \(displayedAs.displayedMeaning)"
    case .rotated: detail = "displays \(displayedAs.displayedMeaning)"
    case .mirrored: detail = "displays \(displayedAs.displayedMeaning)"
    case .inconclusive: detail = "inconclusive: the pixels cannot tell the orientation"
    }
    return detail + " (match \(String(format: "%.2f", score)), margin \(String(format: "%.2f", margin)))"
  }
}

/// Decides the orientation verdict from fingerprints: finds which of the 8 transforms maps the
/// original as displayed onto the output's stored pixels, then reads it with the output's tag.
public enum OrientationClassifier {
  /// Smallest best-vs-second margin for a decision.
  public static let minimumMargin = 0.08
  /// Smallest correlation for "same picture".
  public static let minimumScore = 0.6
  /// Smallest luminance spread (0–255) for a picture to say anything.
  public static let minimumContrast = 2.0

  /// - Parameters:
  ///   - original: fingerprint of the original as displayed (upright).
  ///   - outputStored: fingerprint of the output's stored pixels (no orientation applied).
  ///   - outputTag: the orientation a viewer applies to the output.
  ///   - originalTag: the transform from the original's stored pixels to its display.
  public static func classify(original: Fingerprint, outputStored: Fingerprint, outputTag: Orientation,
                              originalTag: Orientation) -> OrientationVerdict {
    let scored = Orientation.allCases.map { ($0, original.transformed($0).correlation(with: outputStored)) }
      .sorted { $0.1 > $1.1 }
    let (best, score) = scored[0]
    let margin = score - scored[1].1
    let displayed = outputTag.after(best)
    var verdict = OrientationVerdict(kind: .inconclusive, displayedAs: displayed, storedTransform: best,
                                     score: score, margin: margin)
    guard original.contrast >= minimumContrast, outputStored.contrast >= minimumContrast,
          score >= minimumScore, margin >= minimumMargin else { return verdict }
    if displayed == .up {
      verdict.kind = .upright
    } else if best == .up && outputTag != .up {
      verdict.kind = .doubleRotated
    } else if outputTag == .up && best == originalTag.inverse && originalTag != .up {
      verdict.kind = .tagDroppedNotRotated
    } else {
      verdict.kind = displayed.decomposition.mirror ? .mirrored : .rotated
    }
    return verdict
  }
}

extension Orientation {
  /// How a picture looks when displayed with this transform applied to an upright one.
  public var displayedMeaning: String {
    switch self {
    case .up: "upright"
    case .right: "rotated 90° clockwise"
    case .down: "upside down (rotated 180°)"
    case .left: "rotated 90° counter-clockwise"
    case .upMirrored: "mirrored left↔right"
    case .downMirrored: "mirrored top↔bottom"
    case .leftMirrored: "transposed (mirrored and rotated)"
    case .rightMirrored: "transversed (mirrored and rotated)"
    }
  }
}
