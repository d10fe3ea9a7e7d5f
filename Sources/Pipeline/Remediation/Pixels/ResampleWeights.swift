import Foundation

/// Precomputed fixed-point filter weights for one axis of a separable resample: for every
/// output sample, the first input sample it reads and the weights of `taps` consecutive input
/// samples (window truncated at the image edges and renormalised, as Pillow does).
///
/// The Lanczos kernel is Lanczos-3 stretched by the downscaling ratio, so it is an
/// antialiasing low-pass when shrinking and a plain Lanczos interpolator when enlarging; the
/// box kernel averages whole blocks. Fixed-point weights sum to exactly
/// `1 << ResampleWeights.precision` and float weights to 1 (±1 ulp), so a constant image
/// stays constant. The horizontal pass uses the fixed-point table, the vertical pass (which
/// vectorises) the float one.
struct ResampleWeights {
  /// Fixed-point fraction bits. 255 × (Σ|w| ≈ 1.3) × 2^20 stays far below Int32.max.
  static let precision: Int32 = 20
  /// Added before the final shift to round to nearest.
  static let rounding: Int32 = 1 << (precision - 1)
  /// Lanczos lobes (a = 3).
  static let lobes = 3.0

  /// Number of output samples.
  let outputLength: Int
  /// Weights per output sample (the widest window); shorter windows are zero-padded.
  let taps: Int
  /// First input sample of each output's window.
  let starts: [Int]
  /// Number of meaningful weights in each window (≤ `taps`).
  package let counts: [Int]
  /// `outputLength × taps` fixed-point weights, row per output sample.
  let weights: [Int32]
  /// The same weights as Float (sum 1).
  let floatWeights: [Float]

  /// Box (area-average) weights: output i averages inputs [i·k, min((i+1)·k, length)); the
  /// last block may be partial. Output length ceil(length / k).
  init(boxOf length: Int, factor k: Int) {
    let n = (length + k - 1) / k
    var starts = [Int](repeating: 0, count: n), counts = [Int](repeating: 0, count: n)
    var weights = [Int32](repeating: 0, count: n * k), floats = [Float](repeating: 0, count: n * k)
    let one = Int32(1) << ResampleWeights.precision
    for i in 0..<n {
      let count = min(k, length - i * k)
      starts[i] = i * k
      counts[i] = count
      let q = one / Int32(count)
      for t in 0..<count {
        weights[i * k + t] = q
        floats[i * k + t] = 1 / Float(count)
      }
      weights[i * k] += one - q * Int32(count)
    }
    self.outputLength = n
    self.taps = k
    self.starts = starts
    self.counts = counts
    self.weights = weights
    self.floatWeights = floats
  }

  /// Weights that map `inputLength` samples onto `outputLength`, where the input samples are
  /// the result of an earlier box shrink by `boxFactor` of an axis of `originalLength`
  /// samples (1 when there was none). Sample centres are aligned in original coordinates:
  /// output i covers original [i·r, (i+1)·r) with r = originalLength / outputLength.
  init(inputLength: Int, outputLength: Int, originalLength: Int, boxFactor: Int) {
    let ratio = Double(originalLength) / Double(outputLength)
    let scale = max(1.0, ratio / Double(boxFactor))
    let support = ResampleWeights.lobes * scale
    let taps = Int((2 * support).rounded(.up)) + 2
    var starts = [Int](repeating: 0, count: outputLength)
    var counts = [Int](repeating: 0, count: outputLength)
    var weights = [Int32](repeating: 0, count: outputLength * taps)
    var floats = [Float](repeating: 0, count: outputLength * taps)
    var real = [Double](repeating: 0, count: taps)
    let one = Double(1 << ResampleWeights.precision)

    for i in 0..<outputLength {
      // Centre of output i in input-sample units (input j is centred at j + 0.5).
      let centre = (Double(i) + 0.5) * ratio / Double(boxFactor)
      let first = max(0, Int((centre - support).rounded(.down)))
      let last = min(inputLength, Int((centre + support).rounded(.up)))
      var n = 0
      var sum = 0.0
      for j in first..<max(first, last) where n < taps {
        let w = ResampleWeights.lanczos((Double(j) + 0.5 - centre) / scale)
        real[n] = w
        sum += w
        n += 1
      }
      if n == 0 || sum == 0 {
        // Degenerate (cannot happen for positive lengths): take the nearest sample.
        starts[i] = min(inputLength - 1, max(0, Int(centre)))
        counts[i] = 1
        weights[i * taps] = Int32(1 << ResampleWeights.precision)
        floats[i * taps] = 1
        continue
      }
      // Quantise, then put the rounding remainder on the largest weight so the sum is exact.
      var total: Int32 = 0
      var largest = 0
      for t in 0..<n {
        let q = Int32((real[t] / sum * one).rounded())
        weights[i * taps + t] = q
        floats[i * taps + t] = Float(real[t] / sum)
        total += q
        if real[t] > real[largest] { largest = t }
      }
      weights[i * taps + largest] += Int32(1 << ResampleWeights.precision) - total
      starts[i] = first
      counts[i] = n
    }
    self.outputLength = outputLength
    self.taps = taps
    self.starts = starts
    self.counts = counts
    self.weights = weights
    self.floatWeights = floats
  }

  /// sinc(x)·sinc(x/3) for |x| < 3, else 0.
  static func lanczos(_ x: Double) -> Double {
    let ax = abs(x)
    if ax < 1e-12 { return 1 }
    guard ax < lobes else { return 0 }
    let px = Double.pi * x
    return lobes * sin(px) * sin(px / lobes) / (px * px)
  }
}
