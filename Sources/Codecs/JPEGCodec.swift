internal import CTurboJPEG

/// JPEG decoding, encoding and lossless transforms through TurboJPEG (libjpeg-turbo 2.x API).
///
/// Never calls the classic libjpeg API (its errors `longjmp`); TurboJPEG reports errors as
/// `-1` + `tjGetErrorStr2`, converted once by `TurboJPEGHandle.check`. Encoding lives in
/// `JPEGCodec+Encode.swift`, lossless transforms in `JPEGCodec+Transform.swift`.
public enum JPEGCodec {
  /// The libjpeg-turbo version this module was built against.
  ///
  /// libjpeg-turbo 2.x has no runtime version call and `turbojpeg.h` does not include
  /// `jconfig.h` (where `LIBJPEG_TURBO_VERSION` lives), so this is the version that
  /// `pkg-config --modversion libturbojpeg` reported when the module was written; the
  /// TurboJPEG 2.1 API (`TJFLAG_LIMITSCANS`) is required to compile at all.
  public static let libraryVersion = "2.1.5"

  /// The DCT scaling factors the library supports (`tjGetScalingFactors`), largest first
  /// (2/1 … 1/1 … 1/8). Only factors ≤ 1 are used for downscaling.
  public static let scalingFactors: [ScalingFactor] = {
    var count: Int32 = 0
    guard let list = tjGetScalingFactors(&count), count > 0 else { return [.one] }
    let factors = (0..<Int(count)).map { ScalingFactor(Int(list[$0].num), Int(list[$0].denom)) }
    return factors.sorted(by: >)
  }()

  /// The size a decode at `factor` produces: ceil(W × num / denom) × ceil(H × num / denom).
  public static func scaledSize(width: Int, height: Int, factor: ScalingFactor) -> (width: Int, height: Int) {
    (factor.scaled(width), factor.scaled(height))
  }

  /// Reads the frame header (`tjDecompressHeader3`): size, subsampling, colour space. Reads
  /// markers only, up to the first SOS; no pixel memory is allocated.
  public static func readHeader(_ data: [UInt8]) throws(CodecError) -> JPEGHeaderInfo {
    let handle = try TurboJPEGHandle(.decompress)
    return try readHeader(data, with: handle)
  }

  /// `tjDecompressHeader3` on an existing decompress or transform instance.
  static func readHeader(_ data: [UInt8], with handle: borrowing TurboJPEGHandle) throws(CodecError) -> JPEGHeaderInfo {
    guard !data.isEmpty else { throw .jpeg("the file is empty") }
    var width: Int32 = 0, height: Int32 = 0, subsamp: Int32 = -1, colorspace: Int32 = -1
    let result = data.withUnsafeBufferPointer { buffer in
      tjDecompressHeader3(handle.raw, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsamp, &colorspace)
    }
    try handle.check(result, "cannot read the JPEG header")
    guard width > 0, height > 0 else { throw .jpeg("the JPEG header gives no image size") }
    guard let sampling = JPEGSubsampling(rawValue: Int(subsamp)) else {
      throw .jpeg("the JPEG uses a chroma subsampling TurboJPEG cannot describe (code \(subsamp))")
    }
    guard let space = JPEGColorspace(rawValue: Int(colorspace)) else {
      throw .jpeg("the JPEG uses an unknown colour space (code \(colorspace))")
    }
    return JPEGHeaderInfo(width: Int(width), height: Int(height), subsampling: sampling, colorspace: space)
  }

  /// Decodes to 8-bit pixels (`tjDecompress2`), scaled by `scale` in the DCT domain.
  ///
  /// - YCbCr and RGB JPEGs decode to 3-channel RGB.
  /// - Grayscale JPEGs decode to 1 channel, or to RGB when `expandGray` is set.
  /// - CMYK/YCCK JPEGs decode to CMYK (`TJPF_CMYK`, Adobe-inverted as stored) and are then
  ///   converted to RGB (R = C·K/255 on the inverted values); no ICC colour management.
  ///
  /// The header's full W×H is checked against `maxPixels` *before* any pixel memory is
  /// allocated (`.tooLarge`), whatever the scale. Library warnings (a truncated scan, bytes
  /// before a marker) are tolerated unless `strict` is set; the decoded image then holds what
  /// libjpeg-turbo recovered (`decodeReportingWarnings` says what went wrong).
  public static func decode(
    _ data: [UInt8], scale: ScalingFactor = .one, maxPixels: Int,
    expandGray: Bool = false, strict: Bool = false
  ) throws(CodecError) -> PixelImage {
    let outcome = try decodeReportingWarnings(data, scale: scale, maxPixels: maxPixels, expandGray: expandGray)
    if strict, let warning = outcome.warning { throw .jpeg("cannot decode the JPEG: \(warning)") }
    return outcome.image
  }

