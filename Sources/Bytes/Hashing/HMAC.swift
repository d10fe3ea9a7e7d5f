/// HMAC-SHA256 (RFC 2104, FIPS 198-1) over our `SHA256`: a keyed hash, for fingerprints of
/// values that must not be reversible by whoever lacks the key (`ValueFingerprint`). Checked
/// against the RFC 4231 test vectors.
public enum HMACSHA256 {
  /// SHA-256's block size in bytes: keys are padded (or first hashed) to it.
  static let blockSize = 64

  /// A key made ready: the SHA-256 states after its inner and outer pad blocks. A MAC of a
  /// short message then costs two compressions, not four (the pads are the same for every
  /// message; callgrind, 1,200-file scan: the fingerprints of redacted reports took 174 M of
  /// 924 M instructions when every MAC padded and hashed its key again).
  public struct Key: Sendable {
    let inner: SHA256.Stream
    let outer: SHA256.Stream

    public init(_ key: [UInt8]) {
      var block = key.count > HMACSHA256.blockSize ? SHA256.digest(key) : key
      block += [UInt8](repeating: 0, count: HMACSHA256.blockSize - block.count)
      var inner = SHA256.Stream(), outer = SHA256.Stream()
      inner.update(block.map { $0 ^ 0x36 })
      outer.update(block.map { $0 ^ 0x5c })
      self.inner = inner
      self.outer = outer
    }

    /// The 32-byte MAC of `message`.
    public func mac(_ message: UnsafeRawBufferPointer) -> [UInt8] {
      var inner = self.inner, outer = self.outer
      inner.update(message)
      outer.update(inner.finish())
      return outer.finish()
    }
  }

  /// The 32-byte MAC of `message` under `key`.
  public static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
    message.withUnsafeBytes { Key(key).mac($0) }
  }

  /// Lower-case hex of the MAC.
  public static func hex(key: [UInt8], message: [UInt8]) -> String {
    SHA256.hex(digest: mac(key: key, message: message))
  }
}
