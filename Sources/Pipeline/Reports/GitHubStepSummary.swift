import Bytes
import PhotoCore
/// The Markdown job summary `--format github` appends to `$GITHUB_STEP_SUMMARY`: the totals,
/// the counts by (finding, severity), and the files that fail the gate with the IDs they
/// fail on. It quotes no evidence, so it shows no value whatever the report holds; file names
/// are Markdown-escaped (`<`, `>`, `&`, backticks, `|`…: no HTML is rendered, no cell broken).
public enum GitHubStepSummary {
  /// At most this many failing files are listed (GitHub takes 1 MiB of summary per step).
  public static let fileLimit = 200

  /// The summary; `failOn` nil is `--fail-on none`.
  public static func render(_ report: AuditReport, failOn: Severity?, base: String) -> String {
    let md = SafeText.markdown
    var out = ReportText.markdownHead(report)
    guard let failOn else { return out + "No gate: --fail-on none.\n\n" }
    let failing = report.files.filter { $0.findings.contains { $0.severity >= failOn } }
    guard !failing.isEmpty else { return out + "No file fails at --fail-on \(failOn.rawValue).\n\n" }
    out += "\(ReportText.plural(failing.count, "file")) failing at --fail-on \(failOn.rawValue):\n\n| file | findings |\n|---|---|\n"
    for file in failing.prefix(fileLimit) {
      let ids = file.findings.filter { $0.severity >= failOn }.map { "\($0.id.rawValue) \($0.id.name)" }.uniqued()
      out += "| \(md(ArtifactURI.relativePath(file.output, base: base))) | \(ids.joined(separator: ", ")) |\n"
    }
    if failing.count > fileLimit { out += "\nand \(failing.count - fileLimit) more.\n" }
    return out + "\n"
  }
}
