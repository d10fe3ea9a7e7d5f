import Codecs
import Foundation

/// Small JPEG thumbnails of pictures as displayed, as `data:` URIs for the HTML report.
public enum Thumbnailer {
  public static let longSide = 160

  /// The picture of `path` as displayed, or nil when it cannot be decoded.
  public static func dataURI(_ path: String, maxPixels: Int = 200_000_000) -> String? {
    guard let bytes = try? FileSource(path: path).allBytes() else { return nil }
    let metadata = Inspector.inspect(source: MemorySource(bytes), path: path, options: InspectOptions(mode: .metadata))
    guard metadata.error == nil,
          var image = try? PictureDecoder.decode(bytes, metadata: metadata, view: .displayed, minLongSide: longSide, maxPixels: maxPixels)
    else { return nil }
    if image.channels == 4 { image = image.flattened() }
    guard let small = try? image.fitted(longSide: longSide),
          let jpeg = try? JPEGCodec.encode(small, quality: 70) else { return nil }
    return "data:image/jpeg;base64," + Data(jpeg).base64EncodedString()
  }
}
