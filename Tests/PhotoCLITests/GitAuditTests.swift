import Foundation
import PhotoCLI
import Platform
import Testing

/// Whether /usr/bin/git is there.
enum GitTool {
  static let isAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
}

/// `audit --git [REV-RANGE]` and `audit --staged` (issue 27 item 3) on scratch repositories the
/// `git` command builds here, from Fixtures/ images: every image blob ever committed, each once,
/// a file deleted since included, a renamed copy reported with its paths, a `.txt` with JPEG
/// magic scanned, ranges, the index, shards, the CI formats, and fail-closed on missing blobs.
@Suite(.serialized, .enabled(if: SchemaValidator.isAvailable && GitTool.isAvailable, "needs git and python3 with jsonschema"))
struct GitAuditTests {
  static let jpeg = SchemaTests.fixtures + "/jpeg"

  /// A scratch repository: `git` runs in it with a fixed author and dates.
  struct Repo {
    let scratch: ScratchDirectory
    var path: String { scratch.path }

    init(_ label: String) throws {
      scratch = try ScratchDirectory(label)
      try git("init", "-q", "-b", "main")
    }

    @discardableResult
    func git(_ arguments: String...) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
      process.arguments = ["-C", path, "-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"] + arguments
      var environment = ProcessInfo.processInfo.environment
      environment["GIT_AUTHOR_DATE"] = "2026-01-01T00:00:00Z"
      environment["GIT_COMMITTER_DATE"] = "2026-01-01T00:00:00Z"
      process.environment = environment
      let out = Pipe()
      process.standardOutput = out
      process.standardError = FileHandle.nullDevice
      try process.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { throw ScratchError(message: "git \(arguments) failed") }
      return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func copy(_ fixture: String, to name: String) throws {
      try? FileManager.default.removeItem(atPath: path + "/" + name)
      try FileManager.default.copyItem(atPath: GitAuditTests.jpeg + "/" + fixture, toPath: path + "/" + name)
    }

    func commit(_ message: String) throws -> String {
      try git("add", "-A")
      try git("commit", "-q", "-m", message)
      return try git("rev-parse", "HEAD")
    }
  }

  struct ScratchError: Error { var message: String }

  /// The history: c1 adds a GPS JPEG and a clean one; c2 a renamed copy of the GPS JPEG and a
  /// `.txt` that is a JPEG with GPS, and a text file; c3 deletes the first GPS JPEG; c4 adds an
  /// XMP-only GPS JPEG.
  static func history() throws -> (repo: Repo, commits: [String]) {
    let repo = try Repo("git-history")
    try repo.copy("orient-1.jpg", to: "leak.jpg")
    try repo.copy("clean.jpg", to: "clean.jpg")
    let c1 = try repo.commit("c1")
    try repo.copy("orient-1.jpg", to: "copy.jpg")
    try repo.copy("orient-6.jpg", to: "notes.txt")
    try Data("just text\n".utf8).write(to: URL(fileURLWithPath: repo.path + "/README"))
    let c2 = try repo.commit("c2")
    try repo.git("rm", "-q", "leak.jpg")
    let c3 = try repo.commit("c3")
    try repo.copy("gps-xmp-only.jpg", to: "later.jpg")
    let c4 = try repo.commit("c4")
    return (repo, [c1, c2, c3, c4])
  }

  static func files(_ json: String) throws -> [[String: Any]] {
    let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return document?["files"] as? [[String: Any]] ?? []
  }

