@testable import PhotoCore
@testable import Bytes
import Testing

/// The sniffer that names unexplained bytes, and the map builder's overlap and gap rules.
@Suite struct ByteMapSnifferTests {
  static func kind(_ bytes: [UInt8]) -> ByteContent.Kind {
    ByteSniffer.sniff(MemorySource(bytes), range: 0..<bytes.count).kind
  }

  @Test(arguments: [
    ([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x10], ByteContent.Kind.jpeg),
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], .png),
    ([0, 0, 0, 24] + Array(ascii: "ftypheic") + [0, 0, 0, 0], .isobmff),
    ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 0], .tiff),
    ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 0, 0], .tiff),
    (Array(ascii: "Exif\0\0MM\0*"), .exif),
    (Array(ascii: "<?xpacket begin=\"\"?>"), .xmp),
    ([0x01, 0x02] + Array(ascii: "junk<x:xmpmeta xmlns:x='adobe:ns:meta/'>"), .xmp),
    (Array(ascii: "Lat 31.230416 Lon 121.473701 — Shanghai"), .text),
    ([UInt8](repeating: 0, count: 5000), .padding),
    ([UInt8](repeating: 0xFF, count: 10), .padding),
    ([0, 0, 0, 1], .binary),
    ([0x9C, 0x01, 0xEE, 0x00, 0x13, 0x80, 0x00, 0x7F, 0x01, 0x02], .binary),
  ])
  func recognises(_ bytes: [UInt8], _ expected: ByteContent.Kind) {
    #expect(Self.kind(bytes) == expected)
  }

  @Test func embeddedJPEGIsFoundAfterAPrefix() {
    let bytes: [UInt8] = Array(repeating: 0x11, count: 100) + [0xFF, 0xD8, 0xFF, 0xDB, 0, 0x43]
    let content = ByteSniffer.sniff(MemorySource(bytes), range: 0..<bytes.count)
    #expect(content.kind == .jpeg && content.at == 100)
    #expect(content.isHiddenPayload)
  }

  @Test func zerosEndingInDataAreNotPadding() {
    let bytes = [UInt8](repeating: 0, count: ByteSniffer.headLength + 10) + [1]
    #expect(Self.kind(bytes) != .padding)
  }

  @Test func textExcerptIsShortAndFolded() {
    let content = ByteSniffer.sniff(head: Array(("line one\n\n   line two " + String(repeating: "x", count: 200)).utf8))
    #expect(content.kind == .text)
    #expect(content.excerpt?.hasPrefix("line one line two") == true)
    #expect((content.excerpt?.count ?? 0) <= 61)
  }

  @Test func builderResolvesOverlapsAndFillsGaps() {
    var builder = ByteMapBuilder(fileSize: 100)
    builder.claim(0..<10, ["a"])
    builder.claim(5..<20, ["b"])  // trimmed to 10..<20
    builder.claim(12..<15, ["c"])  // inside b: dropped
    builder.hole(20..<60, ["hole"], note: "labelled")
    builder.claim(30..<40, ["d"])  // splits the hole
    builder.claim(90..<200, ["e"])  // clamped to the file
    let map = builder.build(format: nil)
    #expect(map.invariantViolations.isEmpty)
    #expect(map.regions.map(\.pathText) == ["a", "b", "hole", "d", "hole", "(no structure)", "e"])
    #expect(map.regions.map(\.offset) == [0, 10, 20, 30, 40, 60, 90])
    #expect(map.accountedBytes == 40)
    #expect(map.region(at: 35)?.pathText == "d")
    #expect(map.region(at: 100) == nil)
  }

  @Test func emptyAndUnknownFilesGiveCompleteMaps() {
    #expect(ByteMapper.map(MemorySource([])).regions.isEmpty)
    let text = ByteMapper.map(MemorySource(Array("hello world, not an image".utf8)))
    #expect(text.format == nil)
    #expect(text.regions.count == 1 && text.regions[0].kind == .unaccounted)
    #expect(text.invariantViolations.isEmpty)
  }

  @Test func checkCapsTheNumberOfFindings() {
    var builder = ByteMapBuilder(fileSize: 1000)
    for i in 0..<50 { builder.claim(i * 20..<i * 20 + 10, ["s\(i)"]) }
    let map = builder.build(format: .jpeg)
    let findings = UnaccountedBytesCheck.findings(for: map, file: "x.jpg")
    #expect(findings.count == UnaccountedBytesCheck.maxListed + 1)
    #expect(findings.last?.evidence.contains("40 more") == true)
  }

  @Test func reportJSONCarriesRegionsAndFraction() throws {
    let map = ByteMapper.map(path: FixtureFiles.path("hidden/trailer-text.jpg"))
    let json = ByteMapReport.json(map)
    #expect(json["file_size"]?.intValue == 3378)
    #expect(json["accounted_bytes"]?.intValue == 3310)
    #expect(json["fully_accounted"]?.boolValue == false)
    let regions = try #require(json["regions"]?.arrayValue)
    #expect(regions.count == map.regions.count)
    #expect(regions.last?["kind"]?.stringValue == "unaccounted")
    #expect(regions.last?["content"]?["kind"]?.stringValue == "text")
    #expect(ByteMapReport.summary(map).hasPrefix("97.99 % accounted (3310 of 3378 bytes)"))
    #expect(ByteMapReport.table(map).contains("UNACCOUNTED  trailer"))
  }
}
