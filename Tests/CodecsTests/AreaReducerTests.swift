import Testing

@testable import Codecs

/// The area-average reducer the row and tile decoders feed: exact means over k × k cells
/// (clipped at the edges), alpha-weighted colour, the same result in any feeding order.
@Suite struct AreaReducerTests {
  /// A w × h image of `channels` samples: sample (x, y, c) = (x · 7 + y · 13 + c · 50) mod 256.
  static func samples(_ w: Int, _ h: Int, _ channels: Int) -> [UInt8] {
    var out: [UInt8] = []
    for y in 0..<h { for x in 0..<w { for c in 0..<channels { out.append(UInt8((x * 7 + y * 13 + c * 50) % 256)) } } }
    return out
  }

  /// The mean of each cell computed directly, rounded half up.
  static func expected(_ s: [UInt8], _ w: Int, _ h: Int, _ channels: Int, _ k: Int) -> [UInt8] {
    let ow = (w + k - 1) / k, oh = (h + k - 1) / k
    var out: [UInt8] = []
    for cy in 0..<oh {
      for cx in 0..<ow {
        for c in 0..<channels {
          var sum = 0, n = 0
          for y in cy * k..<min(h, cy * k + k) { for x in cx * k..<min(w, cx * k + k) { sum += Int(s[(y * w + x) * channels + c]); n += 1 } }
          out.append(UInt8((sum + n / 2) / n))
        }
      }
    }
    return out
  }

  static func feed(_ r: inout AreaReducer, _ s: [UInt8], _ w: Int, rows: [Int]) {
    s.withUnsafeBufferPointer { p in
      for y in rows { r.add(row: p.baseAddress! + y * w * r.channels, y: y, x0: 0, count: w) }
    }
  }

  @Test(arguments: [(1, 1), (1, 3), (3, 2), (3, 5), (4, 1), (1, 7)])
  func rowOrderGivesTheCellMeans(channels: Int, k: Int) throws {
    let (w, h) = (23, 17)  // not multiples of k: the last cells are partial
    let s = Self.samples(w, h, channels)
    var r = try AreaReducer(sourceWidth: w, sourceHeight: h, factor: k, channels: channels, windowRows: 1)
    for y in 0..<h {
      Self.feed(&r, s, w, rows: [y])
      r.finishRows(below: y + 1)
    }
    let image = try r.image()
    #expect(image.width == (w + k - 1) / k && image.height == (h + k - 1) / k)
    #expect(image.pixels == Self.expected(s, w, h, channels, k))
  }

  @Test func anyOrderGivesTheSameResultWithAllRowsOpen() throws {
    let (w, h, k) = (31, 29, 4)
    let s = Self.samples(w, h, 3)
    var ordered = try AreaReducer(sourceWidth: w, sourceHeight: h, factor: k, channels: 3)
    Self.feed(&ordered, s, w, rows: Array(0..<h))
    var shuffled = try AreaReducer(sourceWidth: w, sourceHeight: h, factor: k, channels: 3)
    Self.feed(&shuffled, s, w, rows: (0..<h).map { ($0 * 11) % h })
    #expect(try ordered.image() == shuffled.image())
  }

  @Test func stridedPixelsLandWhereTheyBelong() throws {
    // An Adam7-like pass: every 2nd pixel of a row, starting at x = 1, added in two halves.
    let (w, h) = (9, 2)
    let s = Self.samples(w, h, 1)
    var whole = try AreaReducer(sourceWidth: w, sourceHeight: h, factor: 1, channels: 1)
    Self.feed(&whole, s, w, rows: [0, 1])
    var strided = try AreaReducer(sourceWidth: w, sourceHeight: h, factor: 1, channels: 1)
    for y in 0..<h {
      let even = stride(from: 0, to: w, by: 2).map { s[y * w + $0] }
      let odd = stride(from: 1, to: w, by: 2).map { s[y * w + $0] }
      even.withUnsafeBufferPointer { strided.add(row: $0.baseAddress!, y: y, x0: 0, step: 2, count: even.count) }
      odd.withUnsafeBufferPointer { strided.add(row: $0.baseAddress!, y: y, x0: 1, step: 2, count: odd.count) }
    }
    #expect(try whole.image() == strided.image())
  }

  @Test func alphaWeightsTheColour() throws {
    // One 2×1 cell: an opaque red pixel and a transparent green one → red at half alpha.
    let row: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 0]
    var r = try AreaReducer(sourceWidth: 2, sourceHeight: 1, factor: 2, channels: 4)
    row.withUnsafeBufferPointer { r.add(row: $0.baseAddress!, y: 0, x0: 0, count: 2) }
    #expect(try r.image().pixels == [255, 0, 0, 128])
  }

  @Test func pixelsOutsideTheImageAreIgnored() throws {
    let row = [UInt8](repeating: 200, count: 8)
    var r = try AreaReducer(sourceWidth: 4, sourceHeight: 2, factor: 2, channels: 1)
    row.withUnsafeBufferPointer { p in
      r.add(row: p.baseAddress!, y: 0, x0: 0, count: 8)   // 4 too many
      r.add(row: p.baseAddress!, y: 1, x0: 3, count: 8)   // starts at the last column
      r.add(row: p.baseAddress!, y: 5, x0: 0, count: 4)   // below the image
      r.add(row: p.baseAddress!, y: 1, x0: -1, count: 4)  // left of it
    }
    // Cell 0 got (200, 200, 0, 0) → 100; cell 1 got (200, 200, 0, 200) → 150.
    #expect(try r.image().pixels == [100, 150])
  }

  @Test func theFactorIsClampedSoSumsCannotOverflow() throws {
    let r = try AreaReducer(sourceWidth: 100_000, sourceHeight: 10, factor: 1_000, channels: 4)
    #expect(r.factor == AreaReducer.maximumFactor)
    #expect(r.width == (100_000 + 127) / 128)
  }

  @Test(arguments: [(4032, 3024, 128, 31), (4032, 3024, 256, 15), (100, 50, 128, 1), (14000, 14000, 256, 54), (257, 10, 256, 1)])
  func theFactorKeepsTheLongSideAtLeastTheMinimum(w: Int, h: Int, minimum: Int, k: Int) {
    let factor = PixelReduction.factor(width: w, height: h, minimumLongSide: minimum)
    #expect(factor == k)
    let (rw, rh) = PixelReduction.reducedSize(width: w, height: h, factor: factor)
    #expect(max(rw, rh) >= min(minimum, max(w, h)))
  }
}