  /// "output → finding ids" of a JSON report, sorted.
  static func summary(_ json: String) throws -> [String] {
    try files(json).map { file in
      let ids = Set(((file["findings"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }).sorted()
      return "\(file["output"] as? String ?? "?") \(ids.joined(separator: ","))"
    }.sorted()
  }

  @Test func everyImageBlobEverCommittedOnceWithItsCommitAndPaths() throws {
    let (repo, c) = try Self.history()
    defer { repo.scratch.remove() }
    let r = PhotoCLI.runCapturing(["audit", "--git", "--git-repo", repo.path, "--format", "json"])
    #expect(r.status == 1, "\(r.err)")
    try SchemaTests.expectValid(r.out, "report-v1.json", "audit --git")
    // The deleted leak.jpg is reported (its copy.jpg is the same blob: one entry), the .txt
    // with JPEG magic is scanned, README is not an image, the clean JPEG passes.
    #expect(try Self.summary(r.out) == [
      "\(c[0]):clean.jpg ",
      "\(c[0]):leak.jpg PA001,PA006,PA007",
      "\(c[1]):notes.txt PA001,PA003,PA006,PA007",
      "\(c[3]):later.jpg PA001,PA007",
    ].sorted())
    let leak = try #require(try Self.files(r.out).first { ($0["output"] as? String)?.hasSuffix(":leak.jpg") == true })
    let git = try #require(leak["git"] as? [String: Any])
    #expect(git["commit"] as? String == c[0])
    #expect(git["path"] as? String == "leak.jpg")
    #expect(git["blob"] as? String == (try repo.git("rev-parse", "\(c[0]):leak.jpg")))
    #expect(git["paths"] as? [String] == ["copy.jpg", "leak.jpg"])
    #expect(git["paths_count"] as? Int == 2)
    #expect(git["commits_count"] as? Int == 2)
    let findings = try #require(leak["findings"] as? [[String: Any]])
    #expect(findings.allSatisfy { $0["file"] as? String == "\(c[0]):leak.jpg" })
    // Redacted as every report: no coordinate text.
    #expect(!r.out.contains("31.23") && r.out.contains("‹redacted #"))
    #expect(r.err.contains("4 commits: 5 blobs, 5 read"), "\(r.err)")
    #expect(r.err.contains("4 images scanned, 1 not images"), "\(r.err)")
  }

