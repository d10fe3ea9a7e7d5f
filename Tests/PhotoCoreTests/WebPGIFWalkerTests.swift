import Bytes
import Codecs
import Foundation
import PhotoCore
import Pipeline
import Testing

/// The WebP and GIF walkers on the carriers fixtures (Fixtures/gen/carriers.sh, checked there
/// with exiftool, webpmux and pixel RMSE) and on hand-built hostile files: GPS in each carrier,
/// animations, orientation by pixels, byte accounting, truncation.
@Suite struct WebPGIFWalkerTests {
  static func inspect(_ relative: String) -> PhotoMetadata { Inspector.inspect(path: FixtureFiles.path(relative)) }

  /// The fixtures' GPS (generate.sh): 31.230416 N, 121.473701 E.
  static func expectFixtureGPS(_ fix: GPSFix?, path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(fix?.path.description == path, sourceLocation: sourceLocation)
    #expect(SharedCorpus.close(fix?.latitude, 31.230416), sourceLocation: sourceLocation)
    #expect(SharedCorpus.close(fix?.longitude, 121.473701), sourceLocation: sourceLocation)
  }

  @Test(arguments: [("carriers/webp-exif-gps.webp", "exif"), ("carriers/webp-xmp-gps.webp", "xmp"),
                    ("carriers/webp-animated.webp", "exif"), ("carriers/gif-xmp-gps.gif", "xmp")])
  func gpsInEachCarrier(_ fixture: String, carrier: String) throws {
    let m = Self.inspect(fixture)
    #expect(m.error == nil)
    #expect(m.stored == PixelSize(width: 96, height: 64))
    #expect(m.gps.count == 1, "\(m.gps.map(\.path))")
    Self.expectFixtureGPS(m.gps.first, path: carrier)
    let findings = CheckRegistry.run(CheckSubject(output: m))
    #expect(findings.filter { $0.id == .gpsPresent }.map(\.carrier) == [carrier])
  }

  /// A GIF comment is the tag ExifTool names `File:Comment` (it was grouped "PNG", the group of
  /// PNG text chunks, when the group was read back from the carrier's note); a JPEG COM segment
  /// too; a PNG text chunk keeps its keyword in group PNG. The expected names are exiftool's.
  @Test(arguments: [("carriers/gif-comment-gps.gif", "File:Comment"), ("textcoords/comment-exiftool.gif", "File:Comment")])
  func commentTagsAreNamedAsExifToolNamesThem(_ fixture: String, _ expected: String) {
    let comments = Self.inspect(fixture).tags.filter { $0.carrier == .comment }
    #expect(!comments.isEmpty && comments.allSatisfy { "\($0.group):\($0.name)" == expected }, "\(comments.map { "\($0.group):\($0.name)" })")
  }

  @Test func animatedWebPHasThreeFramesAndItsFirstFrameDecodes() throws {
    let tree = WebPWalker.walk(try FileSource(path: FixtureFiles.path("carriers/webp-animated.webp")), mode: .complete)
    #expect(tree.scan.structureTags.first { $0.name == "FrameCount" }?.value == .integer(3))
    let frames = tree.nodes.filter { $0.name == "ANMF" }
    #expect(frames.count == 3)
    #expect(frames.allSatisfy { $0.children.contains { $0.name == "VP8 " } })
    // The first frame is the upright picture: it matches the still WebP of the same picture.
    let first = try PictureDecoder.decode(try FileSource(path: FixtureFiles.path("carriers/webp-animated.webp")).allBytes(),
                                          metadata: Self.inspect("carriers/webp-animated.webp"), view: .displayed, maxPixels: 1 << 24)
    let still = try PictureDecoder.decode(try FileSource(path: FixtureFiles.path("carriers/webp-exif-gps.webp")).allBytes(),
                                          metadata: Self.inspect("carriers/webp-exif-gps.webp"), view: .displayed, maxPixels: 1 << 24)
    #expect(first.width == 96 && first.height == 64)
    #expect(first.fingerprint().correlation(with: still.fingerprint()) > 0.95)
  }

