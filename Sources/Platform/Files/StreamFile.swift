#if canImport(Glibc)
import Bytes
import Glibc
#endif

/// A file written as a stream (`--output FILE` of a JSONL report): lines go to a partial file
/// beside it, `.photoaudit-partial-NAME`, renamed to NAME once complete — so NAME never holds a
/// cut-short stream, while a run that is killed leaves its partial file for `--resume` to
/// continue. (Not `AtomicFile.temporaryPrefix`: stale temporary files are removed, a partial
/// stream is kept.)
public final class StreamFile {
  /// Prefix of partial streams; walks skip such files.
  public static let partialPrefix = ".photoaudit-partial-"

  /// The final path.
  public let path: String
  /// Where the lines go until `finish`.
  public let partialPath: String
  private var descriptor: Int32
  /// `path` is a device or a FIFO (`-o /dev/null`): written directly, never renamed over.
  private let inPlace: Bool

  /// The partial file of `path`, in the same folder. A name too long for the file system with
  /// the prefix is replaced by a hash of it.
  public static func partialPath(for path: String) -> String {
    let name = PathName.lastComponent(path)
    let folder = String(path.dropLast(name.count))
    let maximum = 255  // NAME_MAX of Linux file systems
    if partialPrefix.utf8.count + name.utf8.count <= maximum { return folder + partialPrefix + name }
    return folder + partialPrefix + String(FNV1a.hash64(name.utf8), radix: 16)
  }

  /// Starts the stream: an existing partial file of `path` is replaced; with `keeping`, that
  /// partial file is continued after its first `keeping` bytes instead (what `--resume` found
  /// recorded), the rest cut off.
  public init(path: String, keeping: Int? = nil) throws(SystemError) {
    self.path = path
    inPlace = AtomicFile.isSpecialFile(path)
    partialPath = inPlace ? path : Self.partialPath(for: path)
    let flags = inPlace ? O_WRONLY | O_CLOEXEC : O_WRONLY | O_CREAT | O_CLOEXEC | (keeping == nil ? O_TRUNC : 0)
    let fd = open(partialPath, flags, 0o644)
    guard fd >= 0 else { throw SystemError(.write, path: path, code: errno) }
    descriptor = fd
    if let keeping {
      guard ftruncate(fd, off_t(keeping)) == 0, lseek(fd, off_t(keeping), SEEK_SET) >= 0 else {
        let code = errno
        close(fd)
        throw SystemError(.write, path: path, code: code)
      }
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Appends `text`.
  public func write(_ text: String) throws(SystemError) {
    var text = text
    let code: Int32 = text.withUTF8 { bytes in Self.writeAll(descriptor, bytes) }
    if code != 0 { throw SystemError(.write, path: path, code: code) }
  }

  /// Flushes the partial file to disk and renames it to `path`.
  public func finish() throws(SystemError) {
    let fd = descriptor
    descriptor = -1
    if inPlace {
      guard close(fd) == 0 else { throw SystemError(.write, path: path, code: errno) }
      return
    }
    guard fsync(fd) == 0 else {
      let code = errno
      close(fd)
      throw SystemError(.write, path: path, code: code)
    }
    guard close(fd) == 0, rename(partialPath, path) == 0 else { throw SystemError(.write, path: path, code: errno) }
  }

  /// Gives the stream up: the partial file is removed (a failed merge leaves nothing).
  public func discard() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    if !inPlace { unlink(partialPath) }
  }

  /// Writes all of `bytes` to `fd` (retrying partial writes and EINTR); 0, or the errno.
  public static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    var written = 0
    while written < bytes.count {
      let n = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      written += n
    }
    return 0
  }
}
