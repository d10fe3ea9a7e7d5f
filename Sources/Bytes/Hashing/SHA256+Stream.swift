extension SHA256 {
  /// SHA-256 of bytes given in pieces: a file is hashed in 1 MiB reads, never held whole. The
  /// digest is the one `SHA256.digest` gives for the same bytes in one piece.
  public struct Stream: Sendable {
    private var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    private var w = [UInt32](repeating: 0, count: 64)
    /// Bytes of an unfinished block (fewer than 64).
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    public init() {}

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
      guard !bytes.isEmpty else { return }
      length &+= UInt64(bytes.count)
      var offset = 0
      if !pending.isEmpty {
        let taken = min(64 - pending.count, bytes.count)
        pending += bytes[0..<taken]
        offset = taken
        guard pending.count == 64 else { return }
        pending.withUnsafeBufferPointer { SHA256.compress($0, &h, &w) }
        pending.removeAll(keepingCapacity: true)
      }
      let whole = offset + (bytes.count - offset) / 64 * 64
      let blocks = bytes.bindMemory(to: UInt8.self)
      while offset < whole {
        SHA256.compress(UnsafeBufferPointer(rebasing: blocks[offset..<offset + 64]), &h, &w)
        offset += 64
      }
      pending += bytes[offset...]
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    /// The 32-byte digest of everything added. [FIPS 180-4 5.1.1: padding]
    public func finish() -> [UInt8] {
      var state = self
      var tail = pending
      tail.append(0x80)
      while tail.count % 64 != 56 { tail.append(0) }
      let bitLength = length &* 8
      for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(i) * 8))) }
      tail.withUnsafeBufferPointer { buffer in
        for offset in stride(from: 0, to: buffer.count, by: 64) {
          SHA256.compress(UnsafeBufferPointer(rebasing: buffer[offset..<offset + 64]), &state.h, &state.w)
        }
      }
      return state.h.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * UInt32($0))) } }
    }
  }

  /// The digest of every byte of `source`, read `piece` bytes at a time (a file: never loaded
  /// whole). Throws what the source throws (a file that shrank reads short and is hashed as read).
  public static func digest(of source: some ByteSource, piece: Int = 1 << 20) throws(ByteError) -> [UInt8] {
    var stream = Stream()
    var offset = 0
    while offset < source.count {
      let end = min(offset + max(piece, 64), source.count)
      try source.withBytes(in: offset..<end) { stream.update($0) }
      offset = end
    }
    return stream.finish()
  }

  /// Lower-case hex of 32 digest bytes.
  public static func hex(digest: [UInt8]) -> String {
    digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
  }
}
