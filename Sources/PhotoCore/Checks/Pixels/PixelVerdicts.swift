/// Results of comparing pixels, computed by `PixelVerifier` and read by the pixel checks.
public struct PixelVerdicts: Sendable, Equatable, Codable {
  public var orientation: OrientationVerdict?
  public var crop: CropVerdict?
  public var thumbnail: ThumbnailVerdict?
  /// One verdict per C2PA claim or ingredient thumbnail that decodes (PA005, PA018).
  public var c2paThumbnails: [C2PAThumbnailVerdict] = []
  /// Why pixels could not be compared (decode failure, damage), when they could not: one line
  /// for reports. The checks read `outputDamage` and `incomplete`.
  public var problem: String?
  /// The output's pixels do not decode cleanly (truncated, corrupt data): PA016.
  public var outputDamage: String?
  /// What the pixel checks could not do (a limit, an unsupported feature, an original that does
  /// not decode), each a PA015 finding with scope "pixels".
  public var incomplete: [IncompleteCheck]
  /// How alike the output and its original are, for the "output unprocessed" check (PA019).
  public var sameness: PixelSameness?

  public init(orientation: OrientationVerdict? = nil, crop: CropVerdict? = nil, thumbnail: ThumbnailVerdict? = nil,
              problem: String? = nil, outputDamage: String? = nil, incomplete: [IncompleteCheck] = [],
              sameness: PixelSameness? = nil) {
    self.orientation = orientation
    self.crop = crop
    self.thumbnail = thumbnail
    self.problem = problem
    self.outputDamage = outputDamage
    self.incomplete = incomplete
    self.sameness = sameness
  }
}

/// Whether an output still has its original's pixels, from the reduced decodes the other
/// pixel checks made anyway (nothing is decoded for it).
public struct PixelSameness: Sendable, Equatable, Codable {
  /// Same stored size, and the reduced decodes (same decoder, same scale) are equal sample
  /// for sample: the pixels are the original's as far as a reduced decode can tell.
  public var identicalPixels: Bool
  /// Correlation (−1…1) of the fingerprints of both pictures as displayed: ~1 for the same
  /// picture shown the same way, whatever its size or re-encoding.
  public var displayedCorrelation: Double

  public init(identicalPixels: Bool, displayedCorrelation: Double) {
    self.identicalPixels = identicalPixels
    self.displayedCorrelation = displayedCorrelation
  }
}

/// Does the output show the claimed region of the original?
public struct CropVerdict: Sendable, Equatable, Codable {
  /// The region claimed by the descriptor (original displayed coordinates), if any.
  public var claimed: PixelRect?
  /// Correlation of the output with the claimed region (or the whole original).
  public var claimedScore: Double
  /// Where the output's content best matches in the original (coarse search).
  public var estimated: PixelRect?
  public var estimatedScore: Double
  public var matches: Bool
}

/// Does the embedded thumbnail show the same picture as the output?
public struct ThumbnailVerdict: Sendable, Equatable, Codable {
  public var score: Double
  public var aspectDifference: Double
  public var matches: Bool
  public var detail: String
}
