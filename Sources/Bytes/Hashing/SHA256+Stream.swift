extension SHA256 {
  /// SHA-256 of bytes given in pieces: a file is hashed in 1 MiB reads, never held whole
  /// (`SHA256.digest` of an array is one piece).
  public struct Stream: Sendable {
    private var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
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
        pending.withUnsafeBytes { SHA256.compress(blocks: $0, &h) }
        pending.removeAll(keepingCapacity: true)
      }
      let whole = offset + (bytes.count - offset) / 64 * 64
      SHA256.compress(blocks: UnsafeRawBufferPointer(rebasing: bytes[offset..<whole]), &h)
      pending += bytes[whole...]
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    /// The 32-byte digest of everything added. [FIPS 180-4 5.1.1: padding]
    public func finish() -> [UInt8] {
      var state = h
      var tail = pending
      tail.append(0x80)
      while tail.count % 64 != 56 { tail.append(0) }
      let bitLength = length &* 8
      for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(i) * 8))) }
      tail.withUnsafeBytes { SHA256.compress(blocks: $0, &state) }
      return [UInt8](unsafeUninitializedCapacity: 32) { out, count in
        for (i, word) in state.enumerated() {
          out[4 * i] = UInt8(truncatingIfNeeded: word >> 24)
          out[4 * i + 1] = UInt8(truncatingIfNeeded: word >> 16)
          out[4 * i + 2] = UInt8(truncatingIfNeeded: word >> 8)
          out[4 * i + 3] = UInt8(truncatingIfNeeded: word)
        }
        count = 32
      }
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

  /// Lower-case hex of digest bytes (all of them, or the first `prefix`): one string built from
  /// a byte buffer, not a string per byte joined.
  public static func hex(digest: [UInt8], prefix: Int = .max) -> String {
    let count = min(prefix, digest.count)
    return String(unsafeUninitializedCapacity: 2 * count) { out in
      let digits = Array("0123456789abcdef".utf8)
      for i in 0..<count {
        out[2 * i] = digits[Int(digest[i] >> 4)]
        out[2 * i + 1] = digits[Int(digest[i] & 0x0f)]
      }
      return 2 * count
    }
  }
}
