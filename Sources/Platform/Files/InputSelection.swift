#if canImport(Glibc)
import Glibc
#endif

/// Which files a batch command works on: the paths named on the command line (folders walked),
/// a list of paths (`--files-from FILE|-`, one a line or NUL-separated), narrowed by extension
/// (`--ext jpg,heic`) and by glob (`--include`, `--exclude`). Files named on the command line
/// are taken as given; the filters narrow what walks and lists find.
public struct InputSelection: Sendable {
  /// Paths named on the command line: files, or folders to walk.
  public var paths: [String] = []
  /// The entries of a `--files-from` list, already split.
  public var listed: [String] = []
  /// A `--files-from` list read entry by entry while `resolveList` runs (instead of `listed`),
  /// so a list of millions of paths is never held whole.
  public var listSource: ListSource?
  /// Extensions to keep, lowercased, without the dot; empty keeps every extension.
  public var extensions: Set<String> = []
  /// Globs a file must match (any of them); empty keeps every file.
  public var include: [String] = []
  /// Globs that drop a file.
  public var exclude: [String] = []
  /// Follow symbolic links while walking folders.
  public var followSymlinks = false
  /// Record each walked file's path below its folder (`Listing.relative`), for outputs that
  /// mirror the input tree.
  public var relativePaths = false

  /// Nothing selected yet: fill in the members.
  public init() {}

  /// What the selection found.
  public struct Result: Sendable {
    /// The files, with those named directly or listed in `named`, and paths below their walked
    /// folder in `relative`. A named or listed path that does not exist stays in: reading it
    /// fails, and that is the file's PA013 finding (or, for a named path, a usage error).
    public var listing: DirectoryWalker.Listing
    /// Paths named on the command line that do not exist (a usage error).
    public var missingNamed: [String]
    /// Listed entries that do not exist (each one a PA013 finding, not a usage error).
    public var missingListed: [String]
  }

  /// Walks and filters.
  public func resolve() -> Result {
    let missingNamed = paths.filter { !Self.exists($0) }
    // Globs with a folder part match the path below the walked folder.
    let relative = relativePaths || (include + exclude).contains { $0.contains("/") }
    let filtered = !extensions.isEmpty || !include.isEmpty || !exclude.isEmpty
    // A missing named path stays in the listing, in its place: single-file commands report it.
    var listing = DirectoryWalker.list(paths, followSymlinks: followSymlinks, relativePaths: relative)
    if filtered {
      listing.files = listing.files.filter { listing.named.contains($0) || keeps($0, relative: listing.relative[$0]) }
    }
    let fromList = DirectoryWalker.list(listed, followSymlinks: followSymlinks, relativePaths: relative)
    for file in fromList.files where keeps(file, relative: fromList.relative[file]) {
      listing.files.append(file)
      if fromList.named.contains(file) { listing.named.insert(file) }
      if let relative = fromList.relative[file] { listing.relative[file] = relative }
    }
    listing.skipped += fromList.skipped
    let missingListed = listed.filter { !Self.exists($0) && keeps($0, relative: nil) }
    return Result(listing: listing, missingNamed: missingNamed, missingListed: missingListed)
  }

  /// True when a walked or listed file passes `--ext`, `--include` and `--exclude`. A glob
  /// without `/` is matched against the file name; with `/`, against the path below the walked
  /// folder (or the listed path).
  public func keeps(_ path: String, relative: String?) -> Bool {
    if !extensions.isEmpty {
      let name = PathName.lastComponent(path)
      guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
            extensions.contains(name[name.index(after: dot)...].lowercased()) else { return false }
    }
    guard !include.isEmpty || !exclude.isEmpty else { return true }
    if !include.isEmpty, !include.contains(where: { Self.match($0, path: path, relative: relative) }) { return false }
    return !exclude.contains { Self.match($0, path: path, relative: relative) }
  }

  package static func match(_ glob: String, path: String, relative: String?) -> Bool {
    let subject = glob.contains("/") ? (relative ?? path) : String(PathName.lastComponent(path))
    return fnmatch(glob, subject, 0) == 0
  }

  /// Splits a `--files-from` list: one path a line (a CR before the newline is dropped), or
  /// NUL-separated; empty entries are skipped.
  public static func entries(of bytes: [UInt8], nulSeparated: Bool) -> [String] {
    let separator: UInt8 = nulSeparated ? 0 : UInt8(ascii: "\n")
    return bytes.split(separator: separator, omittingEmptySubsequences: true).compactMap { entry in
      var entry = entry[...]
      if !nulSeparated, entry.last == UInt8(ascii: "\r") { entry = entry.dropLast() }
      return entry.isEmpty ? nil : String(decoding: entry, as: UTF8.self)
    }
  }

  /// The comma-separated `--ext` list as a set: "JPG,.heic" → ["jpg", "heic"].
  public static func extensions(_ text: String) -> Set<String> {
    Set(text.split(separator: ",").map { part in
      let trimmed = part.trimmingWhitespace()
      return (trimmed.hasPrefix(".") ? String(trimmed.dropFirst()) : trimmed).lowercased()
    }.filter { !$0.isEmpty })
  }

  /// True when something (a file, a folder, a dangling link) is at `path`.
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }
}
