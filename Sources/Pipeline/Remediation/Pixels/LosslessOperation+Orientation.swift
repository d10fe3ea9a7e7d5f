import Codecs
import PhotoCore

extension LosslessOperation {
  /// The jpegtran operation that makes an image stored with EXIF orientation `o` upright:
  /// 1 none, 2 flip horizontal, 3 rotate 180, 4 flip vertical, 5 transpose, 6 rotate 90 (CW),
  /// 7 transverse, 8 rotate 270. [FORMATS.md "EXIF Orientation"]
  public init(for o: Orientation) {
    switch o {
    case .up: self = .none
    case .upMirrored: self = .flipH
    case .down: self = .rotate180
    case .downMirrored: self = .flipV
    case .leftMirrored: self = .transpose
    case .right: self = .rotate90
    case .rightMirrored: self = .transverse
    case .left: self = .rotate270
    }
  }

  /// The pixel transform this operation performs, as an EXIF orientation (the inverse of the
  /// mapping above is the same table: every operation is the display transform of the
  /// orientation it fixes).
  public var orientation: Orientation {
    switch self {
    case .none: .up
    case .flipH: .upMirrored
    case .rotate180: .down
    case .flipV: .downMirrored
    case .transpose: .leftMirrored
    case .rotate90: .right
    case .transverse: .rightMirrored
    case .rotate270: .left
    }
  }
}
