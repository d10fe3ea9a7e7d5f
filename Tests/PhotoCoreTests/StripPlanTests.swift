import Bytes
import PhotoCore
import Testing
@testable import Pipeline

/// The parts of `strip` that need no file: the plan's edits, the blocks it writes, and the
/// rewrite of a file in memory (whose result is read back by the same walkers).
@Suite struct StripPlanTests {
  @Test func editsApplyInFileOrder() throws {
    var plan = StripPlan()
    plan.drop(2..<4, "two")
    plan.insert([9, 9], at: 2)
    plan.replace(6..<7, with: [7, 7, 7], "six")
    plan.insert([8], at: 10)
    #expect(try plan.apply(to: Array(0..<10)) == [0, 1, 9, 9, 4, 5, 7, 7, 7, 7, 8, 9, 8])
    #expect(plan.removed == ["two", "six"])
    #expect(!plan.keepsLength)
  }

  @Test func overlappingEditsAreRefused() {
    var plan = StripPlan()
    plan.drop(2..<6, nil)
    plan.replace(4..<5, with: [0], nil)
    #expect(throws: StripPlan.Conflict.self) { try plan.apply(to: Array(0..<10)) }
    var outside = StripPlan()
    outside.drop(8..<12, nil)
    #expect(throws: StripPlan.Conflict.self) { try outside.apply(to: Array(0..<10)) }
  }

  /// The minimal EXIF reads back as exactly one Orientation (libexif, our TIFF walk); without an
  /// orientation it holds nothing.
  @Test(arguments: [2, 6, 8])
  func minimalEXIFHoldsOnlyTheOrientation(_ orientation: Int) {
    let tiff = StripBlocks.minimalTIFF(orientation: orientation)
    #expect(tiff.count == 26)
    let contents = ExifDecoder.decode(tiff)
    #expect(contents.orientation == orientation)
    #expect(contents.gps == nil)
    #expect(contents.tags.map(\.name) == ["Orientation"])
    #expect(contents.incomplete.isEmpty)
    #expect(ExifDecoder.decode(StripBlocks.minimalTIFF(orientation: 1)).tags.isEmpty)
  }

  /// A HEIF Exif item keeps its length: 4-byte offset, the TIFF, zeros; too short for even an
  /// empty IFD, nil.
  @Test func heifEXIFFitsTheItem() {
    let block = StripBlocks.heifEXIF(orientation: 6, length: 100)
    #expect(block?.count == 100)
    #expect(block.map { Array($0[0..<4]) } == [0, 0, 0, 0])
    #expect(block.map { Array($0[30...]) }?.allSatisfy { $0 == 0 } == true)
    #expect(StripBlocks.heifEXIF(orientation: 6, length: 20)?.count == 20)  // no room for the entry: an empty IFD
    #expect(StripBlocks.heifEXIF(orientation: 6, length: 17) == nil)
  }

  /// The empty XMP packet parses, says nothing, and is exactly as long as the item it replaces.
  @Test(arguments: [37, 60, 150, 4000])
  func emptyXMPParsesAndSaysNothing(_ length: Int) throws {
    let packet = try #require(StripBlocks.emptyXMP(length: length))
    #expect(packet.count == length)
    let contents = try XMPDecoder.decode(packet)
    #expect(contents.tags.isEmpty)
    #expect(StripBlocks.emptyXMP(length: 36) == nil)
  }

  /// A JPEG rewritten in memory: the segments strip keeps are the input's bytes, in order.
  @Test func jpegKeepsTheCodestreamByteForByte() throws {
    var jpeg: [UInt8] = [0xFF, 0xD8]
    jpeg += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]  // JFIF, no thumbnail
    jpeg += [0xFF, 0xFE, 0x00, 0x07] + Array("hello".utf8)  // COM
    let codestream: [UInt8] = [0xFF, 0xDB, 0x00, 0x04, 0x00, 0x01]  // a (bogus) DQT
    jpeg += codestream + [0xFF, 0xD9]
    let (result, output) = Stripper.rewrite(jpeg, path: "mem.jpg", options: StripOptions())
    // Not a picture anyone decodes (no SOF): it is not read whole, and strip says so.
    #expect(result.status == .refused)
    #expect(output == nil)
    #expect(result.findings.map(\.id) == [.incompleteCheck])
  }
}