  @Test func animatedGIFFirstFrameIsTheUprightPicture() throws {
    let m = Self.inspect("carriers/gif-animated.gif")
    #expect(m.tags.first { $0.name == "FrameCount" }?.value == .integer(3))
    let bytes = try FileSource(path: FixtureFiles.path("carriers/gif-animated.gif")).allBytes()
    let first = try PictureDecoder.decode(bytes, metadata: m, view: .displayed, maxPixels: 1 << 24)
    let reference = try PNGCodec.decode(try FileSource(path: FixtureFiles.path("reference/upright.png")).allBytes(), maxPixels: 1 << 24)
    #expect(first.fingerprint().correlation(with: reference.fingerprint()) > 0.9)
    // Reduced while decoding: half of each side.
    let reduced = try GIFCodec.decodeFirstFrame(bytes, factor: 2, maxPixels: 1 << 24)
    #expect(reduced.image.width == 48 && reduced.image.height == 32)
    #expect(reduced.image.fingerprint().correlation(with: reference.fingerprint()) > 0.9)
  }

  @Test func webpOrientationIsJudgedByThePixels() throws {
    let m = Self.inspect("carriers/webp-orient-6.webp")
    #expect(m.orientation.exif == 6 && m.orientation.effective == .right)
    #expect(m.stored == PixelSize(width: 64, height: 96) && m.displayed == PixelSize(width: 96, height: 64))
    // An output that dropped the tag without rotating: PA004 by the pixels.
    let dropped = PairAuditor.audit(output: FixtureFiles.path("carriers/webp-dropped-6.jpg"), original: nil,
                                    descriptor: FixtureFiles.path("carriers/webp-dropped-6.json")).report
    #expect(dropped.pixels?.orientation?.kind == .tagDroppedNotRotated, "\(String(describing: dropped.pixels?.orientation))")
    #expect(dropped.findings.map(\.id).contains(.orientationPixels))
    // Sanitized from the WebP: upright, the tag gone, and verified so by the pixels.
    let directory = try SanitizeTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = SanitizeTests.sanitize("carriers/webp-orient-6.webp", in: directory)
    #expect(result.error == nil)
    let output = try #require(result.output)
    let audit = PairAuditor.audit(output: output, original: FixtureFiles.path("carriers/webp-orient-6.webp"), descriptor: nil).report
    #expect(audit.pixels?.orientation?.kind == .upright)
    #expect(audit.findings.isEmpty, "\(audit.findings.map(\.evidence))")
  }

  @Test(arguments: ["carriers/gif-animated.gif", "carriers/webp-animated.webp", "carriers/gif-xmp-gps.gif"])
  func sanitizeReadsGIFAndWebP(_ fixture: String) throws {
    let directory = try SanitizeTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = SanitizeTests.sanitize(fixture, in: directory)
    #expect(result.error == nil)
    #expect(result.gpsRemoved == true)
    let output = try #require(result.output)
    let written = Inspector.inspect(path: output)
    #expect(written.format == .jpeg && written.displayed == PixelSize(width: 96, height: 64))
    #expect(written.carriers.filter { $0.kind != .jfif }.isEmpty, "\(written.carriers.map(\.path))")
    // The first frame, upright: the output matches its input by the pixels.
    let audit = PairAuditor.audit(output: output, original: FixtureFiles.path(fixture), descriptor: nil).report
    #expect(audit.pixels?.orientation?.kind == .upright)
    #expect(audit.findings.isEmpty, "\(audit.findings.map(\.evidence))")
  }

  @Test(arguments: ["carriers/webp-exif-gps.webp", "carriers/webp-xmp-gps.webp", "carriers/webp-animated.webp",
                    "carriers/webp-orient-6.webp", "carriers/gif-xmp-gps.gif", "carriers/gif-animated.gif",
                    "carriers/gif-comment-gps.gif", "carriers/c2pa-gps.webp"])
  func everyByteIsAccounted(_ fixture: String) {
    let map = ByteMapper.map(path: FixtureFiles.path(fixture))
    #expect(map.invariantViolations.isEmpty, "\(map.invariantViolations)")
    #expect(map.isFullyAccounted, "\(fixture): \(map.unaccounted.map { "\($0.offset)+\($0.length) \($0.pathText)" })")
    #expect(map.opaque.isEmpty, "\(fixture): \(map.opaque.map(\.pathText))")
  }

