/// Rebuilds an ICC profile from what its tag table explains: the header, the tag table, and
/// each tag's data, packed in order with the 4-byte alignment the format asks for. Bytes no tag
/// covers — text, an image, EXIF hidden in a profile — are not carried over, so a sanitized
/// output keeps the colours and nothing else. [ICC.1:2010 7.1–7.3]
public enum ICCProfileRebuilder {
  /// Header bytes holding the Profile ID (an MD5 of the profile), zeroed when the layout
  /// changes: 0 means "not computed". [ICC.1:2010 7.2.18]
  static let profileID = 84..<100

  /// The profile rebuilt from its header and tags; the profile itself when nothing needs to go
  /// (every byte is header, table, tag data or alignment padding, and the declared size is
  /// right); nil when it is not an ICC profile (shorter than a header, no "acsp").
  public static func rebuild(_ profile: [UInt8]) -> [UInt8]? {
    var warnings: [String] = []
    guard profile.count >= ICCWalker.headerLength + 4, ICCProfileDecoder.fourCC(profile, 36) == "acsp",
          let (tags, _, declared) = ICCWalker.tags(profile, warnings: &warnings) else { return nil }
    // Each distinct data block once, in file order; tags that share data keep sharing it.
    var blocks: [Range<Int>] = []
    for tag in tags where !blocks.contains(tag.data) { blocks.append(tag.data) }
    blocks.sort { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
    let tableLength = 4 + 12 * tags.count
    var newOffset: [Range<Int>: Int] = [:]
    var cursor = ICCWalker.headerLength + tableLength
    for block in blocks {
      cursor = aligned(cursor)
      newOffset[block] = cursor
      cursor += block.count
    }
    let size = aligned(cursor)
    var out = Array(profile[0..<ICCWalker.headerLength])
    out += be32(tags.count)
    for tag in tags {
      out += Array(tag.signature.utf8.prefix(4)) + Array(repeating: 0x20, count: max(0, 4 - tag.signature.utf8.count))
      out += be32(newOffset[tag.data] ?? 0) + be32(tag.data.count)
    }
    for block in blocks {
      let at = newOffset[block] ?? out.count
      if out.count < at { out += Array(repeating: 0, count: at - out.count) }
      out += profile[block]
    }
    if out.count < size { out += Array(repeating: 0, count: size - out.count) }
    out.replaceSubrange(0..<4, with: be32(out.count))
    if out == profile, declared == profile.count { return profile }
    out.replaceSubrange(profileID, with: Array(repeating: 0, count: profileID.count))
    return out
  }

  static func aligned(_ n: Int) -> Int { (n + ICCWalker.alignment - 1) / ICCWalker.alignment * ICCWalker.alignment }

  static func be32(_ v: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
  }
}
