import Bytes
import PhotoCore
/// `--format github`: one GitHub Actions workflow command per finding, which the runner turns
/// into an annotation on the file: `::error file=PATH,title=PA001 gps-present::EVIDENCE`
/// (`::warning` for warnings, `::notice` for info). Paths are relative to the folder photoaudit
/// ran in (the workspace). [GitHub "Workflow commands for GitHub Actions"]
public enum GitHubAnnotations {
  /// The workflow command of a severity.
  public static func command(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "notice"
    }
  }

  /// One line per finding, in the report's order.
  public static func render(_ report: AuditReport, base: String) -> String {
    var out = ""
    for file in report.files {
      for f in file.findings {
        let path = ArtifactURI.relativePath(f.file, base: base)
        out += "::\(command(f.severity)) file=\(property(path)),title=\(property("\(f.id.rawValue) \(f.id.name)"))::\(data(f.evidence))\n"
      }
    }
    // What the config and the baseline left out, as one notice.
    if let line = report.gate?.line { out += "::notice title=photoaudit::\(data(line))\n" }
    return out
  }

  /// A command's message: `%`, CR and LF escaped as the runner unescapes them (`%25`, `%0D`,
  /// `%0A`), so a newline in evidence cannot end the command and start another. Other control
  /// characters (ESC, BEL, C1, bidi overrides) are shown as the tables show them (`\e`,
  /// `\x07`, `\u{202E}`): the runner passes them on to the log raw.
  public static func data(_ text: String) -> String { escape(text, also: []) }

  /// A property value (`file=`, `title=`): as `data`, and `:` → `%3A`, `,` → `%2C`, which
  /// would otherwise end the value.
  public static func property(_ text: String) -> String { escape(text, also: [":", ","]) }

  static func escape(_ text: String, also: Set<Unicode.Scalar>) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar == "%" || scalar == "\r" || scalar == "\n" || also.contains(scalar) {
        out += "%" + Hex.byte(UInt8(scalar.value))
      } else if let visible = SafeText.escape(scalar) {
        out += visible
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
