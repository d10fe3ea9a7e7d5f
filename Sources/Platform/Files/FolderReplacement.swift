import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replaces a folder of generated files as a whole (`audit --report-dir`): the new files are
/// written into a temporary folder beside it, which then takes the folder's place in one step
/// (`renameat2(RENAME_EXCHANGE)`); the old folder is removed only after. A run stopped or killed
/// at any point leaves either the old set or the new one under the name, never a mix; what a
/// kill leaves beside it is a temporary that the next run removes.
public enum FolderReplacement {
  /// Replaces `directory` with one holding `files` (name → bytes). Regular files of the old
  /// folder that are not among `files` (a screenshot of the report, say) are carried over as
  /// hard links, so nothing of them is lost at any moment; a folder holding anything else
  /// (sub-folders, links, devices) is refused with `ENOTEMPTY`, and so is a file at the name.
  public static func replace(_ directory: String, with files: [(name: String, bytes: [UInt8])]) throws(SystemError) {
    let path = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    let parent = PathName.folder(path), name = String(PathName.lastComponent(path))
    try SystemError.createFolder(parent)
    // Only the debris of earlier replacements of this folder: other runs may be replacing
    // their own report folders beside it (shards on other machines, whose pids say nothing here).
    TemporaryFiles.removeStale(for: [path])
    let keep = try carriedOver(path, except: Set(files.map(\.name)))
    let temporary = try TemporaryFiles.createFolder(in: parent, for: name).get()
    defer {
      TemporaryFiles.removeTree(temporary)
      TemporaryFiles.forget(temporary)
    }
    for file in files { try AtomicFile.write(file.bytes, to: temporary + "/" + file.name) }
    for other in keep ?? [] where link(path + "/" + other, temporary + "/" + other) != 0 {
      throw SystemError(.write, path: temporary + "/" + other, code: errno)
    }
    guard Interruption.beginCommit() else { throw SystemError(.write, path: path, code: EINTR) }
    defer { Interruption.endCommit() }
    if keep == nil {
      guard rename(temporary, path) == 0 else { throw SystemError(.write, path: path, code: errno) }
    } else {
      // The old folder now sits at the temporary's name; the deferred removal deletes it.
      try exchange(temporary, path)
    }
  }

  /// The names of the regular files in `directory` to carry over (nil when it does not exist).
  package static func carriedOver(_ directory: String, except generated: Set<String>) throws(SystemError) -> [String]? {
    var info = stat()
    guard lstat(directory, &info) == 0 else { return nil }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { throw SystemError(.write, path: directory, code: EEXIST) }
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
      throw SystemError(.write, path: directory, code: EACCES)
    }
    var keep: [String] = []
    for name in names.sorted() where !generated.contains(name) {
      guard lstat(directory + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        throw SystemError(.write, path: directory, code: ENOTEMPTY)
      }
      keep.append(name)
    }
    return keep
  }

  /// `renameat2(a, b, RENAME_EXCHANGE)`, looked up at run time (Swift's Glibc module does not
  /// declare it). Where the kernel or file system lacks it, the old folder is renamed aside
  /// first (then a kill between the two renames leaves no folder under the name for a moment:
  /// the next run writes it again).
  package static func exchange(_ a: String, _ b: String) throws(SystemError) {
    typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    let exchangeFlag: UInt32 = 1 << 1  // RENAME_EXCHANGE
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") {
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      if renameat2(AT_FDCWD, a, AT_FDCWD, b, exchangeFlag) == 0 { return }
      guard errno == EINVAL || errno == ENOSYS else { throw SystemError(.write, path: b, code: errno) }
    }
    let aside = a + ".old"
    guard rename(b, aside) == 0 else { throw SystemError(.write, path: b, code: errno) }
    guard rename(a, b) == 0 else {
      let code = errno
      _ = rename(aside, b)
      throw SystemError(.write, path: b, code: code)
    }
    guard rename(aside, a) == 0 else { throw SystemError(.write, path: b, code: errno) }
  }
}
