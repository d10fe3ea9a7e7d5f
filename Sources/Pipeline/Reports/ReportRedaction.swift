import Bytes
import PhotoCore
/// `--reveal`, the one step between the checks and every rendering (SPEC "Reports never spread
/// the leak"). Findings leave the checks redacted — `evidence` names the carrier, tag and
/// offset and shows `‹redacted #fingerprint›` for each value — so every renderer (table, JSON,
/// JSONL, CSV, Markdown, JUnit, HTML, stderr, and any added later) prints no value unless this
/// step revealed them. Without `--reveal` it drops the values the findings carried in memory
/// (`revealedEvidence`), so nothing after it can reach them.
extension Finding {
  /// Findings in the asked form.
  public static func revealing(_ findings: [Finding], _ reveal: Bool) -> [Finding] { findings.map { $0.revealing(reveal) } }
}

extension FileReport {
  /// The report with its findings' values shown (`reveal`) or dropped.
  public func revealing(_ reveal: Bool) -> FileReport {
    var out = self
    out.findings = Finding.revealing(findings, reveal)
    return out
  }
}

extension AuditReport {
  /// The report with every finding's values shown (`reveal`) or dropped.
  public func revealing(_ reveal: Bool) -> AuditReport {
    var out = self
    out.files = files.map { $0.revealing(reveal) }
    return out
  }
}

extension SanitizeResult {
  /// The result with its re-check's findings' values shown (`reveal`) or dropped.
  public func revealing(_ reveal: Bool) -> SanitizeResult {
    var out = self
    out.findings = Finding.revealing(findings, reveal)
    return out
  }
}

extension ReportJSON {
  /// A report-v1 file object read back (`merge`), its findings in the asked form: without
  /// `reveal`, evidence a report wrote with values (`--reveal`: it kept `redacted_evidence`) is
  /// redacted again; with `reveal`, values are shown where the report recorded them. Returns the
  /// object and how many findings hide values the report did not record (written without
  /// `--reveal`: they stay redacted).
  public static func revealing(_ object: JSONValue, _ reveal: Bool) -> (object: JSONValue, unrecorded: Int) {
    guard case .object(let members) = object else { return (object, 0) }
    var unrecorded = 0
    let out: [(String, JSONValue)] = members.map { key, value in
      guard key == "findings", let findings = value.arrayValue else { return (key, value) }
      return (key, .array(findings.map { f in
        guard case .object(var fields) = f else { return f }
        let redactedIndex = fields.firstIndex { $0.0 == "redacted_evidence" }
        if reveal {
          if redactedIndex == nil, fields.contains(where: { $0.0 == "fingerprint" }) { unrecorded += 1 }
          return f
        }
        guard let redactedIndex, let evidence = fields.firstIndex(where: { $0.0 == "evidence" }) else { return f }
        fields[evidence].1 = fields[redactedIndex].1
        fields.remove(at: redactedIndex)
        return .object(fields)
      }))
    }
    return (.object(out), unrecorded)
  }
}
