import Foundation
@testable import PhotoCore
@testable import Platform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Both sweeps on a folder shared with other machines (NFS, SMB, a ReadWriteMany volume), where
/// the folder lock keeps no one out: another host's temporary is removed only when it is older
/// than `TemporaryFiles.otherHostAge` (its pid, alive or not here, says nothing), this host's by
/// its pid as before, whatever its age.
@Suite struct OtherHostTemporariesTests {
  enum Sweep: CaseIterable, Sendable {
    /// `removeStale(in:recursive:)`: an unsharded `sanitize` on its `--out`.
    case folder
    /// `removeStale(for:)`: a shard, a report file, a report folder.
    case ownOutputs
  }

  /// One temporary in the test folder: its name, how long ago it was last modified, whether it is
  /// a folder (as a report folder's temporary is), and whether the sweep must remove it.
  struct Temporary {
    var name: String, final: String, age: time_t, isFolder = false, stale: Bool
  }

  static let hour: time_t = 60 * 60

  /// An age that dates a file an hour before this machine booted: before any process now alive
  /// started.
  static let beforeBoot: time_t = time(nil) - time_t(ProcessState.bootTime ?? 0) + hour

  /// A host that is not this one.
  static let otherHost = TemporaryHost.current == "0123456789ab" ? "ba9876543210" : "0123456789ab"

  static func temporaries(in folder: String) -> [Temporary] {
    let dead = FolderReplacementTests.deadPID(), here = TemporaryHost.current, other = Self.otherHost
    func made(_ final: String, pid: Int32, host: String, random: String) -> String {
      String(PathName.lastComponent(TemporaryFiles.temporaryPath(in: folder, for: final, pid: pid, host: host)).dropLast(6)) + random
    }
    let long = String(repeating: "l", count: 240) + ".jpg", longer = String(repeating: "m", count: 250) + ".json"
    return [
      // The run on another machine that a pid check here would take for dead: it is writing.
      Temporary(name: made("fresh.jpg", pid: dead, host: other, random: "AAAAAA"), final: "fresh.jpg", age: 0, stale: false),
      // Another container's pid 1, or whatever pid equals ours here: not a reused pid of ours.
      Temporary(name: made("ours-pid.jpg", pid: getpid(), host: other, random: "BBBBBB"), final: "ours-pid.jpg", age: 0, stale: false),
      Temporary(name: made("hours.jpg", pid: dead, host: other, random: "CCCCCC"), final: "hours.jpg", age: 23 * hour, stale: false),
      Temporary(name: made("old.jpg", pid: dead, host: other, random: "DDDDDD"), final: "old.jpg", age: 25 * hour, stale: true),
      Temporary(name: made("reports", pid: dead, host: other, random: "EEEEEE"), final: "reports", age: 25 * hour, isFolder: true, stale: true),
      Temporary(name: made(long, pid: dead, host: other, random: "FFFFFF"), final: long, age: 25 * hour, stale: true),
      Temporary(name: made(longer, pid: dead, host: other, random: "GGGGGG"), final: longer, age: 0, stale: false),
      // This host's: by pid, however new — and a live pid only when its process started before
      // the temporary was written (else the pid was reused: `ProcessState`).
      Temporary(name: made("dead.jpg", pid: dead, host: here, random: "HHHHHH"), final: "dead.jpg", age: 0, stale: true),
      Temporary(name: made(longer, pid: dead, host: here, random: "IIIIII"), final: longer, age: 0, stale: true),
      Temporary(name: made("live.jpg", pid: getppid(), host: here, random: "JJJJJJ"), final: "live.jpg", age: 0, stale: false),
      Temporary(name: made("reused.jpg", pid: getpid(), host: here, random: "KKKKKK"), final: "reused.jpg", age: 0, stale: true),
      Temporary(name: made("reused-live.jpg", pid: getppid(), host: here, random: "LLLLLL"), final: "reused-live.jpg",
                age: beforeBoot, stale: true),
    ]
  }

  @Test(arguments: Sweep.allCases)
  func anotherHostsTemporaryIsRemovedOnlyWhenOld(sweep: Sweep) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-hosts-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let temporaries = Self.temporaries(in: folder), now = time(nil)
    for temporary in temporaries {
      let path = folder + "/" + temporary.name
      #expect(path.utf8.count - folder.utf8.count - 1 <= TemporaryFiles.nameLimit(folder))
      if temporary.isFolder {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try Data("half".utf8).write(to: URL(fileURLWithPath: path + "/report.json"))
      } else {
        try Data("half".utf8).write(to: URL(fileURLWithPath: path))
      }
      let then = timeval(tv_sec: now - temporary.age, tv_usec: 0)
      #expect(utimes(path, [then, then]) == 0)
    }
    let removed = switch sweep {
    case .folder: TemporaryFiles.removeStale(in: folder, recursive: true)
    case .ownOutputs: TemporaryFiles.removeStale(for: temporaries.map { folder + "/" + $0.final })
    }
    let expected = temporaries.filter(\.stale).map { folder + "/" + $0.name }
    #expect(Set(removed) == Set(expected))
    for temporary in temporaries {
      #expect(FileManager.default.fileExists(atPath: folder + "/" + temporary.name) == !temporary.stale, "\(temporary.final)")
    }
  }

  /// The age limit is the modification time's: a temporary that another host's run is still
  /// writing into is modified as it goes, and one dated in the future (clocks that differ) is not old.
  @Test func anotherHostsTemporaryDatedAheadIsKept() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-ahead-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let name = TemporaryName.head(pid: FolderReplacementTests.deadPID(), host: Self.otherHost) + "x.jpg.AAAAAA"
    let path = folder + "/" + name
    try Data("half".utf8).write(to: URL(fileURLWithPath: path))
    let ahead = timeval(tv_sec: time(nil) + 2 * Self.hour, tv_usec: 0)
    #expect(utimes(path, [ahead, ahead]) == 0)
    #expect(!TemporaryFiles.isStale(name, path: path))
    #expect(TemporaryFiles.isStale(name, path: path, now: time(nil) + 2 * Self.hour + TemporaryFiles.otherHostAge + 1))
  }
}
