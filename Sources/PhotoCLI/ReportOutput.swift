import Bytes
import PhotoCore
import Pipeline

/// Prints a findings report in the asked format (`verify`, `audit`, `merge`).
enum ReportOutput {
  /// The formats of a findings report; table first (the default). The last three are for CI
  /// systems (`ReportOutput+CI`).
  static let formats = ["table", "json", "jsonl", "csv", "markdown", "junit", "sarif", "codequality", "github"]

  /// The report in `format`; JSONL needs the stream's `header` (a stream without one is empty),
  /// SARIF the `outcome` (its exit code).
  static func render(_ report: AuditReport, format: String, style: TextStyle, failOn: Severity?, jobs: Int = 1,
                     header: ReportStream.Header? = nil, outcome: Outcome? = nil) -> String {
    // Findings an allow entry accepts or the baseline has stay in JSON, JSONL and SARIF, marked;
    // the other formats leave them out and say how many (docs/config.md).
    let report = ["json", "jsonl", "sarif"].contains(format) ? report : report.counting
    return switch format {
    case "sarif", "codequality", "github": renderCI(report, format: format, outcome: outcome ?? Outcome(report: report, failOn: failOn), jobs: jobs)
    case "json": ReportJSON.document(report).serialized(jobs: jobs) + "\n"
    case "jsonl": header.map { ReportStream.text(report, header: $0) } ?? ""
    case "csv": ReportText.csv(report)
    case "markdown": ReportText.markdown(report)
    case "junit": JUnitReport.render(report, failOn: failOn)
    default: ReportText.table(report, style: style)
    }
  }

  /// Renders, prints or writes to --output, and says where it went on stderr when wanted.
  /// A report that cannot be written is in the outcome (exit 4).
  static func emit(_ report: AuditReport, spec: CommandSpec, parsed: ParsedArguments, io: CommandIO, jobs: Int,
                   reportDirectory: String? = nil, header: ReportStream.Header? = nil, outcome: inout Outcome) {
    let format = OptionValues.format(parsed, spec: spec)
    if format == "json" {
      // Bytes from the writer to the file: no String of the whole report is made.
      let document = ReportJSON.document(report, jobs: jobs)
      // ~1 KB a file in a metadata scan's report (measured: 1,192,382 bytes for 1,200 files).
      let expected = 4096 + 1024 * report.files.count
      OptionValues.emit(bytes: document.serializedBytes(jobs: jobs, suffix: "\n", capacity: expected), parsed: parsed, io: io,
                        command: spec.name, outcome: &outcome)
      io.keepUntilExit(document)
    } else {
      if format == "github" { appendStepSummary(report.counting, io: io, command: spec.name, outcome: &outcome) }
      let text = render(report, format: format, style: io.style(OptionValues.colour(parsed)), failOn: outcome.failOn, jobs: jobs,
                        header: header, outcome: outcome)
      OptionValues.emit(text, parsed: parsed, io: io, forPeople: OptionValues.isForPeople(format), command: spec.name, outcome: &outcome)
    }
    if RunSummary.wanted(parsed, io: io, format: format, reportDirectory: reportDirectory) {
      let written = RunSummary.destinations(parsed, reportDirectory: reportDirectory).filter { !outcome.unwritten.contains($0) }
      io.message(spec.name, RunSummary.line(report, written: written))
    }
  }
}
