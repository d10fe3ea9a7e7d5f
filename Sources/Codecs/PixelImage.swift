/// A decoded 8-bit image: `width × height` pixels of `channels` interleaved samples, row-major,
/// top row first, no padding between rows.
///
/// `channels` is 1 (gray), 3 (RGB) or 4 (RGBA, straight – not premultiplied – alpha). Every
/// codec in this module decodes into and encodes from this one type; the pixel operations
/// (orient, crop, resize, flatten) live in PhotoCore as extensions.
public struct PixelImage: Sendable, Equatable {
  /// Width in pixels (> 0).
  public let width: Int
  /// Height in pixels (> 0).
  public let height: Int
  /// Samples per pixel: 1 gray, 3 RGB, 4 RGBA.
  public let channels: Int
  /// `width × height × channels` samples, row-major, interleaved.
  public private(set) var pixels: [UInt8]

  /// Wraps existing samples. Throws `.invalidArgument` when the sizes do not match, a dimension
  /// is not positive, or `channels` is not 1, 3 or 4.
  public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) throws(CodecError) {
    let count = try PixelImage.sampleCount(width: width, height: height, channels: channels)
    guard pixels.count == count else {
      throw .invalidArgument(
        "pixel buffer holds \(pixels.count) bytes, but a \(width)×\(height) image with \(channels) channels needs \(count)")
    }
    self.width = width
    self.height = height
    self.channels = channels
    self.pixels = pixels
  }

  /// A new image with every sample set to `fill` (e.g. 0 for black, 255 for white).
  public init(width: Int, height: Int, channels: Int, fill: UInt8 = 0) throws(CodecError) {
    let count = try PixelImage.sampleCount(width: width, height: height, channels: channels)
    self.width = width
    self.height = height
    self.channels = channels
    self.pixels = [UInt8](repeating: fill, count: count)
  }

  /// A new image whose samples are written by `body` into an uninitialized buffer of exactly
  /// `width × height × channels` bytes; `body` must write every byte. This is the allocation
  /// path the pixel operations use (no zero-fill of a buffer about to be overwritten).
  /// `package` access: pointers stay out of the public API (STYLE principle 2).
  package init(
    width: Int, height: Int, channels: Int,
    initializingWith body: (inout UnsafeMutableBufferPointer<UInt8>) throws(CodecError) -> Void
  ) throws(CodecError) {
    let count = try PixelImage.sampleCount(width: width, height: height, channels: channels)
    var failure: CodecError?
    let samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      do throws(CodecError) {
        try body(&buffer)
        initialized = count
      } catch {
        // Leave nothing "initialized": UInt8 is trivial, so no cleanup is needed.
        failure = error
        initialized = 0
      }
    }
    if let failure { throw failure }
    self.width = width
    self.height = height
    self.channels = channels
    self.pixels = samples
  }

  /// The image size as (width, height).
  public var dimensions: (width: Int, height: Int) { (width, height) }

  /// Bytes per row (`width × channels`).
  public var rowBytes: Int { width * channels }

  /// True when the image has an alpha channel (4 channels).
  public var hasAlpha: Bool { channels == 4 }

  /// The samples of pixel (x, y); `nil` outside the image.
  public func pixel(x: Int, y: Int) -> ArraySlice<UInt8>? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let start = (y * width + x) * channels
    return pixels[start..<start + channels]
  }

  /// Gives mutable access to the samples (the count cannot change); `package` access.
  package mutating func withUnsafeMutableSamples<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try pixels.withUnsafeMutableBufferPointer { buffer in try body(buffer) }
  }

  /// Validates a geometry and returns its sample count, without overflow.
  static func sampleCount(width: Int, height: Int, channels: Int) throws(CodecError) -> Int {
    guard width > 0, height > 0 else {
      throw .invalidArgument("image size \(width)×\(height) is not positive")
    }
    guard channels == 1 || channels == 3 || channels == 4 else {
      throw .invalidArgument("\(channels) channels per pixel is not supported (1, 3 or 4)")
    }
    let (area, o1) = width.multipliedReportingOverflow(by: height)
    let (count, o2) = area.multipliedReportingOverflow(by: channels)
    guard !o1, !o2 else { throw .invalidArgument("image size \(width)×\(height) overflows") }
    return count
  }
}
