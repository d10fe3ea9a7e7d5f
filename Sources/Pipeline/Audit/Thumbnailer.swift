import Bytes
import Codecs
import Foundation
import PhotoCore

/// Small JPEG thumbnails of pictures as displayed, as `data:` URIs for the HTML report.
public enum Thumbnailer {
  public static let longSide = 160

  /// The picture of `path` as displayed, or nil when it cannot be decoded. Decoded reduced and
  /// with bounded memory like the pixel checks (`PictureDecoder`): a 196 MP PNG costs a few rows.
  public static func dataURI(_ path: String, maxPixels: Int = 200_000_000) -> String? {
    // A video is not decoded (nor read whole): the report shows no picture for it.
    guard let source = try? FileSource(path: path), !VideoRemediation.isVideo(source) else { return nil }
    let inspection = Inspector.read(source: source, path: path, options: InspectOptions(mode: .metadata))
    let metadata = inspection.metadata
    guard metadata.error == nil,
          let image = try? PictureDecoder.decode(source, metadata: metadata, heif: inspection.tree?.scan.heif, minLongSide: longSide,
                                                 maxPixels: maxPixels).displayed
    else { return nil }
    return encode(image)
  }

  /// The embedded preview of `path` a PA005 card shows beside the output, as displayed: the
  /// first preview (`PreviewImage`: EXIF and JFXX thumbnails, MPF Large Thumbnails, HEIF
  /// thumbnail items) whose pixels show other content than the image, else the first that
  /// decodes; nil when none decodes.
  public static func embeddedDataURI(_ path: String, maxPixels: Int = 200_000_000) -> String? {
    guard let source = try? FileSource(path: path), !VideoRemediation.isVideo(source) else { return nil }
    let inspection = Inspector.read(source: source, path: path, options: InspectOptions(mode: .metadata))
    let input = PixelInput(metadata: inspection.metadata, source: source, heif: inspection.tree?.scan.heif)
    let shown = PreviewVerifier.shown(input, maxPixels: maxPixels)
    guard let first = shown.first else { return nil }
    guard let displayed = try? PictureDecoder.decode(source, metadata: input.metadata, heif: input.heif,
                                                     minLongSide: PixelVerifier.decodeLongSide, maxPixels: maxPixels).displayed
    else { return encode(first.picture) }
    let leak = shown.first { !PreviewVerifier.verdict($0.preview, shown: $0.picture, displayed: displayed).matches }
    return encode((leak ?? first).picture)
  }

  package static func encode(_ picture: PixelImage) -> String? {
    var image = picture
    if image.channels == 4 { image = image.flattened() }
    guard let small = try? image.fitted(longSide: longSide),
          let jpeg = try? JPEGCodec.encode(small, quality: 70) else { return nil }
    return "data:image/jpeg;base64," + Data(jpeg).base64EncodedString()
  }
}
