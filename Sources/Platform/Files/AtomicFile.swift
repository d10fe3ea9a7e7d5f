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
    // `-o /dev/null`, `-o /dev/stdout`, a named pipe: written in place. A temporary renamed over
    // it would replace the device node itself (as root, /dev/null became a regular file).
    if isSpecialFile(path) {
      try writeInPlace(bytes, to: path)
      return
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

  /// True when `path` exists and is neither a regular file nor a folder: a device, a FIFO, a
  /// socket (followed through symlinks: `/dev/stdout`).
  public static func isSpecialFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    let type = info.st_mode & S_IFMT
    return type != S_IFREG && type != S_IFDIR
  }

  /// Writes `bytes` to an existing file that is not a regular file (a device, a FIFO).
  package static func writeInPlace(_ bytes: [UInt8], to path: String) throws(WriteError) {
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw WriteError(.write, path: path, code: errno) }
    let code = bytes.withUnsafeBufferPointer { StreamFile.writeAll(fd, $0) }
    let closed = close(fd) == 0 ? 0 : errno
    if code != 0 || closed != 0 { throw WriteError(.write, path: path, code: code != 0 ? code : closed) }
  }

  /// Writes text as UTF-8.
  public static func write(_ text: String, to path: String, overwrite: Bool = true) throws(WriteError) {
    try write(Array(text.utf8), to: path, overwrite: overwrite)
  }
}
