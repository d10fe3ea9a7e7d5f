import Bytes
import PhotoCore
import Testing

@Suite struct JPEGWalkerTests {
  static func sample() -> [UInt8] {
    var tiff = TIFFBuilder()
    tiff.ifd0 = [TIFFBuilder.ascii(0x010F, "Maker"), TIFFBuilder.short(0x0112, 6)]
    tiff.gps = [
      TIFFBuilder.ascii(0x0001, "S"), TIFFBuilder.rationals(0x0002, [(31, 1), (13, 1), (4949, 100)]),
      TIFFBuilder.ascii(0x0003, "W"), TIFFBuilder.rationals(0x0004, [(121, 1), (28, 1), (2532, 100)]),
    ]
    var jpeg = JPEGBuilder()
    jpeg.segment(0xE0, Array(ascii: "JFIF\0") + [1, 1, 0, 0, 1, 0, 1, 0, 0])
    jpeg.app1Exif(tiff.build())
    jpeg.xmp("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>")
    jpeg.segment(0xFE, Array("hello".utf8))
    jpeg.frame(width: 40, height: 30)
    jpeg.scanAndEnd()
    return jpeg.bytes
  }

  @Test func locatesCarriersAndFrame() throws {
    let scan = try JPEGWalker.scan(MemorySource(Self.sample()))
    #expect(scan.storedSize == PixelSize(width: 40, height: 30))
    #expect(scan.carriers.map(\.kind) == [.jfif, .exif, .xmp, .comment])
    let exif = try #require(scan.carriers.first { $0.kind == .exif })
    #expect(exif.payload.prefix(4) == [0x49, 0x49, 0x2A, 0x00])
    #expect(scan.carriers.last?.payload == Array("hello".utf8))
    #expect(scan.warnings.isEmpty)
  }

  @Test func decodesSignedGPSAndOrientation() throws {
    let m = Inspector.inspect(source: MemorySource(Self.sample()), path: "sample.jpg")
    #expect(m.error == nil)
    #expect(m.orientation.exif == 6)
    #expect(m.orientation.effective == .right)
    #expect(m.displayed == PixelSize(width: 30, height: 40))
    let fix = try #require(m.gps.first)
    #expect(fix.carrier == .exif)
    #expect(abs(fix.latitude! - -(31 + 13.0 / 60 + 49.49 / 3600)) < 1e-9)
    #expect(abs(fix.longitude! - -(121 + 28.0 / 60 + 25.32 / 3600)) < 1e-9)
  }

  /// Every prefix cut before the image data starts is reported (error or warning) and none traps.
  /// (A cut inside the entropy-coded data is invisible to a metadata walk, which stops at SOS;
  /// the byte map reads on and reports it.)
  @Test func truncationSweep() throws {
    let bytes = Self.sample()
    let scanData = try #require(JPEGWalker.walk(MemorySource(bytes), range: 0..<bytes.count).nodes.last)
    #expect(scanData.name == "SOS (scan 1)")
    for n in 0..<bytes.count {
      let m = Inspector.inspect(source: MemorySource(Array(bytes.prefix(n))), path: "prefix-\(n)", options: InspectOptions(mode: .metadata))
      if n < scanData.range.upperBound {
        #expect(m.error != nil || !m.warnings.isEmpty, "prefix of \(n) bytes was read as complete")
      }
    }
  }

  @Test func segmentLengthPastTheEndIsAWarning() throws {
    var jpeg = JPEGBuilder()
    jpeg.bytes += [0xFF, 0xE1, 0xFF, 0xF0] + Array(ascii: "Exif\0\0II")
    let scan = try JPEGWalker.scan(MemorySource(jpeg.bytes))
    #expect(scan.warnings.contains { $0.contains("claims 65520 bytes") })
    #expect(scan.storedSize == nil)
  }

  @Test(arguments: [0, 1])
  func impossibleSegmentLengthStopsTheWalk(length: Int) throws {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, UInt8(length), 0, 0]
    let scan = try JPEGWalker.scan(MemorySource(bytes))
    #expect(scan.warnings.contains { $0.contains("impossible length") })
  }

  @Test func junkBetweenSegmentsIsSkippedWithAWarning() throws {
    var jpeg = JPEGBuilder()
    jpeg.segment(0xFE, Array("c".utf8))
    jpeg.bytes += Array("junk".utf8)
    jpeg.frame(width: 8, height: 8)
    jpeg.scanAndEnd()
    let scan = try JPEGWalker.scan(MemorySource(jpeg.bytes))
    #expect(scan.storedSize == PixelSize(width: 8, height: 8))
    #expect(scan.warnings == ["JPEG has 4 unknown bytes at byte 7 before the next marker; skipped"])
  }

  @Test func app1WithTIFFButNoExifHeaderIsStillEXIF() throws {
    var tiff = TIFFBuilder()
    tiff.gps = [TIFFBuilder.ascii(0x0001, "N"), TIFFBuilder.rationals(0x0002, [(10, 1), (0, 1), (0, 1)])]
    var jpeg = JPEGBuilder()
    jpeg.segment(0xE1, tiff.build())
    jpeg.frame(width: 8, height: 8)
    jpeg.scanAndEnd()
    let m = Inspector.inspect(source: MemorySource(jpeg.bytes), path: "raw-tiff.jpg")
    #expect(m.carriers.first?.note?.contains("without the Exif header") == true)
    #expect(m.gps.first?.latitude == 10)
  }

  @Test func notAJPEGIsAClearError() {
    let m = Inspector.inspect(source: MemorySource(Array("%PDF-1.4....".utf8)), path: "x.jpg")
    #expect(m.error == "not a JPEG, HEIF/AVIF, PNG, WebP, GIF, JPEG XL, TIFF or DNG file (looks like PDF)")
    // A GIF is read now: a cut one says where it ends.
    let gif = Inspector.inspect(source: MemorySource(Array("GIF89a....".utf8)), path: "x.gif")
    #expect(gif.error == "GIF logical screen descriptor ends early at byte 10")
    #expect(Inspector.inspect(source: MemorySource([]), path: "empty").error == "empty file")
  }

  /// The segment cap is a resource limit: the rest of the file is left unread, recorded as an
  /// incomplete check, and its bytes are a node of their own (not silently dropped).
  @Test func segmentFloodIsCapped() throws {
    var jpeg = JPEGBuilder()
    for _ in 0..<(JPEGWalker.maxSegments + 10) { jpeg.segment(0xFE, []) }
    let tree = JPEGWalker.walk(MemorySource(jpeg.bytes))
    #expect(tree.incomplete.count == 1)
    #expect(tree.incomplete.first?.reason.contains("more than \(JPEGWalker.maxSegments) segments") == true)
    let unread = try #require(tree.nodes.last)
    #expect(unread.name == "unread" && unread.range.upperBound == jpeg.bytes.count && unread.range.count == 10 * 4)
  }
}
