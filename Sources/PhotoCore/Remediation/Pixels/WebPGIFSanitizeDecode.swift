import Codecs

/// Decodes a WebP or GIF `sanitize` input upright, reduced to what the plan's output needs:
/// libwebp scales while decoding, GIF's first frame is averaged down as its rows arrive.
/// The orientation is the WebP's EXIF Orientation (GIF has none).
enum WebPGIFSanitizeDecode {
  static func decode(_ bytes: [UInt8], metadata m: PhotoMetadata, plan: RemediationPlan, displayed: PixelSize,
                     options: SanitizeOptions) throws -> PixelImage {
    guard let format = m.format else { throw Sanitizer.Failure("\(m.path): no picture format") }
    // The decode's long side that still gives the region at the output size.
    let regionLong = max(plan.region.width, plan.region.height), outputLong = max(plan.output.width, plan.output.height)
    let displayedLong = max(displayed.width, displayed.height)
    let needed = regionLong > 0 ? (displayedLong * outputLong + regionLong - 1) / regionLong : displayedLong
    let minLongSide = needed >= displayedLong ? nil : needed
    let decoded = try PictureDecoder.decodeWebPOrGIF(bytes, format: format, minLongSide: minLongSide, maxPixels: options.maxPixels)
    return decoded.image.oriented(m.orientation.effective)
  }
}
