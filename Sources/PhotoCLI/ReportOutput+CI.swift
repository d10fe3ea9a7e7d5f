import Foundation
import PhotoCore
import Pipeline
import Platform

/// The formats CI systems read: `sarif` (GitHub code scanning and other SARIF viewers),
/// `codequality` (GitLab) and `github` (workflow-command annotations, and the job summary
/// appended to `$GITHUB_STEP_SUMMARY`). Paths are relative to the current directory, the
/// checkout root in CI.
extension ReportOutput {
  /// The CI format `format` of `report`. SARIF and Code Quality fingerprint each finding from
  /// its file's bytes: the files with findings are read once more here, `jobs` at a time (the
  /// scan keeps no digest).
  static func renderCI(_ report: AuditReport, format: String, outcome: Outcome, jobs: Int) -> String {
    let base = FileManager.default.currentDirectoryPath
    if format == "github" { return GitHubAnnotations.render(report, base: base) }
    let fingerprints = ReportFingerprints(recordedIn: report)
      ?? ReportFingerprints(report, contentDigests: ReportFingerprints.contentDigests(report, jobs: jobs))
    guard format == "sarif" else { return CodeQualityReport.render(report, fingerprints: fingerprints, base: base) }
    // The exit status as the one function decides it (a report that then cannot be written is
    // not here to say so).
    let status = ExitStatus(outcome)
    let run = SARIFReport.Run(toolVersion: VersionInfo.version, base: base, fingerprints: fingerprints,
                              exitCode: status.rawValue, exitCodeDescription: status.meaning,
                              executionSuccessful: status == .ok || status == .findings)
    return SARIFReport.render(report, run: run)
  }

  /// Applies the config and the baseline to a collected report (`ReportGate`): fingerprints
  /// when `fingerprints` (formats that print them: JSON, SARIF, Code Quality, a report folder)
  /// or the gate needs them, reading each file with findings once more, `jobs` at a time.
  static func gate(_ report: inout AuditReport, gate: ReportGate, fingerprints: Bool, jobs: Int) {
    guard fingerprints || gate.config != nil || gate.baseline != nil else { return }
    let digests = fingerprints || gate.needsDigests ? ReportFingerprints.contentDigests(report, jobs: jobs) : nil
    gate.apply(to: &report, contentDigests: digests)
  }

  /// Whether the report carries each finding's fingerprint: SARIF and Code Quality always (their
  /// consumers match alerts by it), JSON and JSONL with `--fingerprints`. Hashing every file
  /// with findings again costs more than the scan (corpus, callgrind: 1.37 G instructions
  /// without, 4.04 G with), so a plain JSON report does not pay it.
  static func printsFingerprints(_ format: String, _ parsed: ParsedArguments) -> Bool {
    ["sarif", "codequality"].contains(format) || (["json", "jsonl"].contains(format) && parsed.has(CommonOptions.fingerprints))
  }

  /// Whether a JSONL stream's findings carry fingerprints: with `--fingerprints`, or when the
  /// baseline or an allow entry by SHA-256 needs the files' digests anyway. Its shard record
  /// says so, and `--resume` continues only a stream written the same way.
  static func streamFingerprints(_ parsed: ParsedArguments, gate: ReportGate) -> Bool {
    printsFingerprints("jsonl", parsed) || gate.needsDigests
  }

  /// With `GITHUB_STEP_SUMMARY` set, appends the Markdown summary to that file (never
  /// truncating what earlier steps wrote); a summary that cannot be written is exit 4.
  static func appendStepSummary(_ report: AuditReport, io: CommandIO, command: String, outcome: inout Outcome) {
    guard let path = io.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
    let summary = GitHubStepSummary.render(report, failOn: outcome.failOn, base: FileManager.default.currentDirectoryPath)
    do { try AppendFile.append(Array(summary.utf8), to: path) } catch {
      io.message(command, error.description)
      outcome.unwritten.append(error.path)
    }
  }
}
