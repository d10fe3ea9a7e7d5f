@testable import PhotoCore
@testable import Bytes
import Testing

/// The JPEG byte mapper and its entropy scanner on hand-built streams: stuffing, restart
/// markers, fill bytes, progressive scans, MPF images, trailers, truncation and junk.
@Suite struct ByteMapJPEGTests {
  /// A baseline JPEG: SOI, APP0 JFIF, DQT, SOF0, DHT, SOS + `data`, EOI.
  static func jpeg(data: [UInt8] = [0x12, 0x34, 0xFF, 0x00, 0x56]) -> [UInt8] {
    var b = JPEGBuilder()
    b.segment(0xE0, Array(ascii: "JFIF\0") + [1, 2, 0, 0, 1, 0, 1, 0, 0])
    b.segment(0xDB, [0] + Array(repeating: 1, count: 64))
    b.frame(width: 16, height: 16)
    b.segment(0xC4, [0] + Array(repeating: 0, count: 16))
    b.segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0])
    return b.bytes + data + [0xFF, 0xD9]
  }

  static func map(_ bytes: [UInt8]) -> ByteMap { ByteMapper.map(MemorySource(bytes)) }

  @Test func baselineIsFullyAccountedWithStuffingInsideTheScan() throws {
    let bytes = Self.jpeg()
    let map = Self.map(bytes)
    #expect(map.invariantViolations.isEmpty)
    #expect(map.isFullyAccounted)
    #expect(map.regions.map(\.pathText) == ["SOI", "APP0 JFIF", "DQT", "SOF0", "DHT", "SOS (scan 1)", "scan 1 data", "EOI"])
    let scan = try #require(map.regions.first { $0.pathText == "scan 1 data" })
    #expect(scan.length == 5)
  }

  @Test func restartMarkersAndFillStayInsideTheScan() throws {
    let data: [UInt8] = [0x01, 0xFF, 0xD0, 0x02, 0xFF, 0x00, 0xFF, 0xD7, 0x03, 0xFF, 0xFF]
    let map = Self.map(Self.jpeg(data: data))
    #expect(map.isFullyAccounted)
    let scan = try #require(map.regions.first { $0.pathText == "scan 1 data" })
    // The scan runs up to the 0xFF that starts EOI; the fill 0xFFs before it stay in the scan.
    #expect(scan.length == data.count)
    #expect(scan.note?.contains("2 restart markers") == true)
    #expect(map.regions.last?.pathText == "EOI")
  }

  @Test func progressiveScansWithTablesBetweenThem() {
    var bytes = Self.jpeg()
    bytes.removeLast(2)  // EOI
    bytes += [0xFF, 0xC4, 0x00, 0x04, 0x10, 0x00]  // a second DHT
    bytes += [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 1, 5, 0x10] + [0x55, 0xFF, 0x00, 0x66]
    bytes += [0xFF, 0xD9]
    let map = Self.map(bytes)
    #expect(map.isFullyAccounted)
    #expect(map.regions.map(\.pathText) == ["SOI", "APP0 JFIF", "DQT", "SOF0", "DHT", "SOS (scan 1)", "scan 1 data",
                                            "DHT", "SOS (scan 2)", "scan 2 data", "EOI"])
  }

  @Test func trailerAfterEOIIsUnaccountedAndSniffed() throws {
    let text = Array("GPS 31.230416,121.473701 left here by a tool".utf8)
    let bytes = Self.jpeg() + text
    let map = Self.map(bytes)
    let trailer = try #require(map.unaccounted.first)
    #expect(trailer.path == ["trailer"])
    #expect(trailer.offset == Self.jpeg().count)
    #expect(trailer.length == text.count)
    #expect(trailer.content?.kind == .text)
    #expect(UnaccountedBytesCheck.severity(trailer) == .error)
  }

  @Test(arguments: [(UInt8(0x00), Severity.info), (UInt8(0xFF), Severity.info), (UInt8(0x5A), Severity.error)])
  func uniformTrailerSeverity(_ byte: UInt8, _ severity: Severity) throws {
    let map = Self.map(Self.jpeg() + Array(repeating: byte, count: 300))
    let trailer = try #require(map.unaccounted.first)
    #expect(UnaccountedBytesCheck.severity(trailer) == severity, "\(String(describing: trailer.content))")
  }

  @Test func binaryTrailerIsAWarning() throws {
    let map = Self.map(Self.jpeg() + [0x01, 0x9C, 0x00, 0xF3, 0x07, 0x88, 0x00, 0x00, 0x13])
    let trailer = try #require(map.unaccounted.first)
    #expect(trailer.content?.kind == .binary)
    #expect(UnaccountedBytesCheck.severity(trailer) == .warning)
  }

  @Test func junkBetweenSegmentsIsUnaccounted() throws {
    var bytes = Self.jpeg()
    bytes.insert(contentsOf: [0x00, 0x11, 0x22], at: 20)  // after SOI and APP0
    let map = Self.map(bytes)
    let junk = try #require(map.unaccounted.first)
    #expect(junk.offset == 20 && junk.length == 3)
    #expect(junk.path == ["junk"])
    #expect(map.regions.last?.pathText == "EOI")
  }

  /// Builds a primary with an APP2 MPF index pointing at a secondary JPEG appended after EOI.
  static func mpf(secondary: [UInt8], gap: [UInt8] = [], declaredSize: Int? = nil) -> [UInt8] {
    // Big-endian MP header: "MM\0*", IFD at 8, 2 tags (NumberOfImages, MPEntry), entries after.
    func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    func tag(_ id: UInt16, _ type: UInt16, _ count: Int, _ value: Int) -> [UInt8] {
      [UInt8(id >> 8), UInt8(id & 0xFF), UInt8(type >> 8), UInt8(type & 0xFF)] + be32(count) + be32(value)
    }
    let entriesOffset = 8 + 2 + 2 * 12 + 4
    func header(secondaryOffset: Int) -> [UInt8] {
      var h: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A] + be32(8) + [0, 2]
      h += tag(0xB001, 4, 1, 2) + tag(0xB002, 7, 32, entriesOffset) + be32(0)
      h += be32(0x0003_0000) + be32(0) + be32(0) + [0, 0, 0, 0]
      h += be32(0x0000_0000) + be32(declaredSize ?? secondary.count) + be32(secondaryOffset) + [0, 0, 0, 0]
      return h
    }
    let mpHeader = 2 + 4 + 4  // SOI, FF E2 + length, "MPF\0": where MP offsets count from
    var primary = jpeg()
    primary.removeFirst(2)  // its SOI: the MPF segment goes right after it
    let secondaryStart = mpHeader + header(secondaryOffset: 0).count + primary.count + gap.count
    let withOffset = header(secondaryOffset: secondaryStart - mpHeader)
    var out: [UInt8] = [0xFF, 0xD8]
    let length = 2 + 4 + withOffset.count
    out += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + Array(ascii: "MPF\0") + withOffset
    return out + primary + gap + secondary
  }

  /// A primary with an MPF index listing it and every one of `secondaries`, appended in order.
  static func mpf(secondaries: [[UInt8]]) -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    func tag(_ id: UInt16, _ type: UInt16, _ count: Int, _ value: Int) -> [UInt8] {
      [UInt8(id >> 8), UInt8(id & 0xFF), UInt8(type >> 8), UInt8(type & 0xFF)] + be32(count) + be32(value)
    }
    let images = secondaries.count + 1
    func header(_ entries: [(size: Int, offset: Int)]) -> [UInt8] {
      var h: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A] + be32(8) + [0, 2]
      h += tag(0xB001, 4, 1, images) + tag(0xB002, 7, 16 * images, 8 + 2 + 2 * 12 + 4) + be32(0)
      for (i, entry) in entries.enumerated() { h += be32(i == 0 ? 0x0003_0000 : 0) + be32(entry.size) + be32(entry.offset) + be32(0) }
      return h
    }
    var primary = jpeg()
    primary.removeFirst(2)
    let headerLength = header(Array(repeating: (0, 0), count: images)).count
    let mpHeader = 2 + 4 + 4
    var entries = [(size: 2 + 4 + 4 + headerLength + primary.count, offset: 0)]
    var at = entries[0].size
    for secondary in secondaries {
      entries.append((secondary.count, at - mpHeader))
      at += secondary.count
    }
    let body = header(entries)
    let length = 2 + 4 + body.count
    return [0xFF, 0xD8, 0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + Array(ascii: "MPF\0") + body + primary + secondaries.flatMap { $0 }
  }

  @Test func mpfSecondaryIsMappedRecursively() {
    let map = Self.map(Self.mpf(secondary: Self.jpeg()))
    #expect(map.invariantViolations.isEmpty)
    #expect(map.isFullyAccounted, "\(map.unaccounted.map(\.pathText)) \(map.warnings)")
    #expect(map.regions.contains { $0.path == ["mpf-image#2", "scan 1 data"] })
    #expect(map.regions.last?.path == ["mpf-image#2", "EOI"])
  }

  @Test func bytesBetweenPrimaryAndSecondaryAreUnaccounted() throws {
    let map = Self.map(Self.mpf(secondary: Self.jpeg(), gap: Array("hidden!!".utf8)))
    let gap = try #require(map.unaccounted.first)
    #expect(gap.length == 8)
    #expect(gap.path == ["trailer"])
    #expect(map.regions.last?.path == ["mpf-image#2", "EOI"])
  }

  @Test func mpfEntryPointingAtGarbageLeavesItUnaccounted() {
    let bytes = Self.mpf(secondary: Array(repeating: 0x41, count: 40))
    let map = Self.map(bytes)
    #expect(map.unaccounted.count == 1)
    #expect(map.documents.isEmpty)
    let warnings = Inspector.inspect(source: MemorySource(bytes), path: "m.jpg").warnings
    #expect(warnings.contains { $0.contains("does not start with a JPEG SOI") }, "\(warnings)")
  }

  /// Every prefix of a real fixture gives a complete map without trapping.
  @Test(arguments: ["jpeg/mpf-secondary-gps.jpg", "hidden/unknown-app.jpg"])
  func truncationSweep(_ relative: String) throws {
    let bytes = try FileSource(path: FixtureFiles.path(relative)).allBytes()
    for n in 0...bytes.count {
      let map = Self.map(Array(bytes.prefix(n)))
      #expect(map.invariantViolations.isEmpty, "prefix \(n): \(map.invariantViolations)")
    }
  }

  @Test func entropyScannerFindsMarkersAcrossChunkBoundaries() throws {
    // A marker split over every possible chunk boundary, with stuffing and RST around it.
    let data: [UInt8] = [1, 2, 0xFF, 0x00, 3, 0xFF, 0xD3, 4, 5, 0xFF, 0x00, 0xFF, 0xFF, 0xC4, 9, 9]
    for chunk in 2...8 {
      let result = try JPEGEntropyScanner.scan(MemorySource(data), from: 0, limit: data.count, chunkLength: chunk)
      #expect(result == .init(end: 12, restarts: 1, foundMarker: true), "chunk \(chunk)")
    }
    let open = try JPEGEntropyScanner.scan(MemorySource([1, 2, 0xFF]), from: 0, limit: 3, chunkLength: 2)
    #expect(open == .init(end: 3, restarts: 0, foundMarker: false))
  }

  @Test func hostileStuffingIsLinear() throws {
    // 4 MiB of FF 00 pairs: the scanner must stop at the final marker.
    var data = [UInt8](repeating: 0, count: 4 << 20)
    for i in stride(from: 0, to: data.count, by: 2) { data[i] = 0xFF }
    data += [0xFF, 0xD9]
    let result = try JPEGEntropyScanner.scan(MemorySource(data), from: 0, limit: data.count)
    #expect(result.end == 4 << 20)
    #expect(result.foundMarker)
  }
}