  /// Decodes like `decode` and returns libjpeg's first warning with the image: libjpeg-turbo
  /// returns -1 on a warning yet fills the whole image, recovering what it can (grey where the
  /// data ended), so the warning is the only sign of damage. Progressive files with more than
  /// 500 scans are refused (`TJFLAG_LIMITSCANS`, a `.limit`).
  public static func decodeReportingWarnings(
    _ data: [UInt8], scale: ScalingFactor = .one, maxPixels: Int, expandGray: Bool = false
  ) throws(CodecError) -> JPEGDecodeOutcome {
    let handle = try TurboJPEGHandle(.decompress)
    let header = try readHeader(data, with: handle)
    let (area, overflow) = header.width.multipliedReportingOverflow(by: header.height)
    guard !overflow, area <= maxPixels else {
      throw .tooLarge(width: header.width, height: header.height, limit: maxPixels)
    }
    guard scalingFactors.contains(scale) else {
      let list = scalingFactors.map(\.description).joined(separator: ", ")
      throw .invalidArgument("libjpeg-turbo cannot decode at scale \(scale); it supports \(list)")
    }
    let width = scale.scaled(header.width), height = scale.scaled(header.height)
    // An enlarging factor (2/1 …) must not get past the limit either.
    guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels else {
      throw .tooLarge(width: width, height: height, limit: maxPixels)
    }

    if header.colorspace.isCMYK {
      let cmyk = try decompress(data, handle: handle, width: width, height: height, format: TJPF_CMYK, channels: 4)
      return JPEGDecodeOutcome(image: try rgb(fromInvertedCMYK: cmyk.samples, width: width, height: height), warning: cmyk.warning)
    }
    let gray = header.colorspace == .gray && !expandGray
    let decoded = try decompress(
      data, handle: handle, width: width, height: height,
      format: gray ? TJPF_GRAY : TJPF_RGB, channels: gray ? 1 : 3)
    return JPEGDecodeOutcome(
      image: try PixelImage(width: width, height: height, channels: gray ? 1 : 3, pixels: decoded.samples),
      warning: decoded.warning)
  }

  /// One `tjDecompress2` call into a fresh buffer of `width × height × channels` bytes; a
  /// warning is returned, a fatal error thrown.
  private static func decompress(
    _ data: [UInt8], handle: borrowing TurboJPEGHandle, width: Int, height: Int,
    format: TJPF, channels: Int
  ) throws(CodecError) -> (samples: [UInt8], warning: String?) {
    let count = try PixelImage.sampleCount(width: width, height: height, channels: channels)
    var result: Int32 = 0
    let samples = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      result = data.withUnsafeBufferPointer { input in
        tjDecompress2(
          handle.raw, input.baseAddress, UInt(input.count), out.baseAddress,
          Int32(width), Int32(width * channels), Int32(height), Int32(format.rawValue), TJFLAG_LIMITSCANS)
      }
      // On a fatal error the buffer may be partly written; it is discarded below.
      initialized = count
    }
    guard result != 0 else { return (samples, nil) }
    if case .warning(let message) = handle.lastFailure() { return (samples, message) }
    try handle.check(result, "cannot decode the JPEG")
    return (samples, nil)
  }

  /// Converts Adobe-inverted CMYK (as libjpeg returns it: 255 = no ink) to RGB.
  private static func rgb(fromInvertedCMYK cmyk: [UInt8], width: Int, height: Int) throws(CodecError) -> PixelImage {
    try PixelImage(width: width, height: height, channels: 3) { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(CodecError) in
      cmyk.withUnsafeBufferPointer { src in
        var s = 0, d = 0
        for _ in 0..<(width * height) {
          let k = UInt32(src[s + 3])
          // (c·k + 127) / 255, rounded, in integers.
          out[d] = UInt8(truncatingIfNeeded: (UInt32(src[s]) &* k &+ 127) / 255)
          out[d + 1] = UInt8(truncatingIfNeeded: (UInt32(src[s + 1]) &* k &+ 127) / 255)
          out[d + 2] = UInt8(truncatingIfNeeded: (UInt32(src[s + 2]) &* k &+ 127) / 255)
          s += 4
          d += 3
        }
      }
    }
  }
}