  @Test func aRangeScansOnlyItsCommits() throws {
    let (repo, c) = try Self.history()
    defer { repo.scratch.remove() }
    // c1 excluded: the GPS blob is first met as copy.jpg in c2; clean.jpg is not in the range.
    let r = PhotoCLI.runCapturing(["audit", "--git", "\(c[0])..HEAD", "--git-repo", repo.path, "--format", "json", "--quiet"])
    #expect(r.status == 1)
    #expect(try Self.summary(r.out) == [
      "\(c[1]):copy.jpg PA001,PA006,PA007",
      "\(c[1]):notes.txt PA001,PA003,PA006,PA007",
      "\(c[3]):later.jpg PA001,PA007",
    ].sorted())
    // Two revisions in one argument, as rev-list takes them.
    let last = PhotoCLI.runCapturing(["audit", "--git", "HEAD ^\(c[2])", "--git-repo", repo.path, "--format", "json", "--quiet"])
    #expect(try Self.summary(last.out) == ["\(c[3]):later.jpg PA001,PA007"])
    // A range with no image: exit 2 unless --allow-empty.
    let none = PhotoCLI.runCapturing(["audit", "--git", "\(c[1])..\(c[2])", "--git-repo", repo.path, "--quiet"])
    #expect(none.status == 2 && none.err.contains("no image blob found"), "\(none.err)")
    let empty = PhotoCLI.runCapturing(["audit", "--git", "\(c[1])..\(c[2])", "--git-repo", repo.path, "--quiet", "--allow-empty"])
    #expect(empty.status == 0)
  }

  @Test func stagedScansWhatTheNextCommitAdds() throws {
    let repo = try Repo("git-staged")
    defer { repo.scratch.remove() }
    try repo.copy("clean.jpg", to: "clean.jpg")
    try repo.copy("orient-1.jpg", to: "old-leak.jpg")
    _ = try repo.commit("c1")
    try repo.copy("orient-6.jpg", to: "staged.jpg")
    try repo.git("add", "staged.jpg")
    try repo.copy("gps-xmp-only.jpg", to: "unstaged.jpg")  // not added
    let r = PhotoCLI.runCapturing(["audit", "--staged", "--git-repo", repo.path, "--format", "json", "--quiet"])
    #expect(r.status == 1)
    try SchemaTests.expectValid(r.out, "report-v1.json", "audit --staged")
    #expect(try Self.summary(r.out) == [":staged.jpg PA001,PA003,PA006,PA007"])
    let git = try #require(try Self.files(r.out).first?["git"] as? [String: Any])
    #expect(git["commit"] is NSNull)
    #expect(git["commits_count"] as? Int == 0)
    // Nothing staged: an empty scan.
    try repo.git("reset", "-q")
    let none = PhotoCLI.runCapturing(["audit", "--staged", "--git-repo", repo.path, "--quiet", "--allow-empty", "--format", "json"])
    #expect(none.status == 0)
    #expect(try Self.summary(none.out) == [])
  }

  @Test func sarifLocatesThePathAndFingerprintsTheContent() throws {
    let (repo, c) = try Self.history()
    defer { repo.scratch.remove() }
    let r = PhotoCLI.runCapturing(["audit", "--git", "--git-repo", repo.path, "--format", "sarif", "--quiet"])
    #expect(r.status == 1)
    try SchemaTests.expectValid(r.out, "sarif-schema-2.1.0.json", "audit --git SARIF")
    let log = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
    let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    let gps = results.filter { $0["ruleId"] as? String == "PA001" }
    let uris = gps.compactMap { result -> String? in
      let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
      return (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
    }
    #expect(uris.sorted() == ["later.jpg", "leak.jpg", "notes.txt"])
    let leakCommit = gps.first { (($0["properties"] as? [String: Any])?["commit"] as? String) == c[0] }
    #expect(leakCommit != nil)
    // The fingerprint is the content's: the same as a folder audit of the same bytes gives.
    let folder = try ScratchDirectory("git-folder")
    defer { folder.remove() }
    try FileManager.default.copyItem(atPath: Self.jpeg + "/orient-1.jpg", toPath: folder.path + "/x.jpg")
    let plain = PhotoCLI.runCapturing(["audit", folder.path, "--no-pixels", "--format", "sarif", "--quiet"])
    func prints(_ text: String, rule: String) throws -> Set<String> {
      let log = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
      return Set(results.filter { $0["ruleId"] as? String == rule }
        .compactMap { ($0["partialFingerprints"] as? [String: String])?["photoaudit/v1"] })
    }
    let folderPrints = try prints(plain.out, rule: "PA001")
    #expect(folderPrints.count == 1)
    #expect(try prints(r.out, rule: "PA001").isSuperset(of: folderPrints))
  }

  @Test func shardsSplitTheBlobsAndJSONLIsValid() throws {
    let (repo, _) = try Self.history()
    defer { repo.scratch.remove() }
    let whole = try Self.summary(PhotoCLI.runCapturing(["audit", "--git", "--git-repo", repo.path, "--format", "json", "--quiet"]).out)
    var parts: [String] = []
    for k in 1...3 {
      let r = PhotoCLI.runCapturing(["audit", "--git", "--git-repo", repo.path, "--shard", "\(k)/3", "--format", "json", "--quiet"])
      parts += try Self.summary(r.out)
    }
    #expect(parts.sorted() == whole)
    let lines = PhotoCLI.runCapturing(["audit", "--git", "--git-repo", repo.path, "--format", "jsonl", "--quiet"])
    try SchemaTests.expectValid(lines.out, "report-v1-record.json", lines: true, "audit --git --format jsonl")
    #expect(lines.out.contains("\"paths\":[\"copy.jpg\",\"leak.jpg\"]"))
  }

  @Test func aBlobMissingFromTheCloneIsIncompleteNeverClean() throws {
    let repo = try Repo("git-missing")
    defer { repo.scratch.remove() }
    try repo.copy("clean.jpg", to: "clean.jpg")
    let c1 = try repo.commit("c1")
    // Remove the blob's object: the trees still name it (a damaged or partial clone).
    let blob = try repo.git("rev-parse", "HEAD:clean.jpg")
    try FileManager.default.removeItem(atPath: repo.path + "/.git/objects/" + blob.prefix(2) + "/" + blob.dropFirst(2))
    let r = PhotoCLI.runCapturing(["audit", "--git", "--git-repo", repo.path, "--format", "json", "--quiet"])
    #expect(r.status == 1, "\(r.err)")
    #expect(try Self.summary(r.out) == ["\(c1):clean.jpg PA015"])
    #expect(r.out.contains("git has no blob \(blob) in this clone"))
  }

  @Test func gitProblemsAreClearErrors() throws {
    let plain = try ScratchDirectory("git-none")
    defer { plain.remove() }
    let notRepo = PhotoCLI.runCapturing(["audit", "--git", "--git-repo", plain.path])
    #expect(notRepo.status == 2 && notRepo.err.contains("not in a git repository"), "\(notRepo.err)")
    let (repo, _) = try Self.history()
    defer { repo.scratch.remove() }
    let bad = PhotoCLI.runCapturing(["audit", "--git", "no-such-branch..HEAD", "--git-repo", repo.path])
    #expect(bad.status == 2 && bad.err.contains("bad revision range"), "\(bad.err)")
    let dash = PhotoCLI.runCapturing(["audit", "--git", "HEAD --all", "--git-repo", repo.path])
    #expect(dash.status == 2 && dash.err.contains("'--all' is not a revision"), "\(dash.err)")
    let both = PhotoCLI.runCapturing(["audit", "--git", "--staged", "--git-repo", repo.path])
    #expect(both.status == 2)
    let folder = PhotoCLI.runCapturing(["audit", "--git", "--originals", repo.path, "--git-repo", repo.path])
    #expect(folder.status == 2 && folder.err.contains("--originals goes with a folder scan"), "\(folder.err)")
  }

  /// The config's policy applies to a history scan; its allow entries do not yet (a blob's
  /// entry is `<commit>:<path>`), which is said, and every finding counts; `--baseline` is refused.
  @Test func theConfigsPolicyAppliesAndItsAllowEntriesAreNotSilentlyIgnored() throws {
    let (repo, _) = try Self.history()
    defer { repo.scratch.remove() }
    let config = repo.path + "/.photoaudit.json"
    try Data(#"{"policy": {"disable": ["PA007"]}, "allow": [{"path": "*.jpg", "id": "PA001", "reason": "test"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: config))
    let r = PhotoCLI.runCapturing(["audit", "--git", "--git-repo", repo.path, "--format", "json", "--config", config])
    #expect(r.status == 1, "\(r.err)")
    let ids = Set(try Self.files(r.out).flatMap { (($0["findings"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String } })
    #expect(!ids.contains("PA007") && ids.contains("PA001"), "\(ids)")
    #expect(r.err.contains("the allow entries of \(config) are not applied to a git history scan yet"), "\(r.err)")
    let baseline = PhotoCLI.runCapturing(["audit", "--git", "--git-repo", repo.path, "--baseline", config])
    #expect(baseline.status == 2 && baseline.err.contains("--baseline goes with a folder scan"), "\(baseline.err)")
  }
}

/// The `git cat-file --batch` reader against streams that break the protocol: a blob cut short
/// and a process that dies make every blob not yet answered `.notRead`, never a clean blob.
@Suite struct GitBlobStreamTests {
  static let a = String(repeating: "a", count: 40), b = String(repeating: "b", count: 40)

  func items(_ script: String, cap: Int = 1 << 20) throws -> [GitBlobStream.Item] {
    let stream = try GitBlobStream(ids: [Self.a, Self.b], cap: cap, command: ["python3", "-c", script])
    var items: [GitBlobStream.Item] = []
    while let item = stream.nextItem() { items.append(item) }
    _ = stream.finish()
    return items
  }

  func kinds(_ items: [GitBlobStream.Item]) -> [String] {
    items.map {
      switch $0 {
      case .blob(let id, let bytes): "blob \(id.prefix(1)) \(bytes.count)"
      case .overCap(let id, let size, let head): "over \(id.prefix(1)) \(size) \(head.count)"
      case .missing(let id): "missing \(id.prefix(1))"
      case .notRead(let id, _): "notRead \(id.prefix(1))"
      }
    }
  }

  @Test func wellFormedAnswers() throws {
    let script = "import sys; sys.stdin.read(); sys.stdout.write('\(Self.a) blob 3\\nabc\\n\(Self.b) missing\\n')"
    #expect(kinds(try items(script)) == ["blob a 3", "missing b"])
  }

  @Test func aBlobCutShortStopsTheStream() throws {
    let script = "import sys; sys.stdout.write('\(Self.a) blob 100\\nabc'); sys.stdout.flush(); sys.exit(1)"
    #expect(kinds(try items(script)) == ["notRead a", "notRead b"])
  }

  @Test func aWrongHeaderOrLostFramingStopsTheStream() throws {
    #expect(kinds(try items("import sys; sys.stdout.write('\(Self.b) blob 3\\nabc\\n')")) == ["notRead a", "notRead b"])
    #expect(kinds(try items("import sys; sys.stdout.write('\(Self.a) blob 3\\nabcX\(Self.b) missing\\n')")) == ["notRead a", "notRead b"])
    #expect(kinds(try items("import sys; sys.stdout.write('\(Self.a) tree 3\\nabc\\n')")) == ["notRead a", "notRead b"])
  }

  @Test func overCapKeepsTheHeadOnly() throws {
    let script = "import sys; sys.stdout.write('\(Self.a) blob 200\\n' + 'x' * 200 + '\\n\(Self.b) blob 1\\ny\\n')"
    #expect(kinds(try items(script, cap: 100)) == ["over a 200 64", "blob b 1"])
  }

  @Test func aProgramThatCannotStartIsAnError() {
    #expect(throws: ChildProcess.StartError.self) { try GitBlobStream(ids: [Self.a], cap: 1, command: ["/nonexistent/git"]) }
  }
}
