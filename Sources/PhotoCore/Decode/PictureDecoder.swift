import Codecs

/// Which pixels to decode: as a correct viewer displays them, or as stored in the file.
public enum PictureView: Sendable, Equatable {
  /// After EXIF Orientation (JPEG/PNG) or irot/imir/clap (HEIF; its EXIF Orientation ignored).
  case displayed
  /// The coded pixels, no orientation applied.
  case stored
}

/// Decodes a file's picture at reduced size when a check or resize does not need full size:
/// JPEG through TurboJPEG DCT scaling, HEIF through libheif, PNG through libpng.
public enum PictureDecoder {
  /// Decodes `bytes` (a file described by `metadata`) so the long side is at least
  /// `minLongSide` when the codec can scale (nil: full size). Refuses images over `maxPixels`.
  public static func decode(_ bytes: [UInt8], metadata: PhotoMetadata, view: PictureView,
                            minLongSide: Int? = nil, maxPixels: Int) throws(CodecError) -> PixelImage {
    guard let format = metadata.format else { throw .invalidArgument("\(metadata.path): not a readable image") }
    switch format {
    case .jpeg:
      let header = try JPEGCodec.readHeader(bytes)
      let factor = minLongSide.map { scale(for: PixelSize(width: header.width, height: header.height), minLongSide: $0) } ?? .one
      let image = try JPEGCodec.decode(bytes, scale: factor, maxPixels: maxPixels, expandGray: true)
      return view == .displayed ? image.oriented(metadata.orientation.effective) : image
    case .png:
      let image = try PNGCodec.decode(bytes, maxPixels: maxPixels)
      return view == .displayed ? image.oriented(metadata.orientation.effective) : image
    case .webp, .gif:
      let image = try decodeWebPOrGIF(bytes, format: format, minLongSide: minLongSide, maxPixels: maxPixels).image
      return view == .displayed ? image.oriented(metadata.orientation.effective) : image
    case .heic, .heif, .avif:
      let context = try HEIFContext(data: bytes)
      return try context.decodePrimary(applyTransformations: view == .displayed, maxPixels: maxPixels)
    }
  }

  /// The smallest DCT scaling factor whose decode still has a long side ≥ `minLongSide`.
  public static func scale(for size: PixelSize, minLongSide: Int) -> ScalingFactor {
    let candidates = JPEGCodec.scalingFactors.filter { $0 <= .one }.sorted()
    return candidates.first { f in max(f.scaled(size.width), f.scaled(size.height)) >= minLongSide } ?? .one
  }
}

extension PixelImage {
  /// 8-bit luminance (Rec. 601 weights), alpha composited on white.
  public func luminance() -> [UInt8] {
    let rgb = channels == 4 ? flattened() : self
    if rgb.channels == 1 { return rgb.pixels }
    var out = [UInt8](repeating: 0, count: width * height)
    rgb.pixels.withUnsafeBufferPointer { p in
      let c = rgb.channels
      for i in 0..<(width * height) {
        let r = Int(p[i * c]), g = Int(p[i * c + 1]), b = Int(p[i * c + 2])
        out[i] = UInt8((r * 299 + g * 587 + b * 114 + 500) / 1000)
      }
    }
    return out
  }

  /// The fingerprint of this picture.
  public func fingerprint() -> Fingerprint { Fingerprint(luma: luminance(), width: width, height: height) }
}
