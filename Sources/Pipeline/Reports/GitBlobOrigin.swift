/// Where a report entry of `audit --git` / `audit --staged` comes from: a blob of the
/// repository, the first commit (oldest in the range) and path that held it, and how many paths
/// and commits held it in the range. The entry's `output` (and its findings' `file`) is
/// `<commit>:<path>`, or `:<path>` for the index, as `git show` takes them.
public struct GitBlobOrigin: Sendable, Equatable, Codable {
  /// The full id of the first commit that added the blob; nil for a blob of the index (`--staged`).
  public var commit: String?
  /// The path it had there.
  public var path: String
  /// The blob id.
  public var blob: String
  /// Every path that holds it in the range, in path order (renamed or copied: one scan, every
  /// path named).
  public var paths: [String]
  /// How many commits add or change a path to it in the range (0 for the index).
  public var commitsCount: Int
  /// The hex SHA-256 of the blob's content, when it was read: the SARIF and Code Quality
  /// fingerprints use it as they use a file's digest (never written to JSON).
  public var contentSHA256: String?

  public init(commit: String?, path: String, blob: String, paths: [String], commitsCount: Int, contentSHA256: String? = nil) {
    self.commit = commit
    self.path = path
    self.blob = blob
    self.paths = paths
    self.commitsCount = commitsCount
    self.contentSHA256 = contentSHA256
  }

  /// `<commit>:<path>`, or `:<path>` for the index.
  public var name: String { (commit ?? "") + ":" + path }
}
