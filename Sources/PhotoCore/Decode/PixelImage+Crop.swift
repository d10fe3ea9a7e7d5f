import Codecs

extension PixelImage {
  /// The pixels inside `rect` (in this image's coordinates). Throws `.invalidArgument` when the
  /// rectangle is empty or does not lie entirely inside the image – a crop rectangle from a
  /// descriptor or `clap` box is external data and is never clamped silently.
  public func cropped(to rect: PixelRect) throws(CodecError) -> PixelImage {
    let bounds = PixelSize(width: width, height: height)
    guard rect.fits(in: bounds) else {
      throw .invalidArgument("crop \(rect) does not lie inside the \(bounds) image")
    }
    if rect.x == 0 && rect.y == 0 && rect.width == width && rect.height == height { return self }
    let c = channels, inRow = width * c, outRow = rect.width * c
    return try PixelImage(width: rect.width, height: rect.height, channels: c) { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(CodecError) in
      guard let dst = out.baseAddress else { return }
      pixels.withUnsafeBufferPointer { srcBuffer in
        guard let src = srcBuffer.baseAddress else { return }
        for y in 0..<rect.height {
          (dst + y * outRow).update(from: src + (rect.y + y) * inRow + rect.x * c, count: outRow)
        }
      }
    }
  }
}
