internal import CPNG

/// PNG decoding and encoding through libpng's simplified `png_image` API only.
///
/// The simplified API catches libpng's internal `longjmp` itself and reports failure as a
/// zero return plus `png_image.message`; nothing ever unwinds through Swift frames.
public enum PNGCodec {
  /// libpng's version string (`png_get_libpng_ver`).
  public static var libraryVersion: String {
    png_get_libpng_ver(nil).map { String(cString: $0) } ?? "unknown"
  }

  /// Decodes a PNG from memory (`png_image_begin_read_from_memory`, `png_image_finish_read`)
  /// into 8-bit samples:
  /// - gray → 1 channel; RGB or palette without transparency → 3 channels;
  /// - anything with alpha (RGBA, gray+alpha, palette with `tRNS`) → 4 channels, straight alpha;
  /// - 16-bit samples are reduced to 8 bits by libpng. A 16-bit file without `gAMA`/`sRGB` is
  ///   taken as sRGB-encoded (`PNG_IMAGE_FLAG_16BIT_sRGB`), not linear, so it is not brightened.
  ///
  /// W×H from `IHDR` is checked against `maxPixels` before the pixel buffer is allocated.
  public static func decode(_ data: [UInt8], maxPixels: Int) throws(CodecError) -> PixelImage {
    guard !data.isEmpty else { throw .png("the file is empty") }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    defer { png_image_free(&image) }
    return try data.withUnsafeBufferPointer { (input: UnsafeBufferPointer<UInt8>) throws(CodecError) -> PixelImage in
      // libpng reads lazily from this memory, so both calls stay inside this closure.
      guard png_image_begin_read_from_memory(&image, input.baseAddress, input.count) != 0 else {
        throw .png("cannot read the PNG header: \(message(of: &image))")
      }
      let width = Int(image.width), height = Int(image.height)
      let (area, overflow) = width.multipliedReportingOverflow(by: height)
      guard !overflow, area <= maxPixels else {
        throw .tooLarge(width: width, height: height, limit: maxPixels)
      }
      let channels: Int
      if image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0 {
        channels = 4
        image.format = formatRGBA
      } else if image.format & UInt32(PNG_FORMAT_FLAG_COLOR) != 0 {
        channels = 3
        image.format = UInt32(PNG_FORMAT_RGB)
      } else {
        channels = 1
        image.format = UInt32(PNG_FORMAT_GRAY)
      }
      image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
      let count = try PixelImage.sampleCount(width: width, height: height, channels: channels)
      var ok: Int32 = 0
      let samples = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
        ok = png_image_finish_read(&image, nil, out.baseAddress, Int32(width * channels), nil)
        initialized = count
      }
      guard ok != 0 else { throw .png("cannot decode the PNG: \(message(of: &image))") }
      return try PixelImage(width: width, height: height, channels: channels, pixels: samples)
    }
  }

  /// Encodes a PNG in memory (`png_image_write_to_memory`): 8-bit gray, RGB or RGBA as the
  /// image has; no text, time or EXIF chunks (libpng's simplified writer adds only the colour
  /// information chunk it always writes).
  public static func encode(_ image: PixelImage) throws(CodecError) -> [UInt8] {
    var spec = png_image()
    spec.version = UInt32(PNG_IMAGE_VERSION)
    spec.width = UInt32(image.width)
    spec.height = UInt32(image.height)
    spec.format =
      switch image.channels {
      case 1: UInt32(PNG_FORMAT_GRAY)
      case 3: UInt32(PNG_FORMAT_RGB)
      default: formatRGBA
      }
    defer { png_image_free(&spec) }
    let stride = Int32(image.rowBytes)
    // A stored (incompressible) deflate stream is a little larger than the filtered rows;
    // start there and retry once with libpng's exact figure if that was not enough.
    let raw = image.height * (image.rowBytes + 1)
    var capacity = raw + raw / 64 + 4096
    for _ in 0..<2 {
      var size = capacity
      var ok: Int32 = 0
      let bytes = image.pixels.withUnsafeBufferPointer { src in
        [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
          ok = png_image_write_to_memory(&spec, out.baseAddress, &size, 0, src.baseAddress, stride, nil)
          initialized = ok != 0 ? size : 0
        }
      }
      if ok != 0 { return bytes }
      guard size > capacity else { break }
      capacity = size
      png_image_free(&spec)
      spec.warning_or_error = 0
    }
    throw .png("cannot encode the PNG: \(message(of: &spec))")
  }

  /// `PNG_FORMAT_RGBA` (`PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA`): an or-ed macro Swift
  /// does not import.
  private static let formatRGBA = UInt32(PNG_FORMAT_RGB) | UInt32(PNG_FORMAT_FLAG_ALPHA)

  /// The NUL-terminated message libpng left in `png_image.message` (copied now).
  private static func message(of image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
      let text = raw.prefix { $0 != 0 }
      return text.isEmpty ? "unknown libpng error" : String(decoding: text, as: UTF8.self)
    }
  }
}
