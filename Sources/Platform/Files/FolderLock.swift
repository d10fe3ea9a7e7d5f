import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A lock on an output folder (`flock(2)` on the folder itself, so no lock file is left behind):
/// two runs writing into one `--out` take turns, and neither can tear the other's
/// image/descriptor pairs. The lock ends with the process (or `release()`), however it ends.
public final class FolderLock: @unchecked Sendable {
  // @unchecked: `descriptor` is set once in init and closed once in release/deinit.
  private var descriptor: Int32

  /// How the folder is held.
  public enum Mode: Sendable {
    /// One holder at a time (`LOCK_EX`): an unsharded run, which may write any output name and
    /// removes every stale temporary in the folder.
    case exclusive
    /// Held together with other shared holders, never with an exclusive one (`LOCK_SH`): the
    /// shards of one sharded run (`--shard K/N`), which run at the same time into one `--out`.
    ///
    /// Shared is safe for them because
    /// - shards write disjoint outputs: each input (a Live Photo with its video, a refused
    ///   name clash with the input it clashes with) belongs to exactly one shard, planned over
    ///   all the inputs, so no two shards write or refuse the same name;
    /// - every output is written through a temporary named with its maker's pid and host and
    ///   renamed into place (`AtomicFile`), so no reader ever sees half a file, and a shard
    ///   removes only the stale temporaries of its own outputs (`TemporaryFiles.removeStale(for:)`),
    ///   never another shard's; another host's temporary is stale only when a day old, since
    ///   on a volume shared between machines a pid says nothing about another machine's processes;
    /// - two copies of one shard (an engine's retry racing the first attempt) write the same
    ///   bytes under the same names (sanitize is deterministic), so whichever rename lands last
    ///   leaves the same pair.
    ///
    /// An unsharded run holds the folder exclusively, so it and shards take turns.
    case shared
  }

  /// Locks `folder` in `mode`, waiting for a holder that excludes it to finish; `waiting` is
  /// called once before the wait when the folder is busy (to say so). Throws when the folder
  /// cannot be opened or locked.
  public init(_ folder: String, mode: Mode = .exclusive, waiting: () -> Void = {}) throws(SystemError) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(.write, path: folder, code: errno) }
    let operation = mode == .exclusive ? LOCK_EX : LOCK_SH
    if flock(fd, operation | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else {
        let code = errno
        close(fd)
        throw SystemError(.write, path: folder, code: code)
      }
      waiting()
      while flock(fd, operation) != 0 {
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
