internal import CHeif

/// Owns one libheif context read from memory (`heif_context_read_from_memory`) and its primary
/// image handle. The bytes stay alive as long as the context (libheif reads them without copy).
///
/// Extensions in `HEIFContext+*.swift` add queries (metadata, decode) – one concept per file.
public final class HEIFContext {
  let context: OpaquePointer
  let primary: OpaquePointer
  private let bytes: UnsafeMutableRawBufferPointer

  /// Parses `data` with libheif. Throws `.heif` with libheif's message when it cannot.
  public init(data: [UInt8]) throws(CodecError) {
    guard !data.isEmpty else { throw .heif(code: 0, message: "empty file") }
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
    copy.copyBytes(from: data)
    guard let context = heif_context_alloc() else {
      copy.deallocate()
      throw .heif(code: 0, message: "libheif could not allocate a context")
    }
    do throws(CodecError) {
      try HEIFContext.check(heif_context_read_from_memory_without_copy(context, copy.baseAddress, data.count, nil))
      var handle: OpaquePointer?
      try HEIFContext.check(heif_context_get_primary_image_handle(context, &handle))
      guard let handle else { throw .heif(code: 0, message: "no primary image") }
      self.context = context
      self.primary = handle
      self.bytes = copy
    } catch {
      heif_context_free(context)
      copy.deallocate()
      throw error
    }
  }

  deinit {
    heif_image_handle_release(primary)
    heif_context_free(context)
    bytes.deallocate()
  }

  /// Converts a libheif `heif_error` into `CodecError` (every libheif call goes through here).
  static func check(_ e: heif_error) throws(CodecError) {
    guard e.code != heif_error_Ok else { return }
    let message = e.message.map { String(cString: $0) } ?? "unknown libheif error"
    throw .heif(code: Int(e.code.rawValue), message: message)
  }

  /// libheif's version string (`heif_get_version`).
  public static var libraryVersion: String { String(cString: heif_get_version()) }
}
