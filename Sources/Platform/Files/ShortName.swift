import Bytes
/// File names that fit the file system's limit (`NAME_MAX`, counted in bytes): a name longer
/// than its folder allows cannot be created at all ("File name too long"), so an output whose
/// name would be too long gets a shorter one that still says where it came from.
public enum ShortName {
  /// The longest prefix of `name` of at most `bytes` UTF-8 bytes that ends on a character
  /// boundary (never half of a multi-byte character).
  public static func prefix(_ name: String, bytes: Int) -> Substring {
    guard name.utf8.count > bytes else { return name[...] }
    var end = name.startIndex
    var used = 0
    for index in name.unicodeScalars.indices {
      let size = name.unicodeScalars[index].utf8.count
      if used + size > bytes { break }
      used += size
      end = name.unicodeScalars.index(after: index)
    }
    return name[..<end]
  }

  /// `stem` unchanged when `stem + longestSuffix` fits in `limit` bytes; else the longest
  /// prefix that leaves room for `-` and 12 hex digits of the stem's SHA-256, so two long names
  /// that share a beginning still differ ("<first 231 bytes>-3f9a1c0b7d2e").
  public static func stem(_ stem: String, longestSuffix: String, limit: Int) -> String {
    let room = limit - longestSuffix.utf8.count
    guard stem.utf8.count > room else { return stem }
    let hash = String(SHA256.hex(Array(stem.utf8)).prefix(12))
    return String(prefix(stem, bytes: max(room - 1 - hash.utf8.count, 0))) + "-" + hash
  }
}
