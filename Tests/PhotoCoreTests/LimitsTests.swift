import Bytes
import Codecs
import Foundation
import PhotoCore
import Testing

/// Every cap on hostile input, pushed just past its limit: the parser must stop with a clear
/// message (naming the limit), quickly, without trapping. The pixel-count cap through the CLI
/// (`sanitize`, `verify`) is in `PhotoCLITests/DataSafetyLimitsTests`.
@Suite struct LimitsTests {
  /// One cap and the input that exceeds it.
  enum Cap: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case heifBoxNesting, heifBoxCount, heifMetaBytes
    case jpegSegmentCount, jpegMetadataBytes
    case pngChunkCount, pngZTXtInflatedSize, pngICCPInflatedSize, pngITXtXMPInflatedSize
    case xmpBillionLaughs, xmpExternalEntity, xmpExternalParameterEntity, xmpDepth, xmpElementCount, xmpAttributeCount, xmpBytes
    case xmpBillionLaughsInJPEG
    case mpfEntryCount, photoshopResourceCount, iccTagCount
    case jsonDepth, jsonBytes

    var testDescription: String { rawValue }

    /// A phrase the user-facing message must contain.
    var expected: String {
      switch self {
      case .heifBoxNesting: "HEIF box nesting inside 'dinf' exceeds the limit of \(ISOBMFFLimits.maxDepth)"
      case .heifBoxCount: "HEIF number of boxes exceeds the limit of \(ISOBMFFLimits.maxBoxes)"
      case .heifMetaBytes: "exceeds the limit of \(ISOBMFFLimits.maxMetaBytes)"
      case .jpegSegmentCount: "JPEG has more than \(JPEGWalker.maxSegments) segments; stopped reading"
      case .jpegMetadataBytes: "metadata over \(JPEGWalker.maxMetadataBytes) bytes; the rest was not read"
      case .pngChunkCount: "PNG has more than \(PNGWalker.maxChunks) chunks; the rest was not read"
      case .pngZTXtInflatedSize, .pngICCPInflatedSize, .pngITXtXMPInflatedSize:
        "stopped at the size cap: \(PNGWalker.maxInflatedChunkBytes >> 20) MiB per chunk"
      case .xmpBillionLaughs, .xmpBillionLaughsInJPEG: "undefined entity &lol9;"
      case .xmpExternalEntity: "undefined entity &xxe;"
      case .xmpExternalParameterEntity: "undefined entity &exfil;"
      case .xmpDepth: "XML nests elements deeper than 64 levels"
      case .xmpElementCount: "XML has more than 200000 elements"
      // The attribute cap reuses the element-count error, so the message says "elements".
      case .xmpAttributeCount: "XML has more than 4096 elements"
      case .xmpBytes: "exceeds the limit of 16777216 bytes"
      case .mpfEntryCount: "MPF index lists 5000 images; read \(MPFIndex.maxEntries)"
      case .photoshopResourceCount: "Photoshop APP13 has more than 10000 resources; the rest were skipped."
      case .iccTagCount: "ICC tag table declares 5000 tags; only 1024 fit and were read."
      case .jsonDepth: "nested deeper than \(JSONParser.maxDepth)"
      case .jsonBytes: "document over \(JSONParser.maxBytes) bytes"
      }
    }

