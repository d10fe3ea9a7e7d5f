internal import CZlib

/// CRC-32 (ISO 3309, as PNG and zlib compute it) by zlib's `crc32_z`: braided, several bytes a
/// step (about 4 GB/s here), so checking the CRC of every PNG chunk, IDAT included, costs little.
public enum CRC32 {
  /// The CRC of `bytes`, continuing from `crc` (0 to start).
  public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
    return UInt32(truncatingIfNeeded: crc32_z(UInt(crc), base.assumingMemoryBound(to: UInt8.self), bytes.count))
  }

  /// The CRC of `bytes`, continuing from `crc` (0 to start).
  public static func update<C: Collection<UInt8>>(_ crc: UInt32, _ bytes: C) -> UInt32 {
    if let done = bytes.withContiguousStorageIfAvailable({ update(crc, UnsafeRawBufferPointer($0)) }) { return done }
    return Array(bytes).withUnsafeBytes { update(crc, $0) }
  }
}
