import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Appends to a file another program owns and reads after us (GitHub's `$GITHUB_STEP_SUMMARY`,
/// which earlier steps wrote to): `O_APPEND`, never truncated, created (0644) when missing.
public enum AppendFile {
  /// Appends `bytes` to `path` and closes it; a failure names the path and the cause.
  public static func append(_ bytes: [UInt8], to path: String) throws(SystemError) {
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw SystemError(.write, path: path, code: errno) }
    let code = bytes.withUnsafeBufferPointer { StreamFile.writeAll(fd, $0) }
    let closed = close(fd) == 0 ? 0 : errno
    if code != 0 || closed != 0 { throw SystemError(.write, path: path, code: code != 0 ? code : closed) }
  }
}
