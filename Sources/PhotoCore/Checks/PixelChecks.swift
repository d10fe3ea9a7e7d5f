import Bytes
/// PA004: the output's pixels display rotated or mirrored relative to the original as displayed.
struct OrientationPixelCheck: Check {
  package var ids: [FindingID] { [.orientationPixels] }

  package func findings(for s: CheckSubject) -> [Finding] {
    guard let verdict = s.pixels?.orientation else { return [] }
    switch verdict.kind {
    case .upright: return []
    case .inconclusive:
      return [Finding(.orientationPixels, file: s.output.path, carrier: "pixels", evidence: verdict.summary, severity: .info)]
    default:
      return [Finding(.orientationPixels, file: s.output.path, carrier: "pixels", tag: verdict.kind.rawValue,
                      evidence: verdict.summary)]
    }
  }
}

/// PA009: the output's content does not match the claimed crop of the original.
struct CropCheck: Check {
  package var ids: [FindingID] { [.cropMismatch] }

  package func findings(for s: CheckSubject) -> [Finding] {
    guard let crop = s.pixels?.crop, !crop.matches else { return [] }
    var evidence = crop.claimed.map { "claimed crop \($0) matches at \(String(format: "%.2f", crop.claimedScore))" }
      ?? "the output does not show the whole original (match \(String(format: "%.2f", crop.claimedScore)))"
    if let estimated = crop.estimated {
      evidence += "; the content matches \(estimated) of the original (\(String(format: "%.2f", crop.estimatedScore)))"
    }
    return [Finding(.cropMismatch, file: s.output.path, carrier: "pixels", tag: "crop", evidence: evidence,
                    severity: crop.claimed == nil ? .info : nil)]
  }
}

/// PA005: an embedded preview of the image carries GPS or shows other content than the output.
/// Every preview is judged (`PreviewImage`: EXIF IFD1 and JFXX thumbnails, JPEG previews in
/// the MakerNote or EXIF slack, MPF Large Thumbnails, HEIF thumbnail items), each in its own finding naming its carrier path. What needs no pixels is
/// checked without them too (`--no-pixels`): a thumbnail's own GPS, and a preview whose shape
/// (as displayed with the image's orientation) differs from the image's displayed shape by more
/// than `shapeTolerance`, or that is larger than the image — it was not made from this image, so
/// it can show the uncropped or unrotated original. A preview the pixels judged is not judged by
/// its shape.
struct ThumbnailCheck: Check {
  package var ids: [FindingID] { [.thumbnailLeak] }

  /// Largest relative aspect-ratio difference of a thumbnail made from its image (rounding of
  /// a 160×120-class thumbnail; the pixel comparison uses the same bound).
  static let shapeTolerance = 0.1

  package func findings(for s: CheckSubject) -> [Finding] {
    var out = s.output.gps.compactMap { fix -> Finding? in
      let what = fix.path.contains("thumbnail") ? "thumbnail" : fix.path.contains(EmbeddedDocumentFinder.vendorPreviewStep) ? "preview" : nil
      return what.map { Finding(.thumbnailLeak, file: s.output.path, carrier: GPSEvidence.carrier(fix), tag: "GPS",
                                evidence: "the embedded \($0)'s own EXIF carries GPS: \(GPSEvidence.describe(fix))") }
    }
    let verdicts = s.pixels?.thumbnails ?? []
    for preview in PreviewImage.all(s.output) {
      let path = preview.path.description
      if let verdict = verdicts.first(where: { $0.path == path }) {
        if !verdict.matches { out.append(Finding(.thumbnailLeak, file: s.output.path, carrier: path, tag: "pixels", evidence: verdict.detail)) }
      } else if let detail = Self.shapeMismatch(preview, in: s.output) {
        out.append(Finding(.thumbnailLeak, file: s.output.path, carrier: path, tag: "size", evidence: detail))
      }
    }
    return out
  }

  /// Why `preview` cannot have been made from the image of `m`, judged by sizes alone (as
  /// displayed: a HEIF thumbnail item through its own transformations, any other preview with
  /// the image's orientation); nil when its size fits (or is unknown). A preview that may carry black bars (an MPF Large
  /// Thumbnail in a fixed frame) is judged by its size only: its shape says nothing.
  static func shapeMismatch(_ preview: PreviewImage, in m: PhotoMetadata) -> String? {
    guard let stored = preview.size, stored.width > 0, stored.height > 0,
          let image = m.displayed, image.width > 0, image.height > 0 else { return nil }
    // A HEIF thumbnail item is shown through its own clap/irot/imir; the others like the image.
    let shown = preview.displayed ?? m.orientation.effective.displayedSize(stored: stored)
    let thumbAspect = Double(shown.width) / Double(shown.height), imageAspect = Double(image.width) / Double(image.height)
    let start = "\(preview.subject) (\(shown) as displayed) "
    if !preview.mayHaveBars, abs(thumbAspect / imageAspect - 1) > shapeTolerance {
      return start + "does not have the image's shape (\(image), aspect \(CFormat.string("%.2f", thumbAspect)) vs \(CFormat.string("%.2f", imageAspect))): it was not made from this image and may show the uncropped or unrotated original"
    }
    if shown.width > image.width || shown.height > image.height {
      return start + "is larger than the image (\(image)): it was not made from this image and may show the original in more detail"
    }
    return nil
  }
}

/// PA016: the output's pixels do not decode cleanly (truncated, premature end, corrupt data):
/// viewers show grey or garbage where the data is missing.
struct OutputDamagedCheck: Check {
  package var ids: [FindingID] { [.outputDamaged] }

  package func findings(for s: CheckSubject) -> [Finding] {
    guard let damage = s.pixels?.outputDamage else { return [] }
    return [Finding(.outputDamaged, file: s.output.path, carrier: "pixels",
                    evidence: "the pixels do not decode cleanly: \(damage); viewers show grey or garbage where the data is missing")]
  }
}
