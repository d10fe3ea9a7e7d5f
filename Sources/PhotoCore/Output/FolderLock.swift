import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on an output folder (`flock(2)` on the folder itself, so no lock file is
/// left behind): two runs writing into one `--out` take turns, and neither can tear the other's
/// image/descriptor pairs. The lock ends with the process (or `release()`), however it ends.
public final class FolderLock: @unchecked Sendable {
  // @unchecked: `descriptor` is set once in init and closed once in release/deinit.
  private var descriptor: Int32

  /// Locks `folder`, waiting for another holder to finish; `waiting` is called once before the
  /// wait when the folder is busy (to say so). Throws when the folder cannot be opened or locked.
  public init(_ folder: String, waiting: () -> Void = {}) throws(SystemError) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(.write, path: folder, code: errno) }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else {
        let code = errno
        close(fd)
        throw SystemError(.write, path: folder, code: code)
      }
      waiting()
      while flock(fd, LOCK_EX) != 0 {
        guard errno == EINTR else {
          let code = errno
          close(fd)
          throw SystemError(.write, path: folder, code: code)
        }
      }
    }
    descriptor = fd
  }

  /// Releases the lock.
  public func release() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }
}
