import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension TemporaryFiles {
  /// Removes the temporaries that earlier runs left in `folder` (and, with `recursive`, in the
  /// folders below it; links are not followed): those whose maker is gone (`isStale`). Returns
  /// the paths removed. A temporary of a process still running here is kept (it may be a
  /// concurrent run's), and so is another host's until it is old (`otherHostAge`): it may be a
  /// run's on another machine sharing the folder, which the folder lock does not keep out.
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

  /// How old (by its modification time) another host's temporary must be to count as stale:
  /// 24 hours. Its maker cannot be asked from here; photoaudit holds a temporary only while it
  /// writes one file or one report folder (seconds), so a day-old one is debris, and a day is far
  /// beyond any clock difference between the machines sharing a folder.
  public static let otherHostAge: time_t = 24 * 60 * 60

  /// Seconds by which a process may seem to have started after its temporary was last written
  /// and still be taken for its maker: the boot time a process's start is computed from and a
  /// file's time come from clocks that may be stepped (NTP) between the two.
  public static let clockSlack: Double = 10

  /// True when the temporary `name` (at `path`) was left by a process that is gone:
  /// - made on this host (`TemporaryHost.current`): its pid is no live process — none, a zombie
  ///   (killed, not yet reaped by its parent: `kill(pid, 0)` still answers for it), or a process
  ///   that started after the temporary was last written (the pid was reused: the maker started
  ///   before it wrote) — or it is this process's pid but not one of this run's temporaries;
  /// - made on another host: it was last modified more than `otherHostAge` before `now`
  ///   (a pid of another machine or container says nothing here);
  /// - made by a photoaudit from before host identities (`<pid>-<name>`): judged by its pid, as
  ///   that photoaudit judged it (such a name is never a current run's);
  /// - without a pid (a photoaudit's from before pids): always.
  package static func isStale(_ name: String, path: String, now: time_t = time(nil)) -> Bool {
    guard let parsed = TemporaryName(name), let pid = parsed.pid else { return true }
    if let host = parsed.host, host != TemporaryHost.current {
      var info = stat()
      return lstat(path, &info) == 0 && now - info.st_mtim.tv_sec > otherHostAge
    }
    if pid == getpid() { return !isOurs(path) }
    return !mayBeMaker(pid: pid, of: path)
  }

  /// Whether `pid` may still be the live process that made the temporary at `path`: it answers
  /// `kill(pid, 0)` (or exists but is another user's), is no zombie, and did not start after the
  /// temporary was last written (`clockSlack` allowed). Where /proc does not say, a pid that
  /// answers is taken for the maker (the temporary is kept: never removed while it may be in use).
  package static func mayBeMaker(pid: Int32, of path: String) -> Bool {
    guard kill(pid, 0) == 0 || errno != ESRCH else { return false }
    guard let process = ProcessState(pid: pid) else { return true }
    if process.isDead { return false }
    var info = stat()
    guard let started = process.started, lstat(path, &info) == 0 else { return true }
    let written = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    return started <= written + clockSlack
  }

  /// Removes the stale temporaries (as `removeStale(in:recursive:)` judges them) that were made
  /// for one of `finals`, the paths a run is about to write, and no others; returns the paths
  /// removed. A shard of a sharded run sweeps only its own outputs' debris this way, and so does
  /// a report written beside others: the other names may be written by runs on other machines,
  /// including runs of a photoaudit from before host identities, whose temporaries are judged by
  /// a pid that says nothing here.
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
        guard let parsed = TemporaryName(name), let pid = parsed.pid, isStale(name, path: path) else { continue }
        // The final name is shortened in the temporary's when the whole would not fit: a
        // shortened one is compared with the name rebuilt for each final name it begins.
        let part = parsed.final, made = name.utf8.dropLast(6)
        if names.contains(part) || names.contains(where: {
          $0.utf8.starts(with: part.utf8)
            && PathName.lastComponent(temporaryPath(in: folder, for: $0, pid: pid, host: parsed.host)).utf8.dropLast(6).elementsEqual(made)
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
