import Foundation
@testable import PhotoCore
import Testing

/// The slack of an EXIF/TIFF block (`TIFFStructure.slack`): the bytes nothing in the block reads,
/// which the sweep searches for GPS (a JPEG with its own EXIF GPS can hide there, unseen by
/// every EXIF reader). Values an entry points at, the IFD1 thumbnail and the MakerNote are not
/// slack; neither is padding too short to hold any GPS signature.
@Suite struct TIFFSlackTests {
  /// A little-endian block: IFD0 with an ASCII value of 12 bytes out of line (Artist) and a
  /// pointer to IFD1, IFD1 with a thumbnail of 16 bytes, then `tail` bytes nothing points at.
  static func block(padding: Int, tail: Int) -> (bytes: [UInt8], value: Range<Int>, thumbnail: Range<Int>) {
    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
    func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] { le16(tag) + le16(type) + le32(count) + le32(value) }
    let ifd0 = 8, ifd0Size = 2 + 12 + 4
    let value = ifd0 + ifd0Size + padding  // the Artist string, after `padding` bytes
    let ifd1 = value + 12
    let ifd1Size = 2 + 2 * 12 + 4
    let thumbnail = ifd1 + ifd1Size
    var bytes: [UInt8] = [0x49, 0x49, 42, 0] + le32(ifd0)
    bytes += le16(1) + entry(0x013B, 2, 12, value) + le32(ifd1)
    bytes += [UInt8](repeating: 0, count: padding) + Array("A. Fixture\0\0".utf8)
    bytes += le16(2) + entry(0x0201, 4, 1, thumbnail) + entry(0x0202, 4, 1, 16) + le32(0)
    bytes += [0xFF, 0xD8, 0xFF, 0xD9] + [UInt8](repeating: 0x11, count: 12)
    bytes += [UInt8](repeating: 0x22, count: tail)
    return (bytes, value..<value + 12, thumbnail..<thumbnail + 16)
  }

  @Test func slackIsWhatNothingReads() throws {
    let (bytes, value, thumbnail) = Self.block(padding: 40, tail: 100)
    let structure = try #require(TIFFStructure.parse(bytes))
    #expect(structure.thumbnail == thumbnail)
    #expect(structure.directories.first?.entries.first?.value == value)
    // The 40 bytes between IFD0's table and the value it points at, and the 100 after the thumbnail.
    #expect(structure.slack(length: bytes.count) == [value.lowerBound - 40..<value.lowerBound, thumbnail.upperBound..<bytes.count])
    // As nodes: swept, beside the header and the IFD tables.
    let slack = structure.nodes(base: 1000, length: bytes.count).filter { $0.name == "slack" }
    #expect(slack.map(\.range) == [1000 + value.lowerBound - 40..<1000 + value.lowerBound, 1000 + thumbnail.upperBound..<1000 + bytes.count])
    #expect(slack.allSatisfy { $0.isSwept })
  }

  @Test func paddingTooShortForAnySignatureIsNotSlack() throws {
    let (bytes, _, _) = Self.block(padding: GPSSignatures.minimumLength - 1, tail: 0)
    let structure = try #require(TIFFStructure.parse(bytes))
    #expect(structure.slack(length: bytes.count).isEmpty)
  }
}
