import Bytes
import Codecs

/// Does a C2PA claim or ingredient thumbnail show what the output shows? Compared by the same
/// fingerprints as the EXIF thumbnail (PA005): a thumbnail whose shape or content differs from
/// the output (as displayed) shows something the output does not — the uncropped original, an
/// ingredient it was made from. When the original is known, the evidence says whether the
/// thumbnail shows it.
public struct C2PAThumbnailVerdict: Sendable, Equatable, Codable {
  /// Its document's carrier path ("c2pa/ingredient-thumbnail").
  public var path: CarrierPath
  /// What it is ("C2PA 'c2pa.thumbnail.ingredient.jpeg' of manifest '…'").
  public var role: String?
  /// Correlation with the output as displayed.
  public var score: Double
  public var aspectDifference: Double
  /// Correlation with the original as displayed, when the original was decoded.
  public var originalScore: Double?
  public var matches: Bool
  public var detail: String
}

enum C2PAThumbnailVerifier {
  /// Largest C2PA thumbnail decoded.
  package static let maxPixels = 1 << 24

  /// Every C2PA thumbnail of `output` that decodes, as displayed (its own orientation applied),
  /// reduced like the output.
  package static func thumbnails(_ output: PhotoMetadata) -> [(carrier: Carrier, picture: PixelImage)] {
    output.carriers.filter { $0.kind == .c2paThumbnail && !$0.payload.isEmpty }.compactMap { carrier in
      guard let format = ImageFormat.sniff(Array(carrier.payload.prefix(ImageFormat.sniffLength))),
            let picture = try? PictureDecoder.decode(carrier.payload, metadata: thumbnailMetadata(carrier, format: format, in: output),
                                                     view: .displayed, minLongSide: PixelVerifier.decodeLongSide, maxPixels: maxPixels)
      else { return nil }
      return (carrier, picture)
    }
  }

  /// A verdict for each thumbnail against the output as displayed and, when decoded, the original.
  package static func verdicts(_ thumbnails: [(carrier: Carrier, picture: PixelImage)], displayed: PixelImage,
                       original: PixelImage?) -> [C2PAThumbnailVerdict] {
    guard !thumbnails.isEmpty else { return [] }
    let shownFingerprint = displayed.fingerprint()
    let originalFingerprint = original?.fingerprint()
    return thumbnails.map { carrier, stored in
      let score = stored.fingerprint().correlation(with: shownFingerprint)
      let aspect = Double(stored.width) / Double(max(stored.height, 1))
      let outputAspect = Double(displayed.width) / Double(max(displayed.height, 1))
      let difference = abs(aspect / outputAspect - 1)
      let matches = score >= PixelVerifier.sameContent && difference <= ThumbnailCheck.shapeTolerance
      let originalScore = originalFingerprint.map { stored.fingerprint().correlation(with: $0) }
      var detail = matches ? "\(carrier.document) shows the same picture as the output (match \(CFormat.string("%.2f", score)))"
        : "\(carrier.document) (\(stored.width)×\(stored.height)) shows other content than the output (match \(CFormat.string("%.2f", score)), aspect \(CFormat.string("%.2f", aspect)) vs \(CFormat.string("%.2f", outputAspect)))"
      if !matches, let originalScore {
        detail += originalScore >= PixelVerifier.sameContent
          ? ": it shows the original (match \(CFormat.string("%.2f", originalScore))), including what the output removed"
          : "; it does not show the original either (match \(CFormat.string("%.2f", originalScore)))"
      } else if !matches {
        detail += ": it may show what the output removed"
      }
      return C2PAThumbnailVerdict(path: carrier.document, role: carrier.note, score: score, aspectDifference: difference,
                                  originalScore: originalScore, matches: matches, detail: detail)
    }
  }

  /// What the decoder needs of the thumbnail: its format and its own EXIF Orientation, as the
  /// layout walk found them (the embedded image of the same path; not walked again).
  static func thumbnailMetadata(_ carrier: Carrier, format: ImageFormat, in output: PhotoMetadata) -> PhotoMetadata {
    let image = output.embeddedImages.first { $0.path == carrier.document }
    let orientation = image?.orientation.flatMap(Orientation.init(rawValue:)) ?? .up
    return PhotoMetadata(path: carrier.document.description, format: format, stored: image?.size,
                         orientation: OrientationFacts(exif: image?.orientation, effective: orientation))
  }
}
