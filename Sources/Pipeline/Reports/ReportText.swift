import Bytes
/// Human renderings of a report: the terminal table, Markdown for pull requests, CSV. Text from
/// files (paths, evidence) goes through `SafeText` for the format at hand.
public enum ReportText {
  /// Summary then findings, aligned; coloured only when `style` says so.
  public static func table(_ report: AuditReport, style: TextStyle) -> String {
    let t = SafeText.plain
    var out = summaryLine(report) + "\n"
    if let gate = report.gate?.line { out += t(gate) + "\n" }
    if !report.counts.isEmpty {
      out += TextTable(headers: ["finding", "name", "severity", "count"], rows: report.counts.map {
        [$0.id.rawValue, $0.id.name, $0.severity.rawValue, String($0.count)]
      }).render(indent: 2)
    }
    for file in report.files {
      let mark: String = switch file.worst {
      case nil: style.green("ok  ")
      case .error: style.red("FAIL")
      case .warning: style.yellow("warn")
      case .info: "info"
      }
      out += "\n\(mark) \(style.bold(t(file.output)))" + (file.original.map { "  ← \(t($0))" } ?? "") + "\n"
      if let video = file.livePhotoVideo { out += "     Live Photo video: \(t(video))\n" }
      if !file.sidecars.isEmpty { out += "     sidecars: \(file.sidecars.map(t).joined(separator: ", "))\n" }
      if let v = file.orientationSummary { out += "     orientation: \(v)\n" }
      if let problem = file.pixels?.problem { out += "     pixels: \(t(problem))\n" }
      for f in file.findings {
        let severity: String = switch f.severity {
        case .error: style.red("error  ")
        case .warning: style.yellow("warning")
        case .info: "info   "
        }
        out += "     \(f.id.rawValue) \(severity) \(f.id.name): \(t(f.evidence))\n"
      }
    }
    for original in report.unpairedOriginals { out += "\nno output for original \(t(original))\n" }
    return out
  }

  /// "32 files, 30 pairs: 41 errors, 16 warnings, 1 info".
  public static func summaryLine(_ report: AuditReport) -> String {
    let pairs = report.files.filter { $0.original != nil }.count
    return "\(plural(report.files.count, "file")), \(plural(pairs, "pair")): " + severityTotals(report)
  }

  /// "41 errors, 16 warnings, 1 info".
  public static func severityTotals(_ report: AuditReport) -> String {
    severityTotals(error: report.count(.error), warning: report.count(.warning), info: report.count(.info))
  }

  /// "41 errors, 16 warnings, 1 info" from the counts.
  public static func severityTotals(error: Int, warning: Int, info: Int) -> String {
    "\(plural(error, "error")), \(plural(warning, "warning")), \(info) info"
  }

  /// "1 file", "2 files".
  public static func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

  /// The word for a file's worst finding, as the table and report.md show it.
  public static func verdict(_ file: FileReport) -> String {
    switch file.worst {
    case nil: "ok"
    case .error: "FAIL"
    case .warning: "warn"
    case .info: "info"
    }
  }

  /// Files with the most severe findings first (errors, warnings, info, clean), by path within.
  public static func errorsFirst(_ files: [FileReport]) -> [FileReport] {
    files.enumerated().sorted { a, b in
      let (x, y) = (a.element.worst?.rank ?? -1, b.element.worst?.rank ?? -1)
      return x != y ? x > y : a.offset < b.offset
    }.map(\.element)
  }

  /// The head of a Markdown report (a pull-request comment, a job summary): the command, the
  /// summary line, the config and baseline line, and the counts by (finding, severity).
  public static func markdownHead(_ report: AuditReport) -> String {
    let md = SafeText.markdown
    var out = "## photoaudit \(md(report.command))\n\n\(summaryLine(report))\n\n"
    if let gate = report.gate?.line { out += md(gate) + "\n\n" }
    if !report.counts.isEmpty {
      out += "| finding | name | severity | count |\n|---|---|---|---|\n"
      for c in report.counts { out += "| \(c.id.rawValue) | \(c.id.name) | \(c.severity.rawValue) | \(c.count) |\n" }
      out += "\n"
    }
    return out
  }

  /// Markdown for a pull-request comment: summary by (finding, severity), then one row per
  /// file, worst first, with its verdict.
  public static func markdown(_ report: AuditReport) -> String {
    let md = SafeText.markdown, code = SafeText.markdownCode
    var out = markdownHead(report)
    out += "| verdict | file | original | findings |\n|---|---|---|---|\n"
    for file in errorsFirst(report.files) {
      let mark = switch file.worst {
      case nil: "✅ ok"
      case .error: "❌ FAIL"
      case .warning: "⚠️ warn"
      case .info: "ℹ️ info"
      }
      let findings = file.findings.isEmpty ? "none"
        : file.findings.map { "**\($0.id.rawValue)** \($0.severity.rawValue) \($0.id.name): \(md($0.evidence))" }.joined(separator: "<br>")
      let output = code(file.output) + (file.livePhotoVideo.map { " + Live Photo video " + code($0) } ?? "")
        + file.sidecars.map { " + sidecar " + code($0) }.joined()
      out += "| \(mark) | \(output) | \(file.original.map(code) ?? "—") | \(findings) |\n"
    }
    if !report.unpairedOriginals.isEmpty {
      out += "\nOriginals without an output: " + report.unpairedOriginals.map(code).joined(separator: ", ") + "\n"
    }
    return out
  }

  /// One CSV row per finding (RFC 4180 quoting; control characters shown escaped, so a row is
  /// one line and a terminal `cat` of the file is safe).
  public static func csv(_ report: AuditReport) -> String {
    var out = "file,original,id,name,severity,carrier,tag,evidence\n"
    for file in report.files {
      for f in file.findings {
        out += [file.output, file.original ?? "", f.id.rawValue, f.id.name, f.severity.rawValue, f.carrier ?? "", f.tag ?? "", f.evidence]
          .map { quote(SafeText.plain($0)) }.joined(separator: ",") + "\n"
      }
    }
    return out
  }

  static func quote(_ s: String) -> String {
    s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
  }
}
