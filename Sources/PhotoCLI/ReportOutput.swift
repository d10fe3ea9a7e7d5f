import PhotoCore

/// Prints a findings report in the asked format and turns it into the exit status.
enum ReportOutput {
  static let formats = ["table", "json", "jsonl", "csv", "markdown"]

  static func render(_ report: AuditReport, format: String, io: CommandIO, noColor: Bool, jobs: Int = 1) -> String {
    switch format {
    case "json": ReportJSON.document(report).serialized(jobs: jobs) + "\n"
    case "jsonl": ReportJSON.lines(report)
    case "csv": ReportText.csv(report)
    case "markdown": ReportText.markdown(report)
    default: ReportText.table(report, style: io.style(noColor: noColor))
    }
  }

  /// --fail-on LEVEL (default error).
  static func failOn(_ parsed: ParsedArguments, command: String) throws(UsageError) -> Severity {
    let text = parsed.value("--fail-on") ?? "error"
    guard let level = Severity(rawValue: text) else {
      throw UsageError(command: command, message: "--fail-on must be error, warning or info, not '\(text)'")
    }
    return level
  }

  /// --policy FILE, read and checked.
  static func policy(_ parsed: ParsedArguments, command: String) throws(UsageError) -> Policy {
    guard let path = parsed.value("--policy") else { return Policy() }
    do {
      return try Policy.parse(try FileSource(path: path).allBytes())
    } catch {
      throw UsageError(command: command, message: "cannot use --policy \(path): \(error)")
    }
  }

  static func status(_ report: AuditReport, failOn: Severity) -> ExitStatus {
    report.fails(at: failOn) ? .findings : .ok
  }
}
