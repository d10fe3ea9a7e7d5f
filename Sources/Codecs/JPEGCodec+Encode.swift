internal import CTurboJPEG

extension JPEGCodec {
  /// Encodes a baseline JPEG (`tjCompress2`) with standard Huffman tables and a JFIF APP0; no
  /// other metadata (re-attach the ICC profile with `insertICC`).
  ///
  /// - `quality`: 1…100 (libjpeg scale; 85 is the picker default).
  /// - `subsampling`: `.s420` (smaller, what phones write) or `.s444`; other values are
  ///   accepted too. A 1-channel image is always written as a grayscale JPEG.
  /// - A 4-channel image is refused: flatten the alpha first (`flattened(onto:)`), since JPEG
  ///   has no alpha and silently dropping it would show whatever colour hides under it.
  ///
  /// Huffman optimisation: libjpeg-turbo 2.x offers it only through the `TJ_OPTIMIZE`
  /// environment variable read inside `tjCompress2`; setting process environment from a
  /// multithreaded tool is unsafe, so the standard tables are used (output ~5–10 % larger).
  public static func encode(_ image: PixelImage, quality: Int, subsampling: JPEGSubsampling = .s420) throws(CodecError) -> [UInt8] {
    guard (1...100).contains(quality) else {
      throw .invalidArgument("JPEG quality \(quality) is outside 1…100")
    }
    let format: TJPF
    let sampling: JPEGSubsampling
    switch image.channels {
    case 1:
      format = TJPF_GRAY
      sampling = .gray
    case 3:
      guard subsampling != .gray else {
        throw .invalidArgument("cannot write an RGB image with grayscale subsampling; convert it to gray first")
      }
      format = TJPF_RGB
      sampling = subsampling
    default:
      throw .invalidArgument("cannot write a \(image.channels)-channel image as JPEG; flatten the alpha channel first")
    }
    guard image.width <= maxDimension, image.height <= maxDimension else {
      throw .invalidArgument("JPEG cannot hold a \(image.width)×\(image.height) image (at most \(maxDimension) px per side)")
    }

    let handle = try TurboJPEGHandle(.compress)
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let result = image.pixels.withUnsafeBufferPointer { src in
      tjCompress2(
        handle.raw, src.baseAddress, Int32(image.width), Int32(image.rowBytes), Int32(image.height),
        Int32(format.rawValue), &output, &size, Int32(sampling.rawValue), Int32(quality), 0)
    }
    let bytes = takeTurboJPEGBuffer(output, size: size)
    try handle.check(result, "cannot encode the JPEG", strict: true)
    guard !bytes.isEmpty else { throw .jpeg("cannot encode the JPEG: TurboJPEG produced no data") }
    return bytes
  }

  /// The largest side a baseline JPEG can have (`JPEG_MAX_DIMENSION` in libjpeg-turbo).
  public static let maxDimension = 65500
}
