import Codecs
import Foundation

/// Small JPEG thumbnails of pictures as displayed, as `data:` URIs for the HTML report.
public enum Thumbnailer {
  public static let longSide = 160

  /// The picture of `path` as displayed, or nil when it cannot be decoded. Decoded reduced and
  /// with bounded memory like the pixel checks (`PictureDecoder`): a 196 MP PNG costs a few rows.
  public static func dataURI(_ path: String, maxPixels: Int = 200_000_000) -> String? {
    guard let source = try? FileSource(path: path) else { return nil }
    let inspection = Inspector.read(source: source, path: path, options: InspectOptions(mode: .metadata))
    let metadata = inspection.metadata
    guard metadata.error == nil,
          let image = try? PictureDecoder.decode(source, metadata: metadata, heif: inspection.tree?.scan.heif, minLongSide: longSide,
                                                 maxPixels: maxPixels).displayed
    else { return nil }
    return encode(image)
  }

  /// The EXIF thumbnail embedded in `path`, displayed as the image is (its Orientation applied),
  /// or nil when it has none that decodes: what a PA005 card shows beside the output.
  public static func embeddedDataURI(_ path: String) -> String? {
    guard let bytes = try? FileSource(path: path).allBytes() else { return nil }
    let metadata = Inspector.inspect(source: MemorySource(bytes), path: path)
    guard let thumb = metadata.carriers.first(where: { $0.kind == .thumbnail && $0.item == nil && !$0.payload.isEmpty }),
          ImageFormat.sniff(Array(thumb.payload.prefix(8))) == .jpeg,
          let image = try? JPEGCodec.decode(thumb.payload, maxPixels: 1 << 22, expandGray: true)
    else { return nil }
    return encode(image.oriented(metadata.orientation.effective))
  }

  static func encode(_ picture: PixelImage) -> String? {
    var image = picture
    if image.channels == 4 { image = image.flattened() }
    guard let small = try? image.fitted(longSide: longSide),
          let jpeg = try? JPEGCodec.encode(small, quality: 70) else { return nil }
    return "data:image/jpeg;base64," + Data(jpeg).base64EncodedString()
  }
}
