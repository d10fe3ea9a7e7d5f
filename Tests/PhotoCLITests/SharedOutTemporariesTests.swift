import Foundation
import PhotoCLI
import PhotoCore
import Platform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// An unsharded `sanitize` on an `--out` shared with another machine (NFS, SMB: the folder lock
/// is each machine's own, so nothing kept the other run out). The other machine's run is writing
/// a temporary whose pid is no process here; this run must leave it alone, and remove only what
/// is older than a day (`TemporaryFiles.otherHostAge`).
@Suite struct SharedOutTemporariesTests {
  /// Another host's identity. This host's is 12 hex digits of a SHA-256 (`TemporaryHost`): the
  /// odds that it is this one are 2⁻⁴⁸.
  static let otherHost = "0123456789ab"

  @Test func anUnshardedRunLeavesAnotherMachinesLiveTemporary() throws {
    let scratch = try ScratchDirectory("shared-out")
    defer { scratch.remove() }
    let inputs = try scratch.sub("in"), out = try scratch.sub("out")
    try DataSafetyInputs.copy([DataSafetyInputs.fixtures + "/jpeg/orient-6.jpg"], into: inputs)
    let head = TemporaryFiles.prefix + "\(ReportFileDebrisTests.goneMaker)-@\(Self.otherHost)-"
    let writing = head + "000-orient-6.jpg.AAAAAA", debris = head + "000-orient-6.json.BBBBBB"
    for name in [writing, debris] { try Data("half".utf8).write(to: URL(fileURLWithPath: out + "/" + name)) }
    let twoDaysAgo = timeval(tv_sec: time(nil) - 2 * TemporaryFiles.otherHostAge, tv_usec: 0)
    #expect(utimes(out + "/" + debris, [twoDaysAgo, twoDaysAgo]) == 0)

    let run = PhotoCLI.runCapturing(["sanitize", inputs, "--out", out, "--quiet"])
    #expect(run.status == 0, "\(run.err)")
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: out))
    #expect(left == ["000-orient-6.jpg", "000-orient-6.json", writing], "\(left)")
  }
}
