/// Human renderings of a report: the terminal table, Markdown for pull requests, CSV.
public enum ReportText {
  /// Summary then findings, aligned; coloured only when `style` says so.
  public static func table(_ report: AuditReport, style: TextStyle) -> String {
    var out = summaryLine(report) + "\n"
    if !report.countsByID.isEmpty {
      out += TextTable(headers: ["finding", "name", "severity", "count"], rows: report.countsByID.map {
        [$0.0.rawValue, $0.0.name, $0.0.defaultSeverity.rawValue, String($0.1)]
      }).render(indent: 2)
    }
    for file in report.files {
      let mark = file.findings.isEmpty ? style.green("ok  ") : (file.worst == .error ? style.red("FAIL") : style.yellow("warn"))
      out += "\n\(mark) \(style.bold(file.output))" + (file.original.map { "  ← \($0)" } ?? "") + "\n"
      if let v = file.pixels?.orientation { out += "     orientation: \(v.summary)\n" }
      if let problem = file.pixels?.problem { out += "     pixels: \(problem)\n" }
      for f in file.findings {
        let severity: String
        switch f.severity {
        case .error: severity = style.red("error  ")
        case .warning: severity = style.yellow("warning")
        case .info: severity = "info   "
        }
        out += "     \(f.id.rawValue) \(severity) \(f.id.name): \(f.evidence)\n"
      }
    }
    for original in report.unpairedOriginals { out += "\nno output for original \(original)\n" }
    return out
  }

  static func summaryLine(_ report: AuditReport) -> String {
    let pairs = report.files.filter { $0.original != nil }.count
    return "\(report.files.count) file(s), \(pairs) pair(s): \(report.count(.error)) error(s), \(report.count(.warning)) warning(s), \(report.count(.info)) info"
  }

  /// Markdown for a pull-request comment.
  public static func markdown(_ report: AuditReport) -> String {
    var out = "## photoaudit \(report.command)\n\n\(summaryLine(report))\n\n"
    if !report.countsByID.isEmpty {
      out += "| finding | name | count |\n|---|---|---|\n"
      for (id, n) in report.countsByID { out += "| \(id.rawValue) | \(id.name) | \(n) |\n" }
      out += "\n"
    }
    out += "| file | original | findings |\n|---|---|---|\n"
    for file in report.files {
      let findings = file.findings.isEmpty ? "✅ none"
        : file.findings.map { "**\($0.id.rawValue)** \($0.severity.rawValue): \(escape($0.evidence))" }.joined(separator: "<br>")
      out += "| `\(escape(file.output))` | \(file.original.map { "`\(escape($0))`" } ?? "—") | \(findings) |\n"
    }
    if !report.unpairedOriginals.isEmpty {
      out += "\nOriginals without an output: " + report.unpairedOriginals.map { "`\(escape($0))`" }.joined(separator: ", ") + "\n"
    }
    return out
  }

  /// One CSV row per finding (RFC 4180 quoting).
  public static func csv(_ report: AuditReport) -> String {
    var out = "file,original,id,name,severity,carrier,tag,evidence\n"
    for file in report.files {
      for f in file.findings {
        out += [file.output, file.original ?? "", f.id.rawValue, f.id.name, f.severity.rawValue, f.carrier ?? "", f.tag ?? "", f.evidence]
          .map(quote).joined(separator: ",") + "\n"
      }
    }
    return out
  }

  static func quote(_ s: String) -> String {
    s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
  }

  static func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}

import Foundation
