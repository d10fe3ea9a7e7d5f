/// Results of comparing pixels, computed by `PixelVerifier` and read by the pixel checks.
public struct PixelVerdicts: Sendable, Equatable, Codable {
  public var orientation: OrientationVerdict?
  public var crop: CropVerdict?
  /// One verdict per embedded preview of the primary image that decodes (EXIF IFD1 and JFXX
  /// thumbnails, MPF Large Thumbnails), in layout order (PA005).
  public var thumbnails: [ThumbnailVerdict]
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

  public init(orientation: OrientationVerdict? = nil, crop: CropVerdict? = nil, thumbnails: [ThumbnailVerdict] = [],
              problem: String? = nil, outputDamage: String? = nil, incomplete: [IncompleteCheck] = [],
              sameness: PixelSameness? = nil) {
    self.orientation = orientation
    self.crop = crop
    self.thumbnails = thumbnails
    self.problem = problem
    self.outputDamage = outputDamage
    self.incomplete = incomplete
    self.sameness = sameness
  }
}

extension PixelVerdicts {
  /// The one thumbnail verdict reports summarize (the JSON report's `verdicts.thumbnail`): the
  /// first preview that shows other content, else the first preview.
  public var thumbnail: ThumbnailVerdict? { thumbnails.first { !$0.matches } ?? thumbnails.first }
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

  package init(claimed: PixelRect?, claimedScore: Double, estimated: PixelRect?, estimatedScore: Double, matches: Bool) {
    self.claimed = claimed
    self.claimedScore = claimedScore
    self.estimated = estimated
    self.estimatedScore = estimatedScore
    self.matches = matches
  }
}

/// Does an embedded preview (thumbnail, MPF Large Thumbnail) show the same picture as the output?
public struct ThumbnailVerdict: Sendable, Equatable, Codable {
  /// Correlation (−1…1) of its fingerprint with the output's as displayed.
  public var score: Double
  /// Relative difference of its aspect ratio from the output's.
  public var aspectDifference: Double
  /// Same content and shape: it shows what the output shows.
  public var matches: Bool
  /// One sentence for reports.
  public var detail: String
  /// Its carrier path ("thumbnail", "thumbnail#2", "mpf-image#2").
  public var path: String = "thumbnail"
  /// What it is ("EXIF IFD1 thumbnail", "JFXX thumbnail", "Large Thumbnail (full HD)").
  public var role: String?

  package init(score: Double, aspectDifference: Double, matches: Bool, detail: String, path: String = "thumbnail",
               role: String? = nil) {
    self.score = score
    self.aspectDifference = aspectDifference
    self.matches = matches
    self.detail = detail
    self.path = path
    self.role = role
  }
}
