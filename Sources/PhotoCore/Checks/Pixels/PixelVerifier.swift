import Bytes
import Codecs

/// A file whose pixels are compared: its metadata, its bytes (read as the decoder needs them)
/// and, for HEIF, the structure its walk found (the tiles are located from it).
public struct PixelInput: Sendable {
  public var metadata: PhotoMetadata
  public var source: any ByteSource
  public var heif: HEIFFile?

  public init(metadata: PhotoMetadata, source: any ByteSource, heif: HEIFFile? = nil) {
    self.metadata = metadata
    self.source = source
    self.heif = heif
  }
}

/// Compares pixels of an output with its original as displayed (at reduced size) and with its
/// embedded previews (`PreviewVerifier`): the evidence for PA004 (orientation), PA009 (crop) and PA005 (thumbnail),
/// and for PA016 (the output's pixels do not decode cleanly) and PA015 (pixels not checked).
///
/// Each file is decoded once, reduced (`PictureDecoder`), and that picture serves every check:
/// none needs full resolution (fingerprints are 32×32, the crop search 96 px).
public enum PixelVerifier {
  /// Long side the output is decoded to (at least; the decoders pick the nearest reduction above).
  public static let decodeLongSide = 128
  /// Long side the original is decoded to: the crop search places the output inside it.
  public static let originalLongSide = 256
  /// Long side of the crop-search image.
  public static let searchLongSide = 96
  /// Correlation at or above which two pictures are "the same content".
  public static let sameContent = 0.8

  /// The pixel verdicts for `output` against `original` and a descriptor crop. `threads`: HEIF
  /// tiles decoded at once (the cores the batch's `-j` leaves).
  public static func verify(output: PixelInput, original: PixelInput?, claimedCrop: PixelRect?, maxPixels: Int,
                            threads: Int = 1) -> PixelVerdicts {
    verify(output: output, original: original, claimedCrop: claimedCrop, maxPixels: maxPixels, threads: threads,
           reduced: true)
  }

  /// `verify`, decoding at the reduced sizes above or, with `reduced` false, at full size (the
  /// tests show both give the same verdicts).
  package static func verify(output: PixelInput, original: PixelInput?, claimedCrop: PixelRect?, maxPixels: Int,
                     threads: Int, reduced: Bool) -> PixelVerdicts {
    var verdicts = PixelVerdicts()
    // An output the size of its original is decoded at the original's scale, so identical
    // pixels give identical reduced pictures (PixelSameness).
    let sameSize = original != nil && output.metadata.stored != nil && output.metadata.stored == original?.metadata.stored
    let picture: ReducedPicture
    do {
      picture = try PictureDecoder.decode(output.source, metadata: output.metadata, heif: output.heif,
                                          minLongSide: reduced ? (sameSize ? originalLongSide : decodeLongSide) : nil,
                                          maxPixels: maxPixels, threads: threads)
    } catch {
      verdicts.problem = "output pixels could not be decoded: \(error)"
      if error.isDamage {
        verdicts.outputDamage = error.description
      } else {
        verdicts.incomplete.append(IncompleteCheck(scope: "pixels", reason: "the output's pixels were not decoded: \(error)"))
      }
      return verdicts
    }
    if let damage = picture.damage {
      // What the decoder recovered is partly grey: comparing it would say nothing reliable.
      verdicts.problem = "output pixels are damaged: \(damage)"
      verdicts.outputDamage = damage
      return verdicts
    }
    let outputStored = picture.stored
    let outputDisplayed = picture.displayed
    verdicts.thumbnails = PreviewVerifier.verdicts(output, displayed: outputDisplayed, maxPixels: maxPixels)
    verdicts.incomplete += PreviewVerifier.uncompared(output, verdicts: verdicts.thumbnails)
    let c2paThumbnails = C2PAThumbnailVerifier.thumbnails(output.metadata)
    verdicts.c2paThumbnails = C2PAThumbnailVerifier.verdicts(c2paThumbnails, displayed: outputDisplayed, original: nil)
    guard let original else { return verdicts }
    let originalMetadata = original.metadata
    let originalPicture: ReducedPicture
    do {
      originalPicture = try PictureDecoder.decode(original.source, metadata: originalMetadata, heif: original.heif,
                                                  minLongSide: reduced ? originalLongSide : nil, maxPixels: maxPixels, threads: threads)
    } catch {
      verdicts.problem = "original pixels could not be decoded: \(error)"
      verdicts.incomplete.append(IncompleteCheck(
        scope: "pixels", reason: "the original's pixels were not decoded (\(error)), so orientation and crop were not compared"))
      return verdicts
    }
    if let damage = originalPicture.damage {
      verdicts.problem = "original pixels are damaged: \(damage)"
      verdicts.incomplete.append(IncompleteCheck(
        scope: "pixels", reason: "the original's pixels are damaged (\(damage)), so orientation and crop were not compared"))
      return verdicts
    }
    let originalDisplayed = originalPicture.displayed
    verdicts.c2paThumbnails = C2PAThumbnailVerifier.verdicts(c2paThumbnails, displayed: outputDisplayed, original: originalDisplayed)
    verdicts.sameness = PixelSameness(
      identicalPixels: sameSize && outputStored == originalPicture.stored,
      displayedCorrelation: outputDisplayed.fingerprint().correlation(with: originalDisplayed.fingerprint()))
    let fullDisplayed = originalMetadata.displayed ?? PixelSize(width: originalDisplayed.width, height: originalDisplayed.height)
    let crop = cropVerdict(original: originalDisplayed, fullSize: fullDisplayed, output: outputDisplayed, claimed: claimedCrop)
    // The reference for orientation: the region the output shows — the claimed crop when it
    // matches, else the region found by search when that is clearly the content, else the claim.
    var region = claimedCrop
    if let crop, !crop.matches, let estimated = crop.estimated, crop.estimatedScore >= sameContent { region = estimated }
    var reference = originalDisplayed
    if let region, let scaled = scale(region, from: fullDisplayed, to: PixelSize(width: originalDisplayed.width, height: originalDisplayed.height)),
       let cropped = try? originalDisplayed.cropped(to: scaled) {
      reference = cropped
    }
    let orientation = OrientationClassifier.classify(
      original: reference.fingerprint(), outputStored: outputStored.fingerprint(), outputTag: output.metadata.orientation.effective,
      originalTag: originalMetadata.orientation.effective)
    verdicts.orientation = orientation
    // Without a claim, a shape difference caused by a wrong rotation says nothing about cropping.
    let rotatedWrongly = orientation.kind != .upright && orientation.kind != .inconclusive
    verdicts.crop = claimedCrop == nil && rotatedWrongly ? nil : crop
    return verdicts
  }

