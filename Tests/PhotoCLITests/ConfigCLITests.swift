import Bytes
import Foundation
import PhotoCLI
import TestSupport
import Testing

/// `.photoaudit.json`, allow entries and `--baseline` through the commands, in-process
/// (docs/config.md): suppressed findings kept and marked in JSON and SARIF (valid against the
/// schemas), left out and counted elsewhere, never counted for the exit status; usage errors
/// naming the file and the entry; expiry by SOURCE_DATE_EPOCH, not the clock; unused entries
/// over merged shards; baselines of each report format.
@Suite(.serialized) struct ConfigCLITests {
  static let defects = Repository.fixtures.appendingPathComponent("defects").path
  /// 2027-01-01 00:00 UTC.
  static let newYear2027 = ["SOURCE_DATE_EPOCH": "1798761600"]

  /// A folder with `legacy/a.jpg` (PA001 in XMP), `new/b.jpg` (PA001 and PA010 in an MPF image)
  /// and `clean.jpg`, and the config `text` at its top.
  struct Tree {
    let scratch: ScratchDirectory
    var root: String { scratch.path }
    var config: String { root + "/.photoaudit.json" }

    init(_ text: String?) throws {
      scratch = try ScratchDirectory("config")
      let fm = FileManager.default
      try fm.copyItem(atPath: ConfigCLITests.defects + "/gps-in-xmp.jpg", toPath: try scratch.sub("legacy") + "/a.jpg")
      try fm.copyItem(atPath: ConfigCLITests.defects + "/gps-in-mpf.jpg", toPath: try scratch.sub("new") + "/b.jpg")
      try fm.copyItem(atPath: ConfigCLITests.defects + "/correct-6.jpg", toPath: root + "/clean.jpg")
      if let text { try text.write(toFile: config, atomically: true, encoding: .utf8) }
    }

    func run(_ arguments: [String], environment: [String: String] = ConfigCLITests.newYear2027) -> (status: Int32, out: String, err: String) {
      PhotoCLI.runCapturing(arguments, environment: environment)
    }
  }

