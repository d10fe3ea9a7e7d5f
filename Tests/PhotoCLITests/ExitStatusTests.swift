import Foundation
@testable import PhotoCLI
import PhotoCore
import TestSupport
import Testing

/// The SPEC's exit-status table, decided by one function (`ExitStatus.init(_ outcome:)`): the
/// function case by case, then one real command line per status, in every command it applies to.
@Suite struct ExitStatusTests {
  static let fixtures = Repository.root.appendingPathComponent("Fixtures").path

  @Test(arguments: [
    (Outcome(), PhotoauditExitStatus.ok),
    (Outcome(worstFinding: .warning), .ok),
    (Outcome(worstFinding: .warning, failOn: .warning), .findings),
    (Outcome(worstFinding: .info, failOn: .warning), .ok),
    (Outcome(worstFinding: .error), .findings),
    (Outcome(usageError: true, worstFinding: .error), .usage),
    (Outcome(missingInputs: ["x.jpg"]), .usage),
    (Outcome(unreadableInputs: ["x.jpg"], worstFinding: .error), .unreadable),
    (Outcome(unreadableInputs: ["x.jpg"], unwritten: ["out/"], worstFinding: .error), .cannotWrite),
    (Outcome(missingInputs: ["x.jpg"], unwritten: ["out/"]), .usage),
    (Outcome(usageError: true, signal: SIGINT), .interrupted),
    (Outcome(unwritten: ["out/"], signal: SIGTERM), .terminated),
  ])
  func theOneDecision(outcome: Outcome, status: PhotoauditExitStatus) {
    #expect(PhotoauditExitStatus(outcome) == status)
  }

  @Test func statusesAreTheSpecsNumbers() {
    #expect(PhotoauditExitStatus.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 130, 143])
  }

  static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    PhotoCLI.runCapturing(arguments)
  }

  @Test func zeroWhenNothingIsAtOrAboveFailOn() {
    #expect(Self.run(["verify", Self.fixtures + "/defects/correct-6.jpg"]).status == 0)
    // PA012 is info: under --fail-on error it passes, under info it fails.
    #expect(Self.run(["verify", Self.fixtures + "/defects/claim-understated.jpg"]).status == 0)
    #expect(Self.run(["verify", Self.fixtures + "/defects/claim-understated.jpg", "--fail-on", "info"]).status == 1)
    #expect(Self.run(["inspect", Self.fixtures + "/jpeg/orient-6.jpg"]).status == 0)
  }

  @Test func oneForFindings() {
    #expect(Self.run(["verify", Self.fixtures + "/defects/dropped-6.jpg"]).status == 1)
    #expect(Self.run(["diff", Self.fixtures + "/jpeg/orient-6.jpg", Self.fixtures + "/defects/dropped-6.jpg"]).status == 1)
    #expect(Self.run(["audit", Self.fixtures + "/defects", "--no-pixels", "--quiet"]).status == 1)
  }

  @Test func twoForUsage() {
    #expect(Self.run(["verify", "--bogus"]).status == 2)
    #expect(Self.run(["verify", Self.fixtures + "/defects/does-not-exist.jpg"]).status == 2)
    #expect(Self.run(["audit", Self.fixtures + "/no-such-folder"]).status == 2)
    #expect(Self.run(["sanitize", Self.fixtures + "/no-such.jpg", "--out", "/tmp/photoaudit-never"]).status == 2)
    #expect(!FileManager.default.fileExists(atPath: "/tmp/photoaudit-never"), "a usage error writes nothing")
  }

  /// An input that exists but cannot be read at all: 3 in every single-file command alike.
  @Test func threeForAnUnreadableInput() throws {
    let scratch = try ScratchDirectory("exit-three")
    defer { scratch.remove() }
    let notAnImage = scratch.path + "/notes.jpg"
    try Data("hello".utf8).write(to: URL(fileURLWithPath: notAnImage))
    #expect(Self.run(["inspect", notAnImage]).status == 3)
    #expect(Self.run(["verify", notAnImage]).status == 3)
    #expect(Self.run(["diff", Self.fixtures + "/jpeg/orient-6.jpg", notAnImage]).status == 3)
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: scratch.path + "/shard.jsonl"))
    let shard = scratch.path + "/shard.jsonl"
    chmod(shard, 0)
    if getuid() != 0 { #expect(Self.run(["merge", shard]).status == 3) }
    // In a batch it is a PA013 finding: 1.
    let audit = PhotoCLI.runCapturing(["audit", "--files-from", "-", "--quiet", "--format", "csv"], stdin: Array(notAnImage.utf8))
    #expect(audit.status == 1)
    #expect(audit.out.contains(",PA013,unreadable,error,"))
  }

  /// An output or report that cannot be written: 4, with a sentence naming it.
  @Test func fourForWhatCannotBeWritten() throws {
    let scratch = try ScratchDirectory("exit-four")
    defer { scratch.remove() }
    let blocker = scratch.path + "/file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
    let verify = Self.run(["verify", Self.fixtures + "/defects/correct-6.jpg", "-o", blocker + "/report.json"])
    #expect(verify.status == 4)
    #expect(verify.err == "photoaudit verify: cannot write \(blocker)/report.json: a part of the path is a file, not a folder\n")
    let audit = Self.run(["audit", Self.fixtures + "/defects", "--no-pixels", "--quiet", "--report-dir", blocker + "/reports", "--format", "json"])
    #expect(audit.status == 4)
    #expect(audit.err.contains("photoaudit audit: cannot create folder \(blocker): a file with that name exists"), "\(audit.err)")
    #expect(audit.out.contains("\"schema\": \"photoaudit/report/v1\""), "the report still goes to stdout")
    let sanitize = Self.run(["sanitize", Self.fixtures + "/jpeg/orient-6.jpg", "--out", blocker, "--quiet"])
    #expect(sanitize.status == 4)
    #expect(sanitize.err == "photoaudit sanitize: cannot create folder \(blocker): a file with that name exists\n")
    // No raw Foundation error text anywhere.
    for text in [verify.err, audit.err, sanitize.err] { #expect(!text.contains("NSCocoaErrorDomain") && !text.contains("Error Domain")) }
  }

  /// A read-only output folder: the sentence says why, and nothing is half-written.
  @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
  func fourForAReadOnlyFolder() throws {
    let scratch = try ScratchDirectory("exit-four-ro")
    defer {
      chmod(scratch.path + "/out", 0o755)
      scratch.remove()
    }
    let out = try scratch.sub("out")
    chmod(out, 0o555)
    let r = Self.run(["sanitize", Self.fixtures + "/jpeg/orient-6.jpg", "--out", out, "--quiet"])
    #expect(r.status == 4)
    #expect(r.err.contains("cannot write \(out)/orient-6.jpg: permission denied"), "\(r.err)")
  }
}
