import Bytes
import Codecs
import Foundation
import PhotoCore
import Pipeline
import Testing

/// The JPEG XL walker on the jxl/ fixtures (Fixtures/gen/jxl.sh: cjxl, exiftool, brotli and
/// tools/jxlbox.py, checked there with exiftool and djxl) and on libjxl's own test files
/// (Fixtures/jxl-libjxl/): sizes, the codestream orientation against the EXIF one, GPS in every
/// carrier (`Exif`, `xml `, `brob`, `jumb`, the JPEG segments of `jbrd`), data after the
/// codestream, the fail-closed cases, truncation and mutation.
@Suite struct JXLWalkerTests {
  static func path(_ name: String) -> String { FixtureFiles.path(name) }
  static func bytes(_ name: String) throws -> [UInt8] { try FileSource(path: path(name)).allBytes() }
  static func inspect(_ name: String) -> PhotoMetadata { Inspector.inspect(path: path(name)) }
  /// `verify` of the file alone, as the CLI reads an output (complete mode, pixels).
  static func findings(_ name: String) -> [Finding] {
    PairAuditor.audit(output: path(name), original: nil, descriptor: nil).report.findings
  }

  // MARK: - Sniffing and the codestream header

  @Test func sniffsBothForms() throws {
    #expect(ImageFormat.sniff(try Self.bytes("jxl/bare.jxl")) == .jxl)
    #expect(ImageFormat.sniff(try Self.bytes("jxl/exif-gps.jxl")) == .jxl)
    #expect(ImageFormat.sniff([0xFF, 0x0B, 0, 0]) == nil)
    // The signature box must be exact: a 'JXL ' box of another size is not a JPEG XL file.
    #expect(ImageFormat.sniff([0, 0, 0, 0x0D, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A, 0]) == nil)
  }

  /// Our header parser (SizeHeader, ImageMetadata up to the orientation) agrees with libjxl's
  /// `JxlBasicInfo` on every fixture and libjxl test file.
  @Test(arguments: ["jxl/bare.jxl", "jxl/exif-gps.jxl", "jxl/codestream-orientation-6.jxl", "jxl/from-jpeg.jxl",
                    "jxl/jxlc-slack.jxl", "jxl-libjxl/1x1_exif_xmp.jxl"])
  func headerAgreesWithLibjxl(_ fixture: String) throws {
    let m = Self.inspect(fixture)
    let info = try JXLCodec.info(try Self.bytes(fixture))
    #expect(m.stored == PixelSize(width: info.width, height: info.height))
    #expect(m.orientation.codestream == info.orientation)
  }

  /// SizeHeader forms: small (multiples of 8), a ratio, and explicit U32 sides. The bits are
  /// written least significant first. [ISO/IEC 18181-1 A.6]
  @Test func sizeHeaderForms() {
    // small=1, ysize_div8-1=1 (16), ratio=1 (1:1), ImageMetadata all_default=1.
    let small = Self.packBits([(1, 1), (1, 5), (1, 3), (1, 1)])
    #expect(JXLCodestreamHeaderProbe.parse(small) == .init(width: 16, height: 16, orientation: 1))
    // small=0, ysize U32 selector 0 → 9 bits + 1 (100), ratio 0, xsize selector 1 → 13 bits + 1
    // (3000), all_default=0, extra_fields=1, orientation-1 = 7 (8).
    let explicit = Self.packBits([(0, 1), (0, 2), (99, 9), (0, 3), (1, 2), (2999, 13), (0, 1), (1, 1), (7, 3)])
    #expect(JXLCodestreamHeaderProbe.parse(explicit) == .init(width: 3000, height: 100, orientation: 8))
    // ratio 7 (2:1) on a small height of 64: width 128.
    let ratio = Self.packBits([(1, 1), (7, 5), (7, 3), (1, 1)])
    #expect(JXLCodestreamHeaderProbe.parse(ratio) == .init(width: 128, height: 64, orientation: 1))
    #expect(JXLCodestreamHeaderProbe.parse([0xFF, 0x0A]) == nil)
    #expect(JXLCodestreamHeaderProbe.parse([0xFF, 0xD8, 0xFF]) == nil)
  }

