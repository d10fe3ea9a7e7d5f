import Bytes
import Codecs
import PhotoCore

/// Decodes a `sanitize` input as displayed, at the reduction its plan allows, with the decoders
/// the pixel checks use: JPEG by DCT scaling, PNG row by row and HEIF tile by tile, both
/// area-averaged while decoding (`PictureDecoder`'s decoders), so a 196 MP PNG or a 10,000-tile
/// HEIC never needs a full-size buffer when the output is smaller. HEIF tiles are decoded on
/// the threads `-j` leaves idle and averaged into the canvas as they finish.
///
/// Full resolution is decoded only when the output needs it (no resize, `heic-to-jpeg`).
enum SanitizeDecoder {
  /// The decoded picture, upright, and what the decoder said of its data.
  struct Decoded {
    package var image: PixelImage
    /// Why the pixels are not all there (premature end, corrupt data), when they are not.
    var damage: String?
  }

  /// The reductions `plan` may use for `format`: TurboJPEG's DCT scales, or whole area factors.
  static func factors(for format: ImageFormat) -> [ScalingFactor] {
    format == .jpeg ? JPEGCodec.scalingFactors : RemediationPlan.areaFactors
  }

  /// Decodes `bytes` (the input, described by `metadata` and, for HEIF, its walk `heif`) reduced
  /// by `plan.scale` and turned upright (EXIF Orientation; HEIF clap/irot/imir).
  package static func decode(_ bytes: consuming [UInt8], metadata m: PhotoMetadata, heif: HEIFFile?, plan: RemediationPlan,
                     options: SanitizeOptions) throws(PixelDecodeFailure) -> Decoded {
    guard let format = m.format else { throw .unsupported("\(m.path) is not an image photoaudit decodes") }
    let k = plan.scale.denominator / max(1, plan.scale.numerator)
    do {
      switch format {
      case .jpeg:
        let outcome = try JPEGCodec.decodeReportingWarnings(bytes, scale: plan.scale, maxPixels: options.maxPixels, expandGray: true)
        _ = consume bytes  // not needed past the decode: freed before the rotated copy is made
        return Decoded(image: outcome.image.oriented(m.orientation.effective), damage: outcome.damage)
      case .png:
        let result = try PNGRowDecoder.decode(bytes, factor: k, maxPixels: options.maxPixels)
        _ = consume bytes
        return Decoded(image: result.image.oriented(m.orientation.effective), damage: result.damage)
      case .webp, .gif, .jxl:
        // libwebp scales while decoding; GIF's first frame and JPEG XL's pixels are averaged
        // down as they arrive.
        let picture = try PictureDecoder.decode(MemorySource(bytes), metadata: m, heif: nil, factor: k, maxPixels: options.maxPixels)
        return Decoded(image: picture.displayed, damage: picture.damage)
      case .heic, .heif, .avif:
        let picture = try PictureDecoder.decode(MemorySource(bytes), metadata: m, heif: heif, factor: k,
                                                maxPixels: options.maxPixels, threads: options.threadsPerImage)
        return Decoded(image: picture.displayed, damage: picture.damage)
      case .tiff, .dng, .raw:
        // A TIFF's main image by libtiff, a raw's largest preview (`TIFFPictureChoice`).
        let picture = try PictureDecoder.decode(MemorySource(bytes), metadata: m, heif: nil, factor: k, maxPixels: options.maxPixels)
        return Decoded(image: picture.displayed, damage: picture.damage)
      case .mov, .mp4:
        throw PixelDecodeFailure.unsupported("\(m.path): a \(format.rawValue.uppercased()) video; sanitize does not re-encode video")
      case .xmp, .takeoutJSON:
        throw PixelDecodeFailure.unsupported("\(m.path): a sidecar (\(format.rawValue)) has no pixels to re-encode")
      }
    } catch {
      throw PixelDecodeFailure(classifying: error)
    }
  }
}
