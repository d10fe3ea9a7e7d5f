/// A width × height in pixels.
public struct PixelSize: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
  public var width: Int
  public var height: Int
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
  /// The size with width and height exchanged (after a 90° turn).
  public var transposed: PixelSize { PixelSize(width: height, height: width) }
  /// Number of pixels, saturating instead of overflowing.
  public var pixelCount: Int { width.multipliedReportingOverflow(by: height).overflow ? Int.max : width * height }
  public var description: String { "\(width)×\(height)" }
}

/// A rectangle in pixel coordinates (origin top-left).
public struct PixelRect: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
  public var size: PixelSize { PixelSize(width: width, height: height) }
  /// True when the rectangle is non-empty and lies inside an image of `size`.
  public func fits(in size: PixelSize) -> Bool {
    width > 0 && height > 0 && x >= 0 && y >= 0 && x <= size.width - width && y <= size.height - height
  }
  public var description: String { "\(width)×\(height) at (\(x),\(y))" }
}
