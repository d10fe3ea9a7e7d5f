/// `junit.xml`: one test case per file; a failure carries the findings at or above --fail-on.
public enum JUnitReport {
  public static func render(_ report: AuditReport, failOn: Severity) -> String {
    let failing = report.files.filter { f in f.findings.contains { $0.severity >= failOn } }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"photoaudit\" tests=\"\(report.files.count)\" failures=\"\(failing.count)\">\n"
    out += "  <testsuite name=\"photoaudit \(escape(report.command))\" tests=\"\(report.files.count)\" failures=\"\(failing.count)\" errors=\"0\">\n"
    for file in report.files {
      out += "    <testcase classname=\"photoaudit.\(escape(report.command))\" name=\"\(escape(file.output))\">\n"
      let failures = file.findings.filter { $0.severity >= failOn }
      if !failures.isEmpty {
        let message = failures.map { "\($0.id.rawValue) \($0.id.name)" }.joined(separator: ", ")
        out += "      <failure message=\"\(escape(message))\" type=\"\(failures[0].id.rawValue)\">"
        out += escape(failures.map { "\($0.id.rawValue) \($0.severity.rawValue) \($0.id.name): \($0.evidence)" }.joined(separator: "\n"))
        out += "</failure>\n"
      }
      let others = file.findings.filter { $0.severity < failOn }
      if !others.isEmpty {
        out += "      <system-out>" + escape(others.map { "\($0.id.rawValue) \($0.severity.rawValue): \($0.evidence)" }.joined(separator: "\n")) + "</system-out>\n"
      }
      out += "    </testcase>\n"
    }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }

  static func escape(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      // XML 1.0 forbids most control characters, even escaped.
      case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r": out += "?"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
