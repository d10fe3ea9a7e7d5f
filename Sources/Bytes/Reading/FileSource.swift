import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A read-only `ByteSource` over a file, read with `pread` so only requested ranges are loaded.
/// The file is opened `O_RDONLY`: photoaudit never writes to an input.
public final class FileSource: ByteSource, @unchecked Sendable {
  // `@unchecked`: the descriptor is immutable after init and `pread` is thread-safe.
  private let descriptor: Int32
  /// Size of the file when it was opened.
  public let count: Int
  /// The path, for messages.
  public let path: String

  /// Opens `path` read-only; throws `.io` with a user-facing reason when it cannot.
  public init(path: String) throws(ByteError) {
    self.path = path
    // O_NONBLOCK: opening a FIFO (a named pipe given as a file) would otherwise wait for a
    // writer forever; it is refused below as not a regular file. Reads of regular files ignore it.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw .io(FileSource.reason(errno)) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = FileSource.reason(errno)
      close(fd)
      throw .io(reason)
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      throw .io((info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "is not a regular file")
    }
    descriptor = fd
    count = Int(info.st_size)
  }

  deinit { close(descriptor) }

  public func bytes(in range: Range<Int>) throws(ByteError) -> [UInt8] {
    let lower = min(max(range.lowerBound, 0), count)
    let upper = min(max(range.upperBound, lower), count)
    let wanted = upper - lower
    if wanted == 0 { return [] }
    // Uninitialised storage: pread fills it (no zero-fill of a buffer about to be overwritten).
    var failure: Int32?
    let result = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
      var done = 0
      while done < wanted {
        let n = pread(descriptor, buffer.baseAddress! + done, wanted - done, off_t(lower + done))
        if n < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if n == 0 { break }  // the file shrank since it was opened
        done += n
      }
      initialized = failure == nil ? done : 0
    }
    if let failure { throw .io(FileSource.reason(failure)) }
    return result
  }

  package static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    case EISDIR: "is a directory"
    default: String(cString: strerror(code))
    }
  }
}
