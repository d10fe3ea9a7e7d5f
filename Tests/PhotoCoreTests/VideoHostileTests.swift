import Bytes
import Foundation
import PhotoCore
import Testing

/// Truncated and hostile movies: every prefix of a MOV/MP4 is unreadable or not fully checked
/// (a truncated `moov` or `mdat` is never clean), every mutated byte gives a sound tree, and
/// boxes that lie about their sizes or nest too deep stop the walk with a reason, never a trap.
@Suite struct VideoHostileTests {
  static func bytes(_ relative: String) throws -> [UInt8] { try FileSource(path: FixtureFiles.path(relative)).allBytes() }

  /// The metadata walk of a movie, its failure thrown (for `LayoutInvariants.corruptionSweep`).
  static func scan(_ bytes: [UInt8]) throws -> ContainerScan {
    let tree = ISOBMFFWalker.walk(MemorySource(bytes), format: .mov)
    if let failure = tree.failure { throw failure }
    return tree.scan
  }

  @Test(arguments: ["video/mov/keys.mov", "video/mov/keys-moov-meta.mov", "video/mov/loci.mp4", "video/mov/rotate-90.mp4"])
  func everyPrefixIsNeverClean(_ relative: String) throws {
    let bytes = try Self.bytes(relative)
    var unreadable = 0, incomplete = 0
    for n in 1..<bytes.count {
      let prefix = Array(bytes.prefix(n))
      let m = Inspector.inspect(source: MemorySource(prefix), path: "prefix")
      let findings = CheckRegistry.run(CheckSubject(output: m))
      #expect(findings.contains { $0.id == .unreadable || $0.id == .incompleteCheck }, "\(relative): prefix \(n) of \(bytes.count) is clean")
      if m.error != nil { unreadable += 1 } else { incomplete += 1 }
      let tree = LayoutWalker.walk(MemorySource(prefix), format: ImageFormat.sniff(Array(prefix.prefix(64))) ?? .mov, mode: .complete)
      #expect(LayoutInvariants.violations(tree, fileSize: n).isEmpty, "\(relative): prefix \(n)")
    }
    #expect(unreadable > 0)
  }

  @Test func aTruncatedMoovStillGivesTheGPSReadBeforeIt() throws {
    // keys-moov-meta.mov: moov (with its keys) first, then mdat. Cut inside mdat: PA013, and the
    // GPS read before the problem is PA001 all the same (fail closed).
    let bytes = try Self.bytes("video/mov/keys-moov-meta.mov")
    let m = Inspector.inspect(source: MemorySource(Array(bytes.dropLast(10))), path: "cut.mov")
    #expect(m.error?.contains("ends early") == true)
    #expect(m.gps.map(\.path.description) == ["keys"])
    let ids = CheckRegistry.run(CheckSubject(output: m)).map(\.id)
    #expect(ids == [.unreadable, .gpsPresent])
  }

  @Test(arguments: ["video/mov/keys.mov", "video/mov/loci.mp4"])
  func corruptedBytesGiveSoundTrees(_ relative: String) throws {
    let bytes = try Self.bytes(relative)
    // The metadata: from the first box after 'mdat' (ffmpeg writes 'moov' last) to the end.
    let (read, rejected, problems) = LayoutInvariants.corruptionSweep(bytes, from: 0, limit: bytes.count, values: [0x00, 0xFF, 0x80],
                                                                       format: .mov, scan: Self.scan)
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    #expect(read > 0 && rejected > 0, "read \(read), rejected \(rejected)")
  }

  /// A box: 32-bit size, type, payload.
  static func box(_ type: String, _ payload: [UInt8], size: UInt32? = nil) -> [UInt8] {
    let s = size ?? UInt32(payload.count + 8)
    return [UInt8(s >> 24), UInt8(s >> 16 & 0xFF), UInt8(s >> 8 & 0xFF), UInt8(s & 0xFF)] + Array(type.utf8) + payload
  }

  static let ftyp = box("ftyp", Array("qt  ".utf8) + [0, 0, 0, 0] + Array("qt  ".utf8))

  @Test func hostileBoxes() {
    var deep: [UInt8] = Self.box("tkhd", [UInt8](repeating: 0, count: 84))
    for _ in 0..<40 { deep = Self.box("trak", deep) }  // nesting far past the depth cap
    let cases: [(String, [UInt8])] = [
      ("no moov", Self.ftyp + Self.box("mdat", [1, 2, 3])),
      ("moov past the end", Self.ftyp + Self.box("moov", [0, 0, 0, 8], size: 1 << 30)),
      ("largesize past the end", Self.ftyp + [0, 0, 0, 1] + Array("moov".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
      ("deep nesting", Self.ftyp + Self.box("moov", deep)),
      ("short tkhd", Self.ftyp + Self.box("moov", Self.box("trak", Self.box("tkhd", [1, 0, 0])))),
      ("udta of garbage", Self.ftyp + Self.box("moov", Self.box("udta", [0xFF, 0xFF, 0xFF, 0xFF, 0xA9, 0x78, 0x79, 0x7A, 1]))),
      ("keys claiming 4 billion", Self.ftyp + Self.box("moov", Self.box("meta", Self.box("hdlr", [UInt8](repeating: 0, count: 25))
        + Self.box("keys", [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]) + Self.box("ilst", Self.box("\u{0}\u{0}\u{0}\u{1}", []))))),
      ("chunk offsets past the end", Self.ftyp + Self.box("moov", Self.box("trak", Self.box("mdia", Self.box("minf", Self.box("stbl",
        Self.box("stco", [0, 0, 0, 0, 0, 0, 0, 1, 0x7F, 0xFF, 0xFF, 0xFF]) + Self.box("stsz", [0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 1])
        + Self.box("stsc", [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]))))))),
    ]
    for (name, bytes) in cases {
      let m = Inspector.inspect(source: MemorySource(bytes), path: name)
      #expect(m.format == .mov, "\(name)")
      let findings = CheckRegistry.run(CheckSubject(output: m))
      #expect(findings.contains { $0.severity == .error }, "\(name) is clean: \(m)")
      let tree = LayoutWalker.walk(MemorySource(bytes), format: .mov, mode: .complete)
      #expect(LayoutInvariants.violations(tree, fileSize: bytes.count).isEmpty, "\(name)")
    }
  }
}
