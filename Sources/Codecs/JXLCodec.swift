internal import CJXL

/// Decodes JPEG XL pictures with libjxl 0.7, reduced while decoding: the pixels come through an
/// image-out callback (`JxlDecoderSetImageOutCallback`) a scanline piece at a time and are
/// area-averaged (`AreaReducer`) into the reduced picture, so we never allocate a full-size
/// output buffer (libjxl keeps its own per-group working buffers). The pixels are the **stored**
/// ones (`JxlDecoderSetKeepOrientation`): the codestream's orientation is applied by the caller,
/// like HEIF's irot/imir. No thread runner: one file decodes on the job's own thread.
/// [ISO/IEC 18181-1; libjxl `jxl/decode.h`]
public enum JXLCodec {
  /// What the codestream header says (`JxlBasicInfo`).
  public struct Info: Sendable, Equatable {
    /// Stored size: before the orientation is applied.
    public var width: Int
    public var height: Int
    /// The codestream's orientation, 1–8 in EXIF numbering (`JxlBasicInfo.orientation`).
    public var orientation: Int
    public var hasAlpha: Bool
    public var hasAnimation: Bool
    public var hasPreview: Bool
    /// 1 (grey) or 3 (colour).
    public var colorChannels: Int
  }

  /// Reads the basic info of `data` (a whole file: bare codestream or container): the stored
  /// size and the codestream's orientation. Wraps `JxlDecoderCreate`,
  /// `JxlDecoderSetKeepOrientation`, `JxlDecoderSubscribeEvents(JXL_DEC_BASIC_INFO)`,
  /// `JxlDecoderSetInput`, `JxlDecoderProcessInput` and `JxlDecoderGetBasicInfo`.
  public static func info(_ data: [UInt8]) throws(CodecError) -> Info {
    let decoder = try JXLDecoderHandle()
    // Without it libjxl 0.7 reports the displayed size and orientation 1 (it would orient the
    // pixels itself): the stored size and the codestream's orientation need it set.
    try decoder.keepOrientation()
    try decoder.subscribe(JXL_DEC_BASIC_INFO.rawValue)
    return try data.withUnsafeBufferPointer { (input: UnsafeBufferPointer<UInt8>) throws(CodecError) -> Info in
      try decoder.setInput(input)
      while true {
        let status = JxlDecoderProcessInput(decoder.raw)
        switch status {
        case JXL_DEC_BASIC_INFO: return try decoder.basicInfo()
        case JXL_DEC_NEED_MORE_INPUT: throw .jxl("the file ends before the end of its codestream header: it is truncated")
        case JXL_DEC_ERROR: throw .jxl("libjxl cannot read the codestream header")
        case JXL_DEC_SUCCESS: throw .jxl("the file has no codestream header")
        default: continue
        }
      }
    }
  }

  /// What libjxl reads of a codestream's structure without decoding its pixels.
  public struct Structure: Sendable, Equatable {
    /// Bytes of the input the codestream takes (nil when not read to its end).
    public var length: Int?
    /// Frames met (0 when not read to its end).
    public var frames: Int
    /// The ICC profile the codestream embeds, as stored (nil when it gives its colours as an
    /// enumerated colour encoding: libjxl would synthesise a profile, which no file holds).
    public var icc: [UInt8]?
  }

