import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A regular file read to be replaced in place (`strip`): read whole, then — when asked —
/// replaced by new bytes with one `rename(2)` of a temporary file written, flushed and given the
/// file's mode and owner in the same folder. Until that rename the name holds the old bytes; after
/// it, the new ones: a kill at any moment leaves one or the other, never a mix, and at most a
/// `.photoaudit-tmp-*` file beside it (removed by the next run, `TemporaryFiles`).
///
/// Refused, before anything is read: a symbolic link (the link would become a file, or the file it
/// points to — anywhere — would be changed), a name with several hard links (a rename gives this
/// name new bytes and leaves the other names the old ones: the copies would split silently), and
/// anything that is not a regular file.
public struct InPlaceFile: Sendable {
  /// Why a file is not replaced.
  public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// A symbolic link, with where it points.
    case symbolicLink(path: String, target: String)
    /// A file with `links` hard links.
    case hardLinks(path: String, links: Int)
    /// A folder, a device, a FIFO, a socket.
    case notRegular(path: String)
    /// The file changed between the read and the replacement (another program wrote it).
    case changed(path: String)
    /// Over `maxBytes`: the file and its new bytes are held in memory.
    case tooLarge(path: String, bytes: Int)
    /// A system call failed.
    case system(SystemError)

    public var description: String {
      switch self {
      case .symbolicLink(let path, let target):
        "\(path) is a symbolic link (to \(target)); strip changes regular files only: name the file it points to"
      case .hardLinks(let path, let links):
        "\(path) has \(links) hard links; replacing it would give this name new bytes and leave the other \(links - 1) with the old ones: strip a copy, or remove the other links first"
      case .notRegular(let path): "\(path) is not a regular file"
      case .changed(let path): "\(path) changed while it was being stripped (another program wrote it); it was left as that program wrote it"
      case .tooLarge(let path, let bytes):
        "\(path) is \(bytes) bytes, over the \(InPlaceFile.maxBytes >> 30) GiB strip rewrites (it holds a file and its new bytes in memory)"
      case .system(let error): error.description
      }
    }

    /// True when the file could not be read at all (as opposed to not written).
    public var isRead: Bool {
      switch self {
      case .system(let error): error.action == .read
      case .tooLarge: true
      default: false
      }
    }
  }

  /// The path as given.
  public let path: String
  private let device: UInt64
  private let inode: UInt64
  private let size: Int
  private let modified: timespec
  private let mode: mode_t
  private let owner: uid_t
  private let group: gid_t

  /// Files larger than this are not read: strip holds a file and its new bytes in memory.
  public static let maxBytes = 2 << 30

  /// Reads the regular file at `path` whole, remembering what it was (device, inode, size,
  /// modification time, mode, owner) for `replace`.
  public static func read(_ path: String) throws(Refusal) -> (file: InPlaceFile, bytes: [UInt8]) {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw .system(SystemError(.read, path: path, code: errno)) }
    switch info.st_mode & S_IFMT {
    case S_IFLNK:
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
      throw .symbolicLink(path: path, target: target)
    case S_IFREG: break
    default: throw .notRegular(path: path)
    }
    guard info.st_nlink <= 1 else { throw .hardLinks(path: path, links: Int(info.st_nlink)) }
    guard info.st_size <= maxBytes else { throw .tooLarge(path: path, bytes: Int(info.st_size)) }
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { throw .system(SystemError(.read, path: path, code: errno)) }
    defer { close(fd) }
    var opened = stat()
    guard fstat(fd, &opened) == 0 else { throw .system(SystemError(.read, path: path, code: errno)) }
    // The name was swapped between lstat and open: judge what was opened by what lstat saw.
    guard opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else { throw .changed(path: path) }
    let total = Int(opened.st_size)
    var bytes = [UInt8](repeating: 0, count: total)
    var done = 0
    while done < total {
      let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, total - done, off_t(done)) }
      if n < 0, errno == EINTR { continue }
      guard n >= 0 else { throw .system(SystemError(.read, path: path, code: errno)) }
      if n == 0 { break }
      done += n
    }
    guard done == total else { throw .changed(path: path) }
    let file = InPlaceFile(path: path, device: UInt64(opened.st_dev), inode: UInt64(opened.st_ino), size: done,
                           modified: opened.st_mtim, mode: opened.st_mode, owner: opened.st_uid, group: opened.st_gid)
    return (file, bytes)
  }

  /// Replaces the file's bytes with `bytes`: a temporary in the same folder (mode and, where
  /// allowed, owner and group of the file), flushed, then renamed over the name — the only
  /// change to the name. Refused when the file is no longer the one read (other inode, size or
  /// modification time). The rename runs inside an `Interruption` commit.
  public func replace(with bytes: [UInt8]) throws(Refusal) {
    let folder = PathName.folder(path)
    let made = TemporaryFiles.createFile(in: folder, for: String(PathName.lastComponent(path)))
    let (fd, temporary): (Int32, String)
    switch made {
    case .success(let t): (fd, temporary) = t
    case .failure(let error): throw .system(error)
    }
    var renamed = false
    defer {
      if !renamed { unlink(temporary) }
      TemporaryFiles.forget(temporary)
    }
    let written = bytes.withUnsafeBufferPointer { StreamFile.writeAll(fd, $0) }
    if written != 0 {
      close(fd)
      throw .system(SystemError(.write, path: path, code: written))
    }
    // The owner first: fchown clears the set-user-ID and set-group-ID bits that fchmod then sets.
    // Not allowed for another user's file unless root; the file keeps this user as owner then.
    _ = fchown(fd, owner, group)
    fchmod(fd, mode & 0o7777)
    guard fsync(fd) == 0 else {
      let code = errno
      close(fd)
      throw .system(SystemError(.write, path: path, code: code))
    }
    guard close(fd) == 0 else { throw .system(SystemError(.write, path: path, code: errno)) }
    guard Interruption.beginCommit() else { throw .system(SystemError(.write, path: path, code: EINTR)) }
    defer { Interruption.endCommit() }
    guard isUnchanged() else { throw .changed(path: path) }
    guard rename(temporary, path) == 0 else { throw .system(SystemError(.write, path: path, code: errno)) }
    renamed = true
    // The rename itself reaches the disk with the folder's entry.
    let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderFD >= 0 {
      fsync(folderFD)
      close(folderFD)
    }
  }

  /// True when the name still holds the file that was read, unchanged by size and time.
  private func isUnchanged() -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode && Int(info.st_size) == size
      && info.st_mtim.tv_sec == modified.tv_sec && info.st_mtim.tv_nsec == modified.tv_nsec && info.st_nlink <= 1
  }
}