  /// A header that claims 20000×20000 (over the 200 MP the walk lets libjxl read to the end):
  /// the size is read, the codestream's end is not looked for, and that is PA015, not silence.
  @Test func hugeImagesAreNotReadToTheirEnd() {
    let huge = Self.packBits([(0, 1), (2, 2), (19999, 18), (0, 3), (2, 2), (19999, 18), (1, 1)]) + [UInt8](repeating: 0x55, count: 64)
    let tree = LayoutWalker.walk(MemorySource(huge), format: .jxl, mode: .complete)
    #expect(tree.scan.storedSize == PixelSize(width: 20000, height: 20000))
    #expect(tree.incomplete.map(\.reason) == ["JPEG XL image of 20000×20000 is over 200000000 pixels: where its codestream ends, and what follows it, was not checked"])
  }

  /// FF 0A, then `fields` (value, bit count) packed least significant bit first.
  static func packBits(_ fields: [(UInt32, Int)]) -> [UInt8] {
    var bits: [UInt8] = []
    for (value, count) in fields { for i in 0..<count { bits.append(UInt8((value >> UInt32(i)) & 1)) } }
    var out: [UInt8] = [0xFF, 0x0A]
    for start in stride(from: 0, to: bits.count, by: 8) {
      out.append(bits[start..<min(start + 8, bits.count)].enumerated().reduce(0) { $0 | $1.element << UInt8($1.offset) })
    }
    return out
  }

  // MARK: - What each fixture carries

  struct Expectation: Sendable, CustomStringConvertible {
    var fixture: String
    var stored: PixelSize
    var displayed: PixelSize
    var codestream: Int
    var exif: Int?
    var gps: [String]
    var description: String { fixture }
  }

  static let s = PixelSize(width: 192, height: 128)
  static let turned = PixelSize(width: 128, height: 192)
  static let expectations: [Expectation] = [
    Expectation(fixture: "jxl/bare.jxl", stored: s, displayed: s, codestream: 1, gps: []),
    Expectation(fixture: "jxl/exif-gps.jxl", stored: s, displayed: s, codestream: 1, gps: ["exif"]),
    Expectation(fixture: "jxl/xmp-gps.jxl", stored: s, displayed: s, codestream: 1, gps: ["xmp"]),
    Expectation(fixture: "jxl/xmp-after-codestream.jxl", stored: s, displayed: s, codestream: 1, gps: ["xmp"]),
    Expectation(fixture: "jxl/brob-xmp.jxl", stored: s, displayed: s, codestream: 1, gps: ["xmp"]),
    // EXIF Orientation 6 in the Exif box: recorded, not applied.
    Expectation(fixture: "jxl/exif-orientation-6.jxl", stored: s, displayed: s, codestream: 1, exif: 6, gps: []),
    // The codestream's orientation 6 (from the JPEG cjxl read): the stored pixels are turned.
    Expectation(fixture: "jxl/codestream-orientation-6.jxl", stored: turned, displayed: s, codestream: 6, gps: []),
    // Lossless transcode: the Exif box is Brotli-compressed, the comment is in 'jbrd'.
    Expectation(fixture: "jxl/from-jpeg.jxl", stored: turned, displayed: s, codestream: 6, exif: 6,
                gps: ["exif", "jpeg-reconstruction/raw-bytes"]),
    Expectation(fixture: "jxl/c2pa-gps.jxl", stored: s, displayed: s, codestream: 1, gps: ["c2pa/c2pa-assertion#1"]),
    Expectation(fixture: "jxl-libjxl/1x1_exif_xmp.jxl", stored: PixelSize(width: 1, height: 1),
                displayed: PixelSize(width: 1, height: 1), codestream: 1, gps: []),
    Expectation(fixture: "jxl-libjxl/square-extended-size-container.jxl", stored: PixelSize(width: 8, height: 8),
                displayed: PixelSize(width: 8, height: 8), codestream: 1, gps: []),
  ]

  @Test(arguments: expectations)
  func metadataOfEachFixture(_ e: Expectation) {
    let m = Self.inspect(e.fixture)
    #expect(m.error == nil)
    #expect(m.format == .jxl)
    #expect(m.stored == e.stored)
    #expect(m.displayed == e.displayed)
    #expect(m.orientation.codestream == e.codestream)
    #expect(m.orientation.exif == e.exif)
    #expect(m.orientation.exifApplies == false)
    #expect(m.orientation.effective == Orientation(rawValue: e.codestream))
    #expect(m.gps.filter { $0.latitude != nil }.map(\.path.description) == e.gps)
    for fix in m.gps where fix.latitude != nil {
      #expect(SharedCorpus.close(fix.latitude, 31.230416) && SharedCorpus.close(fix.longitude, 121.473701), "\(fix)")
    }
    #expect(m.incomplete.isEmpty, "\(m.incomplete)")
  }

