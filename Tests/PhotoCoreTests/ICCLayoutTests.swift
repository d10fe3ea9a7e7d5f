@testable import PhotoCore
@testable import Bytes
import Testing

/// ICC profiles as documents of the layout tree: every byte is the header, the tag table, a
/// tag's data or alignment padding; anything else is unexplained (PA014, swept) — and a
/// sanitized output carries the profile rebuilt from its tags, without it.
@Suite struct ICCLayoutTests {
  /// The Display P3 profile of Fixtures/jpeg/icc-p3.jpg (made by tools/make_icc.py).
  static func profile() throws -> [UInt8] {
    let inspection = Inspector.read(path: FixtureFiles.path("jpeg/icc-p3.jpg"))
    let icc = try #require(inspection.tree?.children.first { $0.step.name == "icc" })
    return try icc.tree.source.bytes(in: icc.tree.range)
  }

  static func walk(_ profile: [UInt8]) -> LayoutTree {
    ICCWalker.walk(MemorySource(profile), range: 0..<profile.count, placement: .file)
  }

  static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

  @Test func aSoundProfileIsExplainedByItsTags() throws {
    let profile = try Self.profile()
    let tree = Self.walk(profile)
    #expect(tree.nodes.first?.name == "header" && tree.nodes[1].name == "tag table")
    #expect(tree.nodes.allSatisfy { $0.kind == .structure })
    #expect(tree.nodes.filter { $0.name.hasPrefix("tag '") }.map(\.name).contains("tag 'desc'"))
    #expect(tree.end == profile.count)
    #expect(tree.nodes.last?.range.upperBound == profile.count)
  }

  /// Bytes after the last tag, inside the (grown) declared size: a trailing stretch the layout
  /// walk leaves unexplained ("icc/trailer"), and that the rebuilt profile does not carry.
  @Test func bytesAfterTheLastTagAreUnexplainedAndNotRebuilt() throws {
    let profile = try Self.profile()
    var grown = profile + Array("taken at 31.230416, 121.473701".utf8)
    grown.replaceSubrange(0..<4, with: Self.be32(grown.count))
    var budget = 10
    let tree = LayoutWalker.walk(.icc, source: MemorySource(grown), range: 0..<grown.count, placement: .file, mode: .complete,
                                 depth: 1, budget: &budget)
    let trailer = try #require(tree.nodes.last)
    #expect(trailer.name == "trailer" && trailer.kind == .unaccounted && trailer.note == "after the last tag")
    #expect(trailer.range == profile.count..<grown.count)
    let rebuilt = try #require(ICCProfileRebuilder.rebuild(grown))
    #expect(rebuilt.count == profile.count)
    #expect(rebuilt[100...] == profile[100...])
    #expect(rebuilt[84..<100].allSatisfy { $0 == 0 }, "the profile ID no longer matches: zeroed")
    #expect(ICCProfileDecoder.decode(rebuilt)?.description == ICCProfileDecoder.decode(profile)?.description)
  }

  @Test func aSoundProfileIsRebuiltUnchanged() throws {
    let profile = try Self.profile()
    #expect(ICCProfileRebuilder.rebuild(profile) == profile)
    #expect(ICCProfileRebuilder.rebuild(Array(profile.prefix(100))) == nil)
    var notICC = profile
    notICC.replaceSubrange(36..<40, with: Array("xxxx".utf8))
    #expect(ICCProfileRebuilder.rebuild(notICC) == nil)
  }

  /// Bytes between two tags (here: the first tag's data moved 16 bytes on) are a gap no tag
  /// covers; up to 3 zero bytes are alignment padding.
  @Test func gapsBetweenTagsAreUnexplained() throws {
    let profile = try Self.profile()
    let count = Int(ICCProfileDecoder.u32(profile, 128))
    let firstData = (0..<count).map { Int(ICCProfileDecoder.u32(profile, 128 + 4 + 12 * $0 + 4)) }.min() ?? 0
    var moved = Array(profile[0..<firstData]) + Array(repeating: 0x41, count: 16) + Array(profile[firstData...])
    for k in 0..<count {
      let at = 128 + 4 + 12 * k + 4
      moved.replaceSubrange(at..<at + 4, with: Self.be32(Int(ICCProfileDecoder.u32(profile, at)) + 16))
    }
    moved.replaceSubrange(0..<4, with: Self.be32(moved.count))
    let tree = Self.walk(moved)
    let gap = try #require(tree.nodes.first { $0.kind == .unaccounted })
    #expect(gap.name == "gap" && gap.range == firstData..<firstData + 16)
    #expect(ICCProfileRebuilder.rebuild(moved)?.count == profile.count)
  }
}
