import Foundation
import PhotoCore
import Platform
import Testing

/// `FolderLock`'s two modes (the lock a sanitize run takes on `--out`): shared holders (the
/// shards of a sharded run) hold the folder together; an exclusive holder (an unsharded run)
/// waits for them, and they for it. Each lock opens the folder anew, and `flock` locks belong
/// to the open file, so two locks in this process contend as two processes' would. No timing:
/// a lock that would wait says so (`waiting`) before it blocks, and the test releases the
/// holder only after that.
@Suite struct FolderLockTests {
  static func folder(_ label: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-lock-\(label)-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// The second shared lock is taken on a thread of its own, and the test waits for its first
  /// event: it waited (the callback runs before a lock blocks), or it holds the folder. Events,
  /// not a time limit: under a loaded machine the test takes longer, never fails for it.
  @Test func sharedHoldersDoNotWaitForEachOther() throws {
    final class Second: @unchecked Sendable {
      var waited = false
      var lock: FolderLock?
    }
    let folder = try Self.folder("shared")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var firstWaited = false
    let first = try FolderLock(folder, mode: .shared) { firstWaited = true }
    let second = Second(), event = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let lock = try? FolderLock(folder, mode: .shared) {
        second.waited = true
        event.signal()
      }
      second.lock = lock
      event.signal()
    }
    event.wait()
    #expect(!firstWaited)
    #expect(!second.waited, "a second shared holder waited for the first")
    first.release()
    if second.waited { event.wait() }  // it gets the folder once the first lets go
    #expect(second.lock != nil)
    second.lock?.release()
  }

  @Test(arguments: [(FolderLock.Mode.shared, FolderLock.Mode.exclusive), (.exclusive, .shared), (.exclusive, .exclusive)])
  func exclusiveAndSharedTakeTurns(held: FolderLock.Mode, wanted: FolderLock.Mode) throws {
    let folder = try Self.folder("turns")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let holder = try FolderLock(folder, mode: held)
    let waiting = DispatchSemaphore(value: 0), acquired = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let lock = try? FolderLock(folder, mode: wanted) { waiting.signal() }
      acquired.signal()
      lock?.release()
    }
    // The second lock says it waits, and does not get the folder until the holder lets go.
    #expect(waiting.wait(timeout: .now() + 60) == .success, "a \(wanted) lock did not wait for a \(held) holder")
    #expect(acquired.wait(timeout: .now()) == .timedOut, "the lock was taken while the holder held it")
    holder.release()
    #expect(acquired.wait(timeout: .now() + 60) == .success, "the lock was never taken after the release")
  }
}
