import Bytes
import PhotoCore
import Testing

/// The PNG walker on hand-built files: CRCs, every text carrier, raw profiles, caps, trailers.
@Suite struct PNGWalkerTests {
  static let tiff: [UInt8] = ISOBytes.ascii("MM") + [0, 0x2A] + ISOBytes.u32(8) + ISOBytes.u16(0) + ISOBytes.u32(0)
  static let xmp = ISOBytes.ascii("<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF/></x:xmpmeta>")

  static func scan(_ bytes: [UInt8]) throws -> ContainerScan { try PNGWalker.scan(MemorySource(bytes)) }

  @Test func readsIHDR() throws {
    let bytes = PNGWalker.signature + PNGBuilder.ihdr(width: 640, height: 480, depth: 16, colorType: 6, interlace: 1)
      + PNGBuilder.idat + PNGBuilder.iend
    let scan = try Self.scan(bytes)
    #expect(scan.format == .png)
    #expect(scan.storedSize == PixelSize(width: 640, height: 480))
    let tags = Dictionary(uniqueKeysWithValues: scan.structureTags.map { ($0.name, $0.value) })
    #expect(tags["BitDepth"] == .integer(16) && tags["ColorType"] == .integer(6) && tags["Interlace"] == .integer(1))
    #expect(scan.structureTags.allSatisfy { $0.group == "PNG" })
  }

  @Test func aBadCRCIsAWarningNotAnError() throws {
    let bad = PNGBuilder.chunk("eXIf", Self.tiff, crc: 0xDEAD_BEEF)
    let scan = try Self.scan(PNGBuilder.file([bad]))
    #expect(scan.warnings.contains { $0.contains("eXIf") && $0.contains("bad CRC") })
    #expect(scan.carriers.first { $0.kind == .exif }?.payload == Self.tiff)
  }

  @Test(arguments: [false, true]) func eXIfIsExif(_ withHeader: Bool) throws {
    let data = (withHeader ? ISOBytes.ascii("Exif") + [0, 0] : []) + Self.tiff
    let bytes = PNGBuilder.file([PNGBuilder.chunk("eXIf", data)])
    let scan = try Self.scan(bytes)
    let exif = try #require(scan.carriers.first { $0.kind == .exif })
    #expect(exif.payload == Self.tiff)
    #expect(Array(bytes[exif.offset..<exif.offset + exif.length]) == Self.tiff)
    #expect(scan.warnings.isEmpty == !withHeader)
  }

  @Test func eXIfAfterIDATIsReadWithAWarning() throws {
    let scan = try Self.scan(PNGBuilder.file(after: [PNGBuilder.chunk("eXIf", Self.tiff)]))
    #expect(scan.carriers.first { $0.kind == .exif }?.payload == Self.tiff)
    #expect(scan.warnings.contains { $0.contains("after IDAT") })
  }

  /// Each text chunk type with each keyword → carrier kind and payload.
  @Test(arguments: [
    (PNGBuilder.iTXt("XML:com.adobe.xmp", xmp), CarrierKind.xmp, xmp),
    (PNGBuilder.iTXt("XML:com.adobe.xmp", xmp, compressed: true), .xmp, xmp),
    (PNGBuilder.zTXt("Raw profile type exif", PNGBuilder.rawProfile("exif", ISOBytes.ascii("Exif") + [0, 0] + tiff)), .exif, tiff),
    (PNGBuilder.tEXt("Raw profile type APP1", String(decoding: PNGBuilder.rawProfile("APP1", ISOBytes.ascii("Exif") + [0, 0] + tiff), as: UTF8.self)), .exif, tiff),
    (PNGBuilder.zTXt("Raw profile type exif", PNGBuilder.rawProfile("exif", tiff)), .exif, tiff),
    (PNGBuilder.zTXt("Raw profile type xmp", PNGBuilder.rawProfile("xmp", xmp)), .xmp, xmp),
    (PNGBuilder.zTXt("Raw profile type iptc", PNGBuilder.rawProfile("iptc", [0x1C, 2, 90, 0, 5] + ISOBytes.ascii("Paris"))), .iptc,
     [0x1C, 2, 90, 0, 5] + ISOBytes.ascii("Paris")),
    (PNGBuilder.zTXt("Raw profile type 8bim", PNGBuilder.rawProfile("8bim", ISOBytes.ascii("8BIM") + [4, 4])), .iptc, ISOBytes.ascii("8BIM") + [4, 4]),
    (PNGBuilder.tEXt("Comment", "GPS 48.8584 N 2.2945 E"), .comment, ISOBytes.ascii("GPS 48.8584 N 2.2945 E")),
    (PNGBuilder.tEXt("Author", "Zoë"), .comment, Array("Zoë".utf8)),
    (PNGBuilder.zTXt("Description", ISOBytes.ascii("compressed words")), .comment, ISOBytes.ascii("compressed words")),
    (PNGBuilder.iTXt("Title", Array("Überschrift".utf8)), .comment, Array("Überschrift".utf8)),
  ] as [([UInt8], CarrierKind, [UInt8])])
  func textChunks(_ chunk: [UInt8], _ kind: CarrierKind, _ payload: [UInt8]) throws {
    let scan = try Self.scan(PNGBuilder.file([chunk]))
    #expect(scan.warnings.isEmpty, "\(scan.warnings)")
    let carrier = try #require(scan.carriers.first)
    #expect(carrier.kind == kind)
    #expect(carrier.payload == payload)
    #expect(carrier.item == 1)
    let keyword = String(decoding: chunk[8...].prefix { $0 != 0 }, as: UTF8.self)
    #expect(carrier.note?.contains(keyword) == true)
  }

