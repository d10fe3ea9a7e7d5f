@testable import Bytes
import Foundation
import Testing

@testable import PhotoCore

/// An EXIF block that libexif or our TIFF walk could not read in full is PA015, never only a
/// warning (SPEC "Fail closed"): each way a block can stop short — an IFD pointer, an IFD table,
/// IFD1 or a value past the end of the block, more IFDs or entries than the caps, entries libexif
/// did not load — is one reason of the block's `incomplete`; libexif's own log stays a warning.
@Suite struct ExifNotReadInFullTests {
  /// The TIFF block of a fixture's APP1 "Exif\0\0" segment.
  static func tiff(_ fixture: String) throws -> [UInt8] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path(fixture))))
    let tree = LayoutWalker.walk(MemorySource(bytes), format: .jpeg, mode: .metadata)
    return try #require(tree.scan.carriers.first { $0.kind == .exif }).payload
  }

  /// A 32-bit value in the block's byte order.
  static func u32(_ v: Int, bigEndian: Bool) -> [UInt8] {
    let le = TIFFBuilder.le32(UInt32(v))
    return bigEndian ? le.reversed() : le
  }

  /// The residue/ fixtures (gen/residue.sh): one thing of a camera EXIF block moved past its
  /// end, as ExifTool's warning for each says.
  @Test(arguments: [
    ("residue/exif-ifd-past-block.jpg", "IFD0's ExifIFD pointer (offset 364) points past the end of the 300-byte block"),
    ("residue/exif-value-past-block.jpg", "IFD0 Make (0x010F) has a value (254 of TIFF type 2) that does not fit in the 300-byte block"),
    ("residue/exif-ifd-short.jpg", "ExifIFD at offset 154 lists 206 entries, which do not fit in the 300-byte block"),
    ("residue/exif-ifd1-past-block.jpg", "IFD1 at offset 364 does not fit in the 300-byte block"),
  ])
  func eachWayOutOfTheBlockIsIncomplete(_ fixture: String, _ reason: String) throws {
    let contents = ExifDecoder.decode(try Self.tiff(fixture))
    #expect(contents.incomplete == ["part of the EXIF block could not be read: \(reason)"])
    #expect(contents.gps == nil)
    // What libexif said about it is kept as a warning, never as the only word.
    #expect(contents.warnings.allSatisfy { $0.hasPrefix("libexif: ") }, "\(contents.warnings)")
  }

  /// The block the fixtures were made from reads whole.
  @Test func theSoundBlockIsComplete() throws {
    var tiff = try Self.tiff("residue/exif-ifd-past-block.jpg")
    let structure = try #require(TIFFStructure.parse(tiff))
    #expect(structure.problems.count == 1)
    // The pointer put back where the Exif IFD is (the value-past fixture, made from the same
    // block, still points at it).
    let ifd0 = try #require(structure.directories.first)
    let pointer = try #require(ifd0.entry(TIFFStructure.exifPointer)?.value)
    let exif = try #require(TIFFStructure.parse(try Self.tiff("residue/exif-value-past-block.jpg"))?.directories.first { $0.name == "ExifIFD" })
    tiff.replaceSubrange(pointer, with: Self.u32(exif.table.lowerBound, bigEndian: structure.bigEndian))
    let contents = ExifDecoder.decode(tiff)
    #expect(contents.incomplete.isEmpty, "\(contents.incomplete)")
    #expect(contents.warnings.isEmpty, "\(contents.warnings)")
    #expect(contents.tags.contains { $0.group == "ExifIFD" && $0.name == "LensModel" })
  }

  /// ExifTool writes an emptied thumbnail as JPEGInterchangeFormat = the block's length and
  /// JPEGInterchangeFormatLength = 0 (exiftool-t-images/ExifTool.jpg): libexif logs "Tag data
  /// past end of buffer" and stops reading IFD1, yet nothing is missing. A warning, no PA015.
  @Test func anEmptiedThumbnailIsNotUnread() {
    var builder = TIFFBuilder()
    builder.ifd0 = [TIFFBuilder.short(0x0112, 1)]
    let ifd0 = builder.build()
    let ifd1At = ifd0.count + 2  // IFD0's next-IFD offset is patched to it below
    var tiff = builder.build(nextIFDOffset: UInt32(ifd1At))
    tiff += [0, 0]  // alignment
    let end = ifd1At + 2 + 3 * 12 + 4
    tiff += TIFFBuilder.le16(3)
    tiff += TIFFBuilder.le16(0x0103) + TIFFBuilder.le16(3) + TIFFBuilder.le32(1) + TIFFBuilder.le32(6)
    tiff += TIFFBuilder.le16(0x0201) + TIFFBuilder.le16(4) + TIFFBuilder.le32(1) + TIFFBuilder.le32(UInt32(end))
    tiff += TIFFBuilder.le16(0x0202) + TIFFBuilder.le16(4) + TIFFBuilder.le32(1) + TIFFBuilder.le32(0)
    tiff += TIFFBuilder.le32(0)
    #expect(tiff.count == end)
    let contents = ExifDecoder.decode(tiff)
    #expect(contents.incomplete.isEmpty, "\(contents.incomplete)")
    #expect(contents.warnings.contains { $0.hasPrefix("libexif: ExifData: Tag data past end of buffer") }, "\(contents.warnings)")
    #expect(contents.orientation == 1)
  }

  /// An over-deep chain of Exif IFDs: libexif stops at its recursion check, our walk at 16 IFDs;
  /// what neither read is PA015, and libexif's words are a warning.
  @Test func aChainPastTheIFDCapIsIncomplete() {
    let contents = ExifDecoder.decode(HostileInputs.tiffDeepExifChain(depth: 40))
    // (libexif kept none of the pointers, which are all these IFDs hold: the older check says so too.)
    #expect(contents.incomplete == ["libexif read none of the 16 entries the block's IFDs list",
                                    "part of the EXIF block could not be read: it points at more than 16 IFDs; those past the 16th were not read"])
    #expect(contents.warnings.contains { $0.hasPrefix("libexif: ") && $0.lowercased().contains("recursive") }, "\(contents.warnings)")
  }

  /// An IFD listing more entries than the 1024 read is cut, and says so.
  @Test func anIFDOverTheEntryCapIsIncomplete() {
    var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + TIFFBuilder.le32(8) + TIFFBuilder.le16(1100)
    for i in 0..<1100 { tiff += TIFFBuilder.le16(UInt16(0xC000 + i)) + TIFFBuilder.le16(3) + TIFFBuilder.le32(1) + TIFFBuilder.le32(7) }
    tiff += TIFFBuilder.le32(0)
    let contents = ExifDecoder.decode(tiff)
    #expect(contents.incomplete.count == 1)
    #expect(contents.incomplete.first?.contains("IFD0 lists 1100 entries; the first 1024 were read (the cap)") == true, "\(contents.incomplete)")
  }

  /// A GPS position outside the block is GPS (PA001, `ExifGPSPresence`): not repeated as PA015.
  @Test func anUnreadableGPSPositionIsNotRepeated() throws {
    var builder = TIFFBuilder()
    builder.gps = [TIFFBuilder.ascii(0x0001, "N"), TIFFBuilder.rationals(0x0002, [(31, 1), (13, 1), (49, 1)])]
    var tiff = builder.build()
    // GPSLatitude's value offset (the GPS IFD's second entry) moved past the end of the block.
    let gps = try #require(TIFFStructure.parse(tiff)?.gps)
    let field = gps.table.lowerBound + 2 + 12 + 8
    tiff.replaceSubrange(field..<field + 4, with: TIFFBuilder.le32(UInt32(tiff.count + 100)))
    let contents = ExifDecoder.decode(tiff)
    #expect(contents.gps?.unreadable == "present, value unreadable: GPSLatitude has a value outside the EXIF block")
    #expect(contents.incomplete.isEmpty, "\(contents.incomplete)")
  }

  /// Every prefix of a block that cuts into what its IFDs point at is incomplete (or, under 8
  /// bytes, unreadable with a warning); none traps. A prefix that drops only bytes nothing points
  /// at reads whole.
  @Test func everyCutOfTheBlockIsIncomplete() throws {
    let tiff = try Self.tiff("residue/exif-value-past-block.jpg")
    var whole = try #require(TIFFStructure.parse(tiff))
    // Repaired: Make's count back to "Apple\0".
    let make = try #require(whole.directories.first?.entries.firstIndex { $0.tag == 0x010F })
    var repaired = tiff
    let countAt = try #require(whole.directories.first).table.lowerBound + 2 + 12 * make + 4
    repaired.replaceSubrange(countAt..<countAt + 4, with: Self.u32(6, bigEndian: whole.bigEndian))
    whole = try #require(TIFFStructure.parse(repaired))
    #expect(whole.problems.isEmpty)
    let used = whole.directories.flatMap { [$0.table.upperBound] + $0.entries.compactMap { $0.value?.upperBound } }.max() ?? 0
    for n in 0..<repaired.count {
      let contents = ExifDecoder.decode(Array(repaired.prefix(n)))
      if n < 8 {
        #expect(contents.incomplete.isEmpty && !contents.warnings.isEmpty, "prefix \(n)")
      } else if n < used {
        #expect(!contents.incomplete.isEmpty, "a \(n)-byte prefix of \(repaired.count) reads whole")
      } else {
        #expect(contents.incomplete.isEmpty, "prefix \(n): \(contents.incomplete)")
      }
    }
  }

  /// Random byte flips of the block: never a trap or a hang; whatever our walk reports as a
  /// problem is PA015.
  @Test func mutatedBlocksNeverTrap() throws {
    let tiff = try Self.tiff("residue/exif-ifd-past-block.jpg")
    var rng = SplitMix64(seed: 25)
    for _ in 0..<2000 {
      var mutated = tiff
      for _ in 0..<(1 + Int(rng.next() % 4)) {
        mutated[Int(rng.next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: rng.next())
      }
      let contents = ExifDecoder.decode(mutated)
      if let structure = TIFFStructure.parse(mutated), !structure.problems.filter({ $0.directory != "GPS" }).isEmpty {
        #expect(!contents.incomplete.isEmpty)
      }
    }
  }
}
