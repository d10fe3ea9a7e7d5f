import Codecs
import Dispatch
import PhotoCore

extension PixelImage {
  /// Resamples to exactly `size`.
  ///
  /// Downscaling is "area + Lanczos", like libvips' `shrink` + `reduce` and Pillow's
  /// `reducing_gap`: on each axis with a ratio r ≥ 4 a box (area-average) shrink by
  /// k = ⌊r / 2⌋ runs first, then a Lanczos-3 filter stretched by the remaining ratio
  /// (r / k, between 1 and 4) produces the exact size with sample centres aligned to the
  /// original. Enlarging uses plain Lanczos-3 interpolation. Samples are filtered as stored
  /// (sRGB-encoded, not linearised), with straight alpha – so flatten (`flattened(onto:)`)
  /// before resizing when the output has no alpha, or hidden colours under transparent pixels
  /// bleed into the edges.
  ///
  /// Vertical filtering runs before horizontal, so the (unvectorisable) horizontal pass
  /// only touches output rows. Each pass splits its output rows between `threads` threads (the
  /// result is the same). Throws `.invalidArgument` for an empty size.
  public func resized(to size: PixelSize, threads: Int = 1) throws(CodecError) -> PixelImage {
    guard size.width > 0, size.height > 0 else {
      throw .invalidArgument("cannot resize to \(size): both sides must be positive")
    }
    if size.width == width && size.height == height { return self }
    let kx = PixelImage.boxFactor(from: width, to: size.width)
    let ky = PixelImage.boxFactor(from: height, to: size.height)
    var image = self
    // Vertical passes first: they vectorise, and they shrink the rows the scalar horizontal
    // passes then have to walk.
    if ky > 1 { image = try image.filteredVertically(ResampleWeights(boxOf: height, factor: ky), threads: threads) }
    if image.height != size.height || ky > 1 {
      let weights = ResampleWeights(inputLength: image.height, outputLength: size.height, originalLength: height, boxFactor: ky)
      image = try image.filteredVertically(weights, threads: threads)
    }
    if kx > 1 { image = try image.filteredHorizontally(ResampleWeights(boxOf: width, factor: kx), threads: threads) }
    if image.width != size.width || kx > 1 {
      let weights = ResampleWeights(inputLength: image.width, outputLength: size.width, originalLength: width, boxFactor: kx)
      image = try image.filteredHorizontally(weights, threads: threads)
    }
    return image
  }

  /// Downscales so the long side is at most `longSide`, keeping the aspect ratio; returns the
  /// image unchanged when it is already small enough (never upscales).
  public func fitted(longSide: Int) throws(CodecError) -> PixelImage {
    try fitted(in: PixelSize(width: longSide, height: longSide))
  }

  /// Downscales to fit inside `box` (e.g. 2000×1500), keeping the aspect ratio; returns the
  /// image unchanged when it already fits (never upscales).
  public func fitted(in box: PixelSize) throws(CodecError) -> PixelImage {
    guard box.width > 0, box.height > 0 else {
      throw .invalidArgument("cannot fit an image in \(box): both sides must be positive")
    }
    return try resized(to: PixelSize(width: width, height: height).downscaled(toFit: box))
  }

  /// The integer box-shrink factor for one axis: ⌊ratio / 2⌋ (1 when ratio < 4), which
  /// leaves Lanczos a ratio of at least 2 to antialias properly.
  static func boxFactor(from input: Int, to output: Int) -> Int {
    guard output < input else { return 1 }
    return max(1, input / output / 2)
  }

  /// Filters columns: each output row is a weighted sum of whole input rows. The loop over
  /// a row is contiguous and vectorises (Float: SSE2 has no 32-bit integer multiply); it runs
  /// in strips of `strip` samples so the accumulator stays in L1 across the taps.
  func filteredVertically(_ w: ResampleWeights, threads: Int = 1) throws(CodecError) -> PixelImage {
    let rowSamples = width * channels
    let strip = 2048
    return try PixelImage(width: width, height: w.outputLength, channels: channels) { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(CodecError) in
      guard let dst = out.baseAddress else { return }
      pixels.withUnsafeBufferPointer { srcBuffer in
        w.floatWeights.withUnsafeBufferPointer { weights in
          guard let src = srcBuffer.baseAddress else { return }
          PixelImage.inBands(of: w.outputLength, threads: threads) { rows in
            let acc = UnsafeMutablePointer<Float>.allocate(capacity: strip)
            defer { acc.deallocate() }
            for j in rows {
              let start = w.starts[j], taps = w.counts[j], base = j * w.taps
              var from = 0
              while from < rowSamples {
                let n = Swift.min(strip, rowSamples - from)
                let first = src + start * rowSamples + from, w0 = weights[base]
                for i in 0..<n { acc[i] = w0 * Float(first[i]) }
                for t in 1..<Swift.max(1, taps) {
                  let weight = weights[base + t]
                  let row = src + (start + t) * rowSamples + from
                  for i in 0..<n { acc[i] += weight * Float(row[i]) }
                }
                let o = dst + j * rowSamples + from
                for i in 0..<n { o[i] = PixelImage.roundToByte(acc[i]) }
                from += n
              }
            }
          }
        }
      }
    }
  }

