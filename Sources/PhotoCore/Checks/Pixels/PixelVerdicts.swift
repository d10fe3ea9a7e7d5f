/// Results of comparing pixels, computed by `PixelVerifier` and read by the pixel checks.
public struct PixelVerdicts: Sendable, Equatable, Codable {
  public var orientation: OrientationVerdict?
  public var crop: CropVerdict?
  public var thumbnail: ThumbnailVerdict?
  /// Why pixels could not be compared (decode failure), when they could not.
  public var problem: String?
  public init(orientation: OrientationVerdict? = nil, crop: CropVerdict? = nil, thumbnail: ThumbnailVerdict? = nil,
              problem: String? = nil) {
    self.orientation = orientation
    self.crop = crop
    self.thumbnail = thumbnail
    self.problem = problem
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