  /// Maps a rectangle in full-size displayed coordinates onto a reduced decode.
  package static func scale(_ rect: PixelRect, from full: PixelSize, to image: PixelSize) -> PixelRect? {
    guard rect.fits(in: full), full.width > 0, full.height > 0 else { return nil }
    let sx = Double(image.width) / Double(full.width), sy = Double(image.height) / Double(full.height)
    let x = Int((Double(rect.x) * sx).rounded()), y = Int((Double(rect.y) * sy).rounded())
    let w = max(1, min(image.width - x, Int((Double(rect.width) * sx).rounded())))
    let h = max(1, min(image.height - y, Int((Double(rect.height) * sy).rounded())))
    return PixelRect(x: x, y: y, width: w, height: h)
  }

  /// Does the output show the claimed region (or, without a claim, the whole original)?
  static func cropVerdict(original: PixelImage, fullSize: PixelSize, output: PixelImage, claimed: PixelRect?) -> CropVerdict? {
    let searchOriginal = shrink(original, longSide: searchLongSide)
    let searchOutput = shrink(output, longSide: searchLongSide)
    let full = PixelRect(x: 0, y: 0, width: searchOriginal.width, height: searchOriginal.height)
    let factor = Double(searchOriginal.width) / Double(max(fullSize.width, 1))
    func toFull(_ r: PixelRect) -> PixelRect {
      PixelRect(x: Int((Double(r.x) / factor).rounded()), y: Int((Double(r.y) / factor).rounded()),
                width: Int((Double(r.width) / factor).rounded()), height: Int((Double(r.height) / factor).rounded()))
    }
    let claimedRegion: PixelRect
    if let claimed {
      guard let scaled = scale(claimed, from: fullSize, to: PixelSize(width: searchOriginal.width, height: searchOriginal.height)) else {
        return CropVerdict(claimed: claimed, claimedScore: 0, estimated: nil, estimatedScore: 0, matches: false)
      }
      claimedRegion = scaled
    } else {
      let outAspect = Double(output.width) / Double(max(output.height, 1))
      let inAspect = Double(original.width) / Double(max(original.height, 1))
      // No claim and the same shape: nothing to say about cropping.
      guard abs(outAspect / inAspect - 1) > 0.03 else { return nil }
      claimedRegion = full
    }
    let claimedScore = RegionSearch.score(of: searchOutput, at: claimedRegion, in: searchOriginal)
    if claimed != nil, claimedScore >= sameContent {
      return CropVerdict(claimed: claimed, claimedScore: claimedScore, estimated: nil, estimatedScore: 0, matches: true)
    }
    let best = RegionSearch.bestRegion(of: searchOutput, in: searchOriginal)
    return CropVerdict(claimed: claimed, claimedScore: claimedScore, estimated: best.map { toFull($0.rect) },
                       estimatedScore: best?.score ?? 0, matches: false)
  }

  static func shrink(_ image: PixelImage, longSide: Int) -> RegionSearch.Luma {
    let luma = RegionSearch.Luma(image.luminance(), width: image.width, height: image.height)
    let long = max(image.width, image.height)
    guard long > longSide else { return luma }
    let w = max(1, image.width * longSide / long), h = max(1, image.height * longSide / long)
    return luma.resized(width: w, height: h)
  }
}