  /// A descriptor may call the formats "webp" / "image/webp" and "gif" / "image/gif".
  @Test(arguments: [("carriers/webp-xmp-gps.webp", "webp"), ("carriers/webp-xmp-gps.webp", "image/webp"),
                    ("carriers/gif-animated.gif", "gif"), ("carriers/gif-animated.gif", "image/gif")])
  func descriptorFormatNames(_ fixture: String, format: String) throws {
    let m = Self.inspect(fixture)
    let json = #"{"format": "\#(format)", "width": 96, "height": 64, "size_bytes": \#(m.fileSize), "gps_removed": false}"#
    let descriptor = try Descriptor.parse(Array(json.utf8), path: "d.json")
    let findings = CheckRegistry.run(CheckSubject(output: m, descriptor: descriptor))
    #expect(!findings.contains { $0.id == .descriptorMismatch }, "\(findings.map(\.evidence))")
    let wrong = try Descriptor.parse(Array(#"{"format": "jpeg", "width": 96, "height": 64, "gps_removed": false}"#.utf8), path: "d.json")
    #expect(CheckRegistry.run(CheckSubject(output: m, descriptor: wrong)).contains { $0.id == .descriptorMismatch && $0.tag == "format" })
  }

  @Test func gifCommentCoordinatesAreFoundOnce() throws {
    let m = Self.inspect("carriers/gif-comment-gps.gif")
    #expect(m.gps.count == 1, "\(m.gps.map { $0.signature ?? "" })")
    Self.expectFixtureGPS(m.gps.first, path: "raw-bytes")
  }

  /// Every prefix of each fixture: the walk never traps, and a prefix that cuts the file is
  /// reported (a failure, a warning or an incomplete part) — never read as a whole file.
  @Test(arguments: ["carriers/webp-exif-gps.webp", "carriers/webp-animated.webp", "carriers/gif-xmp-gps.gif",
                    "carriers/gif-animated.gif"])
  func truncationSweep(_ fixture: String) throws {
    let bytes = try FileSource(path: FixtureFiles.path(fixture)).allBytes()
    for n in 0..<bytes.count {
      let prefix = Array(bytes.prefix(n))
      let tree = LayoutWalker.walk(MemorySource(prefix), format: fixture.hasSuffix(".gif") ? .gif : .webp, mode: .complete)
      let reported = tree.failure != nil || !tree.scan.warnings.isEmpty || !tree.incomplete.isEmpty
      #expect(reported, "\(fixture) cut at \(n) bytes read as whole")
    }
  }

  // MARK: - Hand-built WebP

  /// A RIFF/WebP file of `chunks` (type, payload), each padded to even length.
  static func webp(_ chunks: [(String, [UInt8])]) -> [UInt8] {
    var body = Array("WEBP".utf8)
    for (type, payload) in chunks {
      body += Array(type.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }
    return Array("RIFF".utf8) + le32(body.count) + body
  }

  static func le32(_ n: Int) -> [UInt8] { [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24 & 0xFF)] }

  /// A VP8L header for a 4×3 picture (the walker reads the size only).
  static let vp8l: [UInt8] = [0x2F, 0x03, 0x80, 0x00, 0x00] + [UInt8](repeating: 0, count: 8)

  static let tiffWithOrientation6: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]

  @Test func exifChunkWithTheImproperExifHeaderIsReadAndWarned() {
    let file = Self.webp([("VP8X", [0x08, 0, 0, 0, 3, 0, 0, 2, 0, 0]), ("VP8L", Self.vp8l),
                          ("EXIF", Array("Exif".utf8) + [0, 0] + Self.tiffWithOrientation6)])
    let m = Inspector.inspect(source: MemorySource(file), path: "exif-header.webp")
    #expect(m.error == nil)
    #expect(m.stored == PixelSize(width: 4, height: 3))
    #expect(m.orientation.exif == 6)
    #expect(m.warnings.contains { $0.contains("starts with \"Exif\\0\\0\"") })
  }

  @Test func chunksTheFlagsDoNotAnnounceAreReadAndWarned() {
    let xmp = Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><rdf:Description xmlns:exif='http://ns.adobe.com/exif/1.0/' exif:GPSLatitude='31,13.82N' exif:GPSLongitude='121,28.42E'/></rdf:RDF></x:xmpmeta>".utf8)
    let file = Self.webp([("VP8X", [0x00, 0, 0, 0, 3, 0, 0, 2, 0, 0]), ("VP8L", Self.vp8l), ("XMP ", xmp), ("ZZZZ", [1, 2, 3])])
    let tree = WebPWalker.walk(MemorySource(file), mode: .complete)
    #expect(tree.scan.warnings.contains { $0.contains("VP8X does not announce XMP") })
    #expect(tree.nodes.first { $0.name == "ZZZZ" }?.kind == .opaque)
    let m = Inspector.inspect(source: MemorySource(file), path: "unannounced.webp")
    #expect(m.gps.first?.path.description == "xmp")
  }

  @Test func dataAfterTheRIFFSizeIsATrailer() {
    var file = Self.webp([("VP8L", Self.vp8l)])
    file += Array("taken at 31.230416, 121.473701".utf8)
    let m = Inspector.inspect(source: MemorySource(file), path: "trailer.webp")
    #expect(m.carriers.contains { $0.kind == .trailer })
    #expect(m.gps.first?.path.description == "raw-bytes")
  }

  // MARK: - Hand-built GIF

  /// A 1×1 GIF with `blocks` between the colour table and the image.
  static func gif(_ blocks: [UInt8]) -> [UInt8] {
    Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255] + blocks
      + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
  }

