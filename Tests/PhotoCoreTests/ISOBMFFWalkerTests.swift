import Bytes
import PhotoCore
import Testing

/// The HEIF walker on hand-built files: box sizes, nesting, iloc/iref/ipma variants, carriers.
@Suite struct ISOBMFFWalkerTests {
  static let exifItem = HEIFBuilder.Item(id: 2, type: "Exif", data: HEIFBuilder.exifPayload())
  static let xmpPacket = ISOBytes.ascii("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>")
  static let xmpItem = HEIFBuilder.Item(id: 3, type: "mime", contentType: "application/rdf+xml", data: xmpPacket)

  /// A file with an image, an Exif and an XMP item describing it, and a thumbnail.
  static var richFile: HEIFBuilder {
    var b = HEIFBuilder()
    b.items += [exifItem, xmpItem, HEIFBuilder.Item(id: 4, type: "hvc1", data: [0, 0, 0, 1, 9])]
    b.references = [("cdsc", 2, [1]), ("cdsc", 3, [1]), ("thmb", 4, [1])]
    b.properties = [BoxBytes.ispe(64, 48), BoxBytes.irot(3), BoxBytes.ispe(16, 12)]
    b.associations = [(1, [(1, false), (2, true)]), (4, [(3, false)])]
    return b
  }

  static func scan(_ bytes: [UInt8]) throws -> ContainerScan { try HEIFWalker.scan(MemorySource(bytes)) }

  @Test func readsEveryCarrierOfARichFile() throws {
    let scan = try Self.scan(Self.richFile.build())
    #expect(scan.warnings.isEmpty, "\(scan.warnings)")
    #expect(scan.storedSize == PixelSize(width: 64, height: 48))
    #expect(scan.transforms == [.rotation(counterClockwiseQuarterTurns: 3)])
    let exif = try #require(scan.carriers.first { $0.kind == .exif })
    #expect(exif.payload.hasPrefix(ISOBytes.ascii("MM") + [0, 0x2A]))
    #expect(exif.item == 2)
    #expect(exif.note?.contains("describes item 1") == true)
    let xmp = try #require(scan.carriers.first { $0.kind == .xmp })
    #expect(xmp.payload == Self.xmpPacket)
    #expect(scan.embeddedImages.map(\.kind) == [.thumbnail])
    #expect(scan.embeddedImages.first?.size == PixelSize(width: 16, height: 12))
    #expect(scan.structureTags.contains { $0.name == "PrimaryItemID" && $0.value == .integer(1) })
    #expect(scan.structureTags.contains { $0.name == "Rotation" && $0.value == .integer(270) })
    #expect(scan.heifDisplayGeometry?.displayed == PixelSize(width: 48, height: 64))
  }

  @Test func readsA64BitBoxSize() throws {
    // A largesize box (a 20-byte 'free') before meta.
    var b = Self.richFile
    b.ftyp = BoxBytes.ftyp() + BoxBytes.large("free", [1, 2, 3, 4])
    let original = b.build()
    let file = try HEIFWalker.parse(MemorySource(original))
    #expect(file.boxes.map(\.type) == ["ftyp", "free", "meta", "mdat"])
    #expect(file.boxes[1].headerSize == 16 && file.boxes[1].size == 20)
    // The same file with an ordinary 12-byte 'free' and meta given a 16-byte largesize header:
    // everything after meta stays where it was.
    let meta = Array(original[file.boxes[2].offset..<file.boxes[2].end])
    let large = ISOBytes.u32(1) + ISOBytes.ascii("meta") + ISOBytes.u64(UInt64(meta.count + 8)) + Array(meta[8...])
    let bytes = BoxBytes.ftyp() + BoxBytes.make("free", [1, 2, 3, 4]) + large + Array(original[file.boxes[2].end...])
    #expect(bytes.count == original.count)
    let parsed = try HEIFWalker.parse(MemorySource(bytes))
    #expect(parsed.boxes.first { $0.type == "meta" }?.headerSize == 16)
    #expect(parsed.primaryItemID == 1)
    let scan = try Self.scan(bytes)
    #expect(scan.warnings.isEmpty, "\(scan.warnings)")
    #expect(scan.carriers.first { $0.kind == .xmp }?.payload == Self.xmpPacket)
  }

