import PhotoCore
import Pipeline

/// The one stderr line a batch ends with when its result went somewhere a person at a terminal
/// does not see it (`-o FILE`, `--report-dir`, a JSON/JSONL/CSV stream): after a progress line,
/// silence would read as nothing happened.
enum RunSummary {
  /// True when stderr is a terminal, `--quiet` is not given, and the result is not a table on
  /// the terminal already.
  static func wanted(_ parsed: ParsedArguments, io: CommandIO, format: String, reportDirectory: String? = nil) -> Bool {
    guard io.stderrIsTerminal, !parsed.has(CommonOptions.quiet) else { return false }
    return parsed.has(CommonOptions.output) || reportDirectory != nil || !OptionValues.isForPeople(format)
  }

  /// "wrote reports/ and report.json: 3 errors, 0 warnings, 1 info in 2 of 348 files".
  static func line(_ report: AuditReport, written: [String]) -> String {
    let withFindings = report.files.filter { !$0.findings.isEmpty }.count
    return line(totals: ReportText.severityTotals(report), withFindings: withFindings, files: report.files.count, written: written)
  }

  /// The same line for a streamed report, from its tally.
  static func line(_ tally: ReportTally, written: [String]) -> String {
    line(totals: tally.severityTotals, withFindings: tally.filesWithFindings, files: tally.files, written: written)
  }

  private static func line(totals: String, withFindings: Int, files: Int, written: [String]) -> String {
    let counts = totals + " in \(withFindings) of " + ReportText.plural(files, "file")
    return written.isEmpty ? counts : "wrote \(written.joined(separator: " and ")): " + counts
  }

  /// The paths written: the report folder and the --output file.
  static func destinations(_ parsed: ParsedArguments, reportDirectory: String? = nil) -> [String] {
    [reportDirectory.map { $0.hasSuffix("/") ? $0 : $0 + "/" }, parsed.value(CommonOptions.output.primary)].compactMap { $0 }
  }
}
