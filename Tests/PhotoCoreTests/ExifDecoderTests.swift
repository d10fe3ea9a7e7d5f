import PhotoCore
import Testing

@Suite struct ExifDecoderTests {
  @Test func readsWhatIsThereWithoutAddingMandatoryTags() {
    var tiff = TIFFBuilder()
    tiff.ifd0 = [TIFFBuilder.short(0x0112, 3)]
    let contents = ExifDecoder.decode(tiff.build())
    // libexif with FOLLOW_SPECIFICATION would add XResolution, YResolution, ResolutionUnit...
    #expect(contents.tags.map(\.name) == ["Orientation"])
    #expect(contents.orientation == 3)
  }

  @Test func unknownTagsSurviveWithTheirID() {
    var tiff = TIFFBuilder()
    tiff.ifd0 = [TIFFBuilder.short(0x0112, 1), TIFFBuilder.short(0xBEEF, 7)]
    let contents = ExifDecoder.decode(tiff.build())
    #expect(contents.tags.contains { $0.name == "Exif_0xbeef" && $0.value == .integer(7) })
  }

  @Test func gpsIFDWithoutCoordinatesIsNotALocation() {
    var tiff = TIFFBuilder()
    tiff.gps = [TIFFBuilder.Entry(tag: 0, type: 1, count: 4, value: [2, 3, 0, 0])]
    let fix = ExifDecoder.decode(tiff.build()).gps
    #expect(fix != nil)
    #expect(fix?.hasCoordinates == false)
  }

  @Test func ifdChainLoopTerminates() {
    var tiff = TIFFBuilder()
    tiff.ifd0 = [TIFFBuilder.short(0x0112, 1)]
    // IFD0's next-IFD pointer points back at IFD0: libexif must not loop.
    let contents = ExifDecoder.decode(tiff.build(nextIFDOffset: 8))
    #expect(contents.orientation == 1)
  }

  @Test func absurdEntryCountIsBounded() {
    // IFD0 claims 65535 entries in a 26-byte block.
    let bytes: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 0xFF, 0xFF] + Array(repeating: 0x11, count: 16)
    let contents = ExifDecoder.decode(bytes)
    #expect(contents.tags.count < 10)
  }

  /// A block that does not parse is no crash: one of 8 bytes or more (room for an IFD) is
  /// recorded as not fully read (a PA015 for the file); a shorter one, which can hold nothing,
  /// is a warning. No tags either way.
  @Test(arguments: [([UInt8](), false), ([0x49, 0x49], false), (Array("hello world".utf8), true)])
  func garbageIsIncompleteNotACrash(bytes: [UInt8], incomplete: Bool) {
    let contents = ExifDecoder.decode(bytes)
    #expect(contents.incomplete.count == (incomplete ? 1 : 0))
    #expect(contents.warnings.count == (incomplete ? 0 : 1))
    #expect((contents.incomplete + contents.warnings).first?.contains("EXIF block could not be read") == true)
    #expect(contents.tags.isEmpty && contents.gps == nil)
  }

  @Test func gpsTimestampAndAltitudeBelowSeaLevel() throws {
    var tiff = TIFFBuilder()
    tiff.gps = [
      TIFFBuilder.ascii(0x0001, "N"), TIFFBuilder.rationals(0x0002, [(31, 1), (13, 1), (4949760, 100000)]),
      TIFFBuilder.Entry(tag: 5, type: 1, count: 1, value: [1]), TIFFBuilder.rationals(0x0006, [(125, 10)]),
      TIFFBuilder.rationals(0x0007, [(2, 1), (20, 1), (30, 1)]), TIFFBuilder.ascii(0x001D, "2025:01:01"),
    ]
    let fix = try #require(ExifDecoder.decode(tiff.build()).gps)
    #expect(fix.altitude == -12.5)
    #expect(fix.timestamp == "2025-01-01T02:20:30Z")
    #expect(abs(fix.latitude! - 31.230416) < 1e-6)
  }
}
