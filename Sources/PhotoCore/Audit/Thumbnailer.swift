import Codecs
import Foundation

/// Small JPEG thumbnails of pictures as displayed, as `data:` URIs for the HTML report.
public enum Thumbnailer {
  public static let longSide = 160

  /// The picture of `path` as displayed, or nil when it cannot be decoded. Decoded reduced and
  /// with bounded memory like the pixel checks (`PictureDecoder`): a 196 MP PNG costs a few rows.
  public static func dataURI(_ path: String, maxPixels: Int = 200_000_000) -> String? {
    guard let source = try? FileSource(path: path) else { return nil }
    let (metadata, scan) = Inspector.inspectWithScan(source: source, path: path)
    guard metadata.error == nil,
          var image = try? PictureDecoder.decode(source, metadata: metadata, heif: scan?.heif, minLongSide: longSide,
                                                 maxPixels: maxPixels).displayed
    else { return nil }
    if image.channels == 4 { image = image.flattened() }
    guard let small = try? image.fitted(longSide: longSide),
          let jpeg = try? JPEGCodec.encode(small, quality: 70) else { return nil }
    return "data:image/jpeg;base64," + Data(jpeg).base64EncodedString()
  }
}
