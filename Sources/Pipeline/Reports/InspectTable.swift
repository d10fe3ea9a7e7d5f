import Bytes
import PhotoCore
/// The human-readable `inspect` summary: one block per file, aligned labels. Text from the file
/// (its name, tag values, warnings) is shown through `SafeText.plain`.
public enum InspectTable {
  /// - Parameter maxPixels: the `--max-pixels` limit; a file over it says so.
  /// - Parameter redact: hide the values (`inspect --redact`): coordinates, altitude and time of
  ///   each fix, secret tag values (`SecretTags`) and prompts show their markers.
  public static func render(_ files: [PhotoMetadata], allTags: Bool, style: TextStyle, maxPixels: Int? = nil,
                            redact: Bool = false) -> String {
    files.map { block($0, allTags: allTags, style: style, maxPixels: maxPixels, redact: redact) }.joined(separator: "\n")
  }

  static func block(_ original: PhotoMetadata, allTags: Bool, style: TextStyle, maxPixels: Int?, redact: Bool) -> String {
    let t = SafeText.plain
    let m = redact ? SecretTags.redacted(original) : original
    let gpsLine = { (fix: GPSFix) in redact ? Self.redactedGPSLine(fix) : Self.gpsLine(fix) }
    var lines: [(String, String)] = []
    let format = m.format?.rawValue.uppercased() ?? "?"
    var header = style.bold(t(m.path)) + "  " + format
    if let stored = m.stored {
      header += "  \(stored) stored"
      if let displayed = m.displayed, displayed != stored || m.orientation.effective != .up {
        header += ", \(displayed) displayed"
      }
    }
    if let error = m.error {
      // Nothing else: lines about orientation or GPS under an error would read like a clean file.
      lines.append(("error", style.red(t(error))))
      // GPS read before the problem is a leak all the same (PA001): shown; "none" is not.
      for fix in m.gps { lines.append(("GPS", style.red(gpsLine(fix)))) }
      for warning in m.warnings { lines.append(("warning", style.yellow(t(warning)))) }
      return render(header: header, lines)
    }
    // A sidecar has no pixels: no orientation to show.
    if m.format?.isSidecar != true { lines.append(("orientation", orientationLine(m))) }
    if let crop = m.crop { lines.append(("crop", "\(crop.rect) (\(t(crop.source.rawValue)))")) }
    if let motion = m.motionPhoto { lines += motionPhotoLines(motion, style: style) }
    if m.gps.isEmpty {
      lines.append(("GPS", m.gpsWithoutCoordinates.isEmpty ? style.green("none")
                    : "GPS tags without coordinates in " + m.gpsWithoutCoordinates.map(carrierName).joined(separator: ", ")))
    } else {
      for fix in m.gps { lines.append(("GPS", style.red(gpsLine(fix)))) }
    }
    let location = CaptureSummary.location(m)
    if !location.parts.isEmpty {
      lines.append(("location", style.yellow(t(location.parts.map(\.value).uniqued().joined(separator: ", ")))
                    + " (" + location.carriers.map(\.rawValue).joined(separator: ", ") + ")"))
    }
    let camera = CaptureSummary.camera(m)
    if let line = CaptureSummary.cameraLine(camera) { lines.append(("camera", t(line))) }
    if let line = CaptureSummary.takenLine(camera) { lines.append(("taken", t(line))) }
    if let line = CaptureSummary.exposureLine(camera) { lines.append(("exposure", line)) }
    let identifying = CaptureSummary.identifying(m)
    if !identifying.isEmpty {
      lines.append(("identifying", t(identifying.prefix(6).map { ($0.document.isRoot ? "" : "\($0.document) ") + "\($0.group):\($0.name)=\($0.value.display)" }
        .joined(separator: ", ")) + (identifying.count > 6 ? " (+\(identifying.count - 6) more)" : "")))
    }
    if let icc = m.iccDescription { lines.append(("ICC", t(icc))) }
    lines += ProvenanceLines.lines(original, style: style, redact: redact)
    let carriers = m.carriers.map(carrierSummary)
    lines.append(("carriers", carriers.isEmpty ? "none" : carriers.joined(separator: ", ")))
    for image in m.embeddedImages {
      var text = "\(image.path) \(t(image.role ?? ""))"
      if let size = image.size { text += " \(size)" }
      if let orientation = image.orientation { text += " Orientation \(orientation)" }
      if !image.carrierKinds.isEmpty { text += " with " + image.carrierKinds.map(\.rawValue).joined(separator: ", ") }
      lines.append(("embedded", text))
    }
    for part in m.incomplete.uniqued() { lines.append(("not checked", style.red(t("\(part.scope): \(part.reason)")))) }
    if let maxPixels, let size = m.displayed ?? m.stored, size.pixelCount > maxPixels {
      lines.append(("warning", style.yellow("\(size) is \(size.pixelCount) pixels, over --max-pixels \(maxPixels): verify, audit and sanitize refuse to decode it")))
    }
    for warning in m.warnings { lines.append(("warning", style.yellow(t(warning)))) }
    var out = render(header: header, lines)
    if allTags {
      out += TextTable(headers: ["carrier", "group", "tag", "value"], rows: m.tags.map {
        [$0.path.description, t($0.group), t($0.name), t(String($0.value.display.prefix(120)))]
      }).render(indent: 2)
    }
    return out
  }

