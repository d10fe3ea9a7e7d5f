@testable import PhotoCore
@testable import Bytes
import Codecs
import Testing

/// The HEIF (ISOBMFF) and PNG byte mappers on hand-built files and on every prefix of fixtures.
@Suite struct ByteMapContainerTests {
  static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
  static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
  static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(payload.count + 8) + Array(ascii: type) + payload }
  static func fullBox(_ type: String, version: UInt8 = 0, _ payload: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + payload) }

  /// ftyp, meta (hdlr, pitm, iinf/infe hvc1, iloc v1), `middle` boxes, mdat holding `data`;
  /// the item covers the first `itemLength` bytes of the mdat payload (or `idat` with method 1).
  static func heif(data: [UInt8] = Array(repeating: 7, count: 32), itemLength: Int? = nil, middle: [UInt8] = [],
                   useIdat: Bool = false) -> [UInt8] {
    let ftyp = box("ftyp", Array(ascii: "heic") + be32(0) + Array(ascii: "mif1heic"))
    let hdlr = fullBox("hdlr", be32(0) + Array(ascii: "pict") + be32(0) + be32(0) + be32(0) + [0])
    let pitm = fullBox("pitm", be16(1))
    let infe = fullBox("infe", version: 2, be16(1) + be16(0) + Array(ascii: "hvc1") + [0])
    let iinf = fullBox("iinf", be16(1) + infe)
    let length = itemLength ?? data.count
    func iloc(offset: Int) -> [UInt8] {
      // version 1: offset 4, length 4, base 0, index 0; one item, construction method 0/1, one extent.
      fullBox("iloc", version: 1, [0x44, 0x00] + be16(1) + be16(1) + be16(useIdat ? 1 : 0) + be16(0) + be16(1)
                + be32(offset) + be32(length))
    }
    let idat = useIdat ? box("idat", data) : []
    let metaLength = box("meta", [0, 0, 0, 0] + hdlr + pitm + iinf + iloc(offset: 0) + idat).count
    let dataStart = ftyp.count + metaLength + middle.count + 8
    let meta = box("meta", [0, 0, 0, 0] + hdlr + pitm + iinf + iloc(offset: useIdat ? 0 : dataStart) + idat)
    return ftyp + meta + middle + (useIdat ? [] : box("mdat", data))
  }

  static func map(_ bytes: [UInt8]) -> ByteMap { ByteMapper.map(MemorySource(bytes)) }

  @Test func heifItemExtentCoversTheMdat() throws {
    let map = Self.map(Self.heif())
    #expect(map.invariantViolations.isEmpty)
    #expect(map.isFullyAccounted, "\(map.unaccounted.map(\.pathText)) \(map.warnings)")
    #expect(map.regions.contains { $0.path == ["meta", "iinf", "infe"] })
    #expect(map.regions.contains { $0.path == ["meta", "iloc"] })
    let item = try #require(map.regions.last)
    #expect(item.path == ["mdat", "item 1 hvc1"])
    #expect(item.length == 32)
  }

  @Test func heifIdatExtent() throws {
    let map = Self.map(Self.heif(useIdat: true))
    #expect(map.isFullyAccounted, "\(map.unaccounted.map(\.pathText)) \(map.warnings)")
    #expect(map.regions.contains { $0.path == ["meta", "idat", "item 1 hvc1"] && $0.length == 32 })
  }

  @Test func heifUnreferencedMdatTail() throws {
    let map = Self.map(Self.heif(itemLength: 20))
    let gap = try #require(map.unaccounted.first)
    #expect(gap.path == ["mdat"] && gap.length == 12)
    #expect(gap.content?.kind == .binary || gap.content?.kind == .text)  // twelve 0x07 bytes
  }

  @Test func heifZeroFreeBoxIsPadding() throws {
    let map = Self.map(Self.heif(middle: Self.box("free", Array(repeating: 0, count: 100))))
    #expect(map.isFullyAccounted)
    let free = try #require(map.regions.first { $0.path == ["free"] })
    #expect(free.length == 108 && free.note == "zero padding")
  }

  @Test func heifFreeBoxWithXMPIsAnError() throws {
    let packet = Array(#"<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>"#.utf8)
    let map = Self.map(Self.heif(middle: Self.box("skip", packet)))
    let gap = try #require(map.unaccounted.first)
    #expect(gap.path == ["skip"] && gap.length == packet.count)
    #expect(gap.content?.kind == .xmp)
    #expect(UnaccountedBytesCheck.severity(gap) == .error)
  }

  @Test func heifUnknownBoxIsOpaqueAndTrailerIsUnaccounted() throws {
    let text = Array(ascii: "left behind by a tool")
    let bytes = Self.heif(middle: Self.box("zzzz", [1, 2, 3])) + text
    let map = Self.map(bytes)
    let opaque = try #require(map.opaque.first)
    #expect(opaque.path == ["zzzz"])
    let trailer = try #require(map.unaccounted.first)
    #expect(trailer.path == ["trailer"] && trailer.note == "after the last box" && trailer.length == text.count)
    #expect(trailer.content?.kind == .text)
  }

  /// After the last box, bytes that start a JPEG are walked as one: an appended document.
  @Test func heifTrailerJPEGIsAnAppendedDocument() throws {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(ascii: "JFIF")
    let bytes = Self.heif(middle: Self.box("zzzz", [1, 2, 3])) + jpeg
    let map = Self.map(bytes)
    #expect(map.invariantViolations.isEmpty)
    #expect(map.documents.map(\.path) == ["trailer#1"])
    #expect(map.documents.first?.ranges == [bytes.count - jpeg.count..<bytes.count])
    #expect(UnaccountedBytesCheck.findings(for: map, file: "t").contains { $0.carrier == "trailer#1" && $0.severity == .error })
  }

  /// An image sequence: `moov/trak/mdia/minf/stbl` sample tables locate two chunks after the
  /// primary item's data; three bytes after them are referenced by nothing.
  @Test func heifSequenceSamplesAreAccounted() throws {
    let item = Array(repeating: UInt8(7), count: 16)
    let samples = Array(repeating: UInt8(9), count: 18)
    let data = item + samples + [1, 2, 3]
    func moov(chunkStart: Int) -> [UInt8] {
      let stsz = Self.fullBox("stsz", Self.be32(0) + Self.be32(3) + Self.be32(5) + Self.be32(6) + Self.be32(7))
      let stsc = Self.fullBox("stsc", Self.be32(2) + Self.be32(1) + Self.be32(2) + Self.be32(1) + Self.be32(2) + Self.be32(1) + Self.be32(1))
      let stco = Self.fullBox("stco", Self.be32(2) + Self.be32(chunkStart) + Self.be32(chunkStart + 11))
      let stbl = Self.box("stbl", Self.fullBox("stsd", Self.be32(0)) + stsz + stsc + stco)
      return Self.box("moov", Self.box("trak", Self.box("mdia", Self.box("minf", stbl))))
    }
    let draft = Self.heif(data: data, itemLength: item.count, middle: moov(chunkStart: 0))
    let mdatPayload = draft.count - data.count
    let bytes = Self.heif(data: data, itemLength: item.count, middle: moov(chunkStart: mdatPayload + item.count))
    let map = Self.map(bytes)
    #expect(map.invariantViolations.isEmpty)
    #expect(map.regions.contains { $0.path == ["moov", "trak", "mdia", "minf", "stbl", "stco"] })
    let track = try #require(map.regions.first { $0.path == ["mdat", "track 1 samples"] })
    #expect(track.offset == mdatPayload + item.count && track.length == 18)
    let gap = try #require(map.unaccounted.first)
    #expect(map.unaccounted.count == 1)
    #expect(gap.offset == track.end && gap.length == 3)
  }

  @Test(arguments: ["heic/apple-style.heic", "hidden/free-box-jpeg.heic"])
  func heifTruncationSweep(_ relative: String) throws {
    let bytes = try FileSource(path: FixtureFiles.path(relative)).allBytes()
    for n in 0...bytes.count {
      let map = Self.map(Array(bytes.prefix(n)))
      #expect(map.invariantViolations.isEmpty, "prefix \(n): \(map.invariantViolations)")
    }
  }

  // MARK: PNG

  static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
    let typeBytes = Array(ascii: type)
    let value = crc ?? PNGCRC.checksum(data, continuing: PNGCRC.checksum(typeBytes))
    return be32(data.count) + typeBytes + data + be32(Int(value))
  }

  static func png(_ middle: [UInt8] = []) -> [UInt8] {
    PNGWalker.signature + chunk("IHDR", be32(1) + be32(1) + [8, 0, 0, 0, 0]) + middle
      + chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]) + chunk("IEND", [])
  }

  @Test func pngChunksAreMappedAndCRCsChecked() throws {
    let bad = Self.chunk("tEXt", Array("Comment\0hi".utf8), crc: 0x1234_5678)
    let bytes = Self.png(bad + Self.chunk("quUx", [9, 9]))
    let map = Self.map(bytes)
    #expect(map.isFullyAccounted)
    #expect(map.regions.map(\.pathText) == ["signature", "IHDR", "tEXt", "quUx", "IDAT", "IEND"])
    #expect(map.regions[2].note == "bad CRC")
    #expect(map.regions[3].kind == .opaque)
    #expect(Inspector.inspect(source: MemorySource(bytes), path: "p.png").warnings.contains { $0.contains("bad CRC") })
  }

  @Test func pngAfterIENDIsUnaccounted() throws {
    let map = Self.map(Self.png() + Array(repeating: 0, count: 64))
    let trailer = try #require(map.unaccounted.first)
    #expect(trailer.path == ["trailer"] && trailer.note == "after IEND" && trailer.length == 64)
    #expect(UnaccountedBytesCheck.severity(trailer) == .info)
  }

  @Test func pngTruncationSweep() throws {
    let bytes = try FileSource(path: FixtureFiles.path("hidden/after-iend.png")).allBytes()
    for n in stride(from: 0, through: bytes.count, by: 7) {
      let map = Self.map(Array(bytes.prefix(n)))
      #expect(map.invariantViolations.isEmpty, "prefix \(n): \(map.invariantViolations)")
    }
  }

  @Test func zlibCRCMatchesTheBytewiseOne() {
    var generator = SystemRandomNumberGenerator()
    for length in [0, 1, 7, 8, 9, 63, 64, 1000, 4099] {
      let data = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      #expect(CRC32.update(0, data) == PNGCRC.checksum(data))
      let split = length / 3
      #expect(CRC32.update(CRC32.update(0, data[..<split]), data[split...]) == PNGCRC.checksum(data), "continued")
    }
  }
}
