import Foundation
import PhotoCore
import Platform
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// SIGKILL in the middle of a `strip` batch (the built executable, as a child process), after a
/// counted number of files were replaced — never after a number of seconds. Every file must then
/// be whole: byte for byte its original or byte for byte what strip makes of it, never a mix or a
/// cut (the only write to a name is one rename, `InPlaceFile.replace`); only `.photoaudit-tmp-*`
/// files may be left beside them. A rerun strips the rest, removes those temporaries, and leaves
/// every file as a run that was never killed would.
@Suite(.serialized) struct StripKillTests {
  static let copies = 300

  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage), .timeLimit(.minutes(10)),
        arguments: [1, 12, 60])
  func killedStripLeavesWholeFilesAndARerunFinishes(killAfterReplaced: Int) throws {
    let scratch = try ScratchDirectory("strip-kill")
    defer { scratch.remove() }
    let folder = try scratch.sub("photos"), logs = try scratch.sub("logs"), reference = try scratch.sub("reference")
    let fixture = Repository.fixtures.path + "/strip/jpeg-all.jpg"
    let original = try Array(Data(contentsOf: URL(fileURLWithPath: fixture)))
    // What strip makes of it, from a run that is not killed.
    let one = reference + "/one.jpg"
    try Data(original).write(to: URL(fileURLWithPath: one))
    let made = try PhotoauditProcess.run(["strip", "--quiet", one], logDirectory: logs)
    try #require(made.exitStatus == 1, "reference strip: \(made.stderr)")
    let stripped = try Array(Data(contentsOf: URL(fileURLWithPath: one)))
    try #require(stripped.count != original.count)
    let files = (0..<Self.copies).map { folder + String(format: "/IMG_%04d.jpg", $0) }
    for file in files { try Data(original).write(to: URL(fileURLWithPath: file)) }

    let child = try PhotoauditProcess.start(["strip", "--quiet", "-j", "1"] + files, logDirectory: logs)
    var replaced = 0
    var killed = false
    while child.isRunning {
      // A replaced file has the stripped size (the rename is atomic: no other size appears).
      replaced = files.reduce(0) { count, file in
        var info = stat()
        return count + (stat(file, &info) == 0 && Int(info.st_size) == stripped.count ? 1 : 0)
      }
      if replaced >= killAfterReplaced {
        child.kill()
        killed = true
        break
      }
    }
    let ended = child.wait()
    try #require(killed, "the batch ended (exit \(ended.exitStatus.map(String.init) ?? "?")) before \(killAfterReplaced) files were replaced")
    #expect(ended.signal == SIGKILL)

    // Every name holds a whole file: the original or the stripped one.
    var kept = 0, done = 0
    for file in files {
      let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
      if bytes == original { kept += 1 } else if bytes == stripped { done += 1 } else { Issue.record("\(file) is neither whole file (\(bytes.count) bytes)") }
    }
    #expect(kept + done == files.count)
    #expect(done >= killAfterReplaced && kept > 0, "the kill did not land mid-batch: \(done) stripped, \(kept) not")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    let temporaries = names.filter { $0.hasPrefix(AtomicFile.temporaryPrefix) }
    #expect(names.count == files.count + temporaries.count, "unexpected names: \(names.filter { !$0.hasPrefix("IMG_") })")

    // A rerun finishes the batch and removes the killed run's temporaries.
    let rerun = try PhotoauditProcess.run(["strip", "--quiet", "-j", "2"] + files, logDirectory: logs)
    #expect(rerun.exitStatus == 1, "rerun: \(rerun.stderr.prefix(400))")
    for file in files { #expect(try Array(Data(contentsOf: URL(fileURLWithPath: file))) == stripped) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == files.count,
            "\(temporaries.count) temporaries after the kill; some are left after the rerun")
    let last = try PhotoauditProcess.run(["strip", "--quiet"] + files, logDirectory: logs)
    #expect(last.exitStatus == 0)
  }
}
