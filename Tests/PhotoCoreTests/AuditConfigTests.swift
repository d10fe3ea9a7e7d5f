import Bytes
import Foundation
import PhotoCore
import Pipeline
import Platform
import Testing

/// The config model (docs/config.md): path globs, parsing and its errors, allow entries by
/// path, SHA-256, id and carrier, expiry against an injected date, unused entries, and
/// baselines read from each report format. All pure: no clock, no current folder.
@Suite struct AuditConfigTests {
  // MARK: Globs

  @Test(arguments: [
    ("*.jpg", "a.jpg", true), ("*.jpg", "deep/er/a.jpg", true), ("*.jpg", "a.jpeg", false),
    ("legacy/*.jpg", "legacy/a.jpg", true), ("legacy/*.jpg", "legacy/x/a.jpg", false), ("legacy/*.jpg", "x/legacy/a.jpg", false),
    ("legacy/**", "legacy/x/y/a.jpg", true), ("legacy/**", "legacy", true), ("legacy/", "legacy/x/a.jpg", true),
    ("**/scans/*.tif", "scans/a.tif", true), ("**/scans/*.tif", "a/b/scans/a.tif", true), ("a/**/b", "a/b", true),
    ("a/**/b", "a/x/y/b", true), ("a/**/b", "a/x/y/c", false), ("/top.jpg", "top.jpg", true), ("/top.jpg", "x/top.jpg", false),
    ("IMG_????.HEIC", "IMG_0001.HEIC", true), ("IMG_????.HEIC", "IMG_001.HEIC", false), ("?.jpg", "é.jpg", true),
    ("a*b*c", "axxbyyc", true), ("a*b*c", "axxbyy", false), ("*", "x/y", true), ("x/*", "x/y/z", false),
    ("[ab].jpg", "[ab].jpg", true), ("[ab].jpg", "a.jpg", false),
  ])
  func globs(glob: String, path: String, matches: Bool) throws {
    #expect(try PathGlob(glob).matches(path) == matches, "\(glob) ~ \(path)")
  }

  @Test func globProblems() {
    #expect(throws: PathGlob.Problem(reason: "is empty")) { try PathGlob("") }
    #expect(throws: PathGlob.Problem(reason: "has an empty folder name ('//')")) { try PathGlob("a//b") }
    #expect(throws: PathGlob.Problem(reason: "has more than 64 folders")) { try PathGlob(Array(repeating: "a", count: 65).joined(separator: "/")) }
  }

  /// Many stars and double stars stay linear-ish: no exponential backtracking.
  @Test func hostileGlobIsFast() throws {
    let glob = try PathGlob(Array(repeating: "**", count: 60).joined(separator: "/") + "/" + String(repeating: "*a", count: 200) + "b")
    let path = Array(repeating: "x", count: 500).joined(separator: "/") + "/" + String(repeating: "a", count: 2000)
    #expect(!glob.matches(path))
  }

  // MARK: Parsing

  static func parse(_ text: String) throws -> AuditConfig { try AuditConfig.parse(Array(text.utf8)) }

