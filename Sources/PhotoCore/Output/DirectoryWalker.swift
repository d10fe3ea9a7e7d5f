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
    /// Paths skipped, with the reason (symlink, unreadable directory, too deep).
    public var skipped: [(path: String, reason: String)] = []
  }

  /// Files named directly are listed as given; directories are walked. Each directory is
  /// entered once (by its resolved path), so symbolic-link loops end.
  public static func list(_ paths: [String], followSymlinks: Bool = false) -> Listing {
    var listing = Listing()
    var visited = Set<String>()
    for path in paths {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        walk(path, depth: 0, followSymlinks: followSymlinks, visited: &visited, into: &listing)
      } else {
        listing.files.append(path)
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
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      listing.skipped.append((directory, "cannot read directory"))
      return
    }
    for name in names.sorted() where !name.hasPrefix(AtomicFile.temporaryPrefix) {
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      // lstat, not FileManager.attributesOfItem: that one reads /etc/passwd and /etc/group
      // for every file (owner names), a measurable share of a metadata scan.
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
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
}
