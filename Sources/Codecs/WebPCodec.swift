internal import CWebP

/// Decodes WebP pictures with libwebp, reduced while decoding: libwebp's scaled decode
/// (`WebPDecoderConfig.options.use_scaling`) writes the picture at ceil(W / k) × ceil(H / k),
/// so a lossy picture is never held at full size. (A lossless VP8L picture is decoded into
/// libwebp's own full-size ARGB buffer first: 4 bytes a pixel, bounded by `maxPixels`.) An
/// animation gives its first frame, placed on its canvas (`WebPDemux`). [RFC 9649]
public enum WebPCodec {
  /// What the bitstream says before decoding (`WebPGetFeatures`).
  public struct Info: Sendable, Equatable {
    /// Canvas size (the picture's, or the animation's).
    public var width: Int
    public var height: Int
    public var hasAlpha: Bool
    public var hasAnimation: Bool
  }

  /// Reads the features of `data` (a whole WebP file). Wraps `WebPGetFeatures`.
  public static func info(_ data: [UInt8]) throws(CodecError) -> Info {
    var features = WebPBitstreamFeatures()
    let status = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
    try check(status, "reading the WebP header")
    return Info(width: Int(features.width), height: Int(features.height), hasAlpha: features.has_alpha != 0,
                hasAnimation: features.has_animation != 0)
  }

  /// Decodes `data` reduced by the whole `factor` (1: full size): 4 channels with alpha, else 3.
  /// The canvas size is checked against `maxPixels` before anything is allocated. libwebp gives
  /// nothing of data that stops part-way: that throws, so `damage` is always nil.
  public static func decode(_ data: [UInt8], factor: Int = 1, maxPixels: Int) throws(CodecError) -> ReducedDecode {
    let info = try info(data)
    let (area, overflow) = info.width.multipliedReportingOverflow(by: info.height)
    guard !overflow, area <= maxPixels else { throw .tooLarge(width: info.width, height: info.height, limit: maxPixels) }
    let k = max(1, factor)
    let image: PixelImage
    if info.hasAnimation {
      image = try firstFrame(data, info: info, factor: k)
    } else {
      image = try data.withUnsafeBufferPointer { (p: UnsafeBufferPointer<UInt8>) throws(CodecError) -> PixelImage in
        try decodeFrame(p, width: reduced(info.width, k), height: reduced(info.height, k), scaled: k > 1,
                        channels: info.hasAlpha ? 4 : 3)
      }
    }
    return ReducedDecode(image: image, width: info.width, height: info.height, factor: k, damage: nil)
  }

  /// ceil(side / k): the reduced size TurboJPEG's scaling rule gives.
  static func reduced(_ side: Int, _ k: Int) -> Int { max(1, (side + k - 1) / k) }

  /// One bitstream (a whole still file, or an animation frame's chunks) decoded at
  /// `width × height`. Wraps `WebPInitDecoderConfig`, `WebPDecode` and `WebPFreeDecBuffer`;
  /// the output goes straight into the image's samples (`is_external_memory`).
  static func decodeFrame(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int, scaled: Bool,
                          channels: Int) throws(CodecError) -> PixelImage {
    var config = WebPDecoderConfig()
    guard WebPInitDecoderConfig(&config) != 0 else { throw .webp("libwebp's decoder configuration does not match its headers") }
    if scaled {
      config.options.use_scaling = 1
      config.options.scaled_width = Int32(width)
      config.options.scaled_height = Int32(height)
    }
    config.output.colorspace = channels == 4 ? MODE_RGBA : MODE_RGB
    config.output.is_external_memory = 1
    defer { WebPFreeDecBuffer(&config.output) }
    return try PixelImage(width: width, height: height, channels: channels) { (buffer: inout UnsafeMutableBufferPointer<UInt8>) throws(CodecError) in
      config.output.u.RGBA.rgba = buffer.baseAddress
      config.output.u.RGBA.stride = Int32(width * channels)
      config.output.u.RGBA.size = buffer.count
      let status = WebPDecode(bytes.baseAddress, bytes.count, &config)
      try check(status, "decoding the WebP picture")
    }
  }

