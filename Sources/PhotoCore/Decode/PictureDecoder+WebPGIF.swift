import Codecs

extension PictureDecoder {
  /// WebP through libwebp's scaled decode, GIF's first frame through giflib row by row, each
  /// reduced by the largest whole factor whose long side stays at least `minLongSide` (nil:
  /// full size): the "reduced decode at the scale the check needs" the other decoders do.
  /// Returns the stored picture and why its pixels are not all there, when they are not.
  static func decodeWebPOrGIF(_ bytes: [UInt8], format: ImageFormat, minLongSide: Int?,
                              maxPixels: Int) throws(CodecError) -> (image: PixelImage, damage: String?) {
    if format == .gif {
      let size = try GIFCodec.screenSize(bytes)
      let k = minLongSide.map { reductionFactor(width: size.width, height: size.height, minLongSide: $0) } ?? 1
      let result = try GIFCodec.decodeFirstFrame(bytes, factor: k, maxPixels: maxPixels)
      return (result.image, result.damage)
    }
    let info = try WebPCodec.info(bytes)
    let k = minLongSide.map { reductionFactor(width: info.width, height: info.height, minLongSide: $0) } ?? 1
    let result = try WebPCodec.decode(bytes, factor: k, maxPixels: maxPixels)
    return (result.image, result.damage)
  }

  /// The largest whole factor k whose reduced long side ceil(long / k) is still at least
  /// `minLongSide`; 1 when the picture is that small already.
  static func reductionFactor(width: Int, height: Int, minLongSide: Int) -> Int {
    let long = max(width, height)
    guard minLongSide > 0, long > minLongSide else { return 1 }
    var k = max(1, long / minLongSide)
    while k > 1, (long + k - 1) / k < minLongSide { k -= 1 }
    return min(k, 128)
  }
}
