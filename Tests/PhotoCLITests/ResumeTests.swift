import Foundation
import PhotoCLI
import PhotoCore
import Pipeline
import Platform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `audit --resume --output FILE`: a retried task redoes only what is missing, and FILE ends
/// byte-identical to the file of an uninterrupted run — after a cut in the middle of a record,
/// after a cut between records, after SIGKILL of the real executable.
@Suite(.serialized) struct ResumeTests {
  static let defects = ScaleOutTests.defects

  static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    PhotoCLI.runCapturing(["audit"] + arguments + ["--format", "jsonl", "--no-pixels", "--quiet"])
  }

  /// What a killed run leaves: the first `bytes` of the whole stream in the partial file.
  static func leavePartial(_ whole: [UInt8], bytes: Int, for output: String) throws {
    try Data(whole.prefix(bytes)).write(to: URL(fileURLWithPath: StreamFile.partialPath(for: output)))
  }

  @Test(arguments: ["mid-record", "between records", "mid-header", "empty"])
  func resumeCompletesAPartialStream(cut: String) throws {
    let scratch = try ScratchDirectory("resume")
    defer { scratch.remove() }
    let reference = scratch.path + "/reference.jsonl", output = scratch.path + "/out.jsonl"
    let uninterrupted = Self.run([Self.defects, "-o", reference])
    #expect(uninterrupted.status == 1)
    let whole = Array(try Data(contentsOf: URL(fileURLWithPath: reference)))
    let newlines = whole.indices.filter { whole[$0] == UInt8(ascii: "\n") }
    let bytes = switch cut {
    case "mid-record": newlines[10] + 40
    case "between records": newlines[10] + 1
    case "mid-header": 30
    default: 0
    }
    try Self.leavePartial(whole, bytes: bytes, for: output)
    let resumed = PhotoCLI.runCapturing(["audit", Self.defects, "--format", "jsonl", "--no-pixels", "-o", output, "--resume"])
    #expect(resumed.status == 1, "\(resumed.err)")
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output))) == whole, "the resumed file is not the uninterrupted run's")
    #expect(!FileManager.default.fileExists(atPath: StreamFile.partialPath(for: output)), "the partial file was renamed into place")
    if cut == "mid-record" || cut == "between records" { #expect(resumed.err.contains("10 of 32 inputs recorded"), "\(resumed.err)") }
  }

  /// Killed after its end record, before the rename: the partial file is complete.
  @Test func resumeOfACompletePartialFilePutsItInPlace() throws {
    let scratch = try ScratchDirectory("resume-rename")
    defer { scratch.remove() }
    let output = scratch.path + "/out.jsonl"
    let whole = Array(Self.run([Self.defects]).out.utf8)
    try Self.leavePartial(whole, bytes: whole.count, for: output)
    let resumed = Self.run([Self.defects, "-o", output, "--resume"])
    #expect(resumed.status == 1, "\(resumed.err)")
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output))) == whole)
    #expect(!FileManager.default.fileExists(atPath: StreamFile.partialPath(for: output)))
  }

  /// The complete partial file cannot be renamed into place (a folder holds FILE's name): the
  /// stream is not written, exit 4 — an I/O failure, not a usage error (2).
  @Test func resumeThatCannotRenameExitsAsNotWritten() throws {
    let scratch = try ScratchDirectory("resume-blocked")
    defer { scratch.remove() }
    let output = scratch.path + "/out.jsonl"
    let whole = Array(Self.run([Self.defects]).out.utf8)
    try Self.leavePartial(whole, bytes: whole.count, for: output)
    try FileManager.default.createDirectory(atPath: output + "/occupied", withIntermediateDirectories: true)
    let resumed = Self.run([Self.defects, "-o", output, "--resume"])
    #expect(resumed.status == 4, "\(resumed.err)")
    #expect(resumed.err.contains("cannot resume"), "\(resumed.err)")
    #expect(FileManager.default.fileExists(atPath: StreamFile.partialPath(for: output)), "the partial file is kept")
  }

  @Test func resumeOfACompleteFileDoesNothing() throws {
    let scratch = try ScratchDirectory("resume-complete")
    defer { scratch.remove() }
    let output = scratch.path + "/out.jsonl"
    #expect(Self.run([Self.defects, "-o", output]).status == 1)
    let before = try Data(contentsOf: URL(fileURLWithPath: output))
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: output)
    let again = Self.run([Self.defects, "-o", output, "--resume"])
    #expect(again.status == 1, "the recorded findings decide the exit status")
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before)
    let modified = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
    #expect(modified == Date(timeIntervalSince1970: 1_000_000), "the complete file was rewritten")
    #expect(Self.run([Self.defects, "-o", output, "--resume", "--fail-on", "none"]).status == 0)
  }

  /// The shard record's policy digest is the SHA-256 of the canonical policy text (it was the
  /// SHA-256 of that SHA-256, labelled "sha256:"); the expected value is Python's hashlib's.
  @Test func policyDigestIsTheSHA256OfTheCanonicalPolicy() throws {
    var policy = Policy()
    policy.disabled = [.identifyingFields]
    policy.severities = [.iccDropped: .error]
    // hashlib.sha256(b'{"disable":["PA007"],"severity":{"PA011":"error"}}').hexdigest()
    #expect(ReportStream.policyDigest(policy) == "sha256:40977183b74f1bdf9445bfa86c13b8da5429a27609278d9acbf5f27e42e2ee6a")
  }

  @Test func resumeRefusesAnotherRunsStream() throws {
    let scratch = try ScratchDirectory("resume-other")
    defer { scratch.remove() }
    let output = scratch.path + "/out.jsonl"
    let whole = Array(Self.run([Self.defects, "--shard", "1/2"]).out.utf8)
    try Self.leavePartial(whole, bytes: whole.count / 2, for: output)
    let otherShard = Self.run([Self.defects, "--shard", "2/2", "-o", output, "--resume"])
    #expect(otherShard.status == 2 && otherShard.err.contains("another command line"), "\(otherShard.err)")
    let otherChecks = PhotoCLI.runCapturing(["audit", Self.defects, "--shard", "1/2", "--format", "jsonl", "-o", output, "--resume"])
    #expect(otherChecks.status == 2 && otherChecks.err.contains("checks.pixels"), "\(otherChecks.err)")
    // A stream written with --reveal holds values: a resume without --reveal would mix
    // redacted records into it (and one with --reveal into a redacted stream), so both refuse.
    let revealed = Array(Self.run([Self.defects, "--shard", "1/2", "--reveal"]).out.utf8)
    #expect(String(decoding: revealed.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self).contains("\"reveal\":true"))
    try Self.leavePartial(revealed, bytes: revealed.count / 2, for: output)
    let redactedResume = Self.run([Self.defects, "--shard", "1/2", "-o", output, "--resume"])
    #expect(redactedResume.status == 2 && redactedResume.err.contains("reveal (true, false)"), "\(redactedResume.err)")
    try Self.leavePartial(whole, bytes: whole.count / 2, for: output)
    let revealingResume = Self.run([Self.defects, "--shard", "1/2", "-o", output, "--resume", "--reveal"])
    #expect(revealingResume.status == 2 && revealingResume.err.contains("reveal (false, true)"), "\(revealingResume.err)")
    // The same for --fingerprints: records with and without fingerprints do not mix.
    let printed = Array(Self.run([Self.defects, "--shard", "1/2", "--fingerprints"]).out.utf8)
    #expect(String(decoding: printed.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self).contains("\"fingerprints\":true"))
    try Self.leavePartial(printed, bytes: printed.count / 2, for: output)
    let plainResume = Self.run([Self.defects, "--shard", "1/2", "-o", output, "--resume"])
    #expect(plainResume.status == 2 && plainResume.err.contains("fingerprints (true, false)"), "\(plainResume.err)")
    try Self.leavePartial(whole, bytes: whole.count / 2, for: output)
    // The inputs changed: the recorded prefix is not this run's.
    let fewer = try ScratchDirectory("resume-fewer")
    defer { fewer.remove() }
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.defects).sorted()
    for name in names.dropFirst(2) { try FileManager.default.copyItem(atPath: Self.defects + "/" + name, toPath: fewer.path + "/" + name) }
    let moved = Self.run([fewer.path, "--shard", "1/2", "-o", output, "--resume"])
    #expect(moved.status == 2 && moved.err.contains("the inputs changed"), "\(moved.err)")
    #expect(Self.run([Self.defects, "--resume"]).status == 2, "--resume without --output")
    #expect(PhotoCLI.runCapturing(["audit", Self.defects, "--resume", "-o", output]).status == 2, "--resume of a table")
  }

  /// The real executable, killed with SIGKILL while it writes its stream, then run again with
  /// --resume: the file is the uninterrupted run's, byte for byte.
  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage), .timeLimit(.minutes(5)))
  func resumeAfterSIGKILLIsByteIdentical() throws {
    let scratch = try ScratchDirectory("resume-kill")
    defer { scratch.remove() }
    // Many small files (hard links of the fixtures), so the run lasts long enough to be killed
    // in the middle.
    let tree = try scratch.sub("tree"), logs = try scratch.sub("logs")
    let sources = try FileManager.default.contentsOfDirectory(atPath: Self.defects).filter { !$0.hasSuffix(".json") }.sorted()
    for i in 0..<3000 {
      let folder = tree + "/d\(i / 100)"
      if i % 100 == 0 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
      let source = sources[i % sources.count]
      try FileManager.default.linkItem(atPath: Self.defects + "/" + source, toPath: folder + "/\(i)-" + source)
    }
    let reference = scratch.path + "/reference.jsonl", output = scratch.path + "/out.jsonl"
    let arguments = ["audit", tree, "--no-pixels", "--format", "jsonl", "--quiet"]
    let uninterrupted = try PhotoauditProcess.run(arguments + ["-o", reference, "-j", "2"], logDirectory: logs)
    #expect(uninterrupted.exitStatus == 1, "\(uninterrupted.stderr)")
    let whole = try Data(contentsOf: URL(fileURLWithPath: reference))

    let partial = StreamFile.partialPath(for: output)
    let child = try PhotoauditProcess.start(arguments + ["-o", output, "-j", "1"], logDirectory: logs)
    let clock = ContinuousClock(), deadline = clock.now + .seconds(120)
    var killed = false
    while clock.now < deadline, child.isRunning {
      let size = (try? FileManager.default.attributesOfItem(atPath: partial)[.size] as? Int) ?? 0
      if size > whole.count / 4 {
        child.kill()
        killed = true
        break
      }
      usleep(2_000)
    }
    let ended = child.wait()
    try #require(killed && ended.signal == SIGKILL, "the run ended before a quarter of its stream was written: \(ended.stderr.prefix(300))")
    #expect(!FileManager.default.fileExists(atPath: output), "a killed run left a file under the final name")
    let left = try Data(contentsOf: URL(fileURLWithPath: partial))
    #expect(left.count < whole.count && whole.starts(with: left), "the partial file is a prefix of the whole stream")

    let resumed = try PhotoauditProcess.run(arguments + ["-o", output, "--resume", "-j", "2"], logDirectory: logs)
    #expect(resumed.exitStatus == 1, "\(resumed.stderr)")
    #expect(resumed.stderr.contains("recorded"), "\(resumed.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == whole, "the resumed file differs from the uninterrupted run's")
    #expect(!FileManager.default.fileExists(atPath: partial))
  }
}
