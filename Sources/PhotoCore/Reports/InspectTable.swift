/// The human-readable `inspect` summary: one block per file, aligned labels.
public enum InspectTable {
  public static func render(_ files: [PhotoMetadata], allTags: Bool, style: TextStyle) -> String {
    files.map { block($0, allTags: allTags, style: style) }.joined(separator: "\n")
  }

  static func block(_ m: PhotoMetadata, allTags: Bool, style: TextStyle) -> String {
    var lines: [(String, String)] = []
    let format = m.format?.rawValue.uppercased() ?? "?"
    var header = style.bold(m.path) + "  " + format
    if let stored = m.stored {
      header += "  \(stored) stored"
      if let displayed = m.displayed, displayed != stored || m.orientation.effective != .up {
        header += ", \(displayed) displayed"
      }
    }
    if let error = m.error { lines.append(("error", style.red(error))) }
    lines.append(("orientation", orientationLine(m)))
    if let crop = m.crop { lines.append(("crop", "\(crop.rect) (\(crop.source))")) }
    if m.gps.isEmpty {
      lines.append(("GPS", m.gpsWithoutCoordinates.isEmpty ? style.green("none")
                    : "GPS tags without coordinates in " + m.gpsWithoutCoordinates.map(carrierName).joined(separator: ", ")))
    } else {
      for fix in m.gps { lines.append(("GPS", style.red(gpsLine(fix)))) }
    }
    let camera = CaptureSummary.camera(m)
    if !camera.isEmpty { lines.append(("camera", camera.map(\.value).joined(separator: " · "))) }
    let identifying = CaptureSummary.identifying(m)
    if !identifying.isEmpty {
      lines.append(("identifying", identifying.prefix(6).map { ($0.document.isRoot ? "" : "\($0.document) ") + "\($0.group):\($0.name)=\($0.value.display)" }
        .joined(separator: ", ") + (identifying.count > 6 ? " (+\(identifying.count - 6) more)" : "")))
    }
    if let icc = m.iccDescription { lines.append(("ICC", icc)) }
    let carriers = m.carriers.map(carrierSummary)
    lines.append(("carriers", carriers.isEmpty ? "none" : carriers.joined(separator: ", ")))
    for image in m.embeddedImages {
      var text = "\(image.path) \(image.role ?? "")"
      if let size = image.size { text += " \(size)" }
      if let orientation = image.orientation { text += " Orientation \(orientation)" }
      if !image.carrierKinds.isEmpty { text += " with " + image.carrierKinds.map(\.rawValue).joined(separator: ", ") }
      lines.append(("embedded", text))
    }
    for warning in m.warnings { lines.append(("warning", style.yellow(warning))) }
    for part in m.incomplete { lines.append(("incomplete", style.red("\(part.scope): \(part.reason)"))) }
    var out = header + "\n"
    let width = lines.map(\.0.count).max() ?? 0
    for (label, value) in lines {
      out += "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value + "\n"
    }
    if allTags {
      out += TextTable(headers: ["carrier", "group", "tag", "value"], rows: m.tags.map {
        [$0.path.description, $0.group, $0.name, String($0.value.display.prefix(120))]
      }).render(indent: 2)
    }
    return out
  }

  static func orientationLine(_ m: PhotoMetadata) -> String {
    let o = m.orientation
    var parts: [String] = []
    if let irot = o.irot { parts.append("irot \(irot)° CCW") }
    if let imir = o.imir { parts.append("imir axis \(imir)") }
    if let exif = o.exif { parts.append("EXIF \(exif)" + (o.exifApplies ? "" : " (not applied: HEIF)")) }
    if let xmp = o.xmp { parts.append("XMP \(xmp)") }
    if parts.isEmpty { parts.append("none") }
    return parts.joined(separator: ", ") + " → \(o.effective.meaning)"
  }

  static func gpsLine(_ fix: GPSFix) -> String {
    var text = carrierName(fix) + " "
    if fix.hasCoordinates {
      text += [fix.latitude, fix.longitude].map { $0.map(GPSEvidence.degrees) ?? "?" }.joined(separator: ", ")
    }
    if let altitude = fix.altitude { text += " alt \(altitude) m" }
    if let time = fix.timestamp { text += " \(time)" }
    if let why = fix.signature ?? fix.unreadable { text += (fix.hasCoordinates ? " — " : "") + why }
    return text
  }

  static func carrierName(_ fix: GPSFix) -> String { fix.path.description }

  static func carrierSummary(_ c: Carrier) -> String {
    c.path.description + "@\(c.offset)+\(c.length)"
  }
}

import Foundation
