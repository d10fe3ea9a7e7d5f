import Bytes
import Foundation
import PhotoCore
import Platform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// SIGKILL in the middle of a `sanitize` batch (the built executable, as a child process): no
/// partial output may be visible under a final name — every `NAME.jpg` there is a complete,
/// decodable JPEG and every `NAME.json` complete JSON; only `.photoaudit-tmp-*` files may be
/// unfinished. A rerun with `--force` then completes the whole batch and removes them.
@Suite(.serialized) struct DataSafetyKillTests {
  /// Outputs to wait for before killing (the kill then lands inside the next file's work).
  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage), .timeLimit(.minutes(20)),
        arguments: [2])
  func killedBatchLeavesOnlyCompleteOutputsAndARerunCompletes(killAfterOutputs: Int) throws {
    let scratch = try ScratchDirectory("kill")
    defer { scratch.remove() }
    let inputs = try scratch.sub("in"), out = scratch.path + "/out", logs = try scratch.sub("logs")
    // Large inputs (the corpus's 1800×1200 JPEGs) make each file take a while; without the
    // corpus, three copies of each small fixture make the batch long enough.
    let large = DataSafetyInputs.largeJPEGs
    let copies = large.isEmpty
      ? try (0..<3).flatMap { try DataSafetyInputs.copy(DataSafetyInputs.fixtureImages(["jpeg"]), into: inputs, prefix: "c\($0)-") }
      : try DataSafetyInputs.copy(large, into: inputs)
    let arguments = ["sanitize", inputs, "--out", out, "-j", "1", "--quiet", "--max-side", "1024"]
    let inputsBefore = TreeDigest.of(inputs)

    let child = try PhotoauditProcess.start(arguments, logDirectory: logs)
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(120)
    var killedAt: Int?
    while clock.now < deadline {
      let finals = Self.finalOutputs(out).filter { $0.hasSuffix(".jpg") }.count
      if finals >= killAfterOutputs {
        usleep(30_000)  // land somewhere inside the next file's work
        child.kill()
        killedAt = finals
        break
      }
      guard child.isRunning else { break }
      usleep(5_000)
    }
    let ended = child.wait()
    try #require(killedAt != nil, "the batch ended (status \(ended.exitStatus.map(String.init) ?? "?")) before \(killAfterOutputs) outputs appeared; stderr: \(ended.stderr.prefix(400))")
    #expect(ended.signal == SIGKILL, "not killed: exit \(ended.exitStatus.map(String.init) ?? "-") \(ended.stderr.prefix(300))")

    let afterKill = try Self.checkOutputs(out)
    #expect(afterKill.complete < copies.count, "the kill came too late to be mid-batch")

    // A rerun with --force completes the batch: every input has its output and descriptor.
    let rerun = try PhotoauditProcess.run(["sanitize", inputs, "--out", out, "-j", "2", "--quiet", "--max-side", "1024", "--force"],
                                          logDirectory: logs)
    #expect([0, 1].contains(rerun.exitStatus ?? -1), "rerun: \(rerun.exitStatus.map(String.init) ?? "signal") \(rerun.stderr.prefix(400))")
    let afterRerun = try Self.checkOutputs(out)
    for input in copies {
      let stem = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
      #expect(FileManager.default.fileExists(atPath: "\(out)/\(stem).jpg"), "\(stem).jpg missing after the rerun")
      #expect(FileManager.default.fileExists(atPath: "\(out)/\(stem).json"), "\(stem).json missing after the rerun")
    }
    #expect(afterRerun.complete == 2 * copies.count)
    // Neither the killed run nor the rerun touched an input.
    #expect(TreeDigest.of(inputs) == inputsBefore)
    // Leftover temporaries of the killed run keep their prefix (the walker and users can tell
    // them apart); the rerun removes them (their maker is gone).
    #expect(afterRerun.temporaries == 0, "\(afterKill.temporaries) temporaries after the kill, \(afterRerun.temporaries) after the rerun")
  }

  /// Names in `out` that are not temporaries.
  static func finalOutputs(_ out: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { !$0.hasPrefix(AtomicFile.temporaryPrefix) }
  }

  /// Checks every file under a final name: `.jpg` a whole decodable JPEG, `.json` a whole
  /// descriptor. Returns the number of complete files and of temporaries.
  static func checkOutputs(_ out: String) throws -> (complete: Int, temporaries: Int) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
    var complete = 0, temporaries = 0
    for name in names.sorted() {
      let path = out + "/" + name
      if name.hasPrefix(AtomicFile.temporaryPrefix) { temporaries += 1; continue }
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      if name.hasSuffix(".jpg") {
        #expect(bytes.starts(with: [0xFF, 0xD8]) && bytes.suffix(2) == [0xFF, 0xD9], "\(name) is not a whole JPEG (\(bytes.count) bytes)")
        let metadata = Inspector.inspect(source: MemorySource(bytes), path: path)
        #expect(metadata.error == nil, "\(name): \(metadata.error ?? "")")
        #expect(throws: Never.self, "\(name) does not decode") {
          _ = try PictureDecoder.decode(bytes, metadata: metadata, view: .stored, maxPixels: 50_000_000)
        }
      } else if name.hasSuffix(".json") {
        let document = try? JSONParser.parse(bytes)
        #expect(document?["gps_removed"] != nil, "\(name) is not a whole descriptor: \(String(decoding: bytes.prefix(80), as: UTF8.self))")
      } else {
        Issue.record("unexpected file \(name) in --out")
      }
      complete += 1
    }
    return (complete, temporaries)
  }
}
