import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file atomically: a temporary file in the same directory, flushed to disk, then
/// renamed over the final name. A failure (or a kill) leaves no partial file under the final name.
public enum AtomicFile {
  /// A write that failed: the path and the cause, said plainly ("cannot write out/a.jpg: no
  /// space left on device").
  public typealias WriteError = SystemError

  /// Prefix of temporary files, so leftovers of a killed run are recognisable.
  public static let temporaryPrefix = TemporaryFiles.prefix

  /// Writes `bytes` to `path`. With `overwrite` false an existing file is an error.
  public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool = true) throws(WriteError) {
    let directory = PathName.folder(path)
    if !overwrite, FileManager.default.fileExists(atPath: path) {
      throw WriteError(.write, path: path, code: EEXIST)
    }
    // The temporary's name fits the folder's name limit whatever the final name's length.
    let (fd, temporary) = try TemporaryFiles.createFile(in: directory, for: String(PathName.lastComponent(path))).get()
    var ok = false
    defer {
      if !ok { unlink(temporary) }
      TemporaryFiles.forget(temporary)
    }
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
      if n < 0 {
        if errno == EINTR { continue }
        let code = errno
        close(fd)
        throw WriteError(.write, path: path, code: code)
      }
      written += n
    }
    fchmod(fd, 0o644)
    guard fsync(fd) == 0, close(fd) == 0 else {
      throw WriteError(.write, path: path, code: errno)
    }
    if !overwrite {
      // link() fails if the name exists: no race between the check above and the rename.
      guard link(temporary, path) == 0 else {
        throw WriteError(.write, path: path, code: errno)
      }
      unlink(temporary)
    } else {
      guard rename(temporary, path) == 0 else { throw WriteError(.write, path: path, code: errno) }
    }
    ok = true
  }

  /// Writes text as UTF-8.
  public static func write(_ text: String, to path: String, overwrite: Bool = true) throws(WriteError) {
    try write(Array(text.utf8), to: path, overwrite: overwrite)
  }
}
