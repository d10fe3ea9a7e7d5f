import PhotoCore
import Platform
extension InputSelection {
  /// What `resolveList` found: the selection as compact sorted lists, for batches of any size.
  public struct Listed: Sendable {
    /// The files to check, in path order: walked and listed files that pass `--ext`,
    /// `--include` and `--exclude`, files named directly, listed entries that do not exist
    /// (reading them fails: their PA013 finding), and only those the `keep` predicate accepts.
    public var inputs: InputList
    /// Descriptors, reports and other auxiliary files found (`Pairing.isAuxiliary`), and files
    /// named as XMP sidecars: never checked as photos, looked up as descriptors and sidecars;
    /// not narrowed by the filters.
    public var aside: InputList
    /// The files of `aside` named as sidecars (`.xmp`, `.json`) that pass the filters and
    /// `keep`: checked as files of their own when no photo claims them (`SidecarPairing`).
    public var sidecars = InputList()
    /// Paths skipped, with the reason (symbolic link, unreadable folder, too deep).
    public var skipped: [(path: String, reason: SkipReason)]
    /// Files to check found before `keep` narrowed them: a shard may be empty while its batch
    /// is not.
    public var considered = 0
  }

  /// Walks and filters like `resolve`, into `InputList`s: memory grows by a few bytes per file
  /// beyond its path below its root, and a `listSource` is read entry by entry. `keep` is asked
  /// about each file to check with its key — the path below its walked folder, or the path as
  /// named or listed (a shard's test). Throws when the list cannot be read.
  public func resolveList(keep: (Substring.UTF8View) -> Bool = { _ in true }) throws(SystemError) -> Listed {
    let relative = (include + exclude).contains { $0.contains("/") }
    let filtered = !extensions.isEmpty || !include.isEmpty || !exclude.isEmpty
    var result = Listed(inputs: InputList(), aside: InputList(), skipped: [])
    func add(_ found: DirectoryWalker.Found, prefixes: [String], listedEntry: Bool) {
      let prefix = found.named ? "" : prefixes[found.origin]
      let key = found.path.utf8.dropFirst(found.rootLength)
      if Pairing.isAuxiliary(found.path) || SidecarNames.isXMPName(found.path) {
        result.aside.append(prefix: prefix, relative: key)
        // A sidecar without its photo is checked on its own: filtered like any file to check.
        guard SidecarNames.isSidecarName(found.path),
              !filtered || !(listedEntry || !found.named) || keeps(found.path, relative: found.named || !relative ? nil : found.relative)
        else { return }
        // An XMP file counts as a file to check, as it did before it was known as a sidecar.
        if SidecarNames.isXMPName(found.path) { result.considered += 1 }
        if keep(key) { result.sidecars.append(prefix: prefix, relative: key) }
        return
      }
      // Files named on the command line are taken as given; walked and listed ones are filtered.
      if filtered, listedEntry || !found.named,
         !keeps(found.path, relative: found.named || !relative ? nil : found.relative) { return }
      result.considered += 1
      guard keep(key) else { return }
      result.inputs.append(prefix: prefix, relative: key)
    }
    let skipped = { (path: String, reason: SkipReason) in result.skipped.append((path, reason)) }
    let pathPrefixes = paths.map(Self.prefix)
    DirectoryWalker.visit(paths, followSymlinks: followSymlinks, sorted: false, skipped: skipped) {
      add($0, prefixes: pathPrefixes, listedEntry: false)
    }
    let entry = { (listed: String) in
      let prefixes = [Self.prefix(listed)]
      DirectoryWalker.visit([listed], followSymlinks: followSymlinks, sorted: false, skipped: skipped) {
        add($0, prefixes: prefixes, listedEntry: true)
      }
    }
    if let listSource { try listSource.forEach(entry) } else { listed.forEach(entry) }
    result.inputs.sort()
    result.aside.sort()
    result.sidecars.sort()
    return result
  }

  /// The prefix of the paths walked under `root`: "upload" → "upload/", as the walk joins them.
  public static func prefix(_ root: String) -> String { root.hasSuffix("/") ? root : root + "/" }
}
