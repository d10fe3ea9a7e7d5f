internal import CTurboJPEG

/// Owns one TurboJPEG instance (`tjInitDecompress` / `tjInitCompress` / `tjInitTransform`),
/// destroyed with `tjDestroy` in `deinit`. Every TurboJPEG call that can fail goes through
/// `check`, which converts its `-1` + `tjGetErrorStr2` into `CodecError.jpeg` once.
///
/// TurboJPEG handles are not thread-safe; one is made per operation (they are cheap), so the
/// codec functions are safe to call from many threads at once.
struct TurboJPEGHandle: ~Copyable {
  /// What the instance was initialized for.
  enum Kind {
    case decompress, compress, transform
  }

  let raw: tjhandle

  /// Wraps `tjInitDecompress`, `tjInitCompress` or `tjInitTransform`.
  init(_ kind: Kind) throws(CodecError) {
    let made: tjhandle? =
      switch kind {
      case .decompress: tjInitDecompress()
      case .compress: tjInitCompress()
      case .transform: tjInitTransform()
      }
    guard let made else {
      // With no instance, the error string is the global one (`tjGetErrorStr2(NULL)`).
      throw .jpeg("TurboJPEG could not initialize: \(String(cString: tjGetErrorStr2(nil)))")
    }
    raw = made
  }

  deinit { tjDestroy(raw) }

  /// The outcome of a TurboJPEG call that returned `-1`: libjpeg-turbo 2.x also returns `-1`
  /// after a call that *succeeded* with a warning (`tjGetErrorCode` == `TJERR_WARNING`, e.g.
  /// "Premature end of JPEG file" or extraneous bytes before a marker).
  enum Failure {
    case warning(String)
    case fatal(String)
  }

  /// Classifies the last error of this instance (`tjGetErrorCode`, `tjGetErrorStr2`).
  func lastFailure() -> Failure {
    let message = String(cString: tjGetErrorStr2(raw))
    return tjGetErrorCode(raw) == Int32(TJERR_WARNING.rawValue) ? .warning(message) : .fatal(message)
  }

  /// Converts a TurboJPEG return code (0 ok, -1 error) into `CodecError.jpeg`. Warnings pass
  /// unless `strict` is set; `context` names the operation for the message.
  func check(_ result: Int32, _ context: String, strict: Bool = false) throws(CodecError) {
    guard result != 0 else { return }
    switch lastFailure() {
    case .warning(let message):
      if strict { throw .jpeg("\(context): \(message)") }
    case .fatal(let message):
      throw TurboJPEGHandle.classify("\(context): \(message)")
    }
  }

  /// A fatal libjpeg error as a `CodecError`: a coding process or precision libjpeg-turbo does
  /// not implement is `.unsupported` ([jerror.h] JERR_SOF_UNSUPPORTED, JERR_BAD_PRECISION,
  /// JERR_CONVERSION_NOTIMPL), TurboJPEG's progressive scan limit (`TJFLAG_LIMITSCANS`) is
  /// `.limit`, as is an allocation failure (JERR_OUT_OF_MEMORY: a progressive file's
  /// coefficients over a worker's `--max-memory`); anything else (bad markers, corrupt data) `.jpeg`.
  static func classify(_ message: String) -> CodecError {
    let unsupported = ["Unsupported JPEG process", "Unsupported JPEG data precision", "Unsupported color conversion"]
    if unsupported.contains(where: message.contains) { return .unsupported("JPEG: \(message)") }
    if message.contains("more than 500 scans") { return .limit("JPEG: \(message)") }
    if message.contains("Insufficient memory") { return .outOfMemory("JPEG", message) }
    return .jpeg(message)
  }
}

/// Copies a buffer TurboJPEG allocated (`tjCompress2` / `tjTransform` output) into Swift
/// memory and releases it with `tjFree`.
func takeTurboJPEGBuffer(_ buffer: UnsafeMutablePointer<UInt8>?, size: UInt) -> [UInt8] {
  guard let buffer else { return [] }
  defer { tjFree(buffer) }
  return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
}
