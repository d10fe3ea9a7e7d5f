import Bytes
import PhotoCore
/// `junit.xml`: one test case per file; a failure carries the findings at or above --fail-on.
public enum JUnitReport {
  /// The JUnit XML document; `failOn` nil (`--fail-on none`) makes no finding a failure.
  public static func render(_ report: AuditReport, failOn: Severity?) -> String {
    let fails = { (finding: Finding) in failOn.map { finding.severity >= $0 } ?? false }
    let failing = report.files.filter { $0.findings.contains(where: fails) }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"photoaudit\" tests=\"\(report.files.count)\" failures=\"\(failing.count)\">\n"
    out += "  <testsuite name=\"photoaudit \(escape(report.command))\" tests=\"\(report.files.count)\" failures=\"\(failing.count)\" errors=\"0\">\n"
    for file in report.files {
      out += "    <testcase classname=\"photoaudit.\(escape(report.command))\" name=\"\(escape(file.output))\">\n"
      let failures = file.findings.filter(fails)
      if !failures.isEmpty {
        let message = failures.map { "\($0.id.rawValue) \($0.id.name)" }.joined(separator: ", ")
        out += "      <failure message=\"\(escape(message))\" type=\"\(failures[0].id.rawValue)\">"
        out += failures.map { escape("\($0.id.rawValue) \($0.severity.rawValue) \($0.id.name): \($0.evidence)") }.joined(separator: "\n")
        out += "</failure>\n"
      }
      let others = file.findings.filter { !fails($0) }
      if !others.isEmpty {
        out += "      <system-out>" + others.map { escape("\($0.id.rawValue) \($0.severity.rawValue): \($0.evidence)") }.joined(separator: "\n") + "</system-out>\n"
      }
      out += "    </testcase>\n"
    }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }

  /// XML text or attribute value: markup characters as entities, control characters (which XML
  /// 1.0 forbids even escaped) shown as `\e`, `\x07`.
  static func escape(_ s: String) -> String { SafeText.html(s) }
}