  static func json(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

  static func findings(_ text: String) throws -> [JSONValue] { try json(text)["findings"]?.arrayValue ?? [] }

  static let allowLegacy = """
    {"allow": [{"path": "legacy/**", "id": "PA001", "reason": "old uploads, fixed upstream", "expires": "2027-06-30"}]}
    """

  /// The allowed finding is in JSON, marked, and does not count: exit 0 where it was 1.
  @Test func allowedFindingsAreKeptAndDoNotCount() throws {
    let tree = try Tree(Self.allowLegacy)
    defer { tree.scratch.remove() }
    let a = tree.root + "/legacy/a.jpg"
    let without = tree.run(["verify", a, "--format", "json", "--quiet", "--no-config"])
    #expect(without.status == 1)
    let r = tree.run(["verify", a, "--format", "json", "--quiet", "--config", tree.config, "--fingerprints"])
    #expect(r.status == 0, "\(r.err)")
    // Without --fingerprints a JSON report does not hash the file again: no fingerprints.
    let plain = tree.run(["verify", a, "--format", "json", "--quiet", "--config", tree.config])
    #expect(try Self.findings(plain.out).allSatisfy { $0["fingerprints"] == nil })
    let findings = try Self.findings(r.out)
    #expect(findings.map { $0["id"]?.stringValue } == ["PA001"])
    #expect(findings.first?["suppression"] == .object([("kind", .string("allow")), ("reason", .string("old uploads, fixed upstream")),
                                                       ("entry", .string("allow[0]")), ("expires", .string("2027-06-30"))]))
    #expect(findings.first?["fingerprints"]?["photoaudit/v1"]?.stringValue?.count == 64)
    let document = try Self.json(r.out)
    #expect(document["config"]?["path"]?.stringValue == tree.config)
    #expect(document["config"]?["allowed"]?.intValue == 1)
    #expect(document["config"]?["sha256"]?.stringValue == SHA256.hex(Array(Self.allowLegacy.utf8)))
    // The table leaves it out and counts it; the file's verdict is ok.
    let table = tree.run(["verify", a, "--config", tree.config, "--quiet"])
    #expect(table.status == 0)
    #expect(table.out.contains("1 finding allowed by \(tree.config)\n"))
    #expect(!table.out.contains("PA001"))
    #expect(table.out.contains("ok   \(a)"))
    // GitHub annotations: no ::error, one notice.
    let github = tree.run(["verify", a, "--config", tree.config, "--quiet", "--format", "github"])
    #expect(github.out == "::notice title=photoaudit::1 finding allowed by \(tree.config.replacingOccurrences(of: "%", with: "%25"))\n")
    // The config is named on stderr without --quiet.
    let told = tree.run(["verify", a, "--config", tree.config, "--format", "json"])
    #expect(told.err == "photoaudit verify: config \(tree.config) (from --config): 1 allow entry\n")
  }

  /// SARIF: the allowed result has `suppressions` with the reason; the log validates against
  /// the OASIS schema, and the JSON report against report-v1.json.
  @Test(.enabled(if: SchemaValidator.isAvailable, "needs /usr/bin/python3 with jsonschema"))
  func suppressedResultsAreValid() throws {
    let tree = try Tree(Self.allowLegacy + "\n")
    defer { tree.scratch.remove() }
    let sarif = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--format", "sarif", "--config", tree.config, "--fail-on", "none"])
    #expect(sarif.status == 0)
    #expect(try SchemaValidator.validate(sarif.out, schema: SchemaValidator.directory.appendingPathComponent("sarif-schema-2.1.0.json")).isEmpty)
    let results = try #require(try Self.json(sarif.out)["runs"]?.arrayValue?.first?["results"]?.arrayValue)
    let suppressed = results.filter { $0["suppressions"] != nil }
    #expect(suppressed.count == 1)
    #expect(suppressed.first?["suppressions"] == .array([.object([("kind", .string("external")), ("status", .string("accepted")),
                                                                  ("justification", .string("old uploads, fixed upstream"))])]))
    let json = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--format", "json", "--config", tree.config, "--fingerprints"])
    #expect(json.status == 1)  // new/b.jpg
    #expect(try SchemaValidator.validate(json.out, schema: SchemaValidator.directory.appendingPathComponent("report-v1.json")).isEmpty)
    let baseline = tree.root + "/base.json"
    try json.out.write(toFile: baseline, atomically: true, encoding: .utf8)
    let against = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--format", "json", "--config", tree.config, "--baseline", baseline])
    #expect(against.status == 0)
    #expect(try SchemaValidator.validate(against.out, schema: SchemaValidator.directory.appendingPathComponent("report-v1.json")).isEmpty)
    let jsonl = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--format", "jsonl", "--config", tree.config, "--baseline", baseline])
    #expect(jsonl.status == 0)
    #expect(try SchemaValidator.validateLines(jsonl.out, schema: SchemaValidator.directory.appendingPathComponent("report-v1-record.json")).isEmpty)
  }

  @Test(arguments: [
    ("{\"allow\": [{\"path\": \"legacy/**\"}]}", "allow[0] has no reason: say why these findings are accepted"),
    ("{\"allow\": [{\"path\": \"legacy/**\", \"reason\": \"x\", \"expires\": \"2027-02-30\"}]}", "allow[0]: expires '2027-02-30' is not a date YYYY-MM-DD"),
    ("{\"allow\": [{\"path\": \"legacy/**\", \"reason\": \"x\"}], \"polciy\": {}}", "unknown key 'polciy' (expected policy, allow)"),
    ("{\n\"allow\": [\n}", "invalid JSON at line 3, column 1: unexpected character"),
  ])
  func invalidConfigIsAUsageError(text: String, problem: String) throws {
    let tree = try Tree(text)
    defer { tree.scratch.remove() }
    for command in [["verify", tree.root + "/clean.jpg"], ["audit", tree.root, "--no-pixels"]] {
      let r = tree.run(command + ["--config", tree.config])
      #expect(r.status == 2)
      #expect(r.err == "photoaudit \(command[0]): cannot use config \(tree.config): \(problem). See 'photoaudit \(command[0]) --help'.\n")
      #expect(r.out.isEmpty)
    }
    // Named by the environment.
    let env = tree.run(["verify", tree.root + "/clean.jpg"], environment: ["PHOTOAUDIT_CONFIG": tree.config])
    #expect(env.status == 2)
    #expect(env.err == "photoaudit verify: cannot use PHOTOAUDIT_CONFIG=\(tree.config): \(problem). See 'photoaudit verify --help'.\n")
  }

  @Test func missingConfigAndConflictingOptions() throws {
    let tree = try Tree(nil)
    defer { tree.scratch.remove() }
    let missing = tree.run(["verify", tree.root + "/clean.jpg", "--config", tree.config])
    #expect(missing.status == 2)
    #expect(missing.err == "photoaudit verify: cannot use config \(tree.config): no such file. See 'photoaudit verify --help'.\n")
    let both = tree.run(["verify", tree.root + "/clean.jpg", "--config", tree.config, "--no-config"])
    #expect(both.status == 2)
    #expect(both.err == "photoaudit verify: give --config FILE or --no-config, not both. See 'photoaudit verify --help'.\n")
    // --no-config overrides PHOTOAUDIT_CONFIG.
    let none = tree.run(["verify", tree.root + "/clean.jpg", "--no-config"], environment: ["PHOTOAUDIT_CONFIG": tree.config])
    #expect(none.status == 0)
  }

  /// Expiry by the injected date: on its last day the entry allows; the next day it does not,
  /// and PA020 says so (a warning: exit 1 at --fail-on warning only by it).
  @Test func expiredEntryStopsAllowing() throws {
    let tree = try Tree(Self.allowLegacy)
    defer { tree.scratch.remove() }
    let a = tree.root + "/legacy/a.jpg"
    let lastDay = ["SOURCE_DATE_EPOCH": "1814399999"]  // 2027-06-30 23:59:59 UTC
    let nextDay = ["SOURCE_DATE_EPOCH": "1814400000"]  // 2027-07-01 00:00:00 UTC
    #expect(tree.run(["verify", a, "--config", tree.config, "--quiet"], environment: lastDay).status == 0)
    let after = tree.run(["verify", a, "--config", tree.config, "--quiet", "--format", "csv"], environment: nextDay)
    #expect(after.status == 1)
    let rows = after.out.split(separator: "\n").map(String.init)
    #expect(rows.contains { $0.hasPrefix("\(a),,PA001,gps-present,error,xmp,") })
    #expect(rows.contains("\(tree.config),,PA020,allow-entry-expired,warning,config,allow[0],\"allow[0] (path \"\"legacy/**\"\", PA001) expired on 2027-06-30: it no longer allows findings\""))
  }

  /// An entry that matched nothing is PA021 (warning); --fail-on warning fails on it.
  @Test func unusedEntryIsAWarning() throws {
    let tree = try Tree("""
      {"allow": [{"path": "legacy/**", "id": "PA001", "reason": "old"}, {"path": "gone/*.jpg", "reason": "removed files"}]}
      """)
    defer { tree.scratch.remove() }
    let a = tree.root + "/legacy/a.jpg"
    let r = tree.run(["verify", a, "--config", tree.config, "--quiet", "--format", "json"])
    #expect(r.status == 0)
    let own = try Self.findings(r.out).filter { $0["file"]?.stringValue == tree.config }
    #expect(own.map { $0["id"]?.stringValue } == ["PA021"])
    #expect(own.first?["evidence"]?.stringValue == "unused allow entry allow[1] (path \"gone/*.jpg\"): it matched no finding")
    #expect(tree.run(["verify", a, "--config", tree.config, "--quiet", "--fail-on", "warning"]).status == 1)
    // In a JSONL stream it is on stderr, and in the exit status.
    let stream = tree.run(["verify", a, "--config", tree.config, "--quiet", "--format", "jsonl", "--fail-on", "warning"])
    #expect(stream.status == 1)
    #expect(stream.err == "photoaudit verify: \(tree.config): PA021 allow-entry-unused: unused allow entry allow[1] (path \"gone/*.jpg\"): it matched no finding\n")
    #expect(!stream.out.contains("PA021"))
  }

  /// By SHA-256 an entry follows the file when it is renamed; by path it does not.
  @Test func sha256FollowsARename() throws {
    let digest = try SHA256.hex(digest: SHA256.digest(of: FileSource(path: Self.defects + "/gps-in-xmp.jpg")))
    let tree = try Tree("{\"allow\": [{\"sha256\": \"\(digest.uppercased())\", \"id\": \"gps-present\", \"carrier\": \"xmp\", \"reason\": \"that photo\"}]}")
    defer { tree.scratch.remove() }
    let moved = try tree.scratch.sub("elsewhere") + "/renamed.jpg"
    try FileManager.default.moveItem(atPath: tree.root + "/legacy/a.jpg", toPath: moved)
    let r = tree.run(["verify", moved, "--config", tree.config, "--quiet", "--format", "json"])
    #expect(r.status == 0)
    #expect(try Self.findings(r.out).first?["suppression"]?["entry"]?.stringValue == "allow[0]")
  }

  /// --policy replaces the config's policy as a whole.
  @Test func policyOptionReplacesTheConfigs() throws {
    let tree = try Tree(#"{"policy": {"disable": ["PA001"]}}"#)
    defer { tree.scratch.remove() }
    let a = tree.root + "/legacy/a.jpg"
    #expect(tree.run(["verify", a, "--config", tree.config, "--quiet"]).status == 0)
    let policy = tree.root + "/policy.json"
    try #"{"severity": {"PA007": "info"}}"#.write(toFile: policy, atomically: true, encoding: .utf8)
    let r = tree.run(["verify", a, "--config", tree.config, "--policy", policy, "--quiet", "--format", "json"])
    #expect(r.status == 1)
    #expect(try Self.findings(r.out).map { $0["id"]?.stringValue } == ["PA001"])
  }

  /// Adopting a gate: a baseline of today's findings (JSON, JSONL or SARIF); then only a new
  /// finding fails, and the report counts matched, new and absent.
  @Test(arguments: ["json", "jsonl", "sarif"])
  func baselineOfEachFormat(format: String) throws {
    let tree = try Tree(nil)
    defer { tree.scratch.remove() }
    // Kept out of the tree for now (audit reads files by content, not by extension).
    let elsewhere = try ScratchDirectory("config-baseline")
    defer { elsewhere.remove() }
    let b = tree.root + "/new/b.jpg", aside = elsewhere.path + "/b.later"
    try FileManager.default.moveItem(atPath: b, toPath: aside)
    let baseline = elsewhere.path + "/baseline." + format
    let first = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--fail-on", "none", "--format", format, "--fingerprints", "-o", baseline])
    #expect(first.status == 0)
    let same = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--baseline", baseline, "--format", "json"])
    #expect(same.status == 0, "\(same.err)")
    #expect(try Self.json(same.out)["baseline"] == .object([("path", .string(baseline)), ("matched", .int(1)), ("new", .int(0)), ("absent", .int(0))]))
    #expect(try Self.findings(same.out).map { $0["baseline"]?.stringValue } == ["unchanged"])
    // A new leaking file, and the old one fixed (removed).
    try FileManager.default.moveItem(atPath: aside, toPath: b)
    try FileManager.default.removeItem(atPath: tree.root + "/legacy/a.jpg")
    let later = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--baseline", baseline, "--format", "json"])
    #expect(later.status == 1)
    let counts = try Self.json(later.out)["baseline"]
    #expect(counts?["matched"]?.intValue == 0 && counts?["absent"]?.intValue == 1)
    #expect(counts?["new"]?.intValue == (try Self.findings(later.out).count))
    let table = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--baseline", baseline])
    #expect(table.out.contains("0 findings unchanged since the baseline \(baseline) ("))
    let sarif = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--baseline", baseline, "--format", "sarif"])
    let states = try #require(try Self.json(sarif.out)["runs"]?.arrayValue?.first?["results"]?.arrayValue).map { $0["baselineState"]?.stringValue }
    #expect(!states.isEmpty && states.allSatisfy { $0 == "new" })
  }

  @Test func unusableBaselineIsAUsageError() throws {
    let tree = try Tree(nil)
    defer { tree.scratch.remove() }
    let old = tree.root + "/old.json"
    try #"{"schema": "photoaudit/report/v1", "findings": [{"id": "PA001", "severity": "error"}]}"#.write(toFile: old, atomically: true, encoding: .utf8)
    let r = tree.run(["verify", tree.root + "/clean.jpg", "--baseline", old])
    #expect(r.status == 2)
    #expect(r.err == "photoaudit verify: cannot use --baseline \(old): it has findings without a photoaudit/v1 fingerprint (a baseline is a report written with --format sarif, or --format json or jsonl with --fingerprints). See 'photoaudit verify --help'.\n")
    // A JSON report written without --fingerprints is refused the same way.
    let plain = tree.root + "/plain.json"
    let leak = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--fail-on", "none", "--format", "json", "-o", plain])
    #expect(leak.status == 0)
    let refused = tree.run(["verify", tree.root + "/clean.jpg", "--baseline", plain])
    #expect(refused.status == 2 && refused.err.contains("--fingerprints"), "\(refused.err)")
    let missing = tree.run(["verify", tree.root + "/clean.jpg", "--baseline", tree.root + "/none.json"])
    #expect(missing.status == 2)
    #expect(missing.err == "photoaudit verify: cannot use --baseline \(tree.root)/none.json: no such file. See 'photoaudit verify --help'.\n")
  }

  /// Shards with a config: a shard does not report unused entries; merge decides over the
  /// merged set (an entry used in one shard only is used), and re-applies the config.
  @Test func mergeDecidesUnusedOverTheShards() throws {
    let tree = try Tree("""
      {"allow": [{"path": "legacy/**", "id": "PA001", "reason": "old"}, {"path": "new/b.jpg", "id": "PA010", "reason": "known MPF"},
                 {"path": "nowhere/**", "reason": "stale"}]}
      """)
    defer { tree.scratch.remove() }
    var shards: [String] = []
    for k in 1...2 {
      let r = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--shard", "\(k)/2", "--config", tree.config, "--fail-on", "none",
                        "--format", "jsonl"])
      #expect(r.status == 0)
      #expect(!r.err.contains("PA021"), "\(r.err)")
      let path = tree.root + "/s\(k).jsonl"
      try r.out.write(toFile: path, atomically: true, encoding: .utf8)
      shards.append(path)
    }
    let merged = tree.run(["merge", "--format", "json", "--config", tree.config] + shards)
    let whole = tree.run(["audit", tree.root, "--no-pixels", "--quiet", "--format", "json", "--config", tree.config])
    #expect(merged.status == whole.status)
    #expect(merged.out == whole.out)
    let own = try Self.findings(merged.out).filter { $0["file"]?.stringValue == tree.config }
    #expect(own.map { $0["tag"]?.stringValue } == ["allow[2]"])
    #expect(try Self.findings(merged.out).filter { $0["suppression"] != nil }.count == 2)
    let stream = tree.run(["merge", "--format", "jsonl", "--config", tree.config] + shards)
    #expect(stream.err.contains("PA021 allow-entry-unused: unused allow entry allow[2] (path \"nowhere/**\")"))
  }

  /// diff: the config's allow entries apply; unused entries are not judged on one pair.
  @Test func diffUsesTheConfig() throws {
    let tree = try Tree("""
      {"allow": [{"path": "legacy/a.jpg", "id": "PA001", "reason": "test"}, {"path": "gone/**", "reason": "x"}]}
      """)
    defer { tree.scratch.remove() }
    let r = tree.run(["diff", tree.root + "/clean.jpg", tree.root + "/legacy/a.jpg", "--no-pixels", "--config", tree.config])
    #expect(!r.out.contains("PA001") && !r.out.contains("PA021"))
    #expect(r.out.hasSuffix("\n1 finding allowed by \(tree.config)\n"))
  }
}
