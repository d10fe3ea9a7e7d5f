import Foundation
@testable import PhotoCore
@testable import Platform
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--report-dir` is replaced as a whole (issue 13 item 5): whoever looks at the folder — a
/// reader, or the disk after a kill — sees the old set of files or the new one, never a mix.
@Suite struct FolderReplacementTests {
  static func scratch(_ label: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-\(label)-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static let names = ["report.json", "report.md", "junit.xml", "report.html"]

  static func set(_ mark: String) -> [(name: String, bytes: [UInt8])] {
    names.map { ($0, Array("\(mark) \($0)".utf8)) }
  }

  /// A reader that opens the folder once and reads its four files through that descriptor sees
  /// one generation of files (or fewer files of one, when it opened the old folder just before
  /// its removal), while another thread replaces the folder 200 times. (Writing the four files
  /// one by one into the same folder, as before, fails this at once.)
  @Test func aReaderNeverSeesAMix() throws {
    let root = try Self.scratch("swap")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folder = root + "/R"
    try FolderReplacement.replace(folder, with: Self.set("gen0"))
    let done = Atomic(false), mixes = Atomic(0), reads = Atomic(0)
    let reader = Thread {
      while !done.load(ordering: .acquiring) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { continue }
        var marks = Set<String>()
        for name in Self.names {
          let file = openat(fd, name, O_RDONLY)
          // The folder this descriptor holds may be the old one, being removed after the swap.
          guard file >= 0 else { continue }
          var buffer = [UInt8](repeating: 0, count: 64)
          let n = read(file, &buffer, 64)
          close(file)
          marks.insert(String(decoding: buffer[..<max(n, 0)], as: UTF8.self).split(separator: " ").first.map(String.init) ?? "")
        }
        close(fd)
        if marks.count > 1 { mixes.add(1, ordering: .relaxed) }
        reads.add(1, ordering: .relaxed)
      }
    }
    reader.start()
    for generation in 1...200 { try FolderReplacement.replace(folder, with: Self.set("gen\(generation)")) }
    done.store(true, ordering: .releasing)
    usleep(50_000)
    #expect(mixes.load(ordering: .relaxed) == 0, "\(mixes.load(ordering: .relaxed)) of \(reads.load(ordering: .relaxed)) reads mixed two generations")
    #expect(reads.load(ordering: .relaxed) > 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["R"], "nothing left beside the folder")
    #expect(try String(contentsOfFile: folder + "/report.md", encoding: .utf8) == "gen200 report.md")
  }

  /// Plain files that are not reports (a screenshot of the report) are kept; a folder holding a
  /// sub-folder or a link is refused (nothing of it could be kept safely), and so is a file at
  /// the folder's name.
  @Test func otherFilesAreKeptAndSubfoldersRefused() throws {
    let root = try Self.scratch("swap-keep")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folder = root + "/R"
    try FolderReplacement.replace(folder, with: Self.set("old"))
    try Data("png".utf8).write(to: URL(fileURLWithPath: folder + "/report.png"))
    try FolderReplacement.replace(folder, with: Self.set("new"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == (Self.names + ["report.png"]).sorted())
    #expect(try String(contentsOfFile: folder + "/report.png", encoding: .utf8) == "png")
    #expect(try String(contentsOfFile: folder + "/junit.xml", encoding: .utf8) == "new junit.xml")

    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
    #expect(throws: SystemError(.write, path: folder, code: ENOTEMPTY)) { try FolderReplacement.replace(folder, with: Self.set("x")) }
    try FileManager.default.removeItem(atPath: folder + "/sub")
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "/etc/passwd")
    #expect(throws: SystemError(.write, path: folder, code: ENOTEMPTY)) { try FolderReplacement.replace(folder, with: Self.set("x")) }
    #expect(try String(contentsOfFile: folder + "/junit.xml", encoding: .utf8) == "new junit.xml", "a refusal changes nothing")

    try Data("file".utf8).write(to: URL(fileURLWithPath: root + "/F"))
    #expect(throws: SystemError(.write, path: root + "/F", code: EEXIST)) { try FolderReplacement.replace(root + "/F", with: Self.set("x")) }
    let left = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix(TemporaryFiles.prefix) }
    #expect(left.isEmpty, "temporaries left: \(left)")
  }

  /// A temporary folder a killed run left beside the reports (its pid gone) is removed by the
  /// next replacement of the same folder; one of a live process is not touched, nor one made for
  /// another folder beside it (another shard's reports: on a shared volume its maker may run on
  /// another machine, where a pid that looks dead here says nothing).
  @Test func staleTemporaryFoldersBesideAreRemoved() throws {
    let root = try Self.scratch("swap-stale")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let dead = root + "/" + TemporaryFiles.prefix + "\(Self.deadPID())-R.abc123"
    let live = root + "/" + TemporaryFiles.prefix + "\(getppid())-R.def456"
    let other = root + "/" + TemporaryFiles.prefix + "\(Self.deadPID())-S.ghi789"
    for path in [dead, live, other] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/report.json"))
    }
    try FolderReplacement.replace(root + "/R", with: Self.set("new"))
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(FileManager.default.fileExists(atPath: live + "/report.json"))
    #expect(FileManager.default.fileExists(atPath: other + "/report.json"), "another folder's temporary was removed")
  }

  /// A pid no process has: that of a child that has exited and been reaped.
  static func deadPID() -> pid_t {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { argv.forEach { free($0) } }
    posix_spawn(&pid, "/bin/true", nil, nil, argv, nil)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return pid
  }
}