    /// Runs the parser on the hostile input and returns every message it produced (errors and
    /// warnings), in the words the user sees.
    func messages() -> [String] {
      typealias H = HostileInputs
      func inspect(_ bytes: [UInt8]) -> [String] {
        let m = Inspector.inspect(source: MemorySource(bytes), path: "hostile")
        return (m.error.map { [$0] } ?? []) + m.warnings + m.incomplete.map(\.reason)
      }
      func xmp(_ text: String) -> [String] {
        do {
          let contents = try XMPDecoder.decode(Array(text.utf8))
          return contents.warnings
        } catch { return ["\(error)"] }
      }
      func json(_ bytes: [UInt8]) -> [String] {
        do {
          let _: JSONValue = try JSONParser.parse(bytes)
        } catch { return ["\(error)"] }
        return []
      }
      switch self {
      case .heifBoxNesting: return inspect(H.heifNestedBoxes(depth: ISOBMFFLimits.maxDepth + 4))
      case .heifBoxCount: return inspect(H.heifManyBoxes(count: ISOBMFFLimits.maxBoxes + 1))
      case .heifMetaBytes: return inspect(H.heifHugeMeta(size: ISOBMFFLimits.maxMetaBytes + 64))
      case .jpegSegmentCount: return inspect(H.jpegWithComments(count: JPEGWalker.maxSegments + 10, payload: 1))
      case .jpegMetadataBytes:
        return inspect(H.jpegWithComments(count: JPEGWalker.maxMetadataBytes / 65_533 + 2, payload: 65_533))
      case .pngChunkCount: return inspect(H.pngManyChunks(count: PNGWalker.maxChunks + 1))
      case .pngZTXtInflatedSize:
        return inspect(H.png([H.chunk("zTXt", Array("Comment".utf8) + [0, 0] + Self.bomb)]))
      case .pngICCPInflatedSize:
        return inspect(H.png([H.chunk("iCCP", Array("bomb".utf8) + [0, 0] + Self.bomb)]))
      case .pngITXtXMPInflatedSize:
        return inspect(H.png([H.chunk("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 1, 0, 0, 0] + Self.bomb)]))
      case .xmpBillionLaughs: return xmp(H.billionLaughs)
      case .xmpExternalEntity: return xmp(H.externalEntity)
      case .xmpExternalParameterEntity: return xmp(H.externalParameterEntity)
      case .xmpDepth: return xmp(H.xmlNested(depth: 100))
      case .xmpElementCount: return xmp(H.xmlManyElements(200_001))
      case .xmpAttributeCount:
        let attributes = (0...4096).map { "a\($0)=\"1\"" }.joined(separator: " ")
        return xmp(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><e "# + attributes + "/></x:xmpmeta>")
      case .xmpBytes: return xmp(String(repeating: " ", count: (16 << 20) + 1) + "<a/>")
      case .xmpBillionLaughsInJPEG:
        var b = JPEGBuilder()
        b.xmp(H.billionLaughs)
        b.frame(width: 8, height: 8)
        b.scanAndEnd()
        return inspect(b.bytes)
      case .mpfEntryCount: return MPFIndex.parse(H.mpfIndex(images: 5000), base: 0).warnings
      case .photoshopResourceCount: return PhotoshopResources.parse(H.photoshopResources(count: 10_001)).warnings
      case .iccTagCount: return ICCProfileDecoder.decode(H.iccManyTags(count: 5000))?.warnings ?? ["not decoded"]
      case .jsonDepth: return json(Array(String(repeating: "[", count: 100).utf8))
      case .jsonBytes: return json(Array(("[" + String(repeating: " ", count: 16 << 20) + "]").utf8))
      }
    }

    /// 17 MiB of zeros in 110 KB of deflate.
    static let bomb: [UInt8] = HostileInputs.zlibZeros(pairs: (17 << 20) / 258).stream
  }

  /// The cap's message proves it was hit. How long it took is not asserted (a loaded CI under
  /// ASan took 21–31 s where a quiet machine takes under 1): the time limit only catches a cap
  /// that never stops; bench/ measures speed.
  @Test(.timeLimit(.minutes(10)), arguments: Cap.allCases)
  func capStopsWithAClearMessage(_ cap: Cap) {
    let messages = cap.messages()
    #expect(messages.contains { $0.contains(cap.expected) }, "\(cap): expected “\(cap.expected)” in \(messages.prefix(5))")
  }

  /// Caps met while reading a file are early stops: each leaves the file without a clean
  /// verdict (PA015), never a warning alone. (Caps that make the file unreadable as its format —
  /// box nesting, boxes or bytes over the limits inside `meta` — are PA013 instead.)
  @Test(arguments: [Cap.jpegSegmentCount, .jpegMetadataBytes, .pngChunkCount, .pngZTXtInflatedSize, .pngICCPInflatedSize,
                    .pngITXtXMPInflatedSize])
  func capInsideAFileIsAnIncompleteCheck(_ cap: Cap) {
    let messages = cap.messages()
    let bytes: [UInt8]
    typealias H = HostileInputs
    switch cap {
    case .jpegSegmentCount: bytes = H.jpegWithComments(count: JPEGWalker.maxSegments + 10, payload: 1)
    case .jpegMetadataBytes: bytes = H.jpegWithComments(count: JPEGWalker.maxMetadataBytes / 65_533 + 2, payload: 65_533)
    case .pngChunkCount: bytes = H.pngManyChunks(count: PNGWalker.maxChunks + 1)
    case .pngZTXtInflatedSize: bytes = H.png([H.chunk("zTXt", Array("Comment".utf8) + [0, 0] + Cap.bomb)])
    case .pngICCPInflatedSize: bytes = H.png([H.chunk("iCCP", Array("bomb".utf8) + [0, 0] + Cap.bomb)])
    default: bytes = H.png([H.chunk("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 1, 0, 0, 0] + Cap.bomb)])
    }
    let m = Inspector.inspect(source: MemorySource(bytes), path: "hostile")
    #expect(m.incomplete.contains { $0.reason.contains(cap.expected) }, "\(cap): \(m.incomplete) \(messages.prefix(3))")
    let findings = CheckRegistry.run(CheckSubject(output: m))
    #expect(findings.contains { $0.id == .incompleteCheck && $0.severity == .error }, "\(cap): \(findings.map(\.id))")
  }

  /// The hand-made deflate bomb really is one: zlib inflates it completely to 17 MiB.
  @Test func deflateBombInflatesToSeventeenMiB() {
    let (stream, size) = HostileInputs.zlibZeros(pairs: (17 << 20) / 258)
    #expect(stream.count < 120_000)
    let result = Inflater.inflate(stream, maxOutput: 32 << 20, wrapping: .zlib)
    #expect(result.status == .complete)
    #expect(result.bytes.count == size)
    let capped = Inflater.inflate(stream, maxOutput: PNGWalker.maxInflatedChunkBytes, wrapping: .zlib)
    #expect(capped.status == .outputLimitReached)
    #expect(capped.bytes.count == PNGWalker.maxInflatedChunkBytes)
  }

  /// libexif bounds IFD chains itself (IFD0/IFD1 only; Exif-IFD recursion cost-capped since
  /// 0.6.22): loops and deep chains terminate quickly with the entries read so far.
  @Test(arguments: [
    ("IFD0 next-IFD points at itself", HostileInputs.tiffIFDLoop()),
    ("ExifIFD pointers nested 2,000 deep", HostileInputs.tiffDeepExifChain(depth: 2000)),
    ("ExifIFD pointer loop of 2", HostileInputs.tiffDeepExifChain(depth: 2)),
  ])
  func exifIFDChainsTerminate(_ name: String, tiff: [UInt8]) {
    var tags = 0
    // CPU seconds of this thread (`RegressionTests.time`): load on the machine does not count.
    let seconds = RegressionTests.time { tags = ExifDecoder.decode(tiff).tags.count }
    #expect(seconds < 1, "\(name)")
    #expect(tags < 100, "\(name): \(tags) tags")
  }

  /// An over-deep EXIF chain is cut by libexif, which says so only in its log (`ExifReader`
  /// hooks it: a warning), and by our walk at 16 IFDs: what neither read is PA015 (SPEC: "not
  /// fully read" is never only a warning). A sound block gives neither.
  @Test func exifRecursionCapIsReported() {
    let contents = ExifDecoder.decode(HostileInputs.tiffDeepExifChain(depth: 2000))
    #expect(contents.incomplete == ["libexif read none of the 16 entries the block's IFDs list",
                                    "part of the EXIF block could not be read: it points at more than 16 IFDs; those past the 16th were not read"])
    #expect(contents.warnings.contains { $0.hasPrefix("libexif: ") && $0.lowercased().contains("recursive") },
            "\(contents.warnings)")
    #expect(contents.warnings.count <= 2 * ExifReader.maxMessages)
    for fixture in FixtureFiles.images(in: "jpeg") {
      let sound = Inspector.inspect(path: FixtureFiles.path(fixture))
      #expect(!sound.warnings.contains { $0.contains("libexif: ") }, "\(fixture): \(sound.warnings)")
      #expect(sound.incomplete.isEmpty, "\(fixture): \(sound.incomplete)")
    }
  }

  /// PNG text is read up to the per-file metadata cap: of five 14 MiB tEXt chunks (70 MiB) the
  /// first four are read whole, the fifth up to the 64 MiB cap, with one message that says so.
  @Test func pngUncompressedTextStopsAtThePerFileCap() throws {
    let text = HostileInputs.chunk("tEXt", Array("Comment".utf8) + [0] + [UInt8](repeating: 0x41, count: 14 << 20))
    let png = HostileInputs.png(Array(repeating: text, count: 5))
    let tree = PNGWalker.walk(MemorySource(png))
    let read = tree.scan.carriers.reduce(0) { $0 + $1.payload.count }
    #expect(read <= PNGWalker.maxMetadataBytes, "read \(read) bytes of text")
    #expect(read > PNGWalker.maxMetadataBytes - (1 << 20), "read \(read): the cap, not less")
    #expect(tree.scan.carriers.filter { $0.kind == .comment }.count == 5)
    let messages = tree.incomplete.filter { $0.reason.contains("metadata cap per file is reached") }
    #expect(messages.count == 1, "\(tree.incomplete)")
    // Under the cap nothing is cut.
    let small = PNGWalker.walk(MemorySource(HostileInputs.png(Array(repeating: text, count: 2))))
    #expect(small.scan.carriers.reduce(0) { $0 + $1.payload.count } == 2 * (14 << 20))
    #expect(small.incomplete.isEmpty)
  }
}