  /// Filters rows: each output pixel is a weighted sum of neighbouring input pixels.
  func filteredHorizontally(_ w: ResampleWeights, threads: Int = 1) throws(CodecError) -> PixelImage {
    let c = channels, inRow = width * c, outW = w.outputLength, outRow = outW * c
    return try PixelImage(width: outW, height: height, channels: c) { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(CodecError) in
      guard let dst = out.baseAddress else { return }
      pixels.withUnsafeBufferPointer { srcBuffer in
        w.weights.withUnsafeBufferPointer { weightBuffer in
          w.starts.withUnsafeBufferPointer { starts in
            w.counts.withUnsafeBufferPointer { counts in
              guard let src = srcBuffer.baseAddress, let weights = weightBuffer.baseAddress else { return }
              PixelImage.inBands(of: height, threads: threads) { rows in
                for y in rows {
                  let row = src + y * inRow, o = dst + y * outRow
                  switch c {
                  case 1: PixelImage.filterRow1(row, o, weights, starts, counts, w.taps, outW)
                  case 3: PixelImage.filterRow3(row, o, weights, starts, counts, w.taps, outW)
                  default: PixelImage.filterRow4(row, o, weights, starts, counts, w.taps, outW)
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// Runs `body` over `count` rows split into `threads` contiguous bands, concurrently; each
  /// band writes only its own output rows.
  static func inBands(of count: Int, threads: Int, _ body: (Range<Int>) -> Void) {
    let bands = Swift.max(1, Swift.min(threads, count / 64))  // below 64 rows a band is not worth a thread
    guard bands > 1 else { return body(0..<count) }
    let size = (count + bands - 1) / bands
    withoutActuallyEscaping(body) { body in
      let shared = BandBody(run: body)
      DispatchQueue.concurrentPerform(iterations: bands) { band in
        shared.run(band * size..<Swift.min(count, (band + 1) * size))
      }
    }
  }

  /// Clamps to 0…255 and rounds to nearest (ties to even) without a trapping conversion:
  /// adding 1.5·2²³ leaves the integer in the low mantissa bits. Vectorises.
  @inline(__always)
  static func roundToByte(_ v: Float) -> UInt8 {
    let clamped = Swift.min(Swift.max(v, 0), 255) + 12_582_912
    return UInt8(truncatingIfNeeded: clamped.bitPattern)
  }

  /// Shifts a fixed-point sum back to 8 bits, clamping the Lanczos over/undershoot.
  @inline(__always)
  static func clamp8(_ acc: Int32) -> UInt8 {
    let v = acc >> ResampleWeights.precision
    return UInt8(truncatingIfNeeded: v < 0 ? 0 : (v > 255 ? 255 : v))
  }

  static func filterRow1(
    _ row: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ weights: UnsafePointer<Int32>,
    _ starts: UnsafeBufferPointer<Int>, _ counts: UnsafeBufferPointer<Int>, _ taps: Int, _ outW: Int
  ) {
    for x in 0..<outW {
      let wt = weights + x * taps
      let s = row + starts[x]
      var a: Int32 = ResampleWeights.rounding
      for t in 0..<counts[x] { a &+= wt[t] &* Int32(s[t]) }
      out[x] = clamp8(a)
    }
  }

  static func filterRow3(
    _ row: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ weights: UnsafePointer<Int32>,
    _ starts: UnsafeBufferPointer<Int>, _ counts: UnsafeBufferPointer<Int>, _ taps: Int, _ outW: Int
  ) {
    for x in 0..<outW {
      let wt = weights + x * taps
      var s = row + starts[x] * 3
      var r: Int32 = ResampleWeights.rounding, g = r, b = r
      for t in 0..<counts[x] {
        let k = wt[t]
        r &+= k &* Int32(s[0])
        g &+= k &* Int32(s[1])
        b &+= k &* Int32(s[2])
        s += 3
      }
      out[3 * x] = clamp8(r)
      out[3 * x + 1] = clamp8(g)
      out[3 * x + 2] = clamp8(b)
    }
  }

  static func filterRow4(
    _ row: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ weights: UnsafePointer<Int32>,
    _ starts: UnsafeBufferPointer<Int>, _ counts: UnsafeBufferPointer<Int>, _ taps: Int, _ outW: Int
  ) {
    for x in 0..<outW {
      let wt = weights + x * taps
      var s = row + starts[x] * 4
      var r: Int32 = ResampleWeights.rounding, g = r, b = r, a = r
      for t in 0..<counts[x] {
        let k = wt[t]
        r &+= k &* Int32(s[0])
        g &+= k &* Int32(s[1])
        b &+= k &* Int32(s[2])
        a &+= k &* Int32(s[3])
        s += 4
      }
      out[4 * x] = clamp8(r)
      out[4 * x + 1] = clamp8(g)
      out[4 * x + 2] = clamp8(b)
      out[4 * x + 3] = clamp8(a)
    }
  }
}

/// The band function shared by the resize threads. `@unchecked`: each band writes disjoint rows
/// of the output and only reads the (immutable) input.
private struct BandBody: @unchecked Sendable {
  package let run: (Range<Int>) -> Void
}

extension PixelSize {
  /// The largest size with this aspect ratio that fits in `box` (the limiting side becomes
  /// exactly the box side, the other is rounded, at least 1); `self` when it already fits.
  public func downscaled(toFit box: PixelSize) -> PixelSize {
    guard width > box.width || height > box.height, width > 0, height > 0 else { return self }
    // Width limits when width/box.width ≥ height/box.height.
    if width * box.height >= height * box.width {
      return PixelSize(width: box.width, height: max(1, (height * box.width * 2 + width) / (2 * width)))
    }
    return PixelSize(width: max(1, (width * box.height * 2 + height) / (2 * height)), height: box.height)
  }
}
