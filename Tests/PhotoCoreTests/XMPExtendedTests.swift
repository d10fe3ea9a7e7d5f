import Testing
@testable import PhotoCore

/// Extended XMP reassembly: order, duplicates, gaps, overlaps, GUID choice, limits.
struct XMPExtendedTests {
  static let guid = "0123456789ABCDEF0123456789ABCDEF"
  static let other = "FEDCBA9876543210FEDCBA9876543210"
  static let body: [UInt8] = XMPDecoderTests.packet(attributes: #"exif:GPSLatitude="10.5" exif:GPSLongitude="-20.25""#)

  /// An APP1 payload for `data` at `offset` of a packet of `full` bytes.
  static func chunk(_ data: ArraySlice<UInt8>, offset: Int, full: Int, guid: String = guid, signature: Bool = true) -> [UInt8] {
    func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    return (signature ? ExtendedXMP.app1Signature : []) + Array(guid.utf8) + be(full) + be(offset) + Array(data)
  }

  /// The body split into pieces of `size`.
  static func split(_ size: Int, guid: String = guid) -> [[UInt8]] {
    stride(from: 0, to: body.count, by: size).map {
      chunk(body[$0..<min($0 + size, body.count)], offset: $0, full: body.count, guid: guid)
    }
  }

  @Test func inOrderChunksAssembleAndDecode() throws {
    let (packet, warnings) = ExtendedXMP.assemble(chunks: Self.split(100), guid: Self.guid)
    #expect(packet == Self.body)
    #expect(warnings.isEmpty)
    let assembled = try #require(packet)
    let c = try XMPDecoder.decode(assembled, carrier: .xmp)
    #expect(c.gps?.latitude == 10.5 && c.gps?.longitude == -20.25)
  }

  @Test(arguments: [1, 2, 3, 4])
  func outOfOrderChunksAndDuplicatesAssemble(_ seed: UInt64) {
    var rng = XMPSplitMix(seed: seed)
    var chunks = Self.split(37)
    chunks.append(chunks[Int(rng.next() % UInt64(chunks.count))])  // exact duplicate
    for i in stride(from: chunks.count - 1, to: 0, by: -1) { chunks.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
    let (packet, warnings) = ExtendedXMP.assemble(chunks: chunks, guid: Self.guid)
    #expect(packet == Self.body)
    #expect(warnings.isEmpty)
  }

  @Test func missingChunkGivesWarningAndNoPacket() {
    var chunks = Self.split(100)
    chunks.remove(at: 1)
    let (packet, warnings) = ExtendedXMP.assemble(chunks: chunks, guid: Self.guid)
    #expect(packet == nil)
    #expect(warnings.contains { $0.contains("missing 100 of") })
    var lastMissing = Self.split(100)
    lastMissing.removeLast()
    #expect(ExtendedXMP.assemble(chunks: lastMissing, guid: Self.guid).packet == nil)
  }

  @Test func wrongGUIDIsNotMerged() {
    let (packet, warnings) = ExtendedXMP.assemble(chunks: Self.split(100, guid: Self.other), guid: Self.guid)
    #expect(packet == nil)
    #expect(warnings.contains { $0.contains(Self.other) })
    #expect(warnings.contains { $0.contains("no chunk with that GUID") })
    let mixed = Self.split(100) + Self.split(50, guid: Self.other)
    let (p2, w2) = ExtendedXMP.assemble(chunks: mixed, guid: Self.guid.lowercased())
    #expect(p2 == Self.body)
    #expect(w2.count == 1)
  }

  @Test func unnamedExtensionIsAssembledWithAWarning() {
    let (packet, warnings) = ExtendedXMP.assemble(chunks: Self.split(64), guid: nil)
    #expect(packet == Self.body)
    #expect(warnings.count == 1)
    #expect(ExtendedXMP.assemble(chunks: [], guid: nil) == (nil, []))
    #expect(ExtendedXMP.assemble(chunks: [], guid: Self.guid).warnings.count == 1)
  }

  @Test func overlappingOutOfRangeAndInconsistentChunksAreDropped() {
    let n = Self.body.count
    var chunks = Self.split(100)
    chunks.append(Self.chunk(Self.body[50..<60].map { $0 ^ 0xFF }[...], offset: 50, full: n))  // overlap, other data
    chunks.append(Self.chunk(Self.body[0..<10], offset: n - 5, full: n))  // runs past the end
    chunks.append(Self.chunk(Self.body[0..<10], offset: 0, full: n + 1))  // other full length
    chunks.append(Array(ExtendedXMP.app1Signature + Array("short".utf8)))  // header cut
    let (packet, warnings) = ExtendedXMP.assemble(chunks: chunks, guid: Self.guid)
    #expect(packet == Self.body)
    #expect(warnings.count == 4)
  }

  @Test func hostileLengthsAreRefused() {
    let huge = Self.chunk([1, 2, 3][...], offset: 0, full: ExtendedXMP.maxFullLength + 1)
    #expect(ExtendedXMP.assemble(chunks: [huge], guid: Self.guid).packet == nil)
    let zero = Self.chunk([][...], offset: 0, full: 0)
    #expect(ExtendedXMP.assemble(chunks: [zero], guid: Self.guid).packet == nil)
    let maxOffset = Self.chunk([1][...], offset: Int(UInt32.max), full: 10)
    #expect(ExtendedXMP.assemble(chunks: [maxOffset], guid: Self.guid).packet == nil)
    // Many tiny chunks: linear-ish, bounded warnings.
    let many = (0..<20_000).map { Self.chunk([0x41][...], offset: $0 % 100, full: 200) }
    let (p, w) = ExtendedXMP.assemble(chunks: many, guid: Self.guid)
    #expect(p == nil)
    #expect(w.count <= ExtendedXMP.maxListedWarnings + 1)
  }

  @Test func chunksWithoutSignatureAreAccepted() {
    let n = Self.body.count
    let chunks = [Self.chunk(Self.body[0..<n], offset: 0, full: n, signature: false)]
    #expect(ExtendedXMP.assemble(chunks: chunks, guid: Self.guid).packet == Self.body)
  }
}
