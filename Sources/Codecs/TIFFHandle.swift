internal import CTIFF
#if canImport(Glibc)
import Glibc
#endif

/// One libtiff handle reading a TIFF-shaped file from a `DecoderInput` through
/// `TIFFClientOpenExt` (in `pa_tiff_open`): reads go through `TIFFClientInput` — bounded by the
/// input, never memory-mapped — and libtiff's errors and warnings are kept per handle
/// (`pa_tiff_messages`), never printed. Every allocation libtiff makes for it is capped
/// (`maxSingleAllocation`, `TIFFOpenOptionsSetMaxSingleMemAlloc`). Closed (`TIFFClose`) when the
/// handle goes.
struct TIFFHandle: ~Copyable {
  let raw: OpaquePointer
  private let client: Unmanaged<TIFFClientInput>
  private let messages: UnsafeMutablePointer<pa_tiff_messages>

  /// The most one libtiff allocation may take (a strip or tile buffer, a decoded strip): a larger
  /// one fails with libtiff's "byte limit" error, which `CodecError` reports as a limit.
  static let maxSingleAllocation = 64 << 20

  /// Silences libtiff's process-wide handlers once (they print to stderr).
  private static let quiet: Void = pa_tiff_quiet_globally()

  /// Opens `input`, the header only: `select(directory:)` reads the IFD to decode. A Panasonic or
  /// Olympus raw's magic number is shown to libtiff as 42 (their IFDs are TIFF's).
  init(_ input: some DecoderInput, presentMagic42: Bool) throws(CodecError) {
    _ = Self.quiet
    let messages = UnsafeMutablePointer<pa_tiff_messages>.allocate(capacity: 1)
    messages.initialize(to: pa_tiff_messages())
    let client = Unmanaged.passRetained(TIFFClientInput(input, presentMagic42: presentMagic42))
    let handle = pa_tiff_open(client.toOpaque(), TIFFClientInput.read, TIFFClientInput.write, TIFFClientInput.seek,
                              TIFFClientInput.close, TIFFClientInput.size, TIFFClientInput.map, TIFFClientInput.unmap,
                              messages, tmsize_t(Self.maxSingleAllocation))
    guard let handle else {
      let text = Self.text(of: messages, first: true)
      messages.deallocate()
      client.release()
      throw .tiff("libtiff cannot open the file: \(text ?? "no reason given")")
    }
    self.raw = handle
    self.client = client
    self.messages = messages
  }

  deinit {
    TIFFClose(raw)
    messages.deallocate()
    client.release()
  }

  /// Reads the IFD at `offset` (from the file's header) as the current directory
  /// (`TIFFSetSubDirectory`).
  func select(directory offset: Int) throws(CodecError) {
    guard offset > 0, TIFFSetSubDirectory(raw, UInt64(offset)) == 1 else {
      throw .tiff("libtiff cannot read the IFD at offset \(offset): \(firstError ?? "no reason given")")
    }
  }

  /// Errors libtiff reported so far.
  var errorCount: Int { Int(messages.pointee.errors) }
  /// The first error libtiff reported, and the last one.
  var firstError: String? { Self.text(of: messages, first: true) }
  var lastError: String? { errorCount > 1 ? Self.text(of: messages, first: false) : firstError }

  private static func text(of messages: UnsafeMutablePointer<pa_tiff_messages>, first: Bool) -> String? {
    guard messages.pointee.errors > 0 else { return nil }
    func decode(_ raw: UnsafeRawBufferPointer) -> String { String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    return first ? withUnsafeBytes(of: &messages.pointee.first_error, decode) : withUnsafeBytes(of: &messages.pointee.last_error, decode)
  }

  /// A 32-bit field of the current directory (`TIFFGetField`), nil when absent.
  func u32(_ tag: Int32) -> UInt32? {
    var value: UInt32 = 0
    return pa_tiff_get_u32(raw, UInt32(tag), &value) == 1 ? value : nil
  }

  /// A 16-bit field of the current directory, with libtiff's default when absent
  /// (`TIFFGetFieldDefaulted`).
  func u16Defaulted(_ tag: Int32) -> UInt16? {
    var value: UInt16 = 0
    return pa_tiff_get_u16_defaulted(raw, UInt32(tag), &value) == 1 ? value : nil
  }
}

/// The bytes libtiff reads, served from a `DecoderInput` at a position libtiff moves: the
/// client procedures of `TIFFClientOpenExt`. Nothing is written or mapped.
final class TIFFClientInput {
  let input: any DecoderInput
  var position: UInt64 = 0
  /// Show the magic number as 42 (bytes 2–3) for raws whose IFDs are TIFF's.
  let presentMagic42: Bool
  let bigEndian: Bool

  init(_ input: some DecoderInput, presentMagic42: Bool) {
    self.input = input
    self.presentMagic42 = presentMagic42
    self.bigEndian = ((try? input.read(0..<1)) ?? []) == [0x4D]
  }

  static func context(_ handle: thandle_t?) -> TIFFClientInput? {
    handle.map { Unmanaged<TIFFClientInput>.fromOpaque($0).takeUnretainedValue() }
  }

  static let read: TIFFReadWriteProc = { handle, buffer, size in
    guard let input = context(handle), let buffer, size > 0, input.position < UInt64(input.input.count) else { return 0 }
    let start = Int(input.position)
    let end = start + min(Int(size), input.input.count - start)
    guard let bytes = try? input.input.read(start..<end), !bytes.isEmpty else { return -1 }
    bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
    if input.presentMagic42, start < 4, start + bytes.count > 2 {
      let magic: [UInt8] = input.bigEndian ? [0, 42] : [42, 0]
      for k in 2..<4 where k >= start && k < start + bytes.count { buffer.storeBytes(of: magic[k - 2], toByteOffset: k - start, as: UInt8.self) }
    }
    input.position += UInt64(bytes.count)
    return tmsize_t(bytes.count)
  }

  static let write: TIFFReadWriteProc = { _, _, _ in -1 }

  static let seek: TIFFSeekProc = { handle, offset, whence in
    guard let input = context(handle) else { return UInt64.max }
    let base: UInt64
    switch whence {
    case SEEK_SET: base = 0
    case SEEK_CUR: base = input.position
    case SEEK_END: base = UInt64(input.input.count)
    default: return UInt64.max
    }
    // A relative seek backwards comes as a wrapped-around offset.
    let target = base &+ offset
    guard target <= UInt64(Int.max) else { return UInt64.max }
    input.position = target
    return target
  }

  static let close: TIFFCloseProc = { _ in 0 }
  static let size: TIFFSizeProc = { handle in UInt64(context(handle)?.input.count ?? 0) }
  static let map: TIFFMapFileProc = { _, _, _ in 0 }
  static let unmap: TIFFUnmapFileProc = { _, _, _ in }
}
