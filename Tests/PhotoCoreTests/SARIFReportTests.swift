import Foundation
import PhotoCore
import Pipeline
import TestSupport
import Testing

/// `--format sarif`: the rules from the findings table and the results, checked against what
/// SARIF 2.1.0 and GitHub code scanning ask for. (Schema validation of real output:
/// `SchemaTests.sarif`, `CIFormatsTests`.)
@Suite struct SARIFReportTests {
  static func log(documentation: String? = nil) throws -> [String: Any] {
    let run = SARIFReport.Run(toolVersion: "9.8.7", base: CIReportSample.base, fingerprints: CIReportSample.fingerprints,
                              documentation: documentation, exitCode: 1, exitCodeDescription: "findings at or above --fail-on",
                              executionSuccessful: true)
    let text = SARIFReport.render(CIReportSample.report, run: run)
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  static func run(_ log: [String: Any]) throws -> [String: Any] {
    try #require((log["runs"] as? [[String: Any]])?.first)
  }

  @Test func oneRuleForEachFindingID() throws {
    let driver = try #require((try Self.run(try Self.log()))["tool"] as? [String: Any])["driver"] as? [String: Any]
    #expect(driver?["name"] as? String == "photoaudit")
    #expect(driver?["version"] as? String == "9.8.7")
    #expect(driver?["informationUri"] == nil, "no homepage: no informationUri")
    let rules = try #require(driver?["rules"] as? [[String: Any]])
    #expect(rules.count == 21 && FindingID.allCases.count == 21)
    #expect(rules.map { $0["id"] as? String } == FindingID.allCases.map(\.rawValue))
    for (rule, id) in zip(rules, FindingID.allCases) {
      #expect(rule["name"] as? String == id.name)
      #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.lowercased() == id.explanation.summary.lowercased())
      #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == id.explanation.meaning)
      let help = rule["help"] as? [String: String]
      #expect(help?["text"]?.contains(id.explanation.fix) == true && help?["markdown"]?.contains(id.explanation.why) == true)
      let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
      #expect(level == ["error": "error", "warning": "warning", "info": "note"][id.defaultSeverity.rawValue])
      #expect(rule["helpUri"] == nil)
    }
  }

  /// The security scores, as docs/ci.md tabulates them: privacy findings carry one and the
  /// `security` tag, correctness findings neither.
  @Test func securitySeverities() throws {
    let rules = try #require(((try Self.run(try Self.log()))["tool"] as? [String: Any]).flatMap { ($0["driver"] as? [String: Any])?["rules"] as? [[String: Any]] })
    let scores = Dictionary(uniqueKeysWithValues: rules.compactMap { rule -> (String, String)? in
      guard let id = rule["id"] as? String, let score = (rule["properties"] as? [String: Any])?["security-severity"] as? String else { return nil }
      return (id, score)
    })
    #expect(scores == ["PA001": "8.0", "PA002": "8.0", "PA005": "7.5", "PA010": "7.0", "PA006": "5.5", "PA007": "5.0", "PA013": "5.0",
                       "PA014": "5.0", "PA015": "5.0", "PA017": "4.0", "PA018": "3.0"])
    for rule in rules {
      let tags = (rule["properties"] as? [String: Any])?["tags"] as? [String]
      let scored = scores[rule["id"] as? String ?? ""] != nil
      #expect(tags == (scored ? ["security", "privacy"] : ["correctness"]))
    }
  }

  /// With a documentation URL, each rule's helpUri is an anchor docs/findings.md really has.
  @Test func helpURIsPointAtHeadings() throws {
    let docs = "https://example.invalid/photoaudit/blob/main/docs/findings.md"
    let rules = try #require(((try Self.run(try Self.log(documentation: docs)))["tool"] as? [String: Any]).flatMap { ($0["driver"] as? [String: Any])?["rules"] as? [[String: Any]] })
    let findings = try String(contentsOf: Repository.root.appendingPathComponent("docs/findings.md"), encoding: .utf8)
    // GitHub's anchor of a heading: lower case, punctuation but '-' dropped, spaces → '-'.
    let anchors = Set(findings.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { heading in
      String(heading.dropFirst(3).lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == " " }.map { $0 == " " ? "-" : $0 })
    })
    #expect(anchors.count == 21)
    for rule in rules {
      let uri = try #require(rule["helpUri"] as? String)
      #expect(uri.hasPrefix(docs + "#"))
      #expect(anchors.contains(String(uri.dropFirst(docs.count + 1))), "\(uri)")
    }
  }

  @Test func results() throws {
    let run = try Self.run(try Self.log())
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.map { $0["ruleId"] as? String } == ["PA001", "PA006", "PA012", "PA013"])
    #expect(results.map { $0["ruleIndex"] as? Int } == [0, 5, 11, 12])
    #expect(results.map { $0["level"] as? String } == ["error", "warning", "note", "error"])
    #expect(results.map { ($0["message"] as? [String: Any])?["text"] as? String } == CIReportSample.report.findings.map(\.evidence))
    #expect(results.map { ($0["partialFingerprints"] as? [String: String])?["photoaudit/v1"] } == CIReportSample.expectedFingerprints)
    let locations = results.map { result -> [String: Any]? in
      ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    }
    #expect(locations.map { ($0?["artifactLocation"] as? [String: String]) } == [
      ["uri": "upload/a%2Cb%3Ac%25d%0Ae.jpg", "uriBaseId": "%SRCROOT%"], ["uri": "upload/a%2Cb%3Ac%25d%0Ae.jpg", "uriBaseId": "%SRCROOT%"],
      ["uri": "file:///elsewhere/x.jpg"], ["uri": "up%7Cload/%60t%60%3Cimg%20src%3Dx%3E%26.jpg", "uriBaseId": "%SRCROOT%"],
    ])
    #expect(locations.allSatisfy { ($0?["region"] as? [String: Int]) == ["startLine": 1] })
    #expect((run["originalUriBaseIds"] as? [String: [String: String]]) == ["%SRCROOT%": ["uri": "file:///work/repo/"]])
    let invocation = (run["invocations"] as? [[String: Any]])?.first
    #expect(invocation?["exitCode"] as? Int == 1 && invocation?["executionSuccessful"] as? Bool == true)
    let properties = results.map { $0["properties"] as? [String: String] }
    #expect(properties[0] == ["severity": "error", "carrier": "exif", "tag": "GPSLatitude"])
    #expect(properties[3] == ["severity": "error"])
  }
}