  /// "motion photo  video at 131582+8730 (XMP Container:Directory)", then each disagreement.
  static func motionPhotoLines(_ motion: MotionPhotoInfo, style: TextStyle) -> [(String, String)] {
    let declared = motion.declaredBy.joined(separator: ", ")
    var lines = [("motion photo", motion.video.map { "video at \($0.lowerBound)+\($0.count) (\(declared))" }
                  ?? style.yellow("declared by \(declared), no video found"))]
    lines += motion.mismatches.map { ("motion photo", style.yellow(SafeText.plain($0))) }
    return lines
  }

  package static func render(header: String, _ lines: [(String, String)]) -> String {
    var out = header + "\n"
    let width = lines.map(\.0.count).max() ?? 0
    for (label, value) in lines {
      out += "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value + "\n"
    }
    return out
  }

  static func orientationLine(_ m: PhotoMetadata) -> String {
    let o = m.orientation
    var parts: [String] = []
    if let rotation = o.trackRotation, rotation != 0 || o.trackMirrored == true {
      parts.append("track matrix \(rotation)° CW" + (o.trackMirrored == true ? ", mirrored" : ""))
    }
    if let codestream = o.codestream { parts.append("JPEG XL codestream \(codestream)") }
    if let irot = o.irot { parts.append("irot \(irot)° CCW") }
    if let imir = o.imir { parts.append("imir axis \(imir)") }
    if let exif = o.exif { parts.append("EXIF \(exif)" + (o.exifApplies ? "" : o.codestream != nil ? " (not applied: JPEG XL)" : " (not applied: HEIF)")) }
    if let xmp = o.xmp { parts.append("XMP \(xmp)") }
    if parts.isEmpty { parts.append("none") }
    return parts.joined(separator: ", ") + " → \(o.effective.meaning)"
  }

  /// "exif 31.230416, 121.473701 alt 12.5 m 2025-01-01T02:20:30Z".
  static func gpsLine(_ fix: GPSFix) -> String {
    var text = carrierName(fix) + " "
    if fix.hasCoordinates {
      text += [fix.latitude, fix.longitude].map { $0.map(GPSEvidence.degrees) ?? "?" }.joined(separator: ", ")
    }
    if let altitude = fix.altitude { text += " alt \(GPSEvidence.metres(altitude))" }
    if let time = fix.timestamp { text += " \(SafeText.plain(time))" }
    if let why = fix.signature ?? fix.unreadable { text += (fix.hasCoordinates ? " — " : "") + SafeText.plain(why.revealed) }
    return text
  }

  /// "exif latitude/longitude ‹redacted #…›, altitude ‹redacted #…›": where, not what.
  static func redactedGPSLine(_ fix: GPSFix) -> String {
    carrierName(fix) + " " + SafeText.plain(GPSEvidence.values(fix).redacted)
  }

  static func carrierName(_ fix: GPSFix) -> String { fix.path.description }

  static func carrierSummary(_ c: Carrier) -> String {
    c.path.description + "@\(c.offset)+\(c.length)"
  }
}
