import PhotoCore

/// Prints a findings report in the asked format (`verify`, `audit`, `merge`).
enum ReportOutput {
  /// The formats of a findings report; table first (the default).
  static let formats = ["table", "json", "jsonl", "csv", "markdown", "junit"]

  static func render(_ report: AuditReport, format: String, style: TextStyle, failOn: Severity, jobs: Int = 1) -> String {
    switch format {
    case "json": ReportJSON.document(report).serialized(jobs: jobs) + "\n"
    case "jsonl": ReportJSON.lines(report)
    case "csv": ReportText.csv(report)
    case "markdown": ReportText.markdown(report)
    case "junit": JUnitReport.render(report, failOn: failOn)
    default: ReportText.table(report, style: style)
    }
  }

  /// Renders, prints or writes to --output, and says where it went on stderr when wanted.
  /// A report that cannot be written is in the outcome (exit 4).
  static func emit(_ report: AuditReport, spec: CommandSpec, parsed: ParsedArguments, io: CommandIO, jobs: Int,
                   reportDirectory: String? = nil, outcome: inout Outcome) {
    let format = OptionValues.format(parsed, spec: spec)
    let text = render(report, format: format, style: io.style(OptionValues.colour(parsed)), failOn: outcome.failOn, jobs: jobs)
    OptionValues.emit(text, parsed: parsed, io: io, forPeople: OptionValues.isForPeople(format), command: spec.name, outcome: &outcome)
    if RunSummary.wanted(parsed, io: io, format: format, reportDirectory: reportDirectory) {
      let written = RunSummary.destinations(parsed, reportDirectory: reportDirectory).filter { !outcome.unwritten.contains($0) }
      io.message(spec.name, RunSummary.line(report, written: written))
    }
  }
}
