import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension TemporaryFiles {
  /// Removes the temporaries that earlier runs left in `folder` (and, with `recursive`, in the
  /// folders below it; links are not followed): those whose maker is gone. Returns the paths
  /// removed. A temporary of a process still running is kept (it may be a concurrent run's).
  @discardableResult
  public static func removeStale(in folder: String, recursive: Bool, depth: Int = 0) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    var removed: [String] = [], folders: [String] = []
    while let entry = readdir(directory) {
      let name = DirectoryEntry.name(entry)
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      if name.hasPrefix(prefix) {
        if isStale(name, path: path) {
          removeTree(path)
          removed.append(path)
        }
      } else if recursive, name != ".", name != "..", isFolder(entry.pointee.d_type, path) {
        folders.append(path)
      }
    }
    closedir(directory)
    if depth < DirectoryWalker.maxDepth {
      for sub in folders { removed += removeStale(in: sub, recursive: true, depth: depth + 1) }
    }
    return removed
  }

  /// A folder, not a link to one (`d_type`, or `lstat` where the file system does not fill it).
  private static func isFolder(_ type: UInt8, _ path: String) -> Bool {
    if Int32(type) != Int32(DT_UNKNOWN) { return Int32(type) == Int32(DT_DIR) }
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// True when the temporary `name` was left by a process that is gone: its pid is not a live
  /// process, or it is this process's pid but not one of this run's temporaries (the pid was
  /// reused), or the name carries no pid (an older photoaudit's).
  static func isStale(_ name: String, path: String) -> Bool {
    guard let pid = maker(of: name) else { return true }
    if pid == getpid() { return !isOurs(path) }
    return kill(pid, 0) != 0 && errno == ESRCH
  }

  /// The pid in the temporary name `name` (`.photoaudit-tmp-<pid>-…`); nil when it has none.
  static func maker(of name: String) -> Int32? {
    let rest = name.utf8.dropFirst(prefix.utf8.count)
    let digits = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    guard !digits.isEmpty, rest.dropFirst(digits.count).first == UInt8(ascii: "-") else { return nil }
    return Int32(String(decoding: digits, as: UTF8.self))
  }

  /// Removes the stale temporaries (as `removeStale(in:recursive:)` judges them) that were made
  /// for one of `finals`, the paths a run is about to write, and no others; returns the paths
  /// removed. A shard of a sharded run sweeps only its own outputs' debris this way: another
  /// shard may run on another machine sharing the folder, where its pid says nothing here.
  @discardableResult
  public static func removeStale(for finals: [String]) -> [String] {
    var removed: [String] = []
    for (folder, paths) in Dictionary(grouping: finals, by: { PathName.folder($0) }) {
      let names = Set(paths.map { String(PathName.lastComponent($0)) })
      guard let directory = opendir(folder) else { continue }
      var debris: [String] = []
      while let entry = readdir(directory) {
        let name = DirectoryEntry.name(entry)
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        guard name.hasPrefix(prefix), let pid = maker(of: name), isStale(name, path: path) else { continue }
        // `<prefix><pid>-<final name>.XXXXXX`, the final name shortened when it would not fit:
        // a shortened one is compared with the name rebuilt for each final name it begins.
        let part = String(decoding: name.utf8.dropFirst(prefix.utf8.count + "\(pid)-".utf8.count).dropLast(7), as: UTF8.self)
        let made = name.utf8.dropLast(6)
        if names.contains(part) || names.contains(where: {
          $0.utf8.starts(with: part.utf8)
            && PathName.lastComponent(temporaryPath(in: folder, for: $0, pid: pid)).utf8.dropLast(6).elementsEqual(made)
        }) {
          debris.append(path)
        }
      }
      closedir(directory)
      for path in debris { removeTree(path) }
      removed += debris
    }
    return removed
  }
}