  /// The JPEG segments `jbrd` kept: the IPTC City and the comment of the JPEG cjxl read, as the
  /// child "jpeg-reconstruction"; the EXIF (GPS, Orientation 6) came from the `brob` box.
  @Test func jpegReconstructionDataIsRead() {
    let m = Self.inspect("jxl/from-jpeg.jxl")
    let kinds = m.carriers.filter { $0.document.description == "jpeg-reconstruction" }.map(\.kind)
    #expect(kinds.contains(.iptc) && kinds.contains(.comment) && kinds.contains(.jfif), "\(kinds)")
    #expect(m.tags.contains { $0.name == "City" && $0.value == .text("Shanghai") })
    #expect(m.carriers.first { $0.kind == .exif }?.note == "JPEG XL 'brob' box at byte 370 ('Exif' compressed)")
  }

  /// The ICC profile inside the codestream (entropy-coded) is a carrier, given back by libjxl as
  /// stored, in metadata mode too; a codestream with an enumerated colour encoding has none.
  @Test func codestreamICCProfileIsACarrier() {
    let m = Self.inspect("jxl/icc-trailer-text.jxl")
    #expect(m.iccDescription == "Display P3")
    #expect(m.carriers.filter { $0.kind == .icc }.map(\.note) == ["ICC profile in the JPEG XL codestream (decoded by libjxl)"])
    #expect(m.carriers.first { $0.kind == .icc }?.length == 625)
    #expect(Self.inspect("jxl/bare.jxl").carriers.isEmpty)
  }

  // MARK: - Findings of outputs

  /// Each fixture read as an output (`verify`, complete mode, pixels): exact findings by id and
  /// carrier. PA007 (identifying XMP fields) is left out.
  static let outputFindings: [(String, [String])] = [
    ("jxl/bare.jxl", []),
    ("jxl/exif-gps.jxl", ["PA001 exif"]),
    ("jxl/exif-orientation-6.jxl", ["PA003 exif"]),
    ("jxl/codestream-orientation-6.jxl", ["PA003 jxl"]),
    ("jxl/from-jpeg.jxl", ["PA001 exif", "PA001 jpeg-reconstruction/raw-bytes", "PA003 exif", "PA003 jxl",
                           "PA006 jpeg-reconstruction/iptc"]),
    ("jxl/brob-xmp.jxl", ["PA001 xmp"]),
    // Brotli-compressed unknown box: its compressed bytes hold the short text as Brotli
    // literals, so the sweep finds it there and in the decompressed data; PA014 for the box.
    ("jxl/brob-unknown.jxl", ["PA001 raw-bytes", "PA001 raw-bytes", "PA014 brob"]),
    ("jxl/brob-bomb.jxl", ["PA015 brob", "PA015 xmp"]),
    ("jxl/brob-corrupt.jxl", ["PA015 brob"]),
    ("jxl/unknown-box.jxl", ["PA001 raw-bytes", "PA014 zzzz"]),
    ("jxl/jxlc-slack.jxl", ["PA001 raw-bytes", "PA014 jxlc"]),
    ("jxl/trailer-jpeg.jxl", ["PA001 trailer#1/exif", "PA010 trailer#1", "PA014 trailer#1"]),
    ("jxl/truncated.jxl", ["PA016 pixels"]),
    ("jxl/c2pa-gps.jxl", ["PA001 c2pa/c2pa-assertion#1", "PA018 c2pa"]),
    // The codestream's ICC profile (libjxl gives it back) is read like any: its trailer is swept.
    ("jxl/icc-trailer-text.jxl", ["PA001 icc/raw-bytes"]),
  ]

  @Test(arguments: outputFindings.map(\.0))
  func findingsOfEachOutput(_ fixture: String) {
    let expected = Self.outputFindings.first { $0.0 == fixture }!.1
    let got = Self.findings(fixture).filter { $0.id != .identifyingFields }.map { "\($0.id.rawValue) \($0.carrier ?? "-")" }.sorted()
    #expect(got == expected.sorted(), "\(Self.findings(fixture).map { "\($0.id.rawValue) \($0.carrier ?? "-"): \($0.evidence)" })")
  }

