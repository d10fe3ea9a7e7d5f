import Bytes
/// `--shard K/N`: a deterministic 1/N of the work, by a hash of each input's key — its path
/// below the folder given, or the path as listed (SPEC "Scale"): workers that mount the same
/// data at `/data` and at `/mnt/u` split it the same way.
public struct Shard: Sendable, Equatable {
  /// K, from 1.
  public var index: Int
  /// N.
  public var count: Int

  /// Shard `index` of `count` (1 ≤ index ≤ count).
  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses "K/N" with 1 ≤ K ≤ N.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else { return nil }
    index = k
    count = n
  }

  /// "K/N".
  public var text: String { "\(index)/\(count)" }

  /// True when the input with this key belongs to this shard (FNV-1a 64 of the key's UTF-8
  /// bytes, mod N).
  public func contains(_ key: String) -> Bool { contains(key: key.utf8) }

  /// `contains` of a key given as UTF-8 bytes.
  public func contains<Bytes: Sequence<UInt8>>(key: Bytes) -> Bool {
    Int(FNV1a.hash64(key) % UInt64(count)) == index - 1
  }
}
