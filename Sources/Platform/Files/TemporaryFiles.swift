import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The temporary files and folders of this run, so an interrupted run removes them (SPEC "Exit
/// codes": 130/143, temporary files removed) and a later run recognises those a killed run left.
///
/// Names are `.photoaudit-tmp-<pid>-@<host>-<name>.XXXXXX` (`TemporaryName`): on the maker's
/// host (`TemporaryHost`: its kernel boot and pid namespace) the pid tells a later run whether the
/// maker is still alive (its files are in use) or gone (they are debris); on another host, where a
/// pid says nothing, only the temporary's age does. A name never exceeds the folder's name limit
/// (`NAME_MAX`, 255 bytes on Linux file systems): `<name>` is cut short when it would.
public enum TemporaryFiles {
  /// The prefix of every temporary name.
  public static let prefix = ".photoaudit-tmp-"

  private struct Registry {
    package var paths: Set<String> = []
    /// No more temporaries: the run is being stopped.
    package var closed = false
  }

  private static let registry = Mutex(Registry())

  /// Creates a temporary file in `directory` for the final name `name` (`mkstemp`) and records
  /// it. Returns its descriptor (mode 0600, close-on-exec) and path, or the `errno` of the failure.
  /// Once the run is being stopped this blocks until the process exits.
  public static func createFile(in directory: String, for name: String) -> Result<(fd: Int32, path: String), SystemError> {
    create(in: directory, for: name) { template in
      let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard fd >= 0 else { return nil }
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // worker processes must not inherit it
      return fd
    }.map { ($0.handle, $0.path) }
  }

  /// Creates a temporary folder in `directory` for the final name `name` (`mkdtemp`) and records it.
  public static func createFolder(in directory: String, for name: String) -> Result<String, SystemError> {
    create(in: directory, for: name) { template in
      template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) } != nil ? 0 : nil
    }.map(\.path)
  }

  private static func create(in directory: String, for name: String,
                             _ make: (inout [CChar]) -> Int32?) -> Result<(handle: Int32, path: String), SystemError> {
    let path = temporaryPath(in: directory, for: name)
    return registry.withLock { state in
      if state.closed { waitForExit() }
      var template = Array(path.utf8CString)
      guard let handle = make(&template) else { return .failure(SystemError(.write, path: directory + "/" + name, code: errno)) }
      let made = String(cString: template.map { UInt8(bitPattern: $0) })
      state.paths.insert(made)
      return .success((handle, made))
    }
  }

  /// Forgets a temporary that was renamed into place or removed.
  public static func forget(_ path: String) {
    _ = registry.withLock { $0.paths.remove(path) }
  }

  /// Whether `path` is a live temporary of this process.
  package static func isOurs(_ path: String) -> Bool { registry.withLock { $0.paths.contains(path) } }

  /// Removes every temporary of this run and refuses new ones: called once, when the run is
  /// stopped by a signal. Only the calling thread may go on (to exit); others that try to make
  /// a temporary wait.
  public static func removeAllAndClose() {
    let paths = registry.withLock { state -> Set<String> in
      state.closed = true
      return state.paths
    }
    for path in paths { removeTree(path) }
  }

  /// `<directory>/.photoaudit-tmp-<pid>-@<host>-<name>.XXXXXX` (`pid` and `host`: this
  /// process's unless told; no host part when `host` is nil), `<name>` shortened (on a UTF-8
  /// character boundary) so the last component fits the folder's name limit.
  package static func temporaryPath(in directory: String, for name: String, pid: Int32 = getpid(),
                            host: String? = TemporaryHost.current) -> String {
    let head = TemporaryName.head(pid: pid, host: host), tail = TemporaryName.randomPart
    let room = nameLimit(directory) - head.utf8.count - tail.utf8.count
    return directory + "/" + head + String(ShortName.prefix(name, bytes: max(room, 0))) + tail
  }

  /// The longest file name `directory` allows, in bytes (`pathconf(_PC_NAME_MAX)`; 255 when
  /// unknown or the folder does not exist yet).
  public static func nameLimit(_ directory: String) -> Int {
    let limit = pathconf(directory.isEmpty ? "." : directory, Int32(_PC_NAME_MAX))
    return limit > 0 ? min(limit, 4096) : 255
  }

  private static func waitForExit() -> Never {
    while true { pause() }
  }

  /// Removes a file, or a folder of files (not deeper: photoaudit's temporary folders hold only files).
  package static func removeTree(_ path: String) {
    if unlink(path) == 0 || errno == ENOENT { return }
    if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
      for name in names { unlink(path + "/" + name) }
    }
    rmdir(path)
  }
}
