/// A small luminance grid of a picture, normalised to zero mean and unit variance, so pictures
/// can be compared whatever their size, brightness or contrast.
public struct Fingerprint: Sendable, Equatable {
  /// Grid side (the grid is square: each picture is stretched to it, which commutes with the
  /// eight orientations).
  public static let side = 32

  public let values: [Double]
  /// Standard deviation of the luminance before normalising (0…255): ~0 means a flat picture.
  public let contrast: Double
  /// Width / height of the picture the grid was made from.
  public let aspect: Double

  /// Makes a fingerprint from 8-bit luminance of `width` × `height` (area-averaged into the grid).
  public init(luma: [UInt8], width: Int, height: Int) {
    let n = Fingerprint.side
    var sums = [Double](repeating: 0, count: n * n)
    var counts = [Double](repeating: 0, count: n * n)
    if width > 0, height > 0, luma.count >= width * height {
      for y in 0..<height {
        let gy = y * n / height
        for x in 0..<width {
          let cell = gy * n + x * n / width
          sums[cell] += Double(luma[y * width + x])
          counts[cell] += 1
        }
      }
    }
    var grid = zip(sums, counts).map { $1 > 0 ? $0 / $1 : 0 }
    // Cells no pixel fell in (pictures smaller than the grid) take their left neighbour.
    for i in grid.indices where counts[i] == 0 && i > 0 { grid[i] = grid[i - 1] }
    self.init(grid: grid, aspect: height > 0 ? Double(width) / Double(height) : 1)
  }

  init(grid: [Double], aspect: Double) {
    let mean = grid.reduce(0, +) / Double(max(grid.count, 1))
    let variance = grid.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(grid.count, 1))
    let sd = variance.squareRoot()
    contrast = sd
    values = sd > 1e-9 ? grid.map { ($0 - mean) / sd } : grid.map { _ in 0 }
    self.aspect = aspect
  }

  /// The fingerprint of this picture after `o` is applied to it.
  public func transformed(_ o: Orientation) -> Fingerprint {
    let n = Fingerprint.side
    var out = [Double](repeating: 0, count: n * n)
    let size = PixelSize(width: n, height: n)
    for y in 0..<n {
      for x in 0..<n {
        let p = o.displayedPoint(x: x, y: y, stored: size)
        out[p.y * n + p.x] = values[y * n + x]
      }
    }
    return Fingerprint(normalized: out, contrast: contrast, aspect: o.swapsAxes ? 1 / aspect : aspect)
  }

  private init(normalized: [Double], contrast: Double, aspect: Double) {
    values = normalized
    self.contrast = contrast
    self.aspect = aspect
  }

  /// Pearson correlation of the two grids, −1…1 (1 = same picture).
  public func correlation(with other: Fingerprint) -> Double {
    guard values.count == other.values.count, !values.isEmpty else { return 0 }
    var sum = 0.0
    for i in values.indices { sum += values[i] * other.values[i] }
    return sum / Double(values.count)
  }
}
