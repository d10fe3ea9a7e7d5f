import PhotoCore
/// The remediation profiles: the pipelines real apps run (SPEC "Remediation profiles").
public enum SanitizeProfile: String, Sendable, Equatable, CaseIterable, Codable {
  case picker2048 = "picker-2048"
  case upload1024 = "upload-1024"
  case fit2000x1500 = "fit-2000x1500"
  case heicToJPEG = "heic-to-jpeg"
  case lossless

  /// The box the output must fit in (nil: no resize).
  public var box: PixelSize? {
    switch self {
    case .picker2048: PixelSize(width: 2048, height: 2048)
    case .upload1024: PixelSize(width: 1024, height: 1024)
    case .fit2000x1500: PixelSize(width: 2000, height: 1500)
    case .heicToJPEG, .lossless: nil
    }
  }

  /// Default JPEG quality.
  public var quality: Int {
    switch self {
    case .picker2048, .fit2000x1500: 85
    case .upload1024: 50
    case .heicToJPEG: 90
    case .lossless: 100
    }
  }

  /// What the profile does, for --help.
  public var summary: String {
    switch self {
    case .picker2048: "orient, long side ≤ 2048 px, JPEG quality 85, keep ICC, strip the rest"
    case .upload1024: "orient, long side ≤ 1024 px, JPEG quality 50, then lower until ≤ --max-kb (default 150)"
    case .fit2000x1500: "orient, fit inside 2000×1500, JPEG quality 85"
    case .heicToJPEG: "orient, no resize, JPEG quality 90"
    case .lossless: "JPEG in, JPEG out: lossless rotate/flip of the DCT data, metadata but ICC dropped"
    }
  }
}

/// Everything a sanitize run is asked to do.
public struct SanitizeOptions: Sendable, Codable {
  public var profile: SanitizeProfile = .picker2048
  /// `--max-side N`: overrides the profile's box with N × N.
  public var maxSide: Int?
  /// `--quality Q` (1–100): overrides the profile's quality.
  public var quality: Int?
  /// `--crop x,y,w,h` in the input's displayed (upright) coordinates.
  public var crop: PixelRect?
  /// `--exact-size`: always resample to exactly the fitted size (no DCT-landing shortcut).
  public var exactSize = false
  /// Keep the ICC profile (default) or drop it.
  public var keepICC = true
  /// 4:4:4 chroma instead of 4:2:0.
  public var fullChroma = false
  /// Write PNG instead of JPEG.
  public var png = false
  /// `upload-1024`: the size bound in KiB and the lowest quality tried.
  public var maxKB = 150
  public var qualityFloor = 20
  /// `lossless`: trim partial MCUs instead of refusing.
  public var trim = false
  /// Replace existing outputs.
  public var force = false
  public var maxPixels = 200_000_000
  /// Threads one image's resize and HEIF tile decode may use (the CLI gives each file the
  /// cores -j leaves free).
  public var threadsPerImage = 1
  /// `--accept-damaged`: sanitize an input whose pixels do not decode cleanly (truncated,
  /// corrupt) instead of refusing it; the output then carries what decoded, and a PA016 finding.
  public var acceptDamaged = false
  public init() {}

  /// The box the output must fit in, nil for none.
  public var box: PixelSize? { maxSide.map { PixelSize(width: $0, height: $0) } ?? profile.box }
  public var effectiveQuality: Int { quality ?? profile.quality }
}
