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
      if step == 1 {
        AreaReducer.addRun(row, count: n, x0: x0, factor: factor, channels: channels, into: line, firstCell: 0)
        return
      }
      for i in 0..<n {
        let cell = line + (x0 + i * step) / factor * channels
        AreaReducer.addPixels(row + i * channels, count: 1, channels: channels, into: cell)
      }
    }
  }

  /// Adds `count` consecutive pixels starting at source column `x0` to the cells of one sums row
  /// whose first cell is column `firstCell`: a partial first cell, whole cells of `factor`
  /// pixels, a partial last one.
  @inline(__always)
  static func addRun(_ row: UnsafePointer<UInt8>, count: Int, x0: Int, factor k: Int, channels c: Int,
                     into line: UnsafeMutablePointer<UInt32>, firstCell: Int) {
    var i = 0
    var cell = x0 / k
    var inCell = min(count, (cell + 1) * k - x0)
    while i < count {
      addPixels(row + i * c, count: inCell, channels: c, into: line + (cell - firstCell) * c)
      i += inCell
      cell += 1
      inCell = min(k, count - i)
    }
  }

  /// Adds `count` pixels to one cell's sums (with alpha: r·a, g·a, b·a, a).
  @inline(__always)
  private static func addPixels(_ p: UnsafePointer<UInt8>, count: Int, channels: Int, into cell: UnsafeMutablePointer<UInt32>) {
    switch channels {
    case 1:
      var total: UInt32 = 0
      for i in 0..<count { total &+= UInt32(p[i]) }
      cell[0] &+= total
    case 3:
      var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
      for i in 0..<count {
        r &+= UInt32(p[3 * i]); g &+= UInt32(p[3 * i + 1]); b &+= UInt32(p[3 * i + 2])
      }
      cell[0] &+= r; cell[1] &+= g; cell[2] &+= b
    default:
      var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
      for i in 0..<count {
        let alpha = UInt32(p[4 * i + 3])
        r &+= UInt32(p[4 * i]) &* alpha; g &+= UInt32(p[4 * i + 1]) &* alpha
        b &+= UInt32(p[4 * i + 2]) &* alpha; a &+= alpha
      }
      cell[0] &+= r; cell[1] &+= g; cell[2] &+= b; cell[3] &+= a
    }
  }

  /// Adds the sums of a patch (one tile reduced on its own thread) to the rows it covers; rows
  /// already finished are skipped.
  package mutating func merge(_ patch: AreaPatch) {
    guard factor > 1, patch.factor == factor, patch.channels == channels else { return }
    let c = channels
    for py in 0..<patch.cellHeight {
      let cy = patch.cellY0 + py
      guard cy >= firstRow, cy < height else { continue }
      if cy >= firstRow + windowRows { finishRows(throughOutputRow: cy - windowRows) }
      let columns = min(patch.cellWidth, width - patch.cellX0)
      guard columns > 0 else { continue }
      sums.withUnsafeMutableBufferPointer { s in
        patch.sums.withUnsafeBufferPointer { p in
          let dst = s.baseAddress! + (cy % windowRows) * width * c + patch.cellX0 * c
          let src = p.baseAddress! + py * patch.cellWidth * c
          for i in 0..<(columns * c) { dst[i] &+= src[i] }
        }
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

  /// Converts the sums of output rows firstRow…last into bytes and clears their slots. A cell's
  /// mean is (sum + area/2) / area, computed as a multiplication by 1/area: a quotient that is
  /// not whole is at least 1/area (≥ 2⁻²² with alpha) below the next integer, far more than the
  /// 10⁻⁹ nudge that keeps a whole quotient from rounding down.
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
          let cellHeight = min(k, sourceHeight - cy * k)
          // All cells of a row but the last have the same area.
          let fullArea = k * cellHeight, lastArea = (sourceWidth - (w - 1) * k) * cellHeight
          let fullInverse = 1 / Double(fullArea), lastInverse = 1 / Double(lastArea)
          for cx in 0..<w {
            let last = cx == w - 1
            let area = UInt32(last ? lastArea : fullArea), inverse = last ? lastInverse : fullInverse
            let cell = line + cx * c
            let pixel = dst + cx * c
            if c == 4 {
              let alpha = cell[3]
              let alphaInverse = alpha == 0 ? 0 : 1 / Double(alpha)
              for j in 0..<3 { pixel[j] = UInt8(Double(cell[j] &+ alpha / 2) * alphaInverse + 1e-9) }
              pixel[3] = UInt8(Double(alpha &+ area / 2) * inverse + 1e-9)
            } else {
              for j in 0..<c { pixel[j] = UInt8(Double(cell[j] &+ area / 2) * inverse + 1e-9) }
            }
          }
          line.update(repeating: 0, count: w * c)
        }
      }
    }
    firstRow = end + 1
  }
}

/// The sums of one piece of an image (a HEIF tile) in the cells of the whole image's reduction,
/// made without a lock on the piece's own thread, then added to the `AreaReducer` at once.
package struct AreaPatch {
  package let factor: Int
  package let channels: Int
  /// The first cell column and row the patch covers, and how many.
  package let cellX0: Int
  package let cellY0: Int
  package let cellWidth: Int
  package let cellHeight: Int
  /// The source area: where the piece sits in the image, clipped to it.
  private let x0: Int, y0: Int, width: Int, height: Int
  fileprivate var sums: [UInt32]

  /// A patch for the source rectangle at (`x0`, `y0`) of `width × height`, clipped to an image of
  /// `imageWidth × imageHeight`, for a reducer of `factor` and `channels`.
  package init(x0: Int, y0: Int, width: Int, height: Int, imageWidth: Int, imageHeight: Int, factor: Int, channels: Int) {
    let k = min(max(1, factor), AreaReducer.maximumFactor)
    let w = max(0, min(width, imageWidth - x0)), h = max(0, min(height, imageHeight - y0))
    self.factor = k
    self.channels = channels
    self.x0 = x0
    self.y0 = y0
    self.width = w
    self.height = h
    cellX0 = x0 / k
    cellY0 = y0 / k
    cellWidth = w > 0 ? (x0 + w - 1) / k - cellX0 + 1 : 0
    cellHeight = h > 0 ? (y0 + h - 1) / k - cellY0 + 1 : 0
    sums = [UInt32](repeating: 0, count: cellWidth * cellHeight * channels)
  }

  /// Adds row `y` of the piece (its own coordinates), `count` pixels from its left edge.
  package mutating func add(row: UnsafePointer<UInt8>, y: Int, count: Int) {
    guard y >= 0, y < height, cellWidth > 0 else { return }
    let n = min(count, width)
    guard n > 0 else { return }
    let k = factor, c = channels, first = cellX0
    let line = ((y0 + y) / k - cellY0) * cellWidth * c
    sums.withUnsafeMutableBufferPointer { s in
      AreaReducer.addRun(row, count: n, x0: x0, factor: k, channels: c, into: s.baseAddress! + line, firstCell: first)
    }
  }
}
