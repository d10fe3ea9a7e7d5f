import Codecs
import Testing

@testable import PhotoCore

@Suite("JPEGCodec.insertICC")
struct PixelICCTests {
  /// (offset, sequence, count, payload) of every APP2 ICC_PROFILE segment before SOS.
  func iccSegments(_ jpeg: [UInt8]) -> [(offset: Int, seq: Int, count: Int, payload: [UInt8])] {
    var found: [(Int, Int, Int, [UInt8])] = []
    var at = 2
    while at + 4 <= jpeg.count, jpeg[at] == 0xFF, jpeg[at + 1] != 0xDA {
      let length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
      let body = Array(jpeg[(at + 4)..<(at + 2 + length)])
      if jpeg[at + 1] == 0xE2, body.starts(with: Array("ICC_PROFILE\0".utf8)) {
        found.append((at, Int(body[12]), Int(body[13]), Array(body[14...])))
      }
      at += 2 + length
    }
    return found
  }

  @Test(arguments: [1, 1000, 65519, 65520, 150_000])
  func chunksReassembleAfterJFIF(size: Int) throws {
    let profile = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
    let jpeg = try JPEGCodec.encode(PixelFixtures.smooth(width: 16, height: 16), quality: 90)
    let out = try JPEGCodec.insertICC(profile, into: jpeg)
    let segments = iccSegments(out)
    let expected = (size + 65518) / 65519
    #expect(segments.count == expected)
    #expect(segments.map(\.seq) == Array(1...expected))
    #expect(segments.allSatisfy { $0.count == expected && $0.payload.count <= 65519 })
    #expect(segments.flatMap(\.payload) == profile)
    // Right after SOI + the JFIF APP0 the encoder wrote (2 + 18 bytes).
    #expect(Array(jpeg[2..<4]) == [0xFF, 0xE0])
    #expect(segments.first?.offset == 20)
    #expect(try JPEGCodec.decode(out, maxPixels: 1 << 20) == (try JPEGCodec.decode(jpeg, maxPixels: 1 << 20)))
  }

  @Test func insertsRightAfterSOIWithoutAPP0() throws {
    let bare: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
    let out = try JPEGCodec.insertICC([1, 2, 3], into: bare)
    #expect(Array(out.prefix(4)) == [0xFF, 0xD8, 0xFF, 0xE2])
    #expect(Array(out.suffix(2)) == [0xFF, 0xD9])
    #expect(out.count == 4 + 2 + 2 + 12 + 2 + 3)
  }

  @Test func errors() {
    #expect(throws: CodecError.self) { try JPEGCodec.insertICC([1], into: [0x89, 0x50]) }
    #expect(throws: CodecError.self) { try JPEGCodec.insertICC([], into: [0xFF, 0xD8, 0xFF, 0xD9]) }
    #expect(throws: CodecError.self) {
      try JPEGCodec.insertICC([UInt8](repeating: 0, count: 65519 * 255 + 1), into: [0xFF, 0xD8, 0xFF, 0xD9])
    }
  }
}
