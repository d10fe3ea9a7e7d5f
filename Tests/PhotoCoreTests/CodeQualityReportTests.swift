import Foundation
import PhotoCore
import Pipeline
import Testing

/// `--format codequality` against GitLab's Code Quality report format (a JSON array of issues
/// with description, check_name, fingerprint, severity, location.path, location.lines.begin);
/// the expected document is written by hand and compared as JSON.
@Suite struct CodeQualityReportTests {
  @Test func golden() throws {
    let fp = CIReportSample.expectedFingerprints
    let expected = """
      [
        {"description": "PA001 gps-present: exif: latitude 1.5, longitude 2.5\\n::error::forged", "check_name": "PA001",
         "fingerprint": "\(fp[0])", "severity": "critical", "location": {"path": "upload/a,b:c%d\\ne.jpg", "lines": {"begin": 1}}},
        {"description": "PA006 location-text: XMP photoshop:City = 100% <b>Town</b>\\u001b[31m\\r", "check_name": "PA006",
         "fingerprint": "\(fp[1])", "severity": "major", "location": {"path": "upload/a,b:c%d\\ne.jpg", "lines": {"begin": 1}}},
        {"description": "PA012 claim-understated: descriptor says gps_removed: false, but no carrier holds coordinates", "check_name": "PA012",
         "fingerprint": "\(fp[2])", "severity": "info", "location": {"path": "/elsewhere/x.jpg", "lines": {"begin": 1}}},
        {"description": "PA013 unreadable: cannot open: no such file", "check_name": "PA013",
         "fingerprint": "\(fp[3])", "severity": "critical", "location": {"path": "up|load/`t`<img src=x>&.jpg", "lines": {"begin": 1}}}
      ]
      """
    let text = CodeQualityReport.render(CIReportSample.report, fingerprints: CIReportSample.fingerprints, base: CIReportSample.base)
    #expect(text.hasSuffix("]\n"))
    let actual = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSArray
    let wanted = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSArray
    #expect(actual != nil && actual == wanted, "\(text)")
  }

  /// GitLab keys issues by fingerprint: every finding has its own.
  @Test func fingerprintsAreUnique() throws {
    let twice = AuditReport(command: "verify", files: ["a.jpg", "b.jpg"].map { path in
      FileReport(output: path, findings: [
        Finding(.locationText, file: path, carrier: "iptc", tag: "City", evidence: "IPTC City"),
        Finding(.locationText, file: path, carrier: "iptc", tag: "City", evidence: "IPTC City (second record)"),
      ])
    })
    // Two copies of one file: the same digest.
    let prints = ReportFingerprints(twice, contentDigests: ["a.jpg": String(repeating: "0", count: 64), "b.jpg": String(repeating: "0", count: 64)])
    let all = prints.byFile.flatMap { $0 }
    #expect(all.count == 4 && Set(all).count == 4)
    let array = try JSONSerialization.jsonObject(with: Data(CodeQualityReport.render(twice, fingerprints: prints, base: "/r").utf8)) as? [[String: Any]]
    #expect(Set(array?.compactMap { $0["fingerprint"] as? String } ?? []).count == 4)
  }

  @Test func emptyReportIsAnEmptyArray() throws {
    let text = CodeQualityReport.render(AuditReport(command: "audit", files: [FileReport(output: "a.jpg")]),
                                        fingerprints: ReportFingerprints(AuditReport(command: "audit", files: [FileReport(output: "a.jpg")]), contentDigests: [:]),
                                        base: "/r")
    #expect((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSArray)?.count == 0)
  }

  @Test(arguments: [(Severity.error, "critical"), (.warning, "major"), (.info, "info")])
  func severity(_ severity: Severity, _ gitlab: String) {
    #expect(CodeQualityReport.severity(severity) == gitlab)
  }
}
