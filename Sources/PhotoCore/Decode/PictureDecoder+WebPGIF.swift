import Codecs

extension PictureDecoder {
  /// WebP through libwebp's scaled decode, GIF's first frame through giflib row by row, each
  /// reduced while decoding by the factor `reduction` gives for the canvas (the "reduced decode
  /// at the scale the check needs" of the other decoders). The EXIF Orientation of a WebP
  /// applies to display; a GIF has none.
  static func decodeWebPOrGIF(_ bytes: [UInt8], metadata: PhotoMetadata, reduction: Reduction,
                              maxPixels: Int) throws(CodecError) -> ReducedPicture {
    let image: PixelImage, size: PixelSize, damage: String?
    if metadata.format == .gif {
      let screen = try GIFCodec.screenSize(bytes)
      let result = try GIFCodec.decodeFirstFrame(bytes, factor: reduction.factor(width: screen.width, height: screen.height),
                                                 maxPixels: maxPixels)
      (image, size, damage) = (result.image, PixelSize(width: result.width, height: result.height), result.damage)
    } else {
      let info = try WebPCodec.info(bytes)
      let result = try WebPCodec.decode(bytes, factor: reduction.factor(width: info.width, height: info.height), maxPixels: maxPixels)
      (image, size, damage) = (result.image, PixelSize(width: result.width, height: result.height), result.damage)
    }
    return ReducedPicture(stored: image, storedSize: size, damage: damage, orientation: metadata.orientation.effective)
  }
}
