import Codecs
import Testing

@testable import PhotoCore

@Suite("PixelImage.resized / fitted")
struct PixelResizeTests {
  static let sizes: [(Int, Int, Int, Int)] = [
    (100, 80, 50, 40),  // 2×
    (97, 61, 31, 20),  // odd ratios
    (400, 300, 37, 29),  // ≥ 4×: box shrink first
    (1000, 10, 9, 10),  // one axis only, 111×
    (30, 20, 75, 50),  // enlarge
    (5, 5, 1, 1),
  ]

  @Test(arguments: sizes)
  func constantStaysConstantAndSizeIsExact(w: Int, h: Int, ow: Int, oh: Int) throws {
    for channels in [1, 3, 4] {
      let image = PixelFixtures.constant(width: w, height: h, channels: channels, value: 201)
      let out = try image.resized(to: PixelSize(width: ow, height: oh))
      #expect((out.width, out.height, out.channels) == (ow, oh, channels))
      #expect(out.pixels.allSatisfy { $0 == 201 }, "\(w)×\(h) → \(ow)×\(oh), \(channels) ch")
    }
  }

  @Test(arguments: sizes)
  func gradientStaysMonotone(w: Int, h: Int, ow: Int, oh: Int) throws {
    var p = [UInt8](repeating: 0, count: w * h)
    for y in 0..<h { for x in 0..<w { p[y * w + x] = UInt8(x * 255 / max(1, w - 1)) } }
    let out = try PixelImage(width: w, height: h, channels: 1, pixels: p).resized(to: PixelSize(width: ow, height: oh))
    for y in 0..<oh {
      for x in 1..<max(1, ow) {
        #expect(out.pixels[y * ow + x] >= out.pixels[y * ow + x - 1], "row \(y) at \(x)")
      }
    }
    // Rows of a horizontal ramp stay identical.
    for y in 1..<oh { #expect(out.pixels[(y * ow)..<(y * ow + ow)] == out.pixels[0..<ow]) }
  }

  /// Splitting the rows between threads changes nothing in the result.
  @Test(arguments: sizes + [(640, 480, 203, 157), (300, 900, 1000, 2000)])
  func threadsGiveTheSameImage(w: Int, h: Int, ow: Int, oh: Int) throws {
    for channels in [1, 3, 4] {
      var generator = SystemRandomNumberGenerator()
      let pixels = (0..<w * h * channels).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let image = try PixelImage(width: w, height: h, channels: channels, pixels: pixels)
      let one = try image.resized(to: PixelSize(width: ow, height: oh))
      for threads in [2, 3, 8] {
        #expect(try image.resized(to: PixelSize(width: ow, height: oh), threads: threads).pixels == one.pixels,
                "\(w)×\(h) → \(ow)×\(oh), \(channels) ch, \(threads) threads")
      }
    }
  }

  @Test func fineCheckerboardAveragesInsteadOfAliasing() throws {
    // Nearest neighbour would keep pure 0/255 pixels; a real low-pass gives mid grey.
    var p = [UInt8](repeating: 0, count: 200 * 200)
    for y in 0..<200 { for x in 0..<200 where (x + y) % 2 == 0 { p[y * 200 + x] = 255 } }
    for target in [100, 67, 50, 13] {
      let out = try PixelImage(width: 200, height: 200, channels: 1, pixels: p).resized(to: PixelSize(width: target, height: target))
      let inner = (2..<(target - 2)).flatMap { y in (2..<(target - 2)).map { x in Int(out.pixels[y * target + x]) } }
      #expect(inner.allSatisfy { abs($0 - 128) <= 24 }, "\(target): \(inner.min() ?? -1)…\(inner.max() ?? -1)")
    }
  }

  @Test func halvingAFlatBlockEdgeKeepsTheEdgeInPlace() throws {
    // Left half black, right half white, 64 → 32: the edge stays at x = 16.
    var p = [UInt8](repeating: 0, count: 64 * 4)
    for y in 0..<4 { for x in 32..<64 { p[y * 64 + x] = 255 } }
    let out = try PixelImage(width: 64, height: 4, channels: 1, pixels: p).resized(to: PixelSize(width: 32, height: 2))
    #expect(out.pixels[0..<12].allSatisfy { $0 < 8 })
    #expect(out.pixels[20..<32].allSatisfy { $0 > 247 })
    #expect(abs(Int(out.pixels[15]) + Int(out.pixels[16]) - 255) <= 4)  // symmetric about the edge
  }

  @Test func invalidSizeIsAnError() {
    let image = PixelFixtures.constant(width: 4, height: 4, channels: 3, value: 0)
    #expect(throws: CodecError.self) { try image.resized(to: PixelSize(width: 0, height: 3)) }
    #expect(throws: CodecError.self) { try image.fitted(longSide: 0) }
  }

  @Test(arguments: [
    (4032, 3024, 2048, 2048, 2048, 1536),
    (3024, 4032, 2048, 2048, 1536, 2048),
    (4032, 3024, 2000, 1500, 2000, 1500),
    (3000, 3000, 2000, 1500, 1500, 1500),
    (1000, 750, 2048, 2048, 1000, 750),  // never upscale
    (5000, 10, 100, 100, 100, 1),  // at least 1
    (4000, 3001, 1024, 1024, 1024, 768),
  ])
  func fittedSizes(w: Int, h: Int, bw: Int, bh: Int, ew: Int, eh: Int) {
    #expect(PixelSize(width: w, height: h).downscaled(toFit: PixelSize(width: bw, height: bh)) == PixelSize(width: ew, height: eh))
  }

  @Test func fittedNeverUpscales() throws {
    let image = PixelFixtures.asymmetric(width: 40, height: 30, channels: 3)
    #expect(try image.fitted(longSide: 2048) == image)
    #expect(try image.fitted(in: PixelSize(width: 40, height: 30)) == image)
    let small = try image.fitted(longSide: 20)
    #expect((small.width, small.height) == (20, 15))
    let boxed = try image.fitted(in: PixelSize(width: 100, height: 15))
    #expect((boxed.width, boxed.height) == (20, 15))
  }
}
