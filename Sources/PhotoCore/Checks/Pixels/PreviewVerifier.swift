import Bytes
import Codecs

/// PA005 evidence by the pixels: each preview of the primary image (`PreviewImage`), displayed
/// like the image, against the image as displayed. A preview matches when its fingerprint
/// correlates at `PixelVerifier.sameContent` or more and its shape is the image's within
/// `ThumbnailCheck.shapeTolerance` — as stored, or once black bars around it are trimmed (Canon
/// writes 160×120 thumbnails of 3:2 photos, and full-HD MPF previews are 16:9 whatever the photo).
package enum PreviewVerifier {
  /// Largest mean luminance of a row or column counted as a black bar.
  static let barMeanLuma = 24
  /// Largest luminance of any sample of a black bar (JPEG ringing stays below it).
  static let barMaxLuma = 48

  /// One verdict per preview of `output` that decodes; a preview that does not decode gets none
  /// (the shape check judges it, and `uncompared` reports it).
  package static func verdicts(_ output: PixelInput, displayed: PixelImage, maxPixels: Int) -> [ThumbnailVerdict] {
    shown(output, maxPixels: maxPixels).map { verdict($0.preview, shown: $0.picture, displayed: displayed) }
  }

  /// Each preview of `output` that decodes, with its pixels as displayed: the image's
  /// orientation applied, or a HEIF thumbnail item's own transformations.
  package static func shown(_ output: PixelInput, maxPixels: Int) -> [(preview: PreviewImage, picture: PixelImage)] {
    PreviewImage.all(output.metadata).compactMap { preview in
      guard let image = preview.decode(from: output.source, heif: output.heif, maxPixels: min(maxPixels, 1 << 24)) else { return nil }
      return (preview, preview.isDecodedAsDisplayed ? image : image.oriented(output.metadata.orientation.effective))
    }
  }

  /// The previews of `output` that got no verdict among `verdicts` although they claim to be a
  /// picture (a JPEG's start, or raw JFXX samples): they did not decode, or are over the byte
  /// cap, so what a more lenient viewer shows of them was not compared with the image — the
  /// file's PA005 check is incomplete (PA015), never passed in silence. Bytes that are no
  /// picture at all (an IFD1 "thumbnail" a camera or editor filled with placeholder bytes) show
  /// nothing; the sweep searches them for GPS like any other bytes.
  static func uncompared(_ output: PixelInput, verdicts: [ThumbnailVerdict]) -> [IncompleteCheck] {
    let judged = Set(verdicts.map(\.path))
    return PreviewImage.all(output.metadata).filter { !judged.contains($0.path.description) && $0.claimsToBePicture(in: output.source) }
      .map { preview in
        IncompleteCheck(scope: preview.path.description,
                        reason: "\(preview.subject) could not be decoded, so what it shows was not compared with the image (PA005)")
      }
  }

  /// The verdict for one preview (already displayed with the image's orientation).
  package static func verdict(_ preview: PreviewImage, shown: PixelImage, displayed: PixelImage) -> ThumbnailVerdict {
    let target = displayed.fingerprint()
    let mainAspect = Double(displayed.width) / Double(max(displayed.height, 1))
    var candidates = [shown]
    if let trimmed = trimmingBars(shown) { candidates.append(trimmed) }
    let scored = candidates.map { picture -> (score: Double, aspect: Double, difference: Double) in
      let aspect = Double(picture.width) / Double(max(picture.height, 1))
      return (picture.fingerprint().correlation(with: target), aspect, abs(aspect / mainAspect - 1))
    }
    let matching = scored.first { $0.score >= PixelVerifier.sameContent && $0.difference <= ThumbnailCheck.shapeTolerance }
    let best = matching ?? scored[0]
    let score = CFormat.string("%.2f", best.score)
    let detail = matching != nil ? "\(preview.isClassicThumbnail ? "the thumbnail" : preview.subject) shows the same picture (match \(score))"
      : "\(preview.subject) (\(shown.width)×\(shown.height)) shows other content than the image (match \(score), aspect \(CFormat.string("%.2f", best.aspect)) vs \(CFormat.string("%.2f", mainAspect))): it may reveal the uncropped or unrotated original"
    return ThumbnailVerdict(score: best.score, aspectDifference: best.difference, matches: matching != nil, detail: detail,
                            path: preview.path.description, role: preview.role)
  }

  /// `image` without the black bars along its edges (letterbox or pillarbox); nil when it has
  /// none, or when they would leave less than half of it.
  static func trimmingBars(_ image: PixelImage) -> PixelImage? {
    let luma = image.luminance(), w = image.width, h = image.height
    func isBar(_ samples: some Sequence<Int>) -> Bool {
      var sum = 0, count = 0
      for i in samples {
        let v = Int(luma[i])
        if v > barMaxLuma { return false }
        sum += v
        count += 1
      }
      return count > 0 && sum <= barMeanLuma * count
    }
    var top = 0, bottom = h, left = 0, right = w
    while top < bottom, isBar((0..<w).lazy.map { top * w + $0 }) { top += 1 }
    while bottom > top, isBar((0..<w).lazy.map { (bottom - 1) * w + $0 }) { bottom -= 1 }
    while left < right, isBar((top..<bottom).lazy.map { $0 * w + left }) { left += 1 }
    while right > left, isBar((top..<bottom).lazy.map { $0 * w + right - 1 }) { right -= 1 }
    guard top > 0 || left > 0 || bottom < h || right < w, (bottom - top) * 2 >= h, (right - left) * 2 >= w else { return nil }
    return try? image.cropped(to: PixelRect(x: left, y: top, width: right - left, height: bottom - top))
  }
}
