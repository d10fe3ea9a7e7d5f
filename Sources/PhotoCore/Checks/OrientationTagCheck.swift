/// PA003: an output that still carries a non-identity orientation: EXIF Orientation ≠ 1 (or
/// invalid), a stale XMP tiff:Orientation, HEIF irot/imir.
struct OrientationTagCheck: Check {
  package var ids: [FindingID] { [.orientationTag] }

  package func findings(for s: CheckSubject) -> [Finding] {
    let o = s.output.orientation
    let file = s.output.path
    var out: [Finding] = []
    if let exif = o.exif, exif != 1 {
      let meaning = Orientation(rawValue: exif)?.meaning ?? "invalid value"
      out.append(Finding(.orientationTag, file: file, carrier: "exif", tag: "Orientation",
                         evidence: "EXIF Orientation = \(exif) (\(meaning))" + (o.exifApplies ? "" : o.codestream != nil ? "; ignored for display in JPEG XL, but not normalized" : "; ignored for display in HEIF, but not normalized")))
    }
    if let xmp = o.xmp, xmp != 1 {
      out.append(Finding(.orientationTag, file: file, carrier: "xmp", tag: "tiff:Orientation",
                         evidence: "XMP tiff:Orientation = \(xmp) (stale after rotating pixels, or applied by XMP-aware viewers)"))
    }
    if let codestream = o.codestream, codestream != 1 {
      let meaning = Orientation(rawValue: codestream)?.meaning ?? "invalid value"
      out.append(Finding(.orientationTag, file: file, carrier: "jxl", tag: "orientation",
                         evidence: "JPEG XL codestream orientation = \(codestream) (\(meaning))"))
    }
    if let irot = o.irot, irot != 0 {
      out.append(Finding(.orientationTag, file: file, carrier: "heif", tag: "irot", evidence: "irot = \(irot)° counter-clockwise"))
    }
    if let imir = o.imir {
      out.append(Finding(.orientationTag, file: file, carrier: "heif", tag: "imir",
                         evidence: "imir axis \(imir) (\(imir == 0 ? "top↔bottom" : "left↔right"))"))
    }
    return out
  }
}