  @Test(arguments: [
    // (raw profile text, bytes, has a problem)
    ("\nexif\n       4\n0a0B0c0D\n", [0x0A, 0x0B, 0x0C, 0x0D], false),
    ("\nexif\n       4\n0a0b\n0c0d\n", [0x0A, 0x0B, 0x0C, 0x0D], false),
    ("exif\n4\n0a0b0c0d", [0x0A, 0x0B, 0x0C, 0x0D], false),
    ("\nexif\n       6\n0a0b0c0d\n", [0x0A, 0x0B, 0x0C, 0x0D], true),    // shorter than declared
    ("\nexif\n       2\n0a0b0c0d\n", [0x0A, 0x0B], false),              // longer: the length rules
    ("\nexif\n       2\n0a-zz0b\n", [0x0A, 0x0B], true),                 // junk skipped
    ("\nexif\nno length\n0a0b\n", [], true),
    ("\nexif\n999999999999\n0a0b\n", [0x0A, 0x0B], true),                // absurd length: no big allocation
  ] as [(String, [UInt8], Bool)])
  func rawProfileHexDecoding(_ text: String, _ bytes: [UInt8], _ problem: Bool) {
    let result = PNGRawProfile.decode(ISOBytes.ascii(text))
    #expect(result.bytes == bytes)
    #expect((result.problem != nil) == problem)
  }

  @Test func zTXtPastTheCapIsAnIncompleteCheckAndStopsAtTheCap() throws {
    let bomb = PNGBuilder.zTXt("Comment", [], stream: ZlibFixture.zeros(PNGWalker.maxInflatedChunkBytes + 1_000_000))
    let tree = PNGWalker.walk(MemorySource(PNGBuilder.file([bomb])))
    #expect(tree.incomplete.map(\.scope) == ["comment"])
    #expect(tree.incomplete.first?.reason.contains("zTXt 'Comment'") == true && tree.incomplete.first?.reason.contains("cap") == true)
    let carrier = try #require(tree.scan.carriers.first { $0.kind == .comment })
    #expect(carrier.payload.count == PNGWalker.maxInflatedChunkBytes)
  }

  @Test func iCCPIsInflated() throws {
    let profile = [UInt8](repeating: 0x41, count: 300)
    let chunk = PNGBuilder.chunk("iCCP", ISOBytes.cString("Display P3") + [0] + ZlibFixture.stored(profile))
    let scan = try Self.scan(PNGBuilder.file([chunk]))
    let icc = try #require(scan.carriers.first { $0.kind == .icc })
    #expect(icc.payload == profile && icc.note == "iCCP 'Display P3'")
    #expect(scan.warnings.isEmpty)
  }

  /// A stream cut before its checksum: what was inflated is read, and the profile is recorded
  /// as not fully checked (whatever followed the cut cannot be read).
  @Test func iCCPWithoutItsChecksumIsReadAndIncomplete() throws {
    let profile = [UInt8](repeating: 0x42, count: 100)
    let chunk = PNGBuilder.chunk("iCCP", ISOBytes.cString("icc") + [0] + ZlibFixture.stored(profile, adler: false))
    let tree = PNGWalker.walk(MemorySource(PNGBuilder.file([chunk])))
    #expect(tree.scan.carriers.first { $0.kind == .icc }?.payload == profile)
    #expect(tree.incomplete.count == 1)
    #expect(tree.incomplete.first?.scope == "icc" && tree.incomplete.first?.reason.contains("ends early") == true)
  }

