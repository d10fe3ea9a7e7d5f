import Foundation
import Testing

@testable import Codecs

/// TurboJPEG returns -1 with a warning and still fills the image: the warning is kept, and
/// classed as damage or as harmless.
@Suite struct JPEGDamageTests {
  @Test(arguments: [("pixels/damaged/truncated-scan.jpg", "Premature end of JPEG file"),
                    ("pixels/damaged/corrupt-data.jpg", "Corrupt JPEG data: bad Huffman code")])
  func damageIsTheFirstWarning(_ name: String, _ warning: String) throws {
    let jpeg = try PNGRowDecoderTests.bytes(name)
    let outcome = try JPEGCodec.decodeReportingWarnings(jpeg, maxPixels: 1 << 20)
    #expect(outcome.warning == warning)
    #expect(outcome.damage == warning)
    #expect(outcome.image.width == 96 && outcome.image.height == 64)
    // The lenient decode still returns the image; the strict one refuses it.
    #expect(try JPEGCodec.decode(jpeg, maxPixels: 1 << 20) == outcome.image)
    #expect(throws: CodecError.jpeg("cannot decode the JPEG: \(warning)")) { try JPEGCodec.decode(jpeg, maxPixels: 1 << 20, strict: true) }
  }

  /// Junk between the scan and EOI: libjpeg warns "extraneous bytes before marker", yet every
  /// pixel decoded: not damage.
  @Test func extraneousBytesBeforeAMarkerAreNotDamage() throws {
    var jpeg = try PNGRowDecoderTests.bytes("jpeg/clean.jpg")
    jpeg.insert(contentsOf: [UInt8](repeating: 0x12, count: 64), at: jpeg.count - 2)  // 57 of them past the bit reader's prefetch
    let outcome = try JPEGCodec.decodeReportingWarnings(jpeg, maxPixels: 1 << 20)
    #expect(outcome.warning == "Corrupt JPEG data: 57 extraneous bytes before marker 0xd9")
    #expect(outcome.damage == nil)
    let clean = try JPEGCodec.decodeReportingWarnings(try PNGRowDecoderTests.bytes("jpeg/clean.jpg"), maxPixels: 1 << 20)
    #expect(clean.warning == nil && clean.damage == nil)
    #expect(clean.image == outcome.image)
  }

  /// A coding process libjpeg-turbo does not implement (lossless SOF3) is unsupported, not damage.
  @Test func anUnsupportedProcessIsNotDamage() throws {
    var jpeg = try PNGRowDecoderTests.bytes("jpeg/clean.jpg")
    let sof = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    jpeg[sof + 1] = 0xC3
    #expect(throws: CodecError.unsupported("JPEG: cannot read the JPEG header: Unsupported JPEG process: SOF type 0xc3")) {
      try JPEGCodec.decodeReportingWarnings(jpeg, maxPixels: 1 << 20)
    }
  }
}
