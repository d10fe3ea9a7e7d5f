import Foundation
import Testing

@testable import Codecs

private let jpegtran = "/usr/bin/jpegtran"

@Suite("JPEGCodec lossless transforms")
struct JPEGCodecTransformTests {
  /// jpegtran spelling of each operation.
  static let jpegtranArguments: [LosslessOperation: [String]] = [
    .flipH: ["-flip", "horizontal"], .flipV: ["-flip", "vertical"],
    .transpose: ["-transpose"], .transverse: ["-transverse"],
    .rotate90: ["-rotate", "90"], .rotate180: ["-rotate", "180"], .rotate270: ["-rotate", "270"],
  ]

  @Test(
    .enabled(if: TestImages.hasTool(jpegtran), "jpegtran not installed (apt install libjpeg-turbo-progs)"),
    arguments: LosslessOperation.allCases.filter { $0 != .none })
  func matchesJpegtranPerfect(op: LosslessOperation) throws {
    // 64×48 at 4:2:0: whole 16×16 MCUs, so every operation is perfect.
    let source = try JPEGCodec.encode(TestImages.smooth(width: 64, height: 48), quality: 90)
    let ours = try JPEGCodec.transform(source, operation: op)
    let theirs = try runJpegtran(["-perfect", "-copy", "none"] + (Self.jpegtranArguments[op] ?? []), source)
    let a = try JPEGCodec.decode(ours, maxPixels: 1 << 20)
    let b = try JPEGCodec.decode(theirs, maxPixels: 1 << 20)
    #expect(a == b, "decoded pixels differ from jpegtran \(op)")
    #expect((a.width, a.height) == (op.swapsAxes ? (48, 64) : (64, 48)))
  }

  @Test(.enabled(if: TestImages.hasTool(jpegtran), "jpegtran not installed (apt install libjpeg-turbo-progs)"))
  func trimMatchesJpegtranTrim() throws {
    let source = try JPEGCodec.encode(TestImages.smooth(width: 100, height: 75), quality: 90)
    let ours = try JPEGCodec.transform(source, operation: .rotate90, trim: true)
    let theirs = try runJpegtran(["-trim", "-copy", "none", "-rotate", "90"], source)
    let a = try JPEGCodec.decode(ours, maxPixels: 1 << 20)
    #expect(a == (try JPEGCodec.decode(theirs, maxPixels: 1 << 20)))
    // Rotating 90° CW moves the bottom edge to the left: the partial MCU row (75 = 4·16 + 11)
    // is dropped, then the axes swap.
    #expect((a.width, a.height) == (64, 100))
  }

  @Test func partialMCURefusalNamesTheProblem() throws {
    let source = try JPEGCodec.encode(TestImages.smooth(width: 100, height: 75), quality: 90)
    do {
      _ = try JPEGCodec.transform(source, operation: .rotate90)
      Issue.record("a 100×75 4:2:0 JPEG cannot be rotated perfectly")
    } catch {
      let message = error.description
      #expect(message.contains("100×75"), "\(message)")
      #expect(message.contains("height 75 is not a multiple of 16"), "\(message)")
      #expect(message.contains("trim"), "\(message)")
    }
    // Transpose never needs whole MCUs; flipV only the bottom edge, which is partial.
    #expect(throws: Never.self) { try JPEGCodec.transform(source, operation: .transpose) }
    #expect(throws: CodecError.self) { try JPEGCodec.transform(source, operation: .flipV) }
  }

  @Test func copyNoneDropsAppSegments() throws {
    var source = try JPEGCodec.encode(TestImages.smooth(width: 32, height: 32), quality: 90)
    // Insert an APP1 "Exif" segment after SOI by hand.
    let payload = Array("Exif\0\0GPS-secret".utf8)
    let length = payload.count + 2
    source.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload, at: 2)
    let out = try JPEGCodec.transform(source, operation: .none)
    #expect(!containsBytes(out, Array("GPS-secret".utf8)))
    #expect(try JPEGCodec.decode(out, maxPixels: 1 << 20) == (try JPEGCodec.decode(source, maxPixels: 1 << 20)))
  }

  @Test func garbageIsAnError() {
    #expect(throws: CodecError.self) { try JPEGCodec.transform([0xFF, 0xD8, 0x00], operation: .rotate90) }
  }

  private func runJpegtran(_ arguments: [String], _ input: [UInt8]) throws -> [UInt8] {
    let dir = try TestImages.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("in.jpg")
    try Data(input).write(to: file)
    return Array(try TestImages.run(jpegtran, arguments + [file.path]))
  }

  private func containsBytes(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<$0 + needle.count]) == needle }
  }
}