  /// Reads a bare codestream's headers (`data`: a file's, or a container's `jxlc`/`jxlp` parts
  /// joined) and, with `toTheEnd`, every frame's header and table of contents, skipping each
  /// frame's data (`JxlDecoderSkipCurrentFrame` when it asks for an output buffer: the pixels are
  /// not decoded, except frames later frames refer to), to say where the codestream ends
  /// (`JxlDecoderReleaseInput`: the bytes it did not use). Without the skip, libjxl stops after
  /// the last frame header, before that frame's data. Libjxl does not check that a skipped
  /// frame's data is all there: a cut codestream is found by decoding its pixels.
  /// The ICC profile: `JxlDecoderGetColorAsEncodedProfile` fails exactly when the codestream holds
  /// one (`want_icc`); then `JxlDecoderGetICCProfileSize` and `JxlDecoderGetColorAsICCProfile`.
  public static func structure(_ data: [UInt8], toTheEnd: Bool) throws(CodecError) -> Structure {
    let decoder = try JXLDecoderHandle()
    let events = JXL_DEC_COLOR_ENCODING.rawValue | (toTheEnd ? JXL_DEC_FRAME.rawValue | JXL_DEC_FULL_IMAGE.rawValue : 0)
    try decoder.subscribe(events)
    return try data.withUnsafeBufferPointer { (input: UnsafeBufferPointer<UInt8>) throws(CodecError) -> Structure in
      try decoder.setInput(input)
      if toTheEnd { JxlDecoderCloseInput(decoder.raw) }
      var result = Structure(length: nil, frames: 0, icc: nil)
      while true {
        switch JxlDecoderProcessInput(decoder.raw) {
        case JXL_DEC_COLOR_ENCODING:
          result.icc = try decoder.embeddedICC()
          if !toTheEnd { return result }
        case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
          guard JxlDecoderSkipCurrentFrame(decoder.raw) == JXL_DEC_SUCCESS else { throw .jxl("libjxl could not skip a frame") }
        case JXL_DEC_FRAME:
          result.frames += 1
          guard result.frames <= maxFrames else { throw .limit("JPEG XL: more than \(maxFrames) frames; not read") }
        case JXL_DEC_SUCCESS:
          result.length = input.count - JxlDecoderReleaseInput(decoder.raw)
          return result
        case JXL_DEC_NEED_MORE_INPUT: throw .jxl("the codestream ends early: the file is truncated")
        case JXL_DEC_ERROR: throw .jxl("libjxl cannot read the codestream's headers")
        default: continue
        }
      }
    }
  }

  /// Largest embedded ICC profile read (libjxl's own limit is larger).
  public static let maxICCBytes = 16 << 20

  /// Most frames counted by `structure` (an animation of a million 1-pixel frames costs
  /// time, not memory, but is no photo).
  public static let maxFrames = 100_000

  /// Decodes `data` (a whole file) reduced by the whole `factor` (1: full size), in stored
  /// orientation: 4 channels with alpha, else 3 (grey is expanded). The size is checked against
  /// `maxPixels` before decoding. An animation gives its first frame (coalesced, as displayed).
  /// Wraps `JxlDecoderSetKeepOrientation`, `JxlDecoderSetImageOutCallback`, `JxlDecoderCloseInput`.
  public static func decode(_ data: [UInt8], factor: Int = 1, maxPixels: Int) throws(CodecError) -> ReducedDecode {
    let info = try info(data)
    let (area, overflow) = info.width.multipliedReportingOverflow(by: info.height)
    guard info.width > 0, info.height > 0 else { throw .jxl("the codestream gives no image size") }
    guard !overflow, area <= maxPixels else { throw .tooLarge(width: info.width, height: info.height, limit: maxPixels) }
    let channels = info.hasAlpha ? 4 : 3
    let sink = JXLRowSink(reducer: try AreaReducer(sourceWidth: info.width, sourceHeight: info.height, factor: factor,
                                                   channels: channels, windowRows: nil))
    let decoder = try JXLDecoderHandle()
    try decoder.keepOrientation()
    try decoder.subscribe(JXL_DEC_FULL_IMAGE.rawValue)
    var format = JxlPixelFormat(num_channels: UInt32(channels), data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
    let unmanaged = Unmanaged.passRetained(sink)
    defer { unmanaged.release() }
    try data.withUnsafeBufferPointer { (input: UnsafeBufferPointer<UInt8>) throws(CodecError) in
      try decoder.setInput(input)
      JxlDecoderCloseInput(decoder.raw)
      decoding: while true {
        switch JxlDecoderProcessInput(decoder.raw) {
        case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
          let status = JxlDecoderSetImageOutCallback(decoder.raw, &format, { opaque, x, y, count, pixels in
            guard let opaque, let pixels else { return }
            Unmanaged<JXLRowSink>.fromOpaque(opaque).takeUnretainedValue()
              .add(pixels.assumingMemoryBound(to: UInt8.self), x: x, y: y, count: count)
          }, unmanaged.toOpaque())
          guard status == JXL_DEC_SUCCESS else { throw .jxl("libjxl refused the pixel callback") }
        case JXL_DEC_FULL_IMAGE:
          // The first frame (animations: the first displayed frame) is all the checks need.
          break decoding
        case JXL_DEC_SUCCESS: break decoding
        case JXL_DEC_NEED_MORE_INPUT: throw .jxl("the codestream ends early: the file is truncated")
        case JXL_DEC_ERROR: throw .jxl("the data is corrupt (libjxl could not decode the picture)")
        default: continue
        }
      }
    }
    guard sink.rows > 0 else { throw .jxl("libjxl gave no pixels") }
    let reducer = sink.take()
    return ReducedDecode(image: try reducer.image(), width: info.width, height: info.height, factor: reducer.factor, damage: nil)
  }

  /// libjxl's decoder version ("0.7.0"), from `JxlDecoderVersion`.
  public static var libraryVersion: String {
    let v = JxlDecoderVersion()
    return "\(v / 1_000_000).\((v / 1000) % 1000).\(v % 1000)"
  }
}

/// The one owner of a `JxlDecoder`, destroyed in `deinit`.
final class JXLDecoderHandle {
  let raw: OpaquePointer

