import Bytes
import PhotoCore
/// `--format codequality`: GitLab's Code Quality report, a JSON array with one object per
/// finding: `description` (the evidence), `check_name` (the finding ID), `fingerprint` (the
/// same content-derived fingerprint as SARIF's, unique per finding), `severity`,
/// `location.path` (relative to the folder photoaudit ran in, the checkout root in CI) and
/// `location.lines.begin` (1: an image has no lines). [GitLab "Code Quality" report format]
public enum CodeQualityReport {
  /// GitLab's severity of a finding's: error → critical (it fails the gate at the default
  /// --fail-on), warning → major, info → info. `minor` and `blocker` are not used: photoaudit
  /// has three levels, and a policy file can move any finding between them.
  public static func severity(_ severity: Severity) -> String {
    switch severity {
    case .error: "critical"
    case .warning: "major"
    case .info: "info"
    }
  }

  /// The report as text (two-space indented JSON, a newline at the end).
  public static func render(_ report: AuditReport, fingerprints: ReportFingerprints, base: String) -> String {
    document(report, fingerprints: fingerprints, base: base).serialized() + "\n"
  }

  /// The array of issues, in the report's file order.
  public static func document(_ report: AuditReport, fingerprints: ReportFingerprints, base: String) -> JSONValue {
    var issues: [JSONValue] = []
    for (file, prints) in zip(report.files, fingerprints.byFile) {
      for (finding, fingerprint) in zip(file.findings, prints) {
        issues.append(.object([
          ("description", .string("\(finding.id.rawValue) \(finding.id.name): \(finding.evidence)")),
          ("check_name", .string(finding.id.rawValue)),
          ("fingerprint", .string(fingerprint)),
          ("severity", .string(severity(finding.severity))),
          ("location", .object([
            ("path", .string(ArtifactURI.relativePath(file.git?.path ?? finding.file, base: base))),
            ("lines", .object([("begin", .int(1))])),
          ])),
        ]))
      }
    }
    return .array(issues)
  }
}
