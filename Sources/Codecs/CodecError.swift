/// Errors raised by the C libraries, converted once at the wrapper boundary.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
  case exif(String)
  case heif(code: Int, message: String)
  case jpeg(String)
  case png(String)
  /// libwebp refused or could not finish the data.
  case webp(String)
  /// giflib refused or could not finish the data.
  case gif(String)
  /// libjxl refused or could not finish the data.
  case jxl(String)
  /// libtiff refused or could not finish the data.
  case tiff(String)
  case tooLarge(width: Int, height: Int, limit: Int)
  case invalidArgument(String)
  /// A decoder's own resource limit refused the file before decoding it (libheif's "Security
  /// limit exceeded", libpng's width/height user limits, TurboJPEG's scan limit): not damage,
  /// but the pixels were not checked.
  case limit(String)
  /// The file uses a feature the decoder does not implement (an unsupported codec or coding
  /// process): the pixels were not checked, though another reader may show them.
  case unsupported(String)

  /// A decoder that could not allocate the memory it needed: the `--max-memory` limit of a
  /// worker process (`RLIMIT_DATA`) or the machine's. Not damage: the pixels were not checked.
  public static func outOfMemory(_ decoder: String, _ message: String) -> CodecError {
    .limit("\(decoder): \(message): the decoder could not allocate the memory it needed (over --max-memory, or the machine's)")
  }

  public var description: String {
    switch self {
    case .exif(let m): "EXIF: \(m)"
    case .heif(_, let m): "HEIF: \(m)"
    case .jpeg(let m): "JPEG: \(m)"
    case .png(let m): "PNG: \(m)"
    case .webp(let m): "WebP: \(m)"
    case .gif(let m): "GIF: \(m)"
    case .jxl(let m): "JPEG XL: \(m)"
    case .tiff(let m): "TIFF: \(m)"
    case .tooLarge(let w, let h, let limit):
      "image is \(w)×\(h) (\(w * h) pixels), over the limit of \(limit) pixels"
    case .invalidArgument(let m): m
    case .limit(let m): m
    case .unsupported(let m): m
    }
  }

  /// True when the error is a refusal by a size or resource limit (`tooLarge`, `limit`): the
  /// file may be fine, it was not decoded.
  public var isLimit: Bool {
    switch self {
    case .tooLarge, .limit: true
    default: false
    }
  }
}
