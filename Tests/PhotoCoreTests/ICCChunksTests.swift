import Testing
@testable import PhotoCore

/// ICC profiles split over APP2 "ICC_PROFILE\0" chunks.
struct ICCChunksTests {
  static let profile = ICCProfileTests.profile(version: (4, 0x30), tags: [("desc", ICCProfileTests.mluc([("en", "US", "Display P3")]))])

  static func chunks(size: Int, count: Int? = nil) -> [[UInt8]] {
    let parts = stride(from: 0, to: profile.count, by: size).map { Array(profile[$0..<min($0 + size, profile.count)]) }
    return parts.enumerated().map { ICCChunks.app2Signature + [UInt8($0.offset + 1), UInt8(count ?? parts.count)] + $0.element }
  }

  @Test func inOrderOutOfOrderAndDuplicated() throws {
    let c = Self.chunks(size: 50)
    #expect(ICCChunks.assemble(c).profile == Self.profile)
    #expect(ICCChunks.assemble(c.reversed()).profile == Self.profile)
    let (p, w) = ICCChunks.assemble(c + [c[1]])
    #expect(p == Self.profile && w.isEmpty)
    let assembled = try #require(p)
    let info = try #require(ICCProfileDecoder.decode(assembled))
    #expect(info.description == "Display P3")
    #expect(ICCChunks.assemble([ICCChunks.app2Signature + [1, 1] + Self.profile]).profile == Self.profile)
  }

  @Test func missingConflictingAndInvalidChunks() {
    var c = Self.chunks(size: 50)
    let removed = c.remove(at: 2)
    let (p, w) = ICCChunks.assemble(c)
    #expect(p == nil && w.count == 1 && w[0].contains("3"))
    var conflicting = c
    conflicting.append(removed)
    var other = removed
    other[other.count - 1] ^= 0xFF
    conflicting.append(other)
    let (p2, w2) = ICCChunks.assemble(conflicting)
    #expect(p2 == Self.profile && w2.count == 1)
    let invalid: [[UInt8]] = [Array("MPF\0".utf8), ICCChunks.app2Signature + [0, 1], ICCChunks.app2Signature + [5, 2]]
    let (p3, w3) = ICCChunks.assemble(Self.chunks(size: 1000) + invalid)
    #expect(p3 == Self.profile && w3.count == 3)
    #expect(ICCChunks.assemble([]).profile == nil)
    #expect(ICCChunks.assemble([ICCChunks.app2Signature + [1, 0]]).profile == nil)
  }
}