  /// Data after IEND that starts like a JPEG is walked as one ("trailer#1", appended); data
  /// that is no document stays unexplained ("trailer"). Both are listed as trailer carriers.
  @Test func dataAfterIENDIsATrailer() throws {
    let hidden = [0xFF, 0xD8, 0xFF, 0xE1] + ISOBytes.ascii("a whole JPEG could be here")
    let bytes = PNGBuilder.file(trailer: hidden)
    let tree = LayoutWalker.walk(MemorySource(bytes), format: .png, mode: .complete)
    #expect(tree.end == bytes.count - hidden.count)
    let child = try #require(tree.children.first)
    #expect(child.step.description == "trailer#1" && child.origin == .appended && child.tree.format == .jpeg)
    #expect(child.tree.range == bytes.count - hidden.count..<bytes.count)
    let listed = try #require(Inspector.inspect(source: MemorySource(bytes), path: "t.png").carriers.first { $0.kind == .trailer })
    #expect(listed.offset == bytes.count - hidden.count && listed.length == hidden.count && listed.item == 1)

    let text = ISOBytes.ascii("not a document, only text")
    let plain = LayoutWalker.walk(MemorySource(PNGBuilder.file(trailer: text)), format: .png, mode: .metadata)
    #expect(plain.children.isEmpty)
    let trailer = try #require(plain.nodes.last)
    #expect(trailer.name == "trailer" && trailer.kind == .unaccounted && trailer.note == "after IEND" && trailer.range.count == text.count)
  }

  @Test func fatalProblemsThrow() {
    #expect(throws: ContainerError.self) { try Self.scan(ISOBytes.ascii("not a png at all")) }
    #expect(throws: ContainerError.self) { try Self.scan(PNGWalker.signature + Array(PNGBuilder.ihdr().prefix(20))) }
    #expect(throws: ContainerError.self) { try Self.scan(PNGWalker.signature + [0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44]) }
    #expect(throws: ContainerError.self) { try Self.scan(PNGWalker.signature + ISOBytes.u32(13) + [0x01, 0x02, 0x03, 0x04]) }
  }

  /// An invalid PNG whose chunks still hold metadata is read with warnings, not refused: a
  /// privacy audit must see the EXIF (ExifTool does the same).
  @Test func chunksBeforeIHDRAreStillRead() throws {
    let scan = try Self.scan(PNGWalker.signature + PNGBuilder.chunk("eXIf", Self.tiff) + PNGBuilder.idat + PNGBuilder.iend)
    #expect(scan.carriers.first { $0.kind == .exif }?.payload == Self.tiff)
    #expect(scan.storedSize == nil)
    #expect(scan.warnings.contains { $0.contains("not IHDR") })
    let short = try Self.scan(PNGWalker.signature + PNGBuilder.chunk("IHDR", [0, 0, 1]) + PNGBuilder.iend)
    #expect(short.storedSize == nil && short.warnings.contains { $0.contains("13 needed") })
  }

  @Test func anImpossibleChunkLengthStopsTheWalkWithAWarning() throws {
    let bytes = PNGWalker.signature + PNGBuilder.ihdr() + ISOBytes.u32(0x9000_0000) + ISOBytes.ascii("tEXt") + [1, 2, 3]
    let scan = try Self.scan(bytes)
    #expect(scan.warnings.contains { $0.contains("invalid length") })
  }

  /// Every prefix of a small PNG with metadata throws or warns; none traps.
  @Test func truncationSweep() throws {
    let bytes = PNGBuilder.file([PNGBuilder.chunk("eXIf", Self.tiff), PNGBuilder.iTXt("XML:com.adobe.xmp", Self.xmp),
                                 PNGBuilder.zTXt("Raw profile type exif", PNGBuilder.rawProfile("exif", Self.tiff))])
    var threw = 0, warned = 0
    for n in 0..<bytes.count {
      do {
        let scan = try Self.scan(Array(bytes.prefix(n)))
        #expect(!scan.warnings.isEmpty, "prefix \(n) read silently")
        warned += 1
      } catch {
        threw += 1
      }
    }
    #expect(threw > 0 && warned > 0 && threw + warned == bytes.count)
  }

  /// Flipping any byte after the signature never traps, and what comes out is sound: the
  /// metadata walk throws a `ContainerError` or gives carriers inside the file, and the complete
  /// walk's tree keeps every invariant (nodes inside their parents and in order, an exact byte map).
  @Test func corruptionSweepGivesSoundTrees() {
    let bytes = PNGBuilder.file([PNGBuilder.zTXt("Raw profile type exif", PNGBuilder.rawProfile("exif", Self.tiff)),
                                 PNGBuilder.iTXt("XML:com.adobe.xmp", Self.xmp, compressed: true)])
    let (read, rejected, problems) = LayoutInvariants.corruptionSweep(bytes, from: 8, limit: .max, values: [0x00, 0xFF, 0x7F],
                                                                       format: .png, scan: { try Self.scan($0) })
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    #expect(read > 0 && rejected > 0, "read \(read), rejected \(rejected)")
  }
}