  @Test func failClosedReasonsNameWhatWasNotChecked() {
    let bomb = Self.inspect("jxl/brob-bomb.jxl")
    #expect(bomb.incomplete.contains { $0.scope == "brob" && $0.reason.contains("decompresses to more than 16 MiB") })
    let corrupt = Self.inspect("jxl/brob-corrupt.jxl")
    #expect(corrupt.incomplete.map(\.reason) == ["JPEG XL 'brob' box at byte 32 ('Exif' compressed) does not decompress (PADDING_1); what follows the 0 decompressed bytes was not read"])
  }

  /// Five Brotli bombs in one file: each box stops at 16 MiB and the file at its 64 MiB metadata
  /// budget, which the fifth finds spent (not read) — every one PA015, memory bounded.
  @Test func brotliBombsShareTheFileBudget() throws {
    let file = try Self.bytes("jxl/brob-bomb.jxl")
    let size = file[32..<36].reduce(0) { $0 << 8 | Int($1) }
    let bomb = Array(file[32..<32 + size])
    let five = Array(file[0..<32]) + Array([[UInt8]](repeating: bomb, count: 5).joined()) + Array(file[(32 + size)...])
    let tree = LayoutWalker.walk(MemorySource(five), format: .jxl, mode: .metadata)
    #expect(tree.incomplete.map(\.scope) == ["brob", "brob", "brob", "brob", "jxl"])
    #expect(tree.scan.carriers.reduce(0) { $0 + $1.payload.count } <= JXLWalker.maxMetadataBytes)
    #expect(tree.incomplete.last?.reason == "JPEG XL 'brob' box at byte \(32 + 4 * size) is past the 64 MiB metadata cap per file; not read")
  }

  /// A `jbrd` box whose Brotli stream is damaged: the segments it keeps were not checked (PA015).
  @Test func damagedReconstructionDataIsIncomplete() throws {
    var file = try Self.bytes("jxl/from-jpeg.jxl")
    // The jbrd box is at 51 (8-byte header, bundle of 192 bytes, stream of 119): break the stream.
    for i in 251 + 10..<251 + 40 { file[i] ^= 0x5A }
    let m = Inspector.inspect(source: MemorySource(file), path: "jbrd-damaged.jxl")
    #expect(m.incomplete.contains { $0.scope == "jbrd" }, "\(m.incomplete)")
    // A bundle that does not parse: its 'markers' say "no scan" once the first bytes are zeros
    // (marker 0xC0 repeated until the 16,384 limit or the end).
    var broken = try Self.bytes("jxl/from-jpeg.jxl")
    for i in 59..<251 { broken[i] = 0 }
    let n = Inspector.inspect(source: MemorySource(broken), path: "jbrd-bundle.jxl")
    #expect(n.incomplete.contains { $0.scope == "jbrd" && $0.reason.contains("does not parse") }, "\(n.incomplete)")
  }

  /// A codestream whose frame header libjxl rejects: where it ends is unknown, so what could
  /// follow it was not checked (PA015), in complete mode; the size header still reads.
  @Test func aCodestreamLibjxlCannotReadToItsEndIsIncomplete() throws {
    var file = try Self.bytes("jxl/bare.jxl")
    for i in 8..<24 { file[i] ^= 0xFF }
    let tree = LayoutWalker.walk(MemorySource(file), format: .jxl, mode: .complete)
    #expect(tree.scan.storedSize == PixelSize(width: 192, height: 128))
    #expect(tree.incomplete.map(\.reason) == ["JPEG XL codestream at byte 0 could not be read to its end (JPEG XL: libjxl cannot read the codestream's headers); its ICC profile and bytes after its end were not checked"])
  }

  // MARK: - Byte accounting

  @Test(arguments: ["jxl/bare.jxl", "jxl/exif-gps.jxl", "jxl/xmp-gps.jxl", "jxl/from-jpeg.jxl", "jxl/brob-xmp.jxl",
                    "jxl/c2pa-gps.jxl", "jxl/codestream-orientation-6.jxl", "jxl-libjxl/1x1_exif_xmp.jxl"])
  func everyByteIsAccounted(_ fixture: String) {
    let map = ByteMapper.map(path: Self.path(fixture))
    #expect(map.invariantViolations.isEmpty, "\(map.invariantViolations)")
    #expect(map.isFullyAccounted, "\(fixture): \(map.unaccounted.map { "\($0.offset)+\($0.length) \($0.pathText)" })")
    #expect(map.opaque.isEmpty, "\(fixture): \(map.opaque.map(\.pathText))")
  }

