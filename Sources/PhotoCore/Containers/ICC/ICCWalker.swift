import Bytes
/// The layout of an ICC profile: its header, its tag table, the data of each tag, the padding
/// between tags, and every byte no tag covers (inside the declared size, or after it). Those
/// unexplained bytes are where a profile can carry something else — text, an image, EXIF — that
/// a copy of the profile would carry along. [ICC.1:2010 7.1–7.3]
///
/// Tag data is not decoded here (`ICCProfileDecoder` does that); it is marked for the sweep.
public enum ICCWalker {
  /// Header length. [ICC.1:2010 7.2]
  package static let headerLength = 128
  /// Most tag-table entries read (as `ICCProfileDecoder`).
  static let maxTags = 1024
  /// Tag data is aligned to 4 bytes; up to 3 zero bytes between tags are padding. [ICC.1:2010 7.1.2]
  static let alignment = 4

  /// One tag-table entry: signature and data range, relative to the profile start.
  package struct Tag: Equatable {
    package var signature: String
    package var data: Range<Int>
  }

  /// The tags of `profile` whose data lies inside it, and the table's end; nil when the profile
  /// is shorter than its header. Problems go to `warnings`. (A tag whose data overlaps the
  /// header or the table explains no byte of its own: the layout clips it.)
  package static func tags(_ profile: [UInt8], warnings: inout [String]) -> (tags: [Tag], tableEnd: Int, declared: Int)? {
    guard profile.count >= headerLength else { return nil }
    let declared = Int(ICCProfileDecoder.u32(profile, 0))
    guard profile.count >= headerLength + 4 else { return ([], headerLength, declared) }
    var count = Int(ICCProfileDecoder.u32(profile, headerLength))
    let room = (profile.count - headerLength - 4) / 12
    if count > min(room, maxTags) {
      warnings.append("ICC tag table declares \(count) tags; only \(min(room, maxTags)) fit and were read.")
      count = min(room, maxTags)
    }
    var tags: [Tag] = []
    for k in 0..<count {
      let at = headerLength + 4 + 12 * k
      let signature = ICCProfileDecoder.fourCC(profile, at, trimNUL: false)
      let offset = Int(ICCProfileDecoder.u32(profile, at + 4)), size = Int(ICCProfileDecoder.u32(profile, at + 8))
      guard offset <= profile.count, size <= profile.count - offset else {
        warnings.append("ICC tag '\(signature)' lies outside the profile (offset \(offset), \(size) bytes); skipped.")
        continue
      }
      tags.append(Tag(signature: signature, data: offset..<offset + size))
    }
    return (tags, headerLength + 4 + 12 * count, declared)
  }

  /// Largest profile read (a JPEG carries at most 255 APP2 chunks of 65,519 bytes).
  public static let maxBytes = 16 << 20

  /// Walks the profile in `range` of `source`.
  public static func walk(_ source: any ByteSource, range: Range<Int>, placement: FilePlacement) -> LayoutTree {
    let length = min(range.count, maxBytes)
    guard let profile = try? source.exactBytes(in: range.lowerBound..<range.lowerBound + length, what: "ICC profile") else {
      var tree = LayoutTree(format: .icc, source: source, range: range, placement: placement)
      tree.failure = .truncated(format: "ICC", what: "profile", offset: placement.reportedOffset(range.lowerBound))
      return tree
    }
    var tree = walk(profile, source: source, range: range, placement: placement)
    if length < range.count { tree.markIncomplete("icc", "the ICC profile is \(range.count) bytes; only the first \(maxBytes) were read") }
    return tree
  }

  /// Walks the profile in `range` of `source`, whose first bytes are `profile`.
  static func walk(_ profile: [UInt8], source: any ByteSource, range: Range<Int>, placement: FilePlacement) -> LayoutTree {
    var tree = LayoutTree(format: .icc, source: source, range: range, placement: placement)
    let base = range.lowerBound
    var warnings: [String] = []
    guard let (tags, tableEnd, declared) = Self.tags(profile, warnings: &warnings) else {
      tree.nodes = [.unexplained("too short", range: range, note: "\(profile.count) bytes, shorter than an ICC header")]
      tree.scan.warnings = ["ICC profile of \(profile.count) bytes is shorter than its 128-byte header"]
      tree.end = range.lowerBound
      return tree
    }
    var nodes = [LayoutNode("header", range: base..<base + headerLength)]
    if tableEnd > headerLength { nodes.append(LayoutNode("tag table", range: base + headerLength..<base + tableEnd)) }
    // Tags may share data (the same offset twice) or overlap: each stretch is claimed once.
    var covered = tableEnd
    for tag in tags.sorted(by: { ($0.data.lowerBound, $0.data.upperBound) < ($1.data.lowerBound, $1.data.upperBound) }) {
      guard tag.data.upperBound > covered else { continue }
      let start = max(tag.data.lowerBound, covered)
      if start > covered {
        nodes.append(gap(profile, covered..<start, base: base))
        covered = start
      }
      nodes.append(LayoutNode("tag '\(tag.signature.trimmingWhitespace())'", range: base + start..<base + tag.data.upperBound, swept: true))
      covered = tag.data.upperBound
    }
    // Alignment padding after the last tag, up to the declared size, is part of the profile.
    let declaredEnd = min(max(declared, covered), profile.count)
    let padding = (alignment - covered % alignment) % alignment
    if covered < declaredEnd, declaredEnd - covered <= padding, isZero(profile, covered..<declaredEnd) {
      nodes.append(LayoutNode("padding", range: base + covered..<base + declaredEnd, note: "alignment to 4 bytes"))
      covered = declaredEnd
    }
    if declared != profile.count {
      warnings.append("ICC profile declares \(declared) bytes but \(profile.count) are present.")
    }
    tree.nodes = nodes
    tree.end = base + covered
    tree.scan.warnings = warnings
    return tree
  }

  /// The bytes between two tags: padding when fewer than 4 and all zero, else unexplained.
  package static func gap(_ profile: [UInt8], _ gap: Range<Int>, base: Int) -> LayoutNode {
    let absolute = base + gap.lowerBound..<base + gap.upperBound
    if gap.count < alignment, isZero(profile, gap) {
      return LayoutNode("padding", range: absolute, note: "alignment to 4 bytes")
    }
    return .unexplained("gap", range: absolute, note: "bytes inside the profile that no tag covers")
  }

  static func isZero(_ bytes: [UInt8], _ range: Range<Int>) -> Bool { bytes[range].allSatisfy { $0 == 0 } }
}
