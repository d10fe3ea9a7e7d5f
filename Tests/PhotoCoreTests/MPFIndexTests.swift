import Bytes
import PhotoCore
import Testing

/// The MPF index (CIPA DC-007) from hand-built bytes, including hostile counts and offsets.
@Suite struct MPFIndexTests {
  /// A big-endian MP header: IFD with NumberOfImages and MPEntry, then the entries.
  static func index(images: UInt32, entries: [(attribute: UInt32, size: UInt32, offset: UInt32)]) -> [UInt8] {
    func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    func be32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (24 - 8 * UInt32($0))) & 0xFF) } }
    let entryOffset: UInt32 = 8 + 2 + 2 * 12 + 4
    var out: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A] + be32(8) + be16(2)
    out += be16(0xB001) + be16(4) + be32(1) + be32(images)
    out += be16(0xB002) + be16(7) + be32(UInt32(entries.count * 16)) + be32(entryOffset)
    out += be32(0)
    for e in entries { out += be32(e.attribute) + be32(e.size) + be32(e.offset) + be32(0) }
    return out
  }

  @Test func readsEntries() {
    let parsed = MPFIndex.parse(Self.index(images: 2, entries: [(0x030000, 5000, 0), (0x020002, 900, 4000)]), base: 100)
    #expect(parsed.warnings.isEmpty)
    #expect(parsed.entries.map(\.offset) == [0, 4000])
    #expect(parsed.entries[1].typeName == "Multi-frame Disparity")
  }

  /// The count field alone never drives the loop: the entries the data holds are read, all of
  /// them (no silent stop at 64); only past `maxEntries`, more than any APP2 segment can hold,
  /// are entries left unread, and counted so the walker records the file as incompletely checked.
  @Test func absurdImageCountIsBoundByTheData() {
    let entries = Array(repeating: (UInt32(0), UInt32(10), UInt32(10)), count: 100)
    let parsed = MPFIndex.parse(Self.index(images: 4_000_000_000, entries: entries), base: 0)
    #expect(parsed.entries.count == 100)
    #expect(parsed.unreadEntries == 0)
    #expect(parsed.warnings.contains { $0.contains("lists 4000000000 images") })
  }

  @Test func entriesPastTheLimitAreCounted() {
    let entries = Array(repeating: (UInt32(0), UInt32(10), UInt32(10)), count: MPFIndex.maxEntries + 904)
    let parsed = MPFIndex.parse(Self.index(images: UInt32(MPFIndex.maxEntries + 904), entries: entries), base: 0)
    #expect(parsed.entries.count == MPFIndex.maxEntries)
    #expect(parsed.unreadEntries == 904)
  }

  @Test func truncationSweepNeverTraps() {
    let bytes = Self.index(images: 2, entries: [(0x030000, 5000, 0), (0x020002, 900, 4000)])
    for n in 0..<bytes.count {
      let parsed = MPFIndex.parse(Array(bytes.prefix(n)), base: 0)
      #expect(parsed.entries.count < 2 || n == bytes.count, "prefix \(n)")
      #expect(!parsed.warnings.isEmpty, "prefix \(n) read as complete")
    }
  }

  /// A secondary image whose offset points outside the file is a warning, not a read.
  @Test func secondaryImageOutsideTheFileIsAWarning() {
    var jpeg = JPEGBuilder()
    jpeg.segment(0xE2, Array(ascii: "MPF\0") + Self.index(images: 2, entries: [(0x030000, 5000, 0), (0x020002, 900, 0x7FFF_FFF0)]))
    jpeg.frame(width: 8, height: 8)
    jpeg.scanAndEnd()
    let m = Inspector.inspect(source: MemorySource(jpeg.bytes), path: "mpf.jpg")
    #expect(m.warnings.contains { $0.contains("MPF image 2") && $0.contains("outside the file") })
    #expect(m.embeddedImages.isEmpty)
  }
}