  /// Wraps `JxlDecoderCreate` (default memory manager).
  init() throws(CodecError) {
    guard let decoder = JxlDecoderCreate(nil) else { throw .outOfMemory("JPEG XL", "libjxl could not create a decoder") }
    raw = decoder
  }

  deinit { JxlDecoderDestroy(raw) }

  /// Wraps `JxlDecoderSetKeepOrientation(JXL_TRUE)`: pixels and basic info as stored.
  func keepOrientation() throws(CodecError) {
    guard JxlDecoderSetKeepOrientation(raw, 1) == JXL_DEC_SUCCESS else { throw .jxl("libjxl refused to keep the stored orientation") }
  }

  /// Wraps `JxlDecoderSubscribeEvents`.
  func subscribe(_ events: UInt32) throws(CodecError) {
    guard JxlDecoderSubscribeEvents(raw, Int32(bitPattern: events)) == JXL_DEC_SUCCESS else {
      throw .jxl("libjxl refused the events to decode")
    }
  }

  /// Wraps `JxlDecoderSetInput`; the buffer must outlive the decoding calls.
  func setInput(_ input: UnsafeBufferPointer<UInt8>) throws(CodecError) {
    guard JxlDecoderSetInput(raw, input.baseAddress, input.count) == JXL_DEC_SUCCESS else {
      throw .jxl("libjxl refused the input")
    }
  }

  /// The ICC profile the codestream embeds; nil when it uses an enumerated colour encoding.
  func embeddedICC() throws(CodecError) -> [UInt8]? {
    var encoding = JxlColorEncoding()
    if JxlDecoderGetColorAsEncodedProfile(raw, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &encoding) == JXL_DEC_SUCCESS { return nil }
    var size = 0
    guard JxlDecoderGetICCProfileSize(raw, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &size) == JXL_DEC_SUCCESS else {
      throw .jxl("libjxl cannot give the size of the embedded ICC profile")
    }
    guard size <= JXLCodec.maxICCBytes else { throw .limit("JPEG XL: an ICC profile of \(size) bytes, over \(JXLCodec.maxICCBytes >> 20) MiB; not read") }
    var profile = [UInt8](repeating: 0, count: size)
    let status = profile.withUnsafeMutableBufferPointer { JxlDecoderGetColorAsICCProfile(raw, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, $0.baseAddress, size) }
    guard status == JXL_DEC_SUCCESS else { throw .jxl("libjxl cannot give the embedded ICC profile") }
    return profile
  }

  /// Wraps `JxlDecoderGetBasicInfo`.
  func basicInfo() throws(CodecError) -> JXLCodec.Info {
    var info = JxlBasicInfo()
    guard JxlDecoderGetBasicInfo(raw, &info) == JXL_DEC_SUCCESS else { throw .jxl("libjxl has no basic info") }
    return JXLCodec.Info(width: Int(info.xsize), height: Int(info.ysize), orientation: Int(info.orientation.rawValue),
                         hasAlpha: info.alpha_bits > 0, hasAnimation: info.have_animation != 0,
                         hasPreview: info.have_preview != 0, colorChannels: Int(info.num_color_channels))
  }
}

/// Receives libjxl's scanline pieces (any order: group by group) and averages them into the
/// reduced picture. Called on the decoding thread only (no thread runner is set).
final class JXLRowSink {
  private var reducer: AreaReducer?
  private(set) var rows = 0

  init(reducer: AreaReducer) { self.reducer = reducer }

  func add(_ pixels: UnsafePointer<UInt8>, x: Int, y: Int, count: Int) {
    rows += 1
    reducer?.add(row: pixels, y: y, x0: x, count: count)
  }

  func take() -> AreaReducer {
    defer { reducer = nil }
    return reducer!
  }
}
