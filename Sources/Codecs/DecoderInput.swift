/// Random-access bytes a streaming decoder pulls as it goes (a PNG's chunks, a HEIF's tile
/// items), so a large file is never read whole. PhotoCore adapts its `ByteSource` to it; an array
/// in memory is one too.
public protocol DecoderInput: Sendable {
  /// Total number of bytes.
  var count: Int { get }
  /// The bytes in `range`, clamped to the end of the input (fewer bytes near the end).
  func read(_ range: Range<Int>) throws -> [UInt8]
}

extension Array: DecoderInput where Element == UInt8 {
  /// The bytes in `range`, clamped to the array.
  public func read(_ range: Range<Int>) throws -> [UInt8] {
    let lower = Swift.min(Swift.max(range.lowerBound, 0), count)
    let upper = Swift.min(Swift.max(range.upperBound, lower), count)
    return Array(self[lower..<upper])
  }
}

/// How much a decoder reduces an image while decoding it, and the size that results.
public enum PixelReduction {
  /// The largest whole factor k (at most `AreaReducer.maximumFactor`) whose reduced long side
  /// ceil(long / k) is still at least `minimumLongSide`; 1 when the image is already that small.
  public static func factor(width: Int, height: Int, minimumLongSide: Int) -> Int {
    let long = max(width, height)
    guard minimumLongSide > 0, long > minimumLongSide else { return 1 }
    var k = max(1, long / minimumLongSide)
    while k > 1, (long + k - 1) / k < minimumLongSide { k -= 1 }
    return min(k, AreaReducer.maximumFactor)
  }

  /// The size a reduction by `factor` gives: ceil(W / k) × ceil(H / k) (TurboJPEG's `TJSCALED`
  /// rule for a scale of 1/k).
  public static func reducedSize(width: Int, height: Int, factor: Int) -> (width: Int, height: Int) {
    let k = min(max(1, factor), AreaReducer.maximumFactor)
    return ((width + k - 1) / k, (height + k - 1) / k)
  }
}