  @Test func xmpFramedAsSubBlocksWithoutTheMagicTrailerIsRead() {
    let packet = Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><rdf:Description xmlns:exif='http://ns.adobe.com/exif/1.0/' exif:GPSLatitude='31,13.82N' exif:GPSLongitude='121,28.42E'/></rdf:RDF></x:xmpmeta>".utf8)
    var blocks: [UInt8] = [0x21, 0xFF, 11] + Array("XMP DataXMP".utf8)
    var rest = packet[...]
    while !rest.isEmpty {
      let piece = rest.prefix(200)
      blocks += [UInt8(piece.count)] + piece
      rest = rest.dropFirst(piece.count)
    }
    blocks.append(0)
    let m = Inspector.inspect(source: MemorySource(Self.gif(blocks)), path: "subblocks.gif")
    #expect(m.error == nil)
    #expect(m.gps.first?.path.description == "xmp")
    #expect(m.warnings.contains { $0.contains("without the XMP magic trailer") })
  }

  @Test func aPaddingOnlyXMPPacketIsNotACarrier() {
    let padding = [UInt8](repeating: 0x20, count: 100) + Array("<?xpacket end=\"w\"?>".utf8)
    let blocks: [UInt8] = [0x21, 0xFF, 11] + Array("XMP DataXMP".utf8) + [UInt8(padding.count)] + padding + [0]
    let m = Inspector.inspect(source: MemorySource(Self.gif(blocks)), path: "empty-xmp.gif")
    #expect(!m.has(.xmp))
    #expect(m.incomplete.isEmpty)
    #expect(m.warnings.contains { $0.contains("holding no XMP") })
  }

  @Test func unknownExtensionsAreOpaqueAndJunkStopsTheWalk() {
    let blocks: [UInt8] = [0x21, 0xFF, 11] + Array("VENDORAPP01".utf8) + [3, 1, 2, 3, 0]
    let tree = GIFWalker.walk(MemorySource(Self.gif(blocks) + [0x99, 0x98]), mode: .complete)
    #expect(tree.nodes.first { $0.name.contains("VENDORAPP01") }?.kind == .opaque)
    #expect(tree.end != nil)
    #expect(tree.failure == nil)
    // Bytes after the trailer are trailing data, not GIF blocks.
    let m = Inspector.inspect(source: MemorySource(Self.gif(blocks) + [0x99, 0x98]), path: "junk.gif")
    #expect(m.carriers.contains { $0.kind == .trailer })
  }
}