  /// The first frame of an animation, on a transparent canvas of the reduced canvas size.
  /// Wraps `WebPDemux`, `WebPDemuxGetFrame`, `WebPDemuxReleaseIterator` and `WebPDemuxDelete`.
  static func firstFrame(_ data: [UInt8], info: Info, factor k: Int) throws(CodecError) -> PixelImage {
    try data.withUnsafeBufferPointer { (p: UnsafeBufferPointer<UInt8>) throws(CodecError) -> PixelImage in
      var webp = WebPData(bytes: p.baseAddress, size: p.count)
      guard let demux = WebPDemux(&webp) else { throw .webp("the animation's chunks could not be read (WebPDemux)") }
      defer { WebPDemuxDelete(demux) }
      var iterator = WebPIterator()
      guard WebPDemuxGetFrame(demux, 1, &iterator) != 0 else { throw .webp("the animation has no first frame") }
      defer { WebPDemuxReleaseIterator(&iterator) }
      let frameBytes = UnsafeBufferPointer(start: iterator.fragment.bytes, count: iterator.fragment.size)
      let width = Int(iterator.width), height = Int(iterator.height)
      guard width > 0, height > 0 else { throw .webp("the animation's first frame has no size") }
      let frame = try decodeFrame(frameBytes, width: reduced(width, k), height: reduced(height, k), scaled: k > 1, channels: 4)
      return try place(frame, x: Int(iterator.x_offset) / k, y: Int(iterator.y_offset) / k,
                       canvasWidth: reduced(info.width, k), canvasHeight: reduced(info.height, k))
    }
  }

  /// `frame` (RGBA) placed at (x, y) on a transparent canvas; what falls outside is cut.
  static func place(_ frame: PixelImage, x: Int, y: Int, canvasWidth: Int, canvasHeight: Int) throws(CodecError) -> PixelImage {
    if x == 0, y == 0, frame.width == canvasWidth, frame.height == canvasHeight { return frame }
    var canvas = try PixelImage(width: canvasWidth, height: canvasHeight, channels: 4, fill: 0)
    let columns = max(0, min(frame.width, canvasWidth - x)), rows = max(0, min(frame.height, canvasHeight - y))
    guard columns > 0, rows > 0 else { return canvas }
    canvas.withUnsafeMutableSamples { out in
      frame.pixels.withUnsafeBufferPointer { source in
        for row in 0..<rows {
          let from = row * frame.width * 4, to = ((y + row) * canvasWidth + x) * 4
          for i in 0..<columns * 4 { out[to + i] = source[from + i] }
        }
      }
    }
    return canvas
  }

  /// Converts a libwebp status once: OK passes, anything else is a `CodecError.webp` sentence.
  static func check(_ status: VP8StatusCode, _ doing: String) throws(CodecError) {
    switch status {
    case VP8_STATUS_OK: return
    case VP8_STATUS_OUT_OF_MEMORY: throw .limit("WebP: libwebp ran out of memory \(doing)")
    case VP8_STATUS_INVALID_PARAM: throw .webp("invalid parameter \(doing)")
    case VP8_STATUS_BITSTREAM_ERROR: throw .webp("the data is corrupt (\(doing))")
    case VP8_STATUS_UNSUPPORTED_FEATURE: throw .unsupported("WebP: a feature libwebp does not support (\(doing))")
    case VP8_STATUS_SUSPENDED: throw .webp("decoding was suspended (\(doing))")
    case VP8_STATUS_USER_ABORT: throw .webp("decoding was aborted (\(doing))")
    case VP8_STATUS_NOT_ENOUGH_DATA: throw .webp("the data ends early (\(doing)): the file is truncated")
    default: throw .webp("status \(status.rawValue) \(doing)")
    }
  }

  /// libwebp's decoder version ("1.2.4"), from `WebPGetDecoderVersion`.
  public static var libraryVersion: String {
    let v = WebPGetDecoderVersion()
    return "\((v >> 16) & 0xFF).\((v >> 8) & 0xFF).\(v & 0xFF)"
  }
}
