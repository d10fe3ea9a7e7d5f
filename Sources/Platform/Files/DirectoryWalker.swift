import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Lists the regular files under the given paths, recursively and in a deterministic order.
/// Symbolic links are not followed unless asked (a link to / must not make a scan endless).
public enum DirectoryWalker {
  /// Deepest directory nesting walked.
  public static let maxDepth = 64

  public struct Listing: Sendable {
    /// Files found, sorted within each directory.
    public var files: [String] = []
    /// The files among `files` that were named directly, not found by walking a directory.
    public var named: Set<String> = []
    /// Paths skipped, with the reason (symlink, unreadable directory, too deep).
    public var skipped: [(path: String, reason: SkipReason)] = []
    /// For each file found by walking a directory: its path below that directory
    /// ("originals/" + "2024/IMG_1.HEIC" → "2024/IMG_1.HEIC"), so outputs can mirror the tree.
    public var relative: [String: String] = [:]
    /// An empty listing.
    public init() {}
  }

  /// Files named directly are listed as given; directories are walked. Each directory is
  /// entered once (by its resolved path), so symbolic-link loops end.
  /// With `relativePaths`, `Listing.relative` is filled in (a dictionary entry per file: asked
  /// for only where outputs mirror the tree or a glob needs it).
  public static func list(_ paths: [String], followSymlinks: Bool = false, relativePaths: Bool = false) -> Listing {
    var listing = Listing()
    visit(paths, followSymlinks: followSymlinks, skipped: { listing.skipped.append(($0, $1)) }) { file in
      listing.files.append(file.path)
      if file.named {
        listing.named.insert(file.path)
      } else if relativePaths {
        listing.relative[file.path] = file.relative
      }
    }
    return listing
  }

  /// A file found by `visit`.
  public struct Found {
    /// The path: as named, or the walked folder's path joined with the names below it.
    public var path: String
    /// Which of the paths given to `visit` it was found under (or is).
    public var origin: Int
    /// Named directly (not found by walking a folder; it may not exist).
    public var named: Bool
    /// Where the part below the walked folder starts in `path` (its UTF-8 offset); 0 when named.
    public var rootLength: Int

    /// The path below the walked folder ("2024/IMG_1.HEIC"), or the path as named.
    public var relative: String { rootLength == 0 ? path : String(decoding: path.utf8.dropFirst(rootLength), as: UTF8.self) }
  }

  /// Calls `file` for each file under `paths` (named paths as they are, folders walked) and
  /// `skipped` for each path left out with the reason. With `sorted` (the default) the names of
  /// each folder are visited in byte order; without it in the folder's own order, with no list
  /// of a folder's names held in memory (for walks whose result is sorted as a whole anyway).
  public static func visit(_ paths: [String], followSymlinks: Bool = false, sorted: Bool = true,
                           skipped: (String, SkipReason) -> Void, file: (Found) -> Void) {
    var visited = Set<String>()
    for (origin, path) in paths.enumerated() {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        let walk = Walk(origin: origin, rootLength: (path.hasSuffix("/") ? path : path + "/").utf8.count,
                        followSymlinks: followSymlinks, sorted: sorted)
        walk.walk(path, depth: 0, visited: &visited, skipped: skipped, file: file)
      } else {
        file(Found(path: path, origin: origin, named: true, rootLength: 0))
      }
    }
  }

  /// One folder named to `visit`, walked.
  private struct Walk {
    package var origin: Int
    package var rootLength: Int
    package var followSymlinks: Bool
    package var sorted: Bool

    package func walk(_ directory: String, depth: Int, visited: inout Set<String>, skipped: (String, SkipReason) -> Void,
              file: (Found) -> Void) {
      let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
      guard visited.insert(real).inserted else {
        skipped(directory, .alreadyWalked(realPath: real))
        return
      }
      guard depth < maxDepth else {
        skipped(directory, .tooDeep(maxDepth: maxDepth))
        return
      }
      let prefix = directory.hasSuffix("/") ? directory : directory + "/"
      let readable = DirectoryWalker.entries(of: directory, sorted: sorted) { name, type in
        guard !name.hasPrefix(AtomicFile.temporaryPrefix), !name.hasPrefix(StreamFile.partialPrefix) else { return }
        let path = prefix + name
        var mode = type
        if mode == 0 {
          // The file system did not give the type in the directory entry: ask lstat (never
          // FileManager.attributesOfItem, which reads /etc/passwd and /etc/group for every file).
          var info = stat()
          guard lstat(path, &info) == 0 else { return }
          mode = info.st_mode & S_IFMT
        }
        switch mode {
        case S_IFDIR:
          walk(path, depth: depth + 1, visited: &visited, skipped: skipped, file: file)
        case S_IFREG:
          file(Found(path: path, origin: origin, named: false, rootLength: rootLength))
        case S_IFLNK:
          guard followSymlinks else {
            skipped(path, .symbolicLink)
            return
          }
          var isDirectory: ObjCBool = false
          guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
          if isDirectory.boolValue {
            walk(path, depth: depth + 1, visited: &visited, skipped: skipped, file: file)
          } else {
            file(Found(path: path, origin: origin, named: false, rootLength: rootLength))
          }
        default:
          return
        }
      }
      if !readable { skipped(directory, .unreadableDirectory) }
    }
  }

  /// Calls `body` with each name in `directory` (without "." and "..") and its file type from
  /// the directory entry as an `S_IFMT` value (0 when the file system gives none): one readdir
  /// pass, no stat per file. With `sorted`, the names are collected and given in byte order;
  /// without, as readdir gives them (the folder stays open meanwhile). False when the folder
  /// cannot be read.
  package static func entries(of directory: String, sorted: Bool, _ body: (String, mode_t) -> Void) -> Bool {
    guard let stream = opendir(directory) else { return false }
    var collected: [(name: String, type: mode_t)] = []
    while let entry = readdir(stream) {
      let name = DirectoryEntry.name(entry)
      if name == "." || name == ".." { continue }
      let type: mode_t = switch Int32(entry.pointee.d_type) {
      case Int32(DT_REG): S_IFREG
      case Int32(DT_DIR): S_IFDIR
      case Int32(DT_LNK): S_IFLNK
      case Int32(DT_UNKNOWN): 0
      default: S_IFSOCK  // devices, pipes, sockets: skipped like any other non-file
      }
      if sorted { collected.append((name, type)) } else { body(name, type) }
    }
    closedir(stream)
    guard sorted else { return true }
    collected.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    for (name, type) in collected { body(name, type) }
    return true
  }
}
