/// FNV-1a, 64 bits: a fast, stable hash of bytes (the same on every machine and version, unlike
/// `Hasher`), for choosing a shard and naming a file.
public enum FNV1a {
  /// The hash of `bytes`.
  public static func hash64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var hash: UInt64 = 0xcbf29ce484222325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
    return hash
  }
}
