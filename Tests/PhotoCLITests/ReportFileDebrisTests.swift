import Foundation
import PhotoCLI
import PhotoCore
import Platform
import TestSupport
import Testing

/// Writing `-o FILE` removes what killed earlier writes of FILE left beside it, and nothing
/// else: the folder of a report may be shared by the shards of a run on other machines (a
/// Kubernetes volume), where another pod's photoaudit has a pid that looks dead here (every
/// pod's is often 1), so its half-written report must not be taken for debris.
@Suite struct ReportFileDebrisTests {
  /// A pid no process can have (above any `pid_max`): `kill(pid, 0)` says ESRCH.
  static let goneMaker = Int32.max - 1

  /// `inspect`'s report (written as text) and `verify`'s JSON report (written from bytes) alike.
  @Test(arguments: [("inspect", "report.json"), ("verify", "audit.json")])
  func aReportSweepsOnlyTheDebrisOfItsOwnName(command: String, report: String) throws {
    let scratch = try ScratchDirectory("report-debris-\(command)")
    defer { scratch.remove() }
    let folder = try scratch.sub("reports")
    let mine = TemporaryFiles.prefix + "\(Self.goneMaker)-\(report).AAAAAA"
    let theirs = TemporaryFiles.prefix + "\(Self.goneMaker)-shard-2.json.BBBBBB"
    for name in [mine, theirs] { try Data("half".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
    let photo = Repository.root.appendingPathComponent("Fixtures/jpeg/clean.jpg").path
    let run = PhotoCLI.runCapturing([command, photo, "--format", "json", "-o", folder + "/" + report])
    #expect(run.status == 0, "\(run.err)")
    #expect(FileManager.default.fileExists(atPath: folder + "/" + report))
    #expect(!FileManager.default.fileExists(atPath: folder + "/" + mine), "the debris of \(report) was left")
    #expect(FileManager.default.fileExists(atPath: folder + "/" + theirs), "another report's temporary was removed")
  }
}
