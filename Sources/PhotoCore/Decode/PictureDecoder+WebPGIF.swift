import Codecs

extension PictureDecoder {
  /// WebP through libwebp's scaled decode, GIF's first frame through giflib row by row, each
  /// reduced while decoding by the factor `reduction` gives for the canvas (the "reduced decode
  /// at the scale the check needs" of the other decoders). The EXIF Orientation of a WebP
  /// applies to display; a GIF has none.
  static func decodeWebPOrGIF(_ bytes: [UInt8], metadata: PhotoMetadata, reduction: Reduction,
                              maxPixels: Int) throws(CodecError) -> ReducedPicture {
    let result: ReducedDecode
    if metadata.format == .gif {
      let screen = try GIFCodec.screenSize(bytes)
      result = try GIFCodec.decodeFirstFrame(bytes, factor: reduction.factor(width: screen.width, height: screen.height),
                                             maxPixels: maxPixels)
    } else {
      let info = try WebPCodec.info(bytes)
      result = try WebPCodec.decode(bytes, factor: reduction.factor(width: info.width, height: info.height), maxPixels: maxPixels)
    }
    return ReducedPicture(stored: result.image, storedSize: PixelSize(width: result.width, height: result.height),
                          damage: result.damage, orientation: metadata.orientation.effective)
  }
}

extension PictureDecoder {
  /// JPEG XL through libjxl, in stored orientation, reduced while decoding by the factor
  /// `reduction` gives for the stored size; the codestream's orientation (the metadata's
  /// effective orientation) is applied for display, as HEIF's irot/imir are.
  static func decodeJXL(_ bytes: [UInt8], metadata: PhotoMetadata, reduction: Reduction,
                        maxPixels: Int) throws(CodecError) -> ReducedPicture {
    let info = try JXLCodec.info(bytes)
    let result = try JXLCodec.decode(bytes, factor: reduction.factor(width: info.width, height: info.height), maxPixels: maxPixels)
    return ReducedPicture(stored: result.image, storedSize: PixelSize(width: result.width, height: result.height),
                          damage: result.damage, orientation: metadata.orientation.effective)
  }
}
