import Foundation
import PhotoCLI
import TestSupport
import Testing

/// `--format sarif`, `codequality` and `github` of verify, audit and merge, run in-process:
/// valid SARIF on the fixtures and the corpus, fingerprints that survive a rename, the exit
/// status unchanged, the job summary appended to `$GITHUB_STEP_SUMMARY`. (Renderers' goldens:
/// PhotoCoreTests `GitHubFormatTests`, `CodeQualityReportTests`, `SARIFReportTests`.)
@Suite(.serialized) struct CIFormatsTests {
  static let defects = Repository.fixtures.appendingPathComponent("defects").path

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(300))")
  }

  static func run(_ sarif: String) throws -> [String: Any] {
    try #require((try object(sarif)["runs"] as? [[String: Any]])?.first)
  }

  static func results(_ sarif: String) throws -> [[String: Any]] {
    try #require(try run(sarif)["results"] as? [[String: Any]])
  }

  static func fingerprints(_ sarif: String) throws -> [String] {
    try results(sarif).compactMap { ($0["partialFingerprints"] as? [String: String])?["photoaudit/v1"] }
  }

  /// The formats change what is printed, never the exit status; SARIF's exitCode is the status.
  @Test(arguments: [
    ["verify", defects + "/gps-in-xmp.jpg"], ["verify", defects + "/correct-6.jpg"], ["verify", defects + "/size-lie.json"],
    ["verify", defects + "/gps-in-xmp.jpg", defects + "/missing.jpg"], ["audit", defects, "--no-pixels", "--quiet"],
    ["audit", defects, "--no-pixels", "--quiet", "--fail-on", "none"],
  ])
  func exitStatusUnchanged(arguments: [String]) throws {
    let json = PhotoCLI.runCapturing(arguments + ["--format", "json"])
    for format in ["sarif", "codequality", "github"] {
      #expect(PhotoCLI.runCapturing(arguments + ["--format", format]).status == json.status, "\(format): \(arguments)")
    }
    let sarif = PhotoCLI.runCapturing(arguments + ["--format", "sarif"])
    let invocation = try #require((try Self.run(sarif.out)["invocations"] as? [[String: Any]])?.first)
    #expect(invocation["exitCode"] as? Int == Int(json.status))
    #expect(invocation["executionSuccessful"] as? Bool == [0, 1].contains(json.status))
    // One result per finding of the JSON report, in its order.
    let findings = try #require(try Self.object(json.out)["findings"] as? [[String: Any]])
    #expect(try Self.results(sarif.out).map { $0["ruleId"] as? String } == findings.map { $0["id"] as? String })
    #expect(try Self.results(sarif.out).map { ($0["message"] as? [String: Any])?["text"] as? String } == findings.map { $0["evidence"] as? String })
  }

  /// An output that cannot be read is a result too: PA013 at level error (exit 3: nothing read).
  @Test func unreadableFilesAreResults() throws {
    let r = PhotoCLI.runCapturing(["verify", Self.defects + "/size-lie.json", "--format", "sarif"])
    #expect(r.status == 3)
    let results = try Self.results(r.out)
    #expect(results.map { $0["ruleId"] as? String } == ["PA013"])
    #expect(results.first?["level"] as? String == "error")
    let invocation = (try Self.run(r.out)["invocations"] as? [[String: Any]])?.first
    #expect(invocation?["executionSuccessful"] as? Bool == false && invocation?["exitCode"] as? Int == 3)
  }

  /// The same file under another name and folder keeps every fingerprint (SARIF and Code Quality).
  @Test func renameKeepsFingerprints() throws {
    let scratch = try ScratchDirectory("ci-rename")
    defer { scratch.remove() }
    let first = scratch.path + "/IMG_0001.jpg"
    try FileManager.default.copyItem(atPath: Self.defects + "/gps-in-mpf.jpg", toPath: first)
    let before = PhotoCLI.runCapturing(["verify", first, "--format", "sarif"])
    let quality = PhotoCLI.runCapturing(["verify", first, "--format", "codequality"])
    let moved = try scratch.sub("elsewhere") + "/renamed, 100%: yes.jpg"
    try FileManager.default.moveItem(atPath: first, toPath: moved)
    let after = PhotoCLI.runCapturing(["verify", moved, "--format", "sarif"])
    let qualityAfter = PhotoCLI.runCapturing(["verify", moved, "--format", "codequality"])
    #expect(before.status == 1 && after.status == 1)
    let prints = try Self.fingerprints(before.out)
    #expect(prints.count >= 2 && Set(prints).count == prints.count)
    #expect(try Self.fingerprints(after.out) == prints)
    let uris = try Self.results(after.out).map {
      (((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String)
    }
    #expect(uris.allSatisfy { $0?.hasSuffix("/elsewhere/renamed%2C%20100%25%3A%20yes.jpg") == true })
    let codes = { (text: String) throws -> [String] in
      try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]).compactMap { $0["fingerprint"] as? String }
    }
    #expect(try codes(quality.out) == prints && (try codes(qualityAfter.out)) == prints)
    // Other bytes (one byte appended after the end of the image): other fingerprints.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: moved))
    try handle.seekToEnd()
    try handle.write(contentsOf: [0])
    try handle.close()
    #expect(Set(try Self.fingerprints(PhotoCLI.runCapturing(["verify", moved, "--format", "sarif"]).out)).isDisjoint(with: prints))
  }

  /// Annotations from a real run: each finding of the JSON report, its path escaped (`,`, `:`,
  /// `%`, a newline in the name), its evidence as the message.
  @Test func annotationsOfAHostileName() throws {
    let scratch = try ScratchDirectory("ci-github")
    defer { scratch.remove() }
    let name = scratch.path + "/a,b:c%d\ne.jpg"
    try FileManager.default.copyItem(atPath: Self.defects + "/gps-in-xmp.jpg", toPath: name)
    let r = PhotoCLI.runCapturing(["verify", name, "--format", "github"])
    let json = PhotoCLI.runCapturing(["verify", name, "--format", "json"])
    #expect(r.status == 1 && json.status == 1)
    let findings = try #require(try Self.object(json.out)["findings"] as? [[String: Any]])
    let escapedPath = scratch.path + "/a%2Cb%3Ac%25d%0Ae.jpg"
    let expected = findings.map { f -> String in
      let evidence = (f["evidence"] as? String ?? "").replacingOccurrences(of: "%", with: "%25")
      return "::error file=\(escapedPath),title=\(f["id"] as? String ?? "") \(f["name"] as? String ?? "")::\(evidence)\n"
    }.joined()
    #expect(!findings.isEmpty && r.out == expected)
  }

  /// With GITHUB_STEP_SUMMARY set the summary is appended (what earlier steps wrote stays); a
  /// summary that cannot be written is exit 4, the annotations are still printed.
  @Test func stepSummaryIsAppended() throws {
    let scratch = try ScratchDirectory("ci-summary")
    defer { scratch.remove() }
    let summary = scratch.path + "/step_summary.md"
    try "earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
    let arguments = ["audit", Self.defects, "--no-pixels", "--quiet", "--format", "github"]
    let r = PhotoCLI.runCapturing(arguments, environment: ["GITHUB_STEP_SUMMARY": summary])
    #expect(r.status == 1)
    #expect(r.out.hasPrefix("::") && r.out.contains("title=PA001 gps-present::"))
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.hasPrefix("earlier step\n## photoaudit audit\n\n32 files, 32 pairs: "))
    #expect(text.contains("| PA001 | gps-present | error | 5 |"))
    #expect(text.contains("files failing at --fail-on error:"))
    _ = PhotoCLI.runCapturing(arguments, environment: ["GITHUB_STEP_SUMMARY": summary])
    #expect(try String(contentsOfFile: summary, encoding: .utf8).components(separatedBy: "## photoaudit audit").count == 3, "appended again")
    // Without the variable, no file is touched; other formats never write it.
    let untouched = scratch.path + "/other.md"
    _ = PhotoCLI.runCapturing(["audit", Self.defects, "--no-pixels", "--quiet", "--format", "sarif"], environment: ["GITHUB_STEP_SUMMARY": untouched])
    #expect(!FileManager.default.fileExists(atPath: untouched))
    // A folder is no file to append to: exit 4, annotations printed, the reason on stderr.
    let failed = PhotoCLI.runCapturing(arguments, environment: ["GITHUB_STEP_SUMMARY": scratch.path])
    #expect(failed.status == 4)
    #expect(failed.out == r.out)
    #expect(failed.err.contains("cannot write \(scratch.path)"))
  }

  /// merge writes SARIF and the GitHub summary from shards, as an unsharded run does.
  @Test func mergeWritesTheCIFormats() throws {
    let scratch = try ScratchDirectory("ci-merge")
    defer { scratch.remove() }
    var shards: [String] = []
    for k in 1...2 {
      let path = scratch.path + "/s\(k).jsonl"
      let shard = PhotoCLI.runCapturing(["audit", Self.defects, "--shard", "\(k)/2", "--format", "jsonl", "--quiet", "--no-pixels"])
      try shard.out.write(toFile: path, atomically: true, encoding: .utf8)
      shards.append(path)
    }
    let merged = PhotoCLI.runCapturing(["merge", "--expect", "2", "--format", "sarif"] + shards)
    let whole = PhotoCLI.runCapturing(["audit", Self.defects, "--format", "sarif", "--quiet", "--no-pixels"])
    #expect(merged.status == 1 && whole.status == 1)
    #expect(try Self.results(merged.out).count == (try Self.results(whole.out).count))
    #expect(Set(try Self.fingerprints(merged.out)) == Set(try Self.fingerprints(whole.out)))
    let summary = scratch.path + "/summary.md"
    let github = PhotoCLI.runCapturing(["merge", "--format", "github"] + shards, environment: ["GITHUB_STEP_SUMMARY": summary])
    #expect(github.status == 1 && github.out.contains("::error file="))
    #expect(try String(contentsOfFile: summary, encoding: .utf8).hasPrefix("## photoaudit audit\n"))
  }

  /// Real-world files: audit, verify and merge SARIF of the shared corpus validate against the
  /// OASIS schema, with a unique fingerprint per result.
  @Test(.enabled(if: Repository.hasSharedCorpus && SchemaValidator.isAvailable, "needs ../shared/corpus and /usr/bin/python3 with jsonschema"))
  func corpusSARIFIsValid() throws {
    let corpus = Repository.sharedCorpus.path
    let schema = SchemaValidator.directory.appendingPathComponent("sarif-schema-2.1.0.json")
    let audit = PhotoCLI.runCapturing(["audit", corpus, "--no-pixels", "--quiet", "--format", "sarif", "--fail-on", "none", "-j", "2"])
    #expect(audit.status == 0)
    #expect(try SchemaValidator.validate(audit.out, schema: schema).isEmpty)
    let prints = try Self.fingerprints(audit.out)
    #expect(prints.count > 500 && Set(prints).count == prints.count)
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus + "/exiftool-t-images").sorted().prefix(40).map { corpus + "/exiftool-t-images/" + $0 }
    let verify = PhotoCLI.runCapturing(["verify", "--no-pixels", "--format", "sarif"] + files)
    #expect(try SchemaValidator.validate(verify.out, schema: schema).isEmpty)
    let scratch = try ScratchDirectory("ci-corpus")
    defer { scratch.remove() }
    let shard = scratch.path + "/corpus.jsonl"
    try PhotoCLI.runCapturing(["audit", corpus, "--no-pixels", "--quiet", "--format", "jsonl", "--fail-on", "none", "-j", "2"]).out
      .write(toFile: shard, atomically: true, encoding: .utf8)
    let merged = PhotoCLI.runCapturing(["merge", "--format", "sarif", "--fail-on", "none", shard])
    #expect(try SchemaValidator.validate(merged.out, schema: schema).isEmpty)
    #expect(Set(try Self.fingerprints(merged.out)) == Set(prints))
  }
}
