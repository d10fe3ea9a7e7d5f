import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A failed system call on a path, said in words a user acts on — never Foundation's
/// `Error Domain=NSCocoaErrorDomain Code=…` text nor strerror's capitalised fragments.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being done: `.read`, `.write` or `.createFolder`.
  public enum Action: String, Sendable {
    case read, write
    case createFolder = "create folder"
  }

  /// What was being done.
  public var action: Action
  /// The path it was done on.
  public var path: String
  /// The `errno` value.
  public var code: Int32

  /// The failure of `action` on `path` with `errno` `code`.
  public init(_ action: Action, path: String, code: Int32) {
    self.action = action
    self.path = path
    self.code = code
  }

  /// "cannot write out/IMG_1.jpg: a file with that name exists".
  public var description: String { "cannot \(action.rawValue) \(path): \(reason)" }

  /// The cause in plain words.
  public var reason: String { SystemError.reason(code) }

  /// True when the name is taken (the CLI adds "use --force").
  public var isExisting: Bool { code == EEXIST }

  /// The cause of `errno` `code` in plain words.
  public static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file or folder"
    case EEXIST: "a file with that name exists"
    case EACCES, EPERM: "permission denied"
    case ENOSPC: "no space left on device"
    case EDQUOT: "the disk quota is used up"
    case EROFS: "the file system is read-only"
    case ENOTDIR: "a part of the path is a file, not a folder"
    case EISDIR: "it is a folder"
    case ENAMETOOLONG: "the name is too long for the file system"
    case ELOOP: "too many symbolic links on the way"
    case EIO: "an input/output error (a failing disk or a lost network mount)"
    case EMFILE, ENFILE: "too many open files"
    case EFBIG: "the file is too large for the file system"
    case ENXIO, ENODEV: "it is a device, not a file"
    case EINVAL: "the file system does not allow it"
    case ENOTEMPTY: "the folder holds sub-folders, links or other things that are not plain files"
    case EINTR: "the run is being stopped"
    default: String(cString: strerror(code)).lowercased()
    }
  }

  /// `mkdir -p`: creates `path` and its missing parents (mode 0755). An existing folder is fine.
  public static func createFolder(_ path: String) throws(SystemError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      prefix += part
      if mkdir(prefix, 0o755) != 0 {
        let code = errno
        var info = stat()
        let isFolder = stat(prefix, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        // EEXIST and not a folder: a file holds the name ("a file with that name exists").
        if !isFolder { throw SystemError(.createFolder, path: prefix, code: code) }
      }
      prefix += "/"
    }
  }
}