  @Test func aQuickTimeStyleMetaWithoutVersionIsRead() throws {
    let bytes = HEIFBuilder().build()
    let file = try HEIFWalker.parse(MemorySource(bytes))
    let meta = try #require(file.boxes.first { $0.type == "meta" })
    // Drop meta's version and flags (item offsets move by 4; only the structure is checked).
    let plain = ISOBytes.u32(meta.size - 4) + ISOBytes.ascii("meta") + Array(bytes[(meta.offset + 12)..<meta.end])
    let reread = try HEIFWalker.parse(MemorySource(Array(bytes[..<meta.offset]) + plain + Array(bytes[meta.end...])))
    #expect(reread.primaryItemID == 1 && reread.items.count == 1)
    #expect(reread.warnings.contains { $0.contains("QuickTime style") })
  }

  @Test func sizeZeroExtendsToTheEndOfTheFile() throws {
    var b = HEIFBuilder()
    b.includeMeta = true
    let bytes = b.build()
    // Rewrite the final mdat's size field to 0.
    var patched = bytes
    let mdatStart = try #require(HEIFWalker.parse(MemorySource(bytes)).boxes.last?.offset)
    patched.replaceSubrange(mdatStart..<mdatStart + 4, with: [0, 0, 0, 0])
    let file = try HEIFWalker.parse(MemorySource(patched))
    let mdat = try #require(file.boxes.last)
    #expect(mdat.extendsToEnd && mdat.end == patched.count)
    #expect(file.warnings.isEmpty)
  }

  @Test func aBoxPastTheEndIsATruncationWarning() throws {
    let bytes = Self.richFile.build()
    let cut = Array(bytes.dropLast(3))  // mdat now declares 3 bytes more than the file has
    let scan = try Self.scan(cut)
    #expect(scan.warnings.contains { $0.contains("'mdat'") && $0.contains("truncated") })
    // The thumbnail item's extent now runs past the end of the file.
    #expect(scan.warnings.contains { $0.contains("item 4") && $0.contains("past the end") })
  }

  @Test func aMetaBoxPastTheEndThrows() throws {
    let bytes = HEIFBuilder().build()
    let ftyp = BoxBytes.ftyp()
    let cut = Array(bytes[..<(ftyp.count + 40)])
    #expect(throws: ContainerError.self) { try Self.scan(cut) }
  }

