import Bytes
import Foundation
import PhotoCore

/// The `diff` report: tag changes grouped by carrier, then the verdicts.
public enum DiffReport {
  /// The verdict lines (label, text), shared by every rendering.
  public static func verdicts(_ r: FileReport, original: PhotoMetadata, output: PhotoMetadata) -> [(String, String)] {
    var lines: [(String, String)] = []
    let before = original.gps.map(GPSEvidence.carrier).uniqued()
    lines.append(("GPS", output.gps.isEmpty
      ? (before.isEmpty ? "none in either file" : "removed (was in \(before.joined(separator: ", ")))")
      : "STILL PRESENT in \(r.gpsCarriers.joined(separator: ", "))"))
    let tagText = "original \(original.orientation.effective.rawValue) (\(original.orientation.effective.meaning)), output \(describeTag(output))"
    lines.append(("orientation tags", tagText))
    if let v = r.pixels?.orientation { lines.append(("orientation pixels", v.summary)) }
    if let problem = r.pixels?.problem { lines.append(("pixels", problem)) }
    if let a = original.displayed, let b = output.displayed {
      let scale = Double(max(b.width, b.height)) / Double(max(max(a.width, a.height), 1))
      lines.append(("size", "\(a) → \(b) displayed (scale \(String(format: "%.3f", scale)))"))
    }
    if let c = r.pixels?.crop {
      let claim = c.claimed.map { "claimed \($0), " } ?? ""
      let est = c.estimated.map { ", content matches \($0)" } ?? ""
      lines.append(("crop", "\(claim)\(c.matches ? "matches" : "does not match") (\(String(format: "%.2f", c.claimedScore)))\(est)"))
    }
    let formats = [original.format, output.format].map { $0?.rawValue ?? "?" }
    lines.append(("format", formats[0] == formats[1] ? formats[0] : "\(formats[0]) → \(formats[1])"))
    lines.append(("ICC", "\(original.iccDescription ?? (original.has(.icc) ? "profile" : "none")) → \(output.iccDescription ?? (output.has(.icc) ? "profile" : "none"))"))
    let identifying = CaptureSummary.identifying(output)
    lines.append(("identifying fields", identifying.isEmpty ? "none left" : identifying.map { "\($0.group):\($0.name)" }.joined(separator: ", ")))
    return lines
  }

  static func describeTag(_ m: PhotoMetadata) -> String {
    var parts: [String] = []
    if let e = m.orientation.exif { parts.append("EXIF \(e)") }
    if let x = m.orientation.xmp { parts.append("XMP \(x)") }
    if let r = m.orientation.irot { parts.append("irot \(r)") }
    if let i = m.orientation.imir { parts.append("imir \(i)") }
    return parts.isEmpty ? "no orientation tag" : parts.joined(separator: ", ")
  }

  public static func table(_ r: FileReport, diff: TagDiff, original: PhotoMetadata, output: PhotoMetadata, style: TextStyle) -> String {
    let t = SafeText.plain
    var out = style.bold("\(t(original.path)) → \(t(output.path))") + "\n"
    out += "\(diff.changes.filter { $0.kind == "removed" }.count) removed, \(diff.changes.filter { $0.kind == "added" }.count) added, \(diff.changes.filter { $0.kind == "changed" }.count) changed, \(diff.unchanged) unchanged\n"
    if !diff.changes.isEmpty {
      out += TextTable(headers: ["", "carrier", "group", "tag", "original", "output"], rows: diff.changes.map { c in
        switch c {
        case .removed(let a): ["-", carrier(a), t(a.group), t(a.name), t(String(a.value.display.prefix(60))), ""]
        case .added(let b): ["+", carrier(b), t(b.group), t(b.name), "", t(String(b.value.display.prefix(60)))]
        case .changed(let a, let b): ["~", carrier(b), t(b.group), t(b.name), t(String(a.value.display.prefix(60))), t(String(b.value.display.prefix(60)))]
        }
      }).render(indent: 2)
    }
    out += "\nverdicts:\n"
    let lines = verdicts(r, original: original, output: output)
    let width = lines.map(\.0.count).max() ?? 0
    for (label, text) in lines { out += "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + t(text) + "\n" }
    if !r.findings.isEmpty {
      out += "\nfindings:\n" + r.findings.map { "  \($0.id.rawValue) \($0.severity.rawValue) \($0.id.name): \(t($0.evidence))\n" }.joined()
    }
    return out
  }

  package static func carrier(_ t: MetadataTag) -> String { t.carrier.rawValue + (t.item.map { "#\($0)" } ?? "") }

  public static func markdown(_ r: FileReport, diff: TagDiff, original: PhotoMetadata, output: PhotoMetadata) -> String {
    let md = SafeText.markdown
    var out = "## photoaudit diff\n\n\(SafeText.markdownCode(original.path)) → \(SafeText.markdownCode(output.path))\n\n| verdict | |\n|---|---|\n"
    for (label, text) in verdicts(r, original: original, output: output) { out += "| \(label) | \(md(text)) |\n" }
    if !r.findings.isEmpty {
      out += "\n**Findings**\n\n" + r.findings.map { "- **\($0.id.rawValue)** \($0.severity.rawValue) \($0.id.name): \(md($0.evidence))\n" }.joined()
    }
    out += "\n<details><summary>\(diff.changes.count) tag changes</summary>\n\n| | carrier | tag | original | output |\n|---|---|---|---|---|\n"
    for c in diff.changes {
      let (a, b): (String, String)
      switch c {
      case .removed(let t): (a, b) = (t.value.display, "")
      case .added(let t): (a, b) = ("", t.value.display)
      case .changed(let x, let y): (a, b) = (x.value.display, y.value.display)
      }
      out += "| \(c.kind) | \(carrier(c.tag)) | \(md(c.tag.group)):\(md(c.tag.name)) | \(md(String(a.prefix(60)))) | \(md(String(b.prefix(60)))) |\n"
    }
    return out + "\n</details>\n"
  }

  public static func json(_ r: FileReport, diff: TagDiff?, original: PhotoMetadata?, output: PhotoMetadata) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("schema", .string(ReportJSON.schema)), ("command", .string("diff")),
      ("original", .optional(r.original) { .string($0) }), ("output", .string(r.output)),
    ]
    if let diff {
      members.append(("changes", .array(diff.changes.map { c in
        var m: [(String, JSONValue)] = [("change", .string(c.kind)), ("carrier", .string(c.tag.carrier.rawValue))]
        if let item = c.tag.item { m.append(("item", .int(Int64(item)))) }
        m += [("group", .string(c.tag.group)), ("name", .string(c.tag.name))]
        switch c {
        case .removed(let t): m += [("original", InspectJSON.value(t.value)), ("output", .null)]
        case .added(let t): m += [("original", .null), ("output", InspectJSON.value(t.value))]
        case .changed(let a, let b): m += [("original", InspectJSON.value(a.value)), ("output", InspectJSON.value(b.value))]
        }
        return .object(m)
      })))
      members.append(("unchanged", .int(Int64(diff.unchanged))))
    }
    if let original, diff != nil {
      members.append(("verdicts", .object(verdicts(r, original: original, output: output).map { ($0.0, .string($0.1)) })))
    }
    members.append(("file", ReportJSON.file(r)))
    members.append(("findings", .array(r.findings.map(ReportJSON.finding))))
    return .object(members)
  }
}
