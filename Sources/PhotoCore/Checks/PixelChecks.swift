/// PA004: the output's pixels display rotated or mirrored relative to the original as displayed.
struct OrientationPixelCheck: Check {
  var ids: [FindingID] { [.orientationPixels] }

  func findings(for s: CheckSubject) -> [Finding] {
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
  var ids: [FindingID] { [.cropMismatch] }

  func findings(for s: CheckSubject) -> [Finding] {
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

/// PA005: the embedded thumbnail carries GPS or shows other content than the output.
struct ThumbnailCheck: Check {
  var ids: [FindingID] { [.thumbnailLeak] }

  func findings(for s: CheckSubject) -> [Finding] {
    var out = s.output.gps.filter { $0.carrier == .thumbnail }.map { fix in
      Finding(.thumbnailLeak, file: s.output.path, carrier: "thumbnail", tag: "GPS",
              evidence: "the embedded thumbnail's own EXIF carries GPS: \(GPSEvidence.describe(fix))")
    }
    if let t = s.pixels?.thumbnail, !t.matches {
      out.append(Finding(.thumbnailLeak, file: s.output.path, carrier: "thumbnail", tag: "pixels", evidence: t.detail))
    }
    return out
  }
}

/// PA016: the output's pixels do not decode cleanly (truncated, premature end, corrupt data):
/// viewers show grey or garbage where the data is missing.
struct OutputDamagedCheck: Check {
  var ids: [FindingID] { [.outputDamaged] }

  func findings(for s: CheckSubject) -> [Finding] {
    guard let damage = s.pixels?.outputDamage else { return [] }
    return [Finding(.outputDamaged, file: s.output.path, carrier: "pixels",
                    evidence: "the pixels do not decode cleanly: \(damage); viewers show grey or garbage where the data is missing")]
  }
}
