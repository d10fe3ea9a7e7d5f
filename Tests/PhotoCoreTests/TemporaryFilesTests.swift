import Foundation
@testable import PhotoCore
@testable import Platform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Temporary names (issue 13 item 6) and the debris of killed runs (item 5).
@Suite struct TemporaryFilesTests {
  /// A temporary's name fits the folder's limit whatever the final name's length (the old
  /// `.photoaudit-tmp-NAME.XXXXXX` was 23 bytes over for a 232-byte name: the JPEG was
  /// written, its descriptor failed with "File name too long").
  @Test(arguments: [1, 200, 232, 240, 255])
  func temporaryNamesFitTheNameLimit(nameBytes: Int) throws {
    let folder = FileManager.default.temporaryDirectory.path
    let name = String(repeating: "é", count: nameBytes / 2) + (nameBytes % 2 == 1 ? "x" : "")
    let path = TemporaryFiles.temporaryPath(in: folder, for: name)
    let last = PathName.lastComponent(path)
    #expect(last.utf8.count <= TemporaryFiles.nameLimit(folder), "\(last.utf8.count) bytes")
    #expect(last.hasPrefix(TemporaryName.head(pid: getpid(), host: TemporaryHost.current)))
    // Cut on a character boundary: the name is still valid UTF-8 (String(decoding:) would
    // have replaced a broken sequence with U+FFFD).
    #expect(!last.contains("\u{FFFD}"))
    let made = try TemporaryFiles.createFile(in: folder, for: name).get()
    close(made.fd)
    #expect(unlink(made.path) == 0)
    TemporaryFiles.forget(made.path)
  }

  @Test func shortNamesKeepABeginningAndAHash() {
    let long = String(repeating: "a", count: 251)
    let short = ShortName.stem(long, longestSuffix: ".json", limit: 255)
    #expect(short.utf8.count + ".json".utf8.count <= 255)
    #expect(short.hasPrefix(String(repeating: "a", count: 200)))
    #expect(short != ShortName.stem(String(repeating: "a", count: 250) + "b", longestSuffix: ".json", limit: 255), "names that share a beginning still differ")
    #expect(ShortName.stem("IMG_0001", longestSuffix: ".json", limit: 255) == "IMG_0001", "a name that fits is unchanged")
    #expect(ShortName.prefix("aé", bytes: 2) == "a", "never half a character")
  }

  /// Names without a host part (a photoaudit's from before host identities): stale when the
  /// maker is gone, or the name carries no pid (a still older photoaudit's), or it is this
  /// process's pid but not one of its temporaries. Kept: a live process's, and this run's own
  /// (made with this host's identity). Other hosts' names: `OtherHostTemporariesTests`.
  @Test func staleTemporariesAreThoseOfGoneProcesses() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-stale-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dead = FolderReplacementTests.deadPID()
    let names = [
      "sub/" + TemporaryFiles.prefix + "\(dead)-x.jpg.AAAAAA": true,
      TemporaryFiles.prefix + "x.json.BBBBBB": true,
      TemporaryFiles.prefix + "\(getpid())-y.jpg.CCCCCC": true,
      TemporaryFiles.prefix + "\(getppid())-z.jpg.DDDDDD": false,
      "x.jpg": false,
    ]
    for name in names.keys { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
    let ours = try TemporaryFiles.createFile(in: folder, for: "mine.jpg").get()
    close(ours.fd)
    let removed = TemporaryFiles.removeStale(in: folder, recursive: true).map { String($0.dropFirst(folder.count + 1)) }
    #expect(Set(removed) == Set(names.filter(\.value).keys))
    #expect(FileManager.default.fileExists(atPath: ours.path), "a temporary of this run is kept")
    unlink(ours.path)
    TemporaryFiles.forget(ours.path)
  }
}

/// The sweep of a shard (`removeStale(for:)`): only the debris of its own outputs, never a
/// temporary made for another shard's output (on a shared volume that shard may run on another
/// machine, whose pids say nothing here).
@Suite struct OwnTemporariesTests {
  @Test func aShardSweepsOnlyItsOwnOutputsDebris() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-own-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dead = FolderReplacementTests.deadPID()
    let long = String(repeating: "l", count: 240) + ".json"  // its temporary's name is shortened
    let shortened = String(PathName.lastComponent(TemporaryFiles.temporaryPath(in: folder, for: long, pid: dead)).dropLast(6))
    #expect(!shortened.contains(long), "the long name is shortened in its temporary")
    let names = [
      TemporaryFiles.prefix + "\(dead)-mine.jpg.AAAAAA": true,
      "sub/" + TemporaryFiles.prefix + "\(dead)-deep.json.BBBBBB": true,
      shortened + "CCCCCC": true,
      TemporaryFiles.prefix + "\(dead)-theirs.jpg.DDDDDD": false,  // another shard's output
      TemporaryFiles.prefix + "\(dead)-mine.jpgx.EEEEEE": false,   // another name that begins like mine
      TemporaryFiles.prefix + "\(dead)-mine.jp.GGGGGG": false,     // a name mine begins with
      TemporaryFiles.prefix + "\(getppid())-mine.json.FFFFFF": false,  // a live process's
      "mine.jpg": false,
    ]
    for name in names.keys { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
    let finals = [folder + "/mine.jpg", folder + "/mine.json", folder + "/sub/deep.json", folder + "/" + long, folder + "/gone/x.jpg"]
    let removed = TemporaryFiles.removeStale(for: finals).map { String($0.dropFirst(folder.count + 1)) }
    #expect(Set(removed) == Set(names.filter(\.value).keys))
    for (name, _) in names.filter({ !$0.value }) { #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name) was removed") }
  }
}