  @Test func metaNestedTooDeepThrows() {
    var nested = BoxBytes.make("iprp", [])
    for _ in 0..<10 { nested = BoxBytes.full("meta", nested) }
    var b = HEIFBuilder()
    b.extraMetaBoxes = [nested]
    #expect(throws: ContainerError.limitExceeded(format: "HEIF", what: "box nesting inside 'meta'", limit: ISOBMFFLimits.maxDepth)) {
      try Self.scan(b.build())
    }
  }

  @Test func ilocExtentsOutsideTheFileAreRejectedWithAWarning() throws {
    var b = Self.richFile
    b.extentOffsetBias = 1 << 30
    let scan = try Self.scan(b.build())
    let exif = try #require(scan.carriers.first { $0.kind == .exif })
    #expect(exif.payload.isEmpty)
    #expect(scan.warnings.contains { $0.contains("HEIF item 2") && $0.contains("outside") || $0.contains("past the end") })
  }

  @Test(arguments: [
    (0, 4, 4, 0, 0), (0, 8, 8, 4, 0), (0, 4, 0, 0, 0), (1, 4, 4, 0, 4), (1, 8, 4, 8, 8), (2, 4, 4, 4, 4), (2, 8, 8, 8, 0),
  ])
  func ilocVersionsAndFieldSizes(_ v: (version: Int, offset: Int, length: Int, base: Int, index: Int)) throws {
    var b = Self.richFile
    b.ilocVersion = v.version
    b.offsetSize = v.offset
    b.lengthSize = v.length
    b.baseOffsetSize = v.base
    b.indexSize = v.index
    let file = try HEIFWalker.parse(MemorySource(b.build()))
    let location = try #require(file.locations[2])
    if v.length == 0 {
      // A length size of 0 means "to the end of the file".
      #expect(location.extents.first?.length == b.build().count - location.extents[0].offset)
    } else {
      let scan = try Self.scan(b.build())
      #expect(scan.carriers.first { $0.kind == .exif }?.payload.hasPrefix(ISOBytes.ascii("MM")) == true)
      #expect(scan.carriers.first { $0.kind == .xmp }?.payload == Self.xmpPacket)
    }
  }

  @Test func readsItemsStoredInIdat() throws {
    var b = Self.richFile
    b.items[1].inIdat = true
    b.items[2].inIdat = true
    let file = try HEIFWalker.parse(MemorySource(b.build()))
    #expect(file.locations[2]?.constructionMethod == 1)
    let scan = try Self.scan(b.build())
    #expect(scan.carriers.first { $0.kind == .exif }?.payload.hasPrefix(ISOBytes.ascii("MM")) == true)
    #expect(scan.carriers.first { $0.kind == .xmp }?.payload == Self.xmpPacket)
  }

  @Test(arguments: [(0, false), (0, true), (1, false), (1, true)])
  func ipmaBothWidthsAndVersions(_ v: (version: Int, wide: Bool)) throws {
    var b = Self.richFile
    b.ipmaVersion = v.version
    b.ipmaWide = v.wide
    let file = try HEIFWalker.parse(MemorySource(b.build()))
    #expect(file.associations[1] == [HEIFPropertyAssociation(index: 1, essential: false),
                                     HEIFPropertyAssociation(index: 2, essential: true)])
    #expect(file.storedSize(of: 4) == PixelSize(width: 16, height: 12))
  }

  @Test(arguments: [0, 1]) func irefVersions(_ version: Int) throws {
    var b = Self.richFile
    b.irefVersion = version
    let file = try HEIFWalker.parse(MemorySource(b.build()))
    #expect(file.targets(of: 2, type: "cdsc") == [1])
    #expect(file.sources(referring: 1, type: "thmb") == [4])
  }

  @Test(arguments: [2, 3]) func infeVersions(_ version: Int) throws {
    var b = Self.richFile
    b.infeVersion = version
    let file = try HEIFWalker.parse(MemorySource(b.build()))
    #expect(file.items.map(\.type) == ["hvc1", "Exif", "mime", "hvc1"])
    #expect(file.item(3)?.isXMP == true)
  }

  @Test(arguments: [
    // (declared offset, leading bytes) → payload must start at the TIFF header either way.
    (6, ISOBytes.ascii("Exif") + [0, 0]), (0, []), (0, ISOBytes.ascii("Exif") + [0, 0]), (2, [0, 0]), (40, []),
  ])
  func exifTIFFHeaderOffset(_ v: (offset: Int, lead: [UInt8])) throws {
    let tiff: [UInt8] = ISOBytes.ascii("II") + [0x2A, 0] + [8, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    var b = HEIFBuilder()
    b.items.append(HEIFBuilder.Item(id: 2, type: "Exif", data: ISOBytes.u32(v.offset) + v.lead + tiff))
    b.references = [("cdsc", 2, [1])]
    let scan = try Self.scan(b.build())
    let exif = try #require(scan.carriers.first { $0.kind == .exif })
    #expect(exif.payload == tiff)
    let bytes = b.build()
    #expect(Array(bytes[exif.offset..<exif.offset + 4]) == Array(tiff.prefix(4)))
  }

  @Test func auxiliaryImagesThumbnailsAndTiles() throws {
    var b = HEIFBuilder()
    b.items = [HEIFBuilder.Item(id: 1, type: "grid", data: [0, 0, 0, 63, 0, 47]),
               HEIFBuilder.Item(id: 2, type: "hvc1", data: [1], hidden: true),
               HEIFBuilder.Item(id: 3, type: "hvc1", data: [2], hidden: true),
               HEIFBuilder.Item(id: 4, type: "hvc1", data: [3]),
               HEIFBuilder.Item(id: 5, type: "hvc1", data: [4], hidden: true),
               HEIFBuilder.Item(id: 6, type: "Exif", data: HEIFBuilder.exifPayload())]
    b.references = [("dimg", 1, [2, 3]), ("thmb", 4, [1]), ("auxl", 5, [1]), ("cdsc", 6, [5])]
    b.properties = [BoxBytes.ispe(64, 48), BoxBytes.ispe(32, 32), BoxBytes.auxC("urn:com:apple:photo:2020:aux:hdrgainmap")]
    b.associations = [(1, [(1, false)]), (2, [(2, false)]), (3, [(2, false)]), (4, [(2, false)]), (5, [(2, false), (3, true)])]
    let scan = try Self.scan(b.build())
    #expect(scan.embeddedImages.map(\.item) == [4, 5])
    let aux = try #require(scan.embeddedImages.last)
    #expect(aux.kind == .auxiliaryImage && aux.role == "urn:com:apple:photo:2020:aux:hdrgainmap")
    #expect(aux.carrierKinds == [.exif])
    #expect(scan.carriers.first { $0.kind == .exif }?.note?.contains("describes item 5") == true)
  }

  @Test func iccAndColourProperties() throws {
    var b = HEIFBuilder()
    let profile = [UInt8](repeating: 7, count: 40)
    b.properties = [BoxBytes.ispe(64, 48), BoxBytes.colrICC(profile), BoxBytes.pixi([8, 8, 8]), BoxBytes.colrNCLX()]
    b.associations = [(1, [(1, false), (2, true), (3, false)])]
    let scan = try Self.scan(b.build())
    let icc = try #require(scan.carriers.first { $0.kind == .icc })
    #expect(icc.payload == profile && icc.item == 1)
    #expect(Array(b.build()[icc.offset..<icc.offset + icc.length]) == profile)
    #expect(scan.structureTags.contains { $0.name == "BitsPerChannel" && $0.value == .list([.integer(8), .integer(8), .integer(8)]) })
  }

  /// What follows the last box is trailing data: here a JPEG start, walked as "trailer#1".
  @Test func bytesAfterTheLastBoxAreATrailer() throws {
    var b = HEIFBuilder()
    b.trailer = [0xFF, 0xD8, 0xFF, 0xE1] + ISOBytes.ascii("hidden JPEG")
    let bytes = b.build()
    let tree = LayoutWalker.walk(MemorySource(bytes), format: .heic, mode: .metadata)
    #expect(tree.end == bytes.count - b.trailer.count)
    let child = try #require(tree.children.first)
    #expect(child.step.description == "trailer#1" && child.origin == .appended)
    #expect(child.tree.range == bytes.count - b.trailer.count..<bytes.count)
    let listed = try #require(Inspector.inspect(source: MemorySource(bytes), path: "t.heic").carriers.first { $0.kind == .trailer })
    #expect(listed.offset == bytes.count - b.trailer.count && listed.length == b.trailer.count)
  }

  @Test func fatalProblemsThrow() {
    #expect(throws: ContainerError.self) { try Self.scan(ISOBytes.ascii("GIF89a") + [UInt8](repeating: 0, count: 40)) }
    var noMeta = HEIFBuilder()
    noMeta.includeMeta = false
    #expect(throws: ContainerError.self) { try Self.scan(noMeta.build()) }
    #expect(throws: ContainerError.self) { try Self.scan(BoxBytes.ftyp("isom", ["isom", "mp41"]) + BoxBytes.make("mdat", [])) }
    #expect(throws: ContainerError.self) { try Self.scan(Array(BoxBytes.ftyp().prefix(10))) }
  }

  /// Every prefix of a small valid file either throws or comes back with a warning; none traps.
  @Test func truncationSweep() throws {
    let bytes = Self.richFile.build()
    var threw = 0, warned = 0
    for n in 0..<bytes.count {
      do {
        let scan = try Self.scan(Array(bytes.prefix(n)))
        #expect(!scan.warnings.isEmpty, "prefix \(n) of \(bytes.count) read silently")
        warned += 1
      } catch {
        threw += 1
      }
    }
    #expect(threw + warned == bytes.count)
    #expect(threw > 0 && warned > 0)
  }

  /// Flipping any byte of the `meta` box never traps, and what comes out is sound: the metadata
  /// walk throws a `ContainerError` or gives carriers inside the file, and the complete walk's
  /// tree keeps every invariant (nodes inside their parents and in order, an exact byte map).
  @Test func corruptionSweepGivesSoundTrees() {
    let bytes = Self.richFile.build()
    let (read, rejected, problems) = LayoutInvariants.corruptionSweep(bytes, from: 0, limit: 600, values: [0x00, 0xFF, 0x80],
                                                                       format: .heic, scan: { try Self.scan($0) })
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    #expect(read > 0 && rejected > 0, "read \(read), rejected \(rejected)")
  }
}
