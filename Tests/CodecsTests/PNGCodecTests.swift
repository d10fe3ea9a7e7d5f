import Foundation
import Testing

@testable import Codecs

@Suite("PNGCodec (png_image simplified API)")
struct PNGCodecTests {
  @Test(arguments: [1, 3, 4])
  func roundTripIsExact(channels: Int) throws {
    let (w, h) = (37, 23)
    let samples = (0..<(w * h * channels)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) }
    let image = try PixelImage(width: w, height: h, channels: channels, pixels: samples)
    let png = try PNGCodec.encode(image)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(try PNGCodec.decode(png, maxPixels: 10_000) == image)
  }

  @Test func encoderWritesNoTextOrMetadataChunks() throws {
    let png = try PNGCodec.encode(try PixelImage(width: 8, height: 8, channels: 3, fill: 77))
    let types = HandmadePNG.chunkTypes(png)
    #expect(types.first == "IHDR" && types.last == "IEND")
    for forbidden in ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"] { #expect(!types.contains(forbidden), "\(types)") }
  }

  @Test func sixteenBitWithoutGammaIsReducedNotBrightened() throws {
    // 16-bit RGB, no gAMA/sRGB: PNG_IMAGE_FLAG_16BIT_sRGB makes libpng treat it as sRGB.
    let values: [UInt16] = [0, 0x1234, 0x8000, 0xABCD, 0xFFFF, 0x0101]
    var row: [UInt8] = []
    for v in values { row += [UInt8(v >> 8), UInt8(v & 0xFF)] }
    let png = HandmadePNG.make(width: 2, height: 1, bitDepth: 16, colorType: 2, rows: [row])
    let image = try PNGCodec.decode(png, maxPixels: 100)
    #expect(image.channels == 3)
    for (i, v) in values.enumerated() {
      let expected = Int((Double(v) / 257).rounded())
      #expect(abs(Int(image.pixels[i]) - expected) <= 1, "sample \(i): \(image.pixels[i]) vs \(expected)")
    }
  }

  @Test func grayAlphaAndPaletteWithTransparencyBecomeRGBA() throws {
    let ga = HandmadePNG.make(width: 2, height: 1, bitDepth: 8, colorType: 4, rows: [[10, 255, 200, 0]])
    let a = try PNGCodec.decode(ga, maxPixels: 100)
    #expect(a.channels == 4)
    #expect(Array(a.pixel(x: 0, y: 0) ?? []) == [10, 10, 10, 255])
    #expect(a.pixel(x: 1, y: 0)?.last == 0)

    let plte = HandmadePNG.chunk("PLTE", [255, 0, 0, 0, 0, 255])
    let trns = HandmadePNG.chunk("tRNS", [128])
    let pal = HandmadePNG.make(width: 2, height: 1, bitDepth: 8, colorType: 3, rows: [[0, 1]], before: plte + trns)
    let p = try PNGCodec.decode(pal, maxPixels: 100)
    #expect(p.channels == 4)
    #expect(Array(p.pixels) == [255, 0, 0, 128, 0, 0, 255, 255])

    let opaque = HandmadePNG.make(width: 2, height: 1, bitDepth: 8, colorType: 3, rows: [[1, 0]], before: plte)
    #expect(try PNGCodec.decode(opaque, maxPixels: 100).pixels == [0, 0, 255, 255, 0, 0])
  }

  @Test func oversizedIHDRIsRefusedBeforeDecoding() throws {
    // IHDR claims 100000×100000; there is no pixel data at all.
    let png = HandmadePNG.make(width: 100_000, height: 100_000, bitDepth: 8, colorType: 2, rows: [])
    #expect(throws: CodecError.tooLarge(width: 100_000, height: 100_000, limit: 200_000_000)) {
      try PNGCodec.decode(png, maxPixels: 200_000_000)
    }
  }

  @Test func garbageTruncatedAndEmptyAreErrors() throws {
    #expect(throws: CodecError.self) { try PNGCodec.decode([], maxPixels: 100) }
    #expect(throws: CodecError.self) { try PNGCodec.decode(Array("hello".utf8), maxPixels: 100) }
    let png = try PNGCodec.encode(try PixelImage(width: 64, height: 64, channels: 3, fill: 1))
    for n in [8, 20, 33, png.count / 2, png.count - 13] {
      #expect(throws: CodecError.self, "prefix \(n)") { try PNGCodec.decode(Array(png.prefix(n)), maxPixels: 10_000) }
    }
  }

  @Test func libraryVersion() { #expect(PNGCodec.libraryVersion.hasPrefix("1.6")) }
}

/// Builds tiny PNGs by hand (stored deflate blocks, real CRCs) for inputs our encoder never
/// writes: 16-bit, gray+alpha, palettes.
enum HandmadePNG {
  static func make(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]], before: [UInt8] = []) -> [UInt8] {
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    out += chunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType, 0, 0, 0])
    out += before
    var raw: [UInt8] = []
    for row in rows { raw += [0] + row }
    out += chunk("IDAT", zlibStored(raw))
    out += chunk("IEND", [])
    return out
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return be32(data.count) + body + be32(Int(crc32(body)))
  }

  static func chunkTypes(_ png: [UInt8]) -> [String] {
    var types: [String] = []
    var at = 8
    while at + 8 <= png.count {
      let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
      types.append(String(decoding: png[at + 4..<at + 8], as: UTF8.self))
      at += 12 + length
    }
    return types
  }

  static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var at = 0
    repeat {
      let n = min(65535, data.count - at)
      let final: UInt8 = at + n == data.count ? 1 : 0
      out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
      out += data[at..<at + n]
      at += n
    } while at < data.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return out + be32(Int(b << 16 | a))
  }

  static func crc32(_ data: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }
}
