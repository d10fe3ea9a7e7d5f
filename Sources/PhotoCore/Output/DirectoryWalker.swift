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
    public var skipped: [(path: String, reason: String)] = []
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
    var visited = Set<String>()
    for path in paths {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        let first = listing.files.count
        walk(path, depth: 0, followSymlinks: followSymlinks, visited: &visited, into: &listing)
        if relativePaths {
          let root = path.hasSuffix("/") ? path : path + "/"
          for file in listing.files[first...] where file.hasPrefix(root) { listing.relative[file] = String(file.dropFirst(root.count)) }
        }
      } else {
        listing.files.append(path)
        listing.named.insert(path)
      }
    }
    return listing
  }

  static func walk(_ directory: String, depth: Int, followSymlinks: Bool, visited: inout Set<String>,
                   into listing: inout Listing) {
    let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    guard visited.insert(real).inserted else {
      listing.skipped.append((directory, "already walked (a symbolic-link loop or a second link to \(real))"))
      return
    }
    guard depth < maxDepth else {
      listing.skipped.append((directory, "nested deeper than \(maxDepth) directories"))
      return
    }
    guard let entries = entries(of: directory) else {
      listing.skipped.append((directory, "cannot read directory"))
      return
    }
    for (name, type) in entries where !name.hasPrefix(AtomicFile.temporaryPrefix) {
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      var mode = type
      if mode == 0 {
        // The file system did not give the type in the directory entry: ask lstat (never
        // FileManager.attributesOfItem, which reads /etc/passwd and /etc/group for every file).
        var info = stat()
        guard lstat(path, &info) == 0 else { continue }
        mode = info.st_mode & S_IFMT
      }
      switch mode {
      case S_IFDIR:
        walk(path, depth: depth + 1, followSymlinks: followSymlinks, visited: &visited, into: &listing)
      case S_IFREG:
        listing.files.append(path)
      case S_IFLNK:
        if followSymlinks {
          var isDirectory: ObjCBool = false
          if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
              walk(path, depth: depth + 1, followSymlinks: true, visited: &visited, into: &listing)
            } else {
              listing.files.append(path)
            }
          }
        } else {
          listing.skipped.append((path, "symbolic link (use --follow-symlinks)"))
        }
      default:
        continue
      }
    }
  }

  /// The names in `directory` (without "." and ".."), sorted by their bytes, with their file
  /// type from the directory entry as an `S_IFMT` value (0 when the file system gives none).
  /// One readdir pass, no stat per file: the type comes with the name.
  static func entries(of directory: String) -> [(name: String, type: mode_t)]? {
    guard let stream = opendir(directory) else { return nil }
    defer { closedir(stream) }
    var entries: [(name: String, type: mode_t)] = []
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
      entries.append((name, type))
    }
    return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }
}
