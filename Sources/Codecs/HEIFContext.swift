internal import CHeif
import Foundation

/// Owns one libheif context read from memory (`heif_context_read_from_memory`) and its primary
/// image handle. The bytes stay alive as long as the context (libheif reads them without copy).
///
/// Extensions in `HEIFContext+*.swift` add queries (metadata, decode) – one concept per file.
public final class HEIFContext {
  let context: OpaquePointer
  let primary: OpaquePointer
  /// The file's bytes (`init(data:)`), or nil when libheif reads through `reader`.
  private let bytes: UnsafeMutableRawBufferPointer?
  /// The reader libheif pulls bytes through (`init(input:)`); it must outlive the context.
  private let reader: HEIFByteReader?

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
      self.reader = nil
    } catch {
      heif_context_free(context)
      copy.deallocate()
      throw error
    }
  }

  /// Parses the file `input` with libheif through a reader (`heif_context_read_from_reader`):
  /// libheif reads the boxes it parses and, when decoding, the data of the items it decodes,
  /// never the whole file. Throws what libheif says of the file (`.limit` for its security
  /// limits, `.unsupported`, `.heif`).
  public init(input: some DecoderInput) throws(CodecError) {
    guard input.count > 0 else { throw .heif(code: 0, message: "empty file") }
    guard let context = heif_context_alloc() else { throw .heif(code: 0, message: "libheif could not allocate a context") }
    let reader = HEIFByteReader(input)
    do throws(CodecError) {
      try HEIFContext.check(heif_context_read_from_reader(context, reader.callbacks, reader.userdata, nil))
      var handle: OpaquePointer?
      try HEIFContext.check(heif_context_get_primary_image_handle(context, &handle))
      guard let handle else { throw .heif(code: 0, message: "no primary image") }
      self.context = context
      self.primary = handle
      self.bytes = nil
      self.reader = reader
    } catch {
      heif_context_free(context)
      throw error
    }
  }

  deinit {
    heif_image_handle_release(primary)
    heif_context_free(context)
    bytes?.deallocate()
    _ = reader
  }

  /// Converts a libheif `heif_error` into `CodecError` (every libheif call goes through here):
  /// a security limit (`heif_suberror_Security_limit_exceeded`) or an allocation failure becomes
  /// `.limit`, an unsupported codec, feature or file type `.unsupported`, anything else `.heif`.
  static func check(_ e: heif_error) throws(CodecError) {
    guard e.code != heif_error_Ok else { return }
    // libheif ends some messages with a newline.
    let message = e.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown libheif error"
    if e.subcode == heif_suberror_Security_limit_exceeded { throw .limit("HEIF: \(message)") }
    if e.code == heif_error_Memory_allocation_error { throw .outOfMemory("HEIF", message) }
    if e.code == heif_error_Unsupported_feature || e.code == heif_error_Unsupported_filetype {
      throw .unsupported("HEIF: \(message)")
    }
    throw .heif(code: Int(e.code.rawValue), message: message)
  }

  /// libheif's version string (`heif_get_version`).
  public static var libraryVersion: String { String(cString: heif_get_version()) }
}

/// The `heif_reader` callbacks over a `DecoderInput`, and the position libheif reads from.
/// Owned by the `HEIFContext` that reads through it (libheif keeps the pointers).
final class HEIFByteReader: @unchecked Sendable {
  // @unchecked: used by one libheif context, which reads from one thread at a time.
  let input: any DecoderInput
  var position = 0
  let callbacks: UnsafeMutablePointer<heif_reader>

  init(_ input: some DecoderInput) {
    self.input = input
    callbacks = .allocate(capacity: 1)
    callbacks.initialize(to: heif_reader(
      reader_api_version: 1,
      get_position: { userdata in Int64(HEIFByteReader.from(userdata).position) },
      read: { data, size, userdata in HEIFByteReader.from(userdata).read(into: data, size) },
      seek: { position, userdata in
        let reader = HEIFByteReader.from(userdata)
        guard position >= 0, position <= Int64(reader.input.count) else { return -1 }
        reader.position = Int(position)
        return 0
      },
      wait_for_file_size: { target, userdata in
        target <= Int64(HEIFByteReader.from(userdata).input.count)
          ? heif_reader_grow_status_size_reached : heif_reader_grow_status_size_beyond_eof
      }))
  }

  deinit { callbacks.deallocate() }

  /// The pointer libheif hands back to the callbacks.
  var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  static func from(_ userdata: UnsafeMutableRawPointer?) -> HEIFByteReader {
    Unmanaged<HEIFByteReader>.fromOpaque(userdata!).takeUnretainedValue()
  }

  /// Copies `size` bytes at the position into `data`; 0 on success, -1 when they are not all there.
  func read(into data: UnsafeMutableRawPointer?, _ size: Int) -> Int32 {
    guard size > 0 else { return size == 0 ? 0 : -1 }  // an empty read may come with a null pointer
    guard let data else { return -1 }
    guard let bytes = try? input.read(position..<position + size), bytes.count == size else { return -1 }
    bytes.withUnsafeBytes { data.copyMemory(from: $0.baseAddress!, byteCount: size) }
    position += size
    return 0
  }
}
