/// Box-filter (area-average) downscaling by a whole factor, fed piece by piece as a decoder
/// produces pixels: rows of a PNG, the pixels of an Adam7 pass, the tiles of a HEIF grid. The
/// full-resolution image is never held: only the sums of the output rows still being filled and
/// the reduced output.
///
/// An output pixel (cx, cy) is the mean of the source pixels x in [cx·k, cx·k + k), y in
/// [cy·k, cy·k + k) clipped to the image, so the output is ceil(W / k) × ceil(H / k) — the same
/// sizes as a TurboJPEG scale of 1/k. With an alpha channel the colours are weighted by alpha
/// (the mean of premultiplied colour over the mean alpha), so colours under transparent pixels do
/// not bleed. A factor of 1 copies pixels straight into the output.
///
/// Sums are 32-bit: with alpha a cell holds at most k² · 255 · 255, which `maximumFactor` keeps
/// below 2³².
package struct AreaReducer {
  /// The largest factor whose sums cannot overflow (128² · 255² < 2³²).
  package static let maximumFactor = 128

  package let sourceWidth: Int
  package let sourceHeight: Int
  package let factor: Int
  package let channels: Int
  /// Output size: ceil(source / factor).
  package let width: Int
  package let height: Int

  /// Output rows whose sums are held at once (all of them unless the pixels come in row order).
  private let windowRows: Int
  /// Sums per pixel: the channels, or with alpha r·a, g·a, b·a, a.
  private var sums: [UInt32]
  /// The first output row the window holds; rows above it are final in `output`.
  private var firstRow = 0
  private var output: [UInt8]

  /// Bytes this reducer allocated (sums and output), for the decoders' memory statistics.
  package var allocatedBytes: Int { sums.count * 4 + output.count }

  /// A reducer for a `sourceWidth × sourceHeight` image of `channels` samples per pixel (1, 3
  /// or 4) shrunk by `factor` (clamped to 1…`maximumFactor`). `windowRows`: how many output
  /// rows may be open at once when pixels arrive in row order (nil: any order, all rows).
  package init(sourceWidth: Int, sourceHeight: Int, factor: Int, channels: Int, windowRows: Int? = nil) throws(CodecError) {
    let k = min(max(1, factor), AreaReducer.maximumFactor)
    let w = (sourceWidth + k - 1) / k, h = (sourceHeight + k - 1) / k
    let count = try PixelImage.sampleCount(width: w, height: h, channels: channels)
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.factor = k
    self.channels = channels
    self.width = w
    self.height = h
    self.windowRows = k == 1 ? 0 : min(h, max(1, windowRows ?? h))
    self.sums = [UInt32](repeating: 0, count: k == 1 ? 0 : self.windowRows * w * channels)
    self.output = [UInt8](repeating: 0, count: count)
  }

  /// Adds `count` pixels of source row `y` read from `row` (`channels` interleaved samples per
  /// pixel): the i-th lands at x = x0 + i · step. Pixels outside the image are ignored; a row
  /// already finished (`finishRows`) is ignored too.
  package mutating func add(row: UnsafePointer<UInt8>, y: Int, x0: Int, step: Int = 1, count: Int) {
    guard y >= 0, y < sourceHeight, count > 0, step >= 1 else { return }
    let n = min(count, x0 >= sourceWidth ? 0 : (sourceWidth - x0 + step - 1) / step)
    guard n > 0, x0 >= 0 else { return }
    if factor == 1 {
      output.withUnsafeMutableBufferPointer { out in
        let base = out.baseAddress! + (y * width) * channels
        if step == 1 {
          (base + x0 * channels).update(from: row, count: n * channels)
        } else {
          for i in 0..<n {
            (base + (x0 + i * step) * channels).update(from: row + i * channels, count: channels)
          }
        }
      }
      return
    }
    let cy = y / factor
    guard cy >= firstRow else { return }
    if cy >= firstRow + windowRows { finishRows(throughOutputRow: cy - windowRows) }
    let slot = (cy % windowRows) * width * channels
    sums.withUnsafeMutableBufferPointer { s in
      let line = s.baseAddress! + slot
      var i = 0
      while i < n {
        let x = x0 + i * step
        let cx = x / factor
        // Pixels i..<end fall into cell cx.
        let end = step == 1 ? min(n, i + (cx + 1) * factor - x) : i + 1
        let cell = line + cx * channels
        switch channels {
        case 1:
          var total: UInt32 = 0
          for p in i..<end { total &+= UInt32(row[p]) }
          cell[0] &+= total
        case 3:
          var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
          for p in i..<end {
            r &+= UInt32(row[3 * p]); g &+= UInt32(row[3 * p + 1]); b &+= UInt32(row[3 * p + 2])
          }
          cell[0] &+= r; cell[1] &+= g; cell[2] &+= b
        default:
          var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
          for p in i..<end {
            let alpha = UInt32(row[4 * p + 3])
            r &+= UInt32(row[4 * p]) &* alpha; g &+= UInt32(row[4 * p + 1]) &* alpha
            b &+= UInt32(row[4 * p + 2]) &* alpha; a &+= alpha
          }
          cell[0] &+= r; cell[1] &+= g; cell[2] &+= b; cell[3] &+= a
        }
        i = end
      }
    }
  }

  /// Makes final every output row whose source rows all lie above source row `sourceY`, and
  /// frees their sums for the rows below. Call it when the pixels come in row order.
  package mutating func finishRows(below sourceY: Int) {
    guard factor > 1 else { return }
    let complete = sourceY >= sourceHeight ? height : sourceY / factor
    if complete > firstRow { finishRows(throughOutputRow: complete - 1) }
  }

  /// The reduced image; rows no pixel reached are black.
  package consuming func image() throws(CodecError) -> PixelImage {
    finishRows(throughOutputRow: height - 1)
    return try PixelImage(width: width, height: height, channels: channels, pixels: output)
  }

  /// Converts the sums of output rows firstRow…last into bytes and clears their slots.
  private mutating func finishRows(throughOutputRow last: Int) {
    guard factor > 1, last >= firstRow else { return }
    let k = factor, c = channels, w = width
    let end = min(last, height - 1)
    guard end >= firstRow else { return }
    sums.withUnsafeMutableBufferPointer { s in
      output.withUnsafeMutableBufferPointer { out in
        for cy in firstRow...end {
          let line = s.baseAddress! + (cy % windowRows) * w * c
          let dst = out.baseAddress! + cy * w * c
          let cellHeight = UInt32(min(k, sourceHeight - cy * k))
          for cx in 0..<w {
            let area = UInt32(min(k, sourceWidth - cx * k)) * cellHeight
            let cell = line + cx * c
            if c == 4 {
              let alpha = cell[3]
              for j in 0..<3 { dst[cx * 4 + j] = alpha == 0 ? 0 : UInt8((cell[j] + alpha / 2) / alpha) }
              dst[cx * 4 + 3] = UInt8((alpha + area / 2) / area)
            } else {
              for j in 0..<c { dst[cx * c + j] = UInt8((cell[j] + area / 2) / area) }
            }
            for j in 0..<c { cell[j] = 0 }
          }
        }
      }
    }
    firstRow = end + 1
  }
}