  @Test func parsesPolicyAndEntries() throws {
    let config = try Self.parse("""
      {"$schema": "x", "policy": {"disable": ["PA012"], "severity": {"PA011": "error"}},
       "allow": [{"path": "a/*.jpg", "id": "location-text", "carrier": "xmp", "reason": "ok", "expires": "2028-02-29"},
                 {"sha256": "\(String(repeating: "AB", count: 32))", "reason": " r "}]}
      """)
    #expect(config.policy?.disabled == [.claimUnderstated])
    #expect(config.policy?.severities == [.iccDropped: .error])
    #expect(config.allow.count == 2)
    #expect(config.allow[0] == AllowEntry(index: 0, path: try PathGlob("a/*.jpg"), id: .locationText, carrier: "xmp", reason: "ok",
                                         expires: "2028-02-29"))
    #expect(config.allow[1].sha256 == String(repeating: "ab", count: 32))
    #expect(config.allow[1].name == "allow[1]")
  }

  @Test(arguments: [
    ("{\n  \"allow\": [\n    {\"path\": \"x\",}\n  ]\n}", "invalid JSON at line 3, column 18: expected a member name"),
    ("[]", "must be a JSON object"),
    ("{\"alow\": []}", "unknown key 'alow' (expected policy, allow)"),
    ("{\"allow\": [], \"allow\": []}", "the config has 'allow' twice"),
    ("{\"allow\": {}}", "'allow' must be a list of entries"),
    ("{\"allow\": [{\"path\": \"a\"}]}", "allow[0] has no reason: say why these findings are accepted"),
    ("{\"allow\": [{\"path\": \"a\", \"reason\": \"ok\"}, {\"path\": \"b\", \"reason\": \"  \"}]}", "allow[1] has no reason: say why these findings are accepted"),
    ("{\"allow\": [{\"reason\": \"ok\"}]}", "allow[0] needs a path or a sha256"),
    ("{\"allow\": [{\"path\": \"a\", \"reason\": \"ok\", \"expires\": \"2027-02-29\"}]}", "allow[0]: expires '2027-02-29' is not a date YYYY-MM-DD"),
    ("{\"allow\": [{\"path\": \"a\", \"reason\": \"ok\", \"expires\": \"30/06/2027\"}]}", "allow[0]: expires '30/06/2027' is not a date YYYY-MM-DD"),
    ("{\"allow\": [{\"path\": \"a\", \"reason\": \"ok\", \"id\": \"PA099\"}]}", "allow[0]: unknown finding 'PA099'"),
    ("{\"allow\": [{\"path\": \"a\", \"reason\": \"ok\", \"ids\": \"PA001\"}]}", "allow[0]: unknown key 'ids' (expected path, sha256, id, carrier, reason, expires)"),
    ("{\"allow\": [{\"sha256\": \"abc\", \"reason\": \"ok\"}]}", "allow[0]: sha256 must be 64 hex digits"),
    ("{\"allow\": [{\"path\": 3, \"reason\": \"ok\"}]}", "allow[0]: 'path' must be a string"),
    ("{\"allow\": [\"a\"]}", "allow[0] must be an object"),
    ("{\"policy\": {\"disable\": [\"PA999\"]}}", "policy: unknown finding 'PA999' in 'disable'"),
  ])
  func problems(text: String, reason: String) {
    #expect(throws: AuditConfig.Problem(reason: reason)) { try Self.parse(text) }
  }

  @Test(arguments: [("2024-02-29", true), ("2100-02-29", false), ("2000-02-29", true), ("2027-13-01", false), ("2027-04-31", false),
                    ("2027-00-10", false), ("2027-1-01", false), ("２０２７-01-01", false)])
  func dates(text: String, valid: Bool) {
    #expect(AllowEntry.isDate(text) == valid)
  }

  // MARK: Matching and the gate

  static let digest = String(repeating: "1", count: 64)

  static func gate(_ config: String, today: String = "2027-01-01", baseline: Baseline? = nil) throws -> ReportGate {
    ReportGate(config: ReportGate.Config(path: "/repo/.photoaudit.json", folder: "/repo", sha256: String(repeating: "c", count: 64),
                                         config: try parse(config)),
               baseline: baseline.map { ReportGate.BaselineFile(path: "base.json", baseline: $0) }, today: today, base: "/repo/sub")
  }

  static func report() -> AuditReport {
    AuditReport(command: "audit", files: [
      FileReport(output: "a/x.jpg", findings: [Finding(.gpsPresent, file: "a/x.jpg", carrier: "mpf-image#2/exif", evidence: "gps"),
                                              Finding(.locationText, file: "a/x.jpg", carrier: "xmp", tag: "City", evidence: "city")]),
      FileReport(output: "/elsewhere/y.jpg", findings: [Finding(.gpsPresent, file: "/elsewhere/y.jpg", carrier: "exif", evidence: "gps")]),
    ])
  }

  @Test func allowByPathIdCarrierAndSHA256() throws {
    let gate = try Self.gate("""
      {"allow": [{"path": "sub/a/*.jpg", "id": "PA001", "carrier": "mpf-image", "reason": "mpf ok"},
                 {"path": "**/*.jpg", "id": "PA006", "carrier": "xm", "reason": "a prefix that is not a carrier"},
                 {"sha256": "\(Self.digest)", "reason": "that file", "expires": "2027-01-01"},
                 {"path": "nothing/**", "reason": "stale"}]}
      """)
    var report = Self.report()
    gate.apply(to: &report, contentDigests: ["/elsewhere/y.jpg": Self.digest])
    #expect(report.files[0].findings.map(\.suppression) == [Suppression(reason: "mpf ok", entry: "allow[0]"), nil])
    // Outside the config's folder no path glob matches; its SHA-256 does (still valid on its last day).
    #expect(report.files[1].findings.map(\.suppression) == [Suppression(reason: "that file", entry: "allow[2]", expires: "2027-01-01")])
    #expect(report.files.count == 3)
    #expect(report.files[2].output == "/repo/.photoaudit.json")
    #expect(report.files[2].findings.map(\.evidence) == [
      "unused allow entry allow[1] (path \"**/*.jpg\", PA006, carrier xm): it matched no finding",
      "unused allow entry allow[3] (path \"nothing/**\"): it matched no finding",
    ])
    #expect(report.files[2].findings.map(\.id) == [.allowEntryUnused, .allowEntryUnused])
    #expect(report.files[2].findings.allSatisfy { $0.severity == .warning && $0.carrier == "config" })
    #expect(report.gate == GateSummary(config: .init(path: "/repo/.photoaudit.json", sha256: String(repeating: "c", count: 64)), allowed: 2))
    // Fingerprints for every finding, the config's own included.
    #expect(report.findings.allSatisfy { $0.reportFingerprint?.count == 64 })
    // The file's worst is its finding that gates; the allowed ones do not count.
    #expect(report.files[0].worst == .warning)
    #expect(report.files[1].worst == nil)
    #expect(report.counting.findings.map(\.id) == [.locationText, .allowEntryUnused, .allowEntryUnused])
  }

  /// The day after `expires` the entry stops allowing and is PA020 (not also PA021).
  @Test func expiry() throws {
    let config = #"{"allow": [{"path": "**", "reason": "for now", "expires": "2026-12-31"}]}"#
    var before = Self.report()
    try Self.gate(config, today: "2026-12-31").apply(to: &before, contentDigests: nil)
    #expect(before.findings.filter { $0.suppression != nil }.count == 2)  // /elsewhere is outside the folder
    #expect(before.files.count == 2)
    var after = Self.report()
    try Self.gate(config, today: "2027-01-01").apply(to: &after, contentDigests: nil)
    #expect(after.findings.allSatisfy { $0.suppression == nil })
    #expect(after.files.last?.findings.map(\.id) == [.allowEntryExpired])
    #expect(after.files.last?.findings.first?.evidence == "allow[0] (path \"**\") expired on 2026-12-31: it no longer allows findings")
    #expect(after.findings.allSatisfy { $0.reportFingerprint == nil })  // no digests: no fingerprints
  }

  @Test func relativePaths() {
    #expect(ReportGate.relative("a/x.jpg", base: "/repo/sub", folder: "/repo") == "sub/a/x.jpg")
    #expect(ReportGate.relative("../x.jpg", base: "/repo/sub", folder: "/repo") == "x.jpg")
    #expect(ReportGate.relative("../../x.jpg", base: "/repo/sub", folder: "/repo") == nil)
    #expect(ReportGate.relative("/repo2/x.jpg", base: "/", folder: "/repo") == nil)
    #expect(ReportGate.relative("./a/./b.jpg", base: "/", folder: "/") == "a/b.jpg")
  }

  // MARK: Baselines

  /// A report, its fingerprints, and the same findings read back as a baseline from JSON,
  /// JSONL and SARIF: each gives the same multiset.
  @Test func baselineOfEachFormat() throws {
    var report = Self.report()
    ReportGate(config: nil, baseline: nil, today: "2027-01-01", base: "/").apply(to: &report, contentDigests: [:])
    let prints = report.findings.compactMap(\.reportFingerprint)
    #expect(prints.count == 3 && Set(prints).count == 3)
    let json = ReportJSON.document(report).serialized()
    let header = ReportStream.Header(command: "audit", shard: nil, tool: "photoaudit test", policy: "sha256:0", pixels: false, maxPixels: 1)
    let jsonl = ReportStream.text(report, header: header)
    let run = SARIFReport.Run(toolVersion: "0", base: "/", fingerprints: ReportFingerprints(recordedIn: report)!, exitCode: 1,
                              exitCodeDescription: "findings", executionSuccessful: true)
    let sarif = SARIFReport.render(report, run: run)
    let expected = Baseline(fingerprints: Dictionary(prints.map { ($0, 1) }, uniquingKeysWith: +), findings: 3)
    for text in [json, jsonl, sarif] { #expect(try Baseline.parse(Array(text.utf8)) == expected) }

    // Against it: one finding more (a copy of a finding: its n is 1), one gone.
    var now = Self.report()
    now.files[0].findings.append(Finding(.locationText, file: "a/x.jpg", carrier: "xmp", tag: "City", evidence: "city again"))
    now.files.remove(at: 1)
    let gate = ReportGate(config: nil, baseline: .init(path: "b.json", baseline: expected), today: "2027-01-01", base: "/")
    gate.apply(to: &now, contentDigests: [:])
    #expect(now.findings.map(\.baseline) == [.unchanged, .unchanged, .new])
    #expect(now.gate?.baseline == GateSummary.BaselineUse(path: "b.json", matched: 2, new: 1, absent: 1))
    #expect(now.files[0].worst == .warning)
    #expect(now.gate?.line == "2 findings unchanged since the baseline b.json (1 new, 1 baseline finding gone)")
  }

  @Test(arguments: [
    ("{\"schema\": \"photoaudit/report/v1\", \"findings\": [{\"id\": \"PA001\"}]}",
     Baseline.Problem(reason: "has findings without a photoaudit/v1 fingerprint", kind: .noFingerprints)),
    ("{\"version\": \"2.1.0\", \"runs\": [{\"results\": [{\"ruleId\": \"x\", \"partialFingerprints\": {\"other/v1\": \"1\"}}]}]}",
     Baseline.Problem(reason: "has findings without a photoaudit/v1 fingerprint", kind: .noFingerprints)),
    ("{\"a\": 1}", Baseline.Problem(reason: "is neither a photoaudit JSON report, a JSONL stream nor a SARIF log")),
    ("not json", Baseline.Problem(reason: "is not JSON: invalid JSON at byte 0: unexpected character")),
    ("{\"schema\": \"photoaudit/report/v1\", \"type\": \"file\"}\n{\"x\": 1}\n", Baseline.Problem(reason: "line 2 is not a photoaudit/report/v1 record")),
  ])
  func baselineProblems(text: String, problem: Baseline.Problem) {
    #expect(throws: problem) { try Baseline.parse(Array(text.utf8)) }
  }

  @Test func emptyReportIsAnEmptyBaseline() throws {
    let json = ReportJSON.document(AuditReport(command: "audit", files: [FileReport(output: "a.jpg")])).serialized()
    #expect(try Baseline.parse(Array(json.utf8)) == Baseline(fingerprints: [:], findings: 0))
  }

  // MARK: Discovery

  @Test func discovery() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-config-\(UUID().uuidString.prefix(8))").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let deep = root + "/repo/a/b"
    try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
    // A worktree's .git is a file.
    try Data("gitdir: /elsewhere\n".utf8).write(to: URL(fileURLWithPath: root + "/repo/.git"))
    #expect(ConfigDiscovery.gitTopLevel(from: deep) == root + "/repo")
    #expect(ConfigDiscovery.locate(option: nil, environment: [:], folder: deep) == nil)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/repo/.photoaudit.json"))
    #expect(ConfigDiscovery.locate(option: nil, environment: [:], folder: deep)! == (root + "/repo/.photoaudit.json", .gitTopLevel))
    #expect(ConfigDiscovery.locate(option: nil, environment: [:], folder: root + "/repo")! == (".photoaudit.json", .currentFolder))
    try Data("{}".utf8).write(to: URL(fileURLWithPath: deep + "/.photoaudit.json"))
    #expect(ConfigDiscovery.locate(option: nil, environment: [:], folder: deep)! == (".photoaudit.json", .currentFolder))
    #expect(ConfigDiscovery.locate(option: nil, environment: ["PHOTOAUDIT_CONFIG": "x.json"], folder: deep)! == ("x.json", .environment))
    #expect(ConfigDiscovery.locate(option: "y.json", environment: ["PHOTOAUDIT_CONFIG": "x.json"], folder: deep)! == ("y.json", .option))
  }
}
