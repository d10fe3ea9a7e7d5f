/// A bounds-checked cursor over a byte buffer. Every read checks the remaining length and
/// throws `ByteError.truncated` instead of trapping; offsets in errors are absolute
/// (`base` + position) so messages point into the file.
public struct ByteReader: Sendable {
  /// The buffer being read.
  public let bytes: [UInt8]
  /// Absolute file offset of `bytes[0]`, for messages.
  public let base: Int
  /// Current position within `bytes`.
  public private(set) var position: Int = 0
  /// Name of the structure, for messages ("JPEG segment", "ISOBMFF box").
  public let what: String

  public init(_ bytes: [UInt8], base: Int = 0, what: String) {
    self.bytes = bytes
    self.base = base
    self.what = what
  }

  /// Bytes left after the cursor.
  public var remaining: Int { bytes.count - position }
  /// True when the cursor is at the end.
  public var isAtEnd: Bool { position >= bytes.count }

  private func need(_ n: Int) throws(ByteError) {
    guard n >= 0, n <= remaining else {
      throw .truncated(what: what, offset: base + position, needed: n)
    }
  }

  /// Moves the cursor to `offset` within the buffer (0...count).
  public mutating func seek(to offset: Int) throws(ByteError) {
    guard offset >= 0, offset <= bytes.count else {
      throw .truncated(what: what, offset: base + offset, needed: 0)
    }
    position = offset
  }

  /// Skips `n` bytes.
  public mutating func skip(_ n: Int) throws(ByteError) {
    try need(n)
    position += n
  }

  public mutating func u8() throws(ByteError) -> UInt8 {
    try need(1)
    defer { position += 1 }
    return bytes[position]
  }

  public mutating func u16be() throws(ByteError) -> UInt16 {
    try need(2)
    defer { position += 2 }
    return UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
  }

  public mutating func u16(bigEndian: Bool) throws(ByteError) -> UInt16 {
    try need(2)
    defer { position += 2 }
    let a = UInt16(bytes[position]), b = UInt16(bytes[position + 1])
    return bigEndian ? a << 8 | b : b << 8 | a
  }

  public mutating func u32be() throws(ByteError) -> UInt32 {
    try u32(bigEndian: true)
  }

  public mutating func u32(bigEndian: Bool) throws(ByteError) -> UInt32 {
    try need(4)
    defer { position += 4 }
    var value: UInt32 = 0
    for i in 0..<4 {
      let byte = UInt32(bytes[position + (bigEndian ? i : 3 - i)])
      value = value << 8 | byte
    }
    return value
  }

  public mutating func u64be() throws(ByteError) -> UInt64 {
    try need(8)
    defer { position += 8 }
    var value: UInt64 = 0
    for i in 0..<8 { value = value << 8 | UInt64(bytes[position + i]) }
    return value
  }

  /// Reads an unsigned big-endian integer of `size` bytes (0, 1, 2, 4 or 8; 0 reads nothing).
  public mutating func uintBE(size: Int) throws(ByteError) -> UInt64 {
    try need(size)
    guard size <= 8 else { throw .truncated(what: what, offset: base + position, needed: size) }
    defer { position += size }
    var value: UInt64 = 0
    for i in 0..<size { value = value << 8 | UInt64(bytes[position + i]) }
    return value
  }

  /// Reads `n` bytes.
  public mutating func read(_ n: Int) throws(ByteError) -> [UInt8] {
    try need(n)
    defer { position += n }
    return Array(bytes[position..<position + n])
  }

  /// Reads the rest of the buffer.
  public mutating func readRest() -> [UInt8] {
    defer { position = bytes.count }
    return Array(bytes[position...])
  }

  /// Reads a NUL-terminated string (the NUL is consumed), at most `limit` bytes.
  public mutating func cString(limit: Int = 4096) throws(ByteError) -> String {
    var end = position
    while end < bytes.count, bytes[end] != 0, end - position < limit { end += 1 }
    guard end < bytes.count, bytes[end] == 0 else {
      throw .truncated(what: what, offset: base + end, needed: 1)
    }
    defer { position = end + 1 }
    return String(decoding: bytes[position..<end], as: UTF8.self)
  }

  /// True when the bytes at the cursor equal `prefix` (the cursor does not move).
  public func peek(_ prefix: [UInt8]) -> Bool {
    remaining >= prefix.count && bytes[position..<position + prefix.count].elementsEqual(prefix)
  }
}

extension Array where Element == UInt8 {
  /// True when the array starts with `prefix`.
  public func hasPrefix(_ prefix: [UInt8]) -> Bool {
    count >= prefix.count && self[0..<prefix.count].elementsEqual(prefix)
  }

  /// The bytes of an ASCII string literal.
  public init(ascii: String) { self = Array(ascii.utf8) }
}
