import Bytes
import Codecs
import Foundation
import PhotoCore
import Pipeline
import Testing

/// The libjxl and libbrotlidec wrappers on the jxl/ fixtures: pixels reduced while decoding, in
/// stored orientation; `--max-pixels` before decoding; the codestream's end; Brotli streams
/// complete, over the cap, corrupt and cut short.
@Suite struct JXLCodecTests {
  static func bytes(_ name: String) throws -> [UInt8] { try FileSource(path: FixtureFiles.path(name)).allBytes() }
  static func reference() throws -> PixelImage {
    try PNGCodec.decode(try bytes("reference/upright.png"), maxPixels: 1 << 24)
  }

  @Test(arguments: [1, 2, 4])
  func decodesReducedWhileDecoding(_ factor: Int) throws {
    let result = try JXLCodec.decode(try Self.bytes("jxl/bare.jxl"), factor: factor, maxPixels: 1 << 24)
    #expect(result.width == 192 && result.height == 128)
    #expect(result.image.width == (192 + factor - 1) / factor && result.image.height == (128 + factor - 1) / factor)
    #expect(result.image.channels == 4)  // reference/upright.png has an alpha channel, which cjxl keeps
    #expect(result.image.fingerprint().correlation(with: try Self.reference().fingerprint()) > 0.95)
  }

  /// libjxl gives the stored pixels (the orientation is kept for us to apply): the codestream
  /// with orientation 6 decodes turned, and shown through its orientation it is the upright picture.
  @Test func storedPixelsAndTheDisplayedView() throws {
    let file = try Self.bytes("jxl/codestream-orientation-6.jxl")
    let stored = try JXLCodec.decode(file, maxPixels: 1 << 24).image
    #expect(stored.width == 128 && stored.height == 192)
    let m = Inspector.inspect(path: FixtureFiles.path("jxl/codestream-orientation-6.jxl"))
    let displayed = try PictureDecoder.decode(file, metadata: m, view: .displayed, maxPixels: 1 << 24)
    #expect(displayed.width == 192 && displayed.height == 128)
    #expect(displayed.fingerprint().correlation(with: try Self.reference().fingerprint()) > 0.95)
    // The lossless transcode of the same JPEG: the same picture.
    let transcode = try PictureDecoder.decode(try Self.bytes("jxl/from-jpeg.jxl"), metadata: Inspector.inspect(path: FixtureFiles.path("jxl/from-jpeg.jxl")),
                                              view: .displayed, maxPixels: 1 << 24)
    #expect(transcode.fingerprint().correlation(with: try Self.reference().fingerprint()) > 0.95)
  }

  @Test func maxPixelsRefusesBeforeDecoding() throws {
    #expect(throws: CodecError.tooLarge(width: 192, height: 128, limit: 1000)) {
      try JXLCodec.decode(try Self.bytes("jxl/bare.jxl"), maxPixels: 1000)
    }
    let failure = PixelDecodeFailure(CodecError.tooLarge(width: 192, height: 128, limit: 1000))
    #expect(!failure.isDamage)
  }

  @Test func truncatedDataIsDamage() throws {
    #expect(throws: CodecError.jxl("the data is corrupt (libjxl could not decode the picture)")) {
      try JXLCodec.decode(try Self.bytes("jxl/truncated.jxl"), maxPixels: 1 << 24)
    }
    #expect(throws: CodecError.self) { try JXLCodec.info([0xFF, 0x0A]) }
  }

  /// Where the codestream ends: the bare codestream of trailer-jpeg.jxl is bare.jxl's 2,417 bytes.
  @Test func codestreamStructure() throws {
    let trailer = try JXLCodec.structure(try Self.bytes("jxl/trailer-jpeg.jxl"), toTheEnd: true)
    #expect(trailer.length == 2417 && trailer.frames == 1)
    let bare = try JXLCodec.structure(try Self.bytes("jxl/bare.jxl"), toTheEnd: true)
    #expect(bare.length == 2417)
  }

  // MARK: - Brotli

  /// The Brotli stream of the first 'brob' box of `fixture` (after its 8-byte header and type).
  static func brobStream(_ fixture: String) throws -> [UInt8] {
    let file = try bytes(fixture)
    var i = 12
    while i + 8 <= file.count {
      let size = file[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
      if file[i + 4..<i + 8].elementsEqual("brob".utf8) { return Array(file[i + 12..<i + size]) }
      i += size
    }
    throw CocoaError(.fileReadCorruptFile)
  }

  @Test func brotliStreams() throws {
    let xmp = BrotliDecompressor.decompress(try Self.brobStream("jxl/brob-xmp.jxl"))
    #expect(xmp.status == .complete)
    #expect(String(decoding: xmp.bytes.prefix(17), as: UTF8.self) == "<?xpacket begin='")
    let stream = try Self.brobStream("jxl/brob-xmp.jxl")
    #expect(xmp.consumed == stream.count)
    // Cut short, corrupt, over the cap: what was decoded, with the reason.
    #expect(BrotliDecompressor.decompress(Array(stream.prefix(stream.count / 2))).status == .truncatedInput)
    #expect(BrotliDecompressor.decompress(try Self.brobStream("jxl/brob-corrupt.jxl")).status == .corrupt("PADDING_1"))
    let bomb = BrotliDecompressor.decompress(try Self.brobStream("jxl/brob-bomb.jxl"), maxOutput: 1 << 20)
    #expect(bomb.status == .outputLimitReached && bomb.bytes.count == 1 << 20)
    // A stream that ends exactly at the cap is complete.
    let exact = BrotliDecompressor.decompress(stream, maxOutput: xmp.bytes.count)
    #expect(exact.status == .complete && exact.bytes == xmp.bytes)
  }
}

/// `sanitize` of a JPEG XL original: decoded by libjxl, turned upright by the codestream's
/// orientation (never the Exif box's), encoded as JPEG, verified by the pixels.
@Suite struct JXLSanitizeTests {
  @Test(arguments: ["jxl/codestream-orientation-6.jxl", "jxl/from-jpeg.jxl", "jxl/exif-orientation-6.jxl", "jxl/exif-gps.jxl"])
  func sanitizesToAnUprightJPEG(_ fixture: String) throws {
    let directory = try SanitizeTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = SanitizeTests.sanitize(fixture, in: directory)
    #expect(result.error == nil)
    #expect(result.gpsRemoved == true)
    let output = try #require(result.output)
    let written = Inspector.inspect(path: output)
    #expect(written.format == .jpeg && written.displayed == PixelSize(width: 192, height: 128))
    #expect(written.orientation.exif == nil)
    let picture = try PictureDecoder.decode(try FileSource(path: output).allBytes(), metadata: written, view: .displayed, maxPixels: 1 << 24)
    let reference = try PNGCodec.decode(try FileSource(path: FixtureFiles.path("reference/upright.png")).allBytes(), maxPixels: 1 << 24)
    #expect(picture.fingerprint().correlation(with: reference.fingerprint()) > 0.95)
    let audit = PairAuditor.audit(output: output, original: FixtureFiles.path(fixture), descriptor: nil).report
    #expect(audit.pixels?.orientation?.kind == .upright)
    #expect(audit.findings.isEmpty, "\(audit.findings.map(\.evidence))")
  }
}