  /// libjxl finds where the codestream ends: a JPEG inside 'jxlc' after it, or after a bare
  /// codestream, is not image data.
  @Test func dataAfterTheCodestreamIsUnexplained() throws {
    let slack = LayoutWalker.walk(try FileSource(path: Self.path("jxl/jxlc-slack.jxl")), format: .jxl, mode: .complete)
    let jxlc = try #require(slack.nodes.first { $0.name == "jxlc" })
    #expect(jxlc.unexplainedContent == "bytes in 'jxlc' after the end of the codestream")
    #expect(jxlc.children.map(\.name) == ["codestream"])
    #expect(jxlc.range.upperBound - jxlc.children[0].range.upperBound == 970)  // the appended JPEG
    let bare = LayoutWalker.walk(try FileSource(path: Self.path("jxl/trailer-jpeg.jxl")), format: .jxl, mode: .complete)
    #expect(bare.end == 2417)
    #expect(bare.children.map(\.step.description) == ["trailer#1"])
    // In metadata mode the codestream is not parsed to its end (originals: as JPEG's stop at SOS).
    let quick = LayoutWalker.walk(try FileSource(path: Self.path("jxl/trailer-jpeg.jxl")), format: .jxl, mode: .metadata)
    #expect(quick.end == 3387)
  }

  // MARK: - Hostile input

  /// Every prefix of each fixture: the walk never traps, and a prefix that cuts the container is
  /// reported (a failure, a warning or an incomplete part). A cut at the end of a box after the
  /// codestream leaves a valid file (c2pa-gps.jxl without its 'jumb' box): not a cut.
  @Test(arguments: ["jxl/exif-gps.jxl", "jxl/from-jpeg.jxl", "jxl/brob-xmp.jxl", "jxl/c2pa-gps.jxl"])
  func truncationSweep(_ fixture: String) throws {
    let bytes = try Self.bytes(fixture)
    let whole = LayoutWalker.walk(MemorySource(bytes), format: .jxl, mode: .complete)
    let codestreamEnd = whole.nodes.last { $0.name == "jxlc" || $0.name == "jxlp" }?.range.upperBound ?? bytes.count
    let validCuts = Set(whole.nodes.map(\.range.upperBound).filter { $0 >= codestreamEnd })
    for n in 0..<bytes.count where !validCuts.contains(n) {
      let tree = LayoutWalker.walk(MemorySource(Array(bytes.prefix(n))), format: .jxl, mode: .complete)
      let reported = tree.failure != nil || !tree.scan.warnings.isEmpty || !tree.incomplete.isEmpty
      #expect(reported, "\(fixture) cut at \(n) bytes read as whole")
    }
  }

  /// Seeded mutations (`Mutator`: bit flips, smashed lengths, inserted and deleted ranges,
  /// truncation) of three containers, read in complete mode: never a trap, every node's range
  /// inside the file.
  @Test(arguments: ["jxl/from-jpeg.jxl", "jxl/brob-xmp.jxl", "jxl/c2pa-gps.jxl"])
  func mutationsNeverTrap(_ fixture: String) throws {
    let original = try Self.bytes(fixture)
    var mutator = Mutator(seed: 25)
    for _ in 0..<300 {
      let file = mutator.mutate(original).bytes
      let tree = LayoutWalker.walk(MemorySource(file), format: .jxl, mode: .complete)
      var ranges: [Range<Int>] = []
      func collect(_ nodes: [LayoutNode]) { for node in nodes { ranges.append(node.range); collect(node.children) } }
      collect(tree.nodes)
      #expect(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= file.count })
      _ = Inspector.read(source: MemorySource(file), path: "mutated.jxl", options: InspectOptions(mode: .complete))
    }
  }
}

/// The codestream header parser, reached through a one-box walk (it is internal to PhotoCore).
enum JXLCodestreamHeaderProbe {
  struct Header: Equatable {
    var width: Int, height: Int, orientation: Int
  }

  static func parse(_ codestream: [UInt8]) -> Header? {
    let tree = JXLWalker.walk(MemorySource(codestream))
    guard tree.failure == nil, let size = tree.scan.storedSize, let orientation = tree.scan.codestreamOrientation else { return nil }
    return Header(width: size.width, height: size.height, orientation: orientation)
  }
}
