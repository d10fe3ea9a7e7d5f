import Foundation
import Testing

@testable import Codecs

/// The row decoder gives the simplified API's samples, reduced as asked, holding a few rows at
/// full width; damage is reported with the rows that did decode.
@Suite struct PNGRowDecoderTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")
  static func bytes(_ relative: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(relative)))
  }

  static let pngFixtures = [
    "png/clean.png", "png/orient-6.png", "png/exif-gps.png", "defects/im-naive.png",
    "pixels/png/interlaced.png", "pixels/png/rgb16.png", "pixels/png/palette-trns.png",
    "pixels/png/gray-alpha-interlaced.png", "pixels/png/gray-2bit-odd.png", "pixels/pairs/original-8.png",
  ]

  /// libpng's simplified API (`png_image_finish_read`) is the oracle: same channels, same
  /// bytes, interlaced or not, 16-bit, palettes with tRNS, gray with alpha, 2-bit gray.
  @Test(arguments: pngFixtures)
  func fullSizeEqualsTheSimplifiedAPI(_ name: String) throws {
    let png = try Self.bytes(name)
    let rows = try PNGRowDecoder.decode(png, maxPixels: 1 << 24)
    #expect(rows.damage == nil)
    #expect(rows.factor == 1)
    #expect(rows.image == (try PNGCodec.decode(png, maxPixels: 1 << 24)))
  }

  /// Hand-made headers the fixtures do not have: 1-bit gray, 4-bit palette, gray with tRNS.
  @Test func handMadeVariantsEqualTheSimplifiedAPI() throws {
    let plte = HandmadePNG.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9])
    let cases: [[UInt8]] = [
      HandmadePNG.make(width: 10, height: 2, bitDepth: 1, colorType: 0, rows: [[0b1010_1100, 0b0100_0000], [0xFF, 0xC0]]),
      HandmadePNG.make(width: 3, height: 2, bitDepth: 4, colorType: 3, rows: [[0x01, 0x20], [0x32, 0x10]], before: plte),
      HandmadePNG.make(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[7, 200]], before: HandmadePNG.chunk("tRNS", [0, 7])),
    ]
    for png in cases {
      #expect(try PNGRowDecoder.decode(png, maxPixels: 100).image == PNGCodec.decode(png, maxPixels: 100))
    }
  }

  /// A reduced decode is the full decode area-averaged, interlaced (each Adam7 pass placed
  /// pixel by pixel) or not.
  @Test(arguments: ["pixels/png/interlaced.png", "pixels/png/gray-alpha-interlaced.png", "pixels/png/rgb16.png"])
  func reducedEqualsTheFullDecodeAveraged(_ name: String) throws {
    let png = try Self.bytes(name)
    let full = try PNGCodec.decode(png, maxPixels: 1 << 24)
    for k in [2, 3, 7] {
      let reduced = try PNGRowDecoder.decode(png, factor: k, maxPixels: 1 << 24)
      var reducer = try AreaReducer(sourceWidth: full.width, sourceHeight: full.height, factor: k, channels: full.channels)
      full.pixels.withUnsafeBufferPointer { p in
        for y in 0..<full.height { reducer.add(row: p.baseAddress! + y * full.rowBytes, y: y, x0: 0, count: full.width) }
      }
      #expect(reduced.image == (try reducer.image()), "\(name) at 1/\(k)")
    }
  }

  /// libpng reads a small file's whole IDAT in one read, so a truncated one fails before its
  /// first row; a corrupt stream fails part-way, the rows before the damage decoded.
  @Test(arguments: [("pixels/damaged/truncated-idat.png", "the file ends before the image data does (truncated)", false),
                    ("pixels/damaged/corrupt-idat.png", "IDAT: incorrect data check", true)])
  func damageIsReportedWithTheRowsThatDecoded(_ name: String, _ message: String, _ firstRowDecoded: Bool) throws {
    let result = try PNGRowDecoder.decode(try Self.bytes(name), maxPixels: 1 << 20)
    #expect(result.damage == message)
    #expect(result.width == 96 && result.height == 64)
    #expect(result.image.pixels.prefix(result.image.rowBytes).contains { $0 != 0 } == firstRowDecoded)
  }

  @Test func limitsAreCheckedBeforeDecoding() throws {
    let png = HandmadePNG.make(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[1, 2]])
    var wide = png
    wide.replaceSubrange(16..<20, with: HandmadePNG.be32(1_000_001))
    wide.replaceSubrange(29..<33, with: HandmadePNG.be32(Int(CRC32.update(0, wide[12..<29]))))
    #expect(throws: CodecError.limit("PNG: 1000001×1 is over libpng's limit of 1000000 pixels a side")) {
      try PNGRowDecoder.decode(wide, maxPixels: 1 << 30)
    }
    #expect(throws: CodecError.tooLarge(width: 2, height: 1, limit: 1)) { try PNGRowDecoder.decode(png, maxPixels: 1) }
    #expect(throws: CodecError.png("the file does not start with a PNG signature and IHDR chunk")) {
      try PNGRowDecoder.decode(Array(png.prefix(20)), maxPixels: 100)
    }
  }

  /// A 100 MP PNG (10000 × 10000, written in a few hundred KB) is decoded to 257 × 257 holding
  /// three rows at full width (ours and libpng's current and previous row) and the reduced
  /// picture: under 1 % of the 100 MB the full picture would take. Every reduced pixel is the
  /// exact cell mean of the written pattern.
  @Test func aHundredMegapixelPNGIsDecodedAFewRowsAtATime() throws {
    let side = 10_000
    let png = LargePNG.make(width: side, height: side)
    #expect(png.count < 2 << 20)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pa-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("100mp.png")
    try Data(png).write(to: file)
    let input = FileInput(path: file.path, count: png.count)

    let k = PixelReduction.factor(width: side, height: side, minimumLongSide: 256)
    let result = try PNGRowDecoder.decode(input, factor: k, maxPixels: 200_000_000)
    #expect(result.damage == nil)
    #expect(result.image.width == 257 && result.image.height == 257 && result.image.channels == 1)
    let stats = result.statistics
    #expect(stats.fullWidthRowBytes == side)
    #expect(stats.fullWidthRowsHeld == 3)
    let reducedBytes = result.image.pixels.count
    #expect(stats.peakBytes <= 3 * (side + 1) + (64 << 10) + reducedBytes + 257 * 4, "\(stats)")
    #expect(stats.peakBytes < side * side / 100)
    #expect(input.largestRead <= 64 << 10)

    // Cell means of x / 80 + y / 80: separable, so the sum over a cell is ny·Σp + nx·Σq.
    func sums(_ cell: Int) -> (sum: Int, count: Int) {
      let range = cell * k..<min(side, cell * k + k)
      return (range.reduce(0) { $0 + $1 / 80 }, range.count)
    }
    var mismatches = 0
    for cy in 0..<257 {
      let (sy, ny) = sums(cy)
      for cx in 0..<257 {
        let (sx, nx) = sums(cx)
        let n = nx * ny
        let mean = (ny * sx + nx * sy + n / 2) / n
        if Int(result.image.pixels[cy * 257 + cx]) != mean { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }
}

/// A file read in pieces, recording the largest piece asked for.
final class FileInput: DecoderInput, @unchecked Sendable {
  // @unchecked: one decoder reads it, from one thread.
  let handle: FileHandle
  let count: Int
  private(set) var largestRead = 0

  init(path: String, count: Int) {
    handle = FileHandle(forReadingAtPath: path)!
    self.count = count
  }

  func read(_ range: Range<Int>) throws -> [UInt8] {
    let upper = min(range.upperBound, count)
    guard range.lowerBound < upper else { return [] }
    largestRead = max(largestRead, upper - range.lowerBound)
    try handle.seek(toOffset: UInt64(range.lowerBound))
    return [UInt8](handle.readData(ofLength: upper - range.lowerBound))
  }
}
