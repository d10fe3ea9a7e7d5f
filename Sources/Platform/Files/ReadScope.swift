import Bytes
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a file named by a file may be read from (SPEC "Safety promises"): a descriptor's
/// `original` is followed only when it resolves — symbolic links followed, `..` removed — inside
/// the folders and files named on the command line, or inside the current directory's tree.
/// Anything else is refused before it is opened: an upload's descriptor must not make the tool
/// read `/etc/shadow`, quote its first bytes or embed a private photo in a report.
public struct ReadScope: Sendable, Equatable, Codable {
  /// Real paths (no links, no `..`) of folders whose whole tree may be read.
  public private(set) var folders: [String]
  /// Real paths of single files that may be read.
  public private(set) var files: [String]

  /// The scope of a command line: each named path that exists (a folder admits its tree, a file
  /// itself) and, with `currentDirectory`, the current directory's tree — unless that is `/`,
  /// which would admit everything.
  public init(named: [String], currentDirectory: Bool = true) {
    var folders: [String] = [], files: [String] = []
    for path in named {
      guard let real = ReadScope.realPath(path) else { continue }
      var info = stat()
      if stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { folders.append(real) } else { files.append(real) }
    }
    if currentDirectory, let here = ReadScope.realPath("."), here != "/" { folders.append(here) }
    self.folders = folders.uniqued()
    self.files = files.uniqued()
  }

  /// Only the current directory's tree (what a library caller gets unless it names more).
  public static var currentDirectory: ReadScope { ReadScope(named: []) }

  /// The resolved path of `path` when the scope admits it, else nil. A path that does not exist
  /// is resolved as far as it exists (its missing tail cannot be a link), so a missing file
  /// inside the scope is reported as missing, and one outside as outside.
  public func admit(_ path: String) -> String? {
    guard let resolved = ReadScope.resolve(path) else { return nil }
    if files.contains(resolved) { return resolved }
    for folder in folders where resolved == folder || resolved.hasPrefix(folder == "/" ? "/" : folder + "/") {
      return resolved
    }
    return nil
  }

  /// Why `path` is refused, for the PA013 finding; the advice is for the command line to name
  /// the folder of originals.
  public static func refusal(_ path: String) -> String {
    "original \(path) is outside the allowed folders (pass --originals DIR); it was not read"
  }

  /// `realpath(3)`: the absolute path with every link resolved, nil when it does not exist.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `path` with links resolved in its longest existing prefix and the rest normalized.
  package static func resolve(_ path: String) -> String? {
    if let real = realPath(path) { return real }
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var parts = RelativePath.normalize(absolute).split(separator: "/").map(String.init)
    var tail: [String] = []
    while !parts.isEmpty {
      tail.insert(parts.removeLast(), at: 0)
      if let real = realPath("/" + parts.joined(separator: "/")) {
        // A tail of a path that does not exist holds no link; `..` in it was normalized away.
        return RelativePath.normalize(real + "/" + tail.joined(separator: "/"))
      }
    }
    return nil
  }
}
