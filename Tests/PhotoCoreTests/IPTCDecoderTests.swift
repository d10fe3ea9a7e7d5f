import Testing
@testable import PhotoCore

/// IPTC-IIM built byte by byte: names, lists, charsets, extended lengths, damage.
struct IPTCDecoderTests {
  /// One dataset with a 16-bit length.
  static func ds(_ record: UInt8, _ dataset: UInt8, _ data: [UInt8]) -> [UInt8] {
    [0x1C, record, dataset, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data
  }

  static func ds(_ record: UInt8, _ dataset: UInt8, _ text: String) -> [UInt8] { ds(record, dataset, Array(text.utf8)) }

  static func value(_ tags: [MetadataTag], _ name: String) -> TagValue? { tags.first { $0.name == name }?.value }

  @Test func locationPeopleAndDates() {
    let iim = Self.ds(1, 90, [0x1B, 0x25, 0x47]) + Self.ds(2, 0, [0, 4]) + Self.ds(2, 90, "Shanghai")
      + Self.ds(2, 92, "Bund") + Self.ds(2, 95, "SH") + Self.ds(2, 100, "CHN") + Self.ds(2, 101, "China")
      + Self.ds(2, 80, "Ann") + Self.ds(2, 80, "Bob") + Self.ds(2, 25, "k1") + Self.ds(2, 116, "(c) Ann")
      + Self.ds(2, 55, "20250101") + Self.ds(2, 60, "102030+0800") + Self.ds(2, 120, "Caption\0\0")
    let (tags, warnings) = IPTCDecoder.decode(iim, item: 2)
    #expect(warnings.isEmpty)
    #expect(tags.allSatisfy { $0.group == "IPTC" && $0.carrier == .iptc && $0.item == 2 })
    #expect(Self.value(tags, "CodedCharacterSet") == .text("\u{1B}%G"))
    #expect(Self.value(tags, "ApplicationRecordVersion") == .integer(4))
    #expect(Self.value(tags, "City") == .text("Shanghai"))
    #expect(Self.value(tags, "Sub-location") == .text("Bund"))
    #expect(Self.value(tags, "Province-State") == .text("SH"))
    #expect(Self.value(tags, "Country-PrimaryLocationCode") == .text("CHN"))
    #expect(Self.value(tags, "Country-PrimaryLocationName") == .text("China"))
    #expect(Self.value(tags, "By-line") == .list([.text("Ann"), .text("Bob")]))
    #expect(Self.value(tags, "Keywords") == .list([.text("k1")]))
    #expect(Self.value(tags, "DateCreated") == .text("2025:01:01"))
    #expect(Self.value(tags, "TimeCreated") == .text("10:20:30+08:00"))
    #expect(Self.value(tags, "Caption-Abstract") == .text("Caption"))
    #expect(IPTCDecoder.locationTags(in: tags).map(\.name) == [
      "City", "Sub-location", "Province-State", "Country-PrimaryLocationCode", "Country-PrimaryLocationName",
    ])
    #expect(IPTCDecoder.identifyingTags(in: tags).map(\.name) == ["By-line", "CopyrightNotice"])
    #expect(Set(IPTCDecoder.locationFields.map { "\($0.record):\($0.dataset)" }) == [
      "2:26", "2:27", "2:90", "2:92", "2:95", "2:100", "2:101",
    ])
  }

  static let charsets: [(String, [UInt8], [UInt8], String)] = [
    ("declared UTF-8", [0x1B, 0x25, 0x47], [0xC3, 0x8E, 0x6C, 0x65], "Île"),
    ("undeclared but valid UTF-8", [], [0xC3, 0x8E, 0x6C, 0x65], "Île"),
    ("Latin-1", [], [0x4D, 0xFC, 0x6E, 0x63, 0x68, 0x65, 0x6E], "München"),
    ("Windows-1252 quotes", [], [0x93, 0x51, 0x94, 0x80], "\u{201C}Q\u{201D}€"),
    ("other designator", [0x1B, 0x2D, 0x41], [0xE9, 0x74, 0xE9], "été"),
    ("declared UTF-8 but invalid", [0x1B, 0x25, 0x47], [0x41, 0xFF], "A\u{FFFD}"),
  ]

  @Test(arguments: charsets)
  func textCharsets(_ name: String, _ charset: [UInt8], _ city: [UInt8], _ expected: String) {
    let iim = (charset.isEmpty ? [] : Self.ds(1, 90, charset)) + Self.ds(2, 90, city)
    #expect(Self.value(IPTCDecoder.decode(iim).tags, "City") == .text(expected), "\(name)")
  }

  @Test func extendedLengthBinaryAndUnknownDatasets() {
    let preview = [UInt8](repeating: 0xAB, count: 70_000)
    let extended: [UInt8] = [0x1C, 2, 202, 0x80, 0x04, 0x00, 0x01, 0x11, 0x70] + preview
    let iim = extended + Self.ds(2, 219, "x") + Self.ds(2, 183, [0, 7]) + Self.ds(200, 1, "skip") + Self.ds(2, 90, "After")
    let (tags, warnings) = IPTCDecoder.decode(iim)
    #expect(Self.value(tags, "ObjectPreviewData") == .binary(count: 70_000))
    #expect(Self.value(tags, "IPTC_ApplicationRecord_219") == .text("x"))
    #expect(Self.value(tags, "IPTC_ApplicationRecord_183") == .integer(7))
    #expect(Self.value(tags, "City") == .text("After"))
    #expect(warnings == ["Unrecognised IPTC record 200 ignored."])
  }

  static let damaged: [(String, [UInt8], Int)] = [
    ("bad marker", IPTCDecoderTests.ds(2, 90, "A") + [0x1D, 2, 92, 0, 1, 0x41], 1),
    ("overlong dataset", IPTCDecoderTests.ds(2, 90, "A") + [0x1C, 2, 92, 0xFF, 0xFF, 0x41], 1),
    ("bad extended length", IPTCDecoderTests.ds(2, 90, "A") + [0x1C, 2, 202, 0x80, 0x09] + [UInt8](repeating: 0, count: 9), 1),
    ("extended length too big", IPTCDecoderTests.ds(2, 90, "A") + [0x1C, 2, 202, 0x80, 0x04, 0xFF, 0xFF, 0xFF, 0xFF], 1),
    ("NUL padding", IPTCDecoderTests.ds(2, 90, "A") + [0, 0, 0, 0, 0, 0, 0], 0),
    ("stray tail", IPTCDecoderTests.ds(2, 90, "A") + [0x1C, 2], 1),
  ]

  @Test(arguments: damaged)
  func damageStopsWithAWarningAndKeepsWhatWasRead(_ name: String, _ iim: [UInt8], _ warningCount: Int) {
    let (tags, warnings) = IPTCDecoder.decode(iim)
    #expect(Self.value(tags, "City") == .text("A"), "\(name)")
    #expect(warnings.count == warningCount, "\(name): \(warnings)")
  }

  @Test func everyPrefixDecodesWithoutTrapping() {
    let iim = Self.ds(1, 90, [0x1B, 0x25, 0x47]) + Self.ds(2, 90, "Paris") + Self.ds(2, 101, "France")
      + [0x1C, 2, 202, 0x80, 0x02, 0x00, 0x10] + [UInt8](repeating: 1, count: 16)
    for n in 0...iim.count {
      let (tags, _) = IPTCDecoder.decode(Array(iim.prefix(n)))
      #expect(tags.count <= 4)
    }
  }
}
