import Bytes
import PhotoCore
/// What a streamed report adds up to, kept while its records go by (the report itself is not
/// kept): files, files with findings, findings by severity. Enough for the end-of-run line and
/// the exit status.
public struct ReportTally: Sendable, Equatable {
  /// File records.
  public private(set) var files = 0
  /// Files with at least one finding.
  public private(set) var filesWithFindings = 0
  /// Findings per severity.
  public private(set) var bySeverity: [Severity: Int] = [:]

  /// Nothing counted yet.
  public init() {}

  /// The most severe finding counted, nil when there is none.
  public var worst: Severity? { Severity.worst(bySeverity.filter { $0.value > 0 }.keys) }

  /// Counts a checked file (its findings that gate: not allowed, not in the baseline).
  public mutating func add(_ file: FileReport) {
    add(severities: file.findings.filter(\.gates).map(\.severity))
  }

  /// Counts a file record read back (the severities of its findings that gate); false when it
  /// is not one.
  @discardableResult
  public mutating func add(record: JSONValue) -> Bool {
    guard let findings = record["findings"]?.arrayValue else { return false }
    add(severities: findings.filter { $0["suppression"] == nil && $0["baseline"]?.stringValue != "unchanged" }
      .compactMap { $0["severity"]?.stringValue.flatMap(Severity.init(rawValue:)) })
    return true
  }

  /// Counts a file with findings of these severities.
  public mutating func add(severities: [Severity]) {
    files += 1
    if !severities.isEmpty { filesWithFindings += 1 }
    for severity in severities { bySeverity[severity, default: 0] += 1 }
  }

  /// "41 errors, 16 warnings, 1 info".
  public var severityTotals: String {
    ReportText.severityTotals(error: bySeverity[.error] ?? 0, warning: bySeverity[.warning] ?? 0, info: bySeverity[.info] ?? 0)
  }
}
