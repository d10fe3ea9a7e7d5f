/// HMAC-SHA256 (RFC 2104, FIPS 198-1) over our `SHA256`: a keyed hash, for fingerprints of
/// values that must not be reversible by whoever lacks the key (`ValueFingerprint`). Checked
/// against the RFC 4231 test vectors.
public enum HMACSHA256 {
  /// SHA-256's block size in bytes: keys are padded (or first hashed) to it.
  static let blockSize = 64

  /// The 32-byte MAC of `message` under `key`.
  public static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
    var block = key.count > blockSize ? SHA256.digest(key) : key
    block += [UInt8](repeating: 0, count: blockSize - block.count)
    let inner = SHA256.digest(block.map { $0 ^ 0x36 } + message)
    return SHA256.digest(block.map { $0 ^ 0x5c } + inner)
  }

  /// Lower-case hex of the MAC.
  public static func hex(key: [UInt8], message: [UInt8]) -> String {
    mac(key: key, message: message).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
  }
}
