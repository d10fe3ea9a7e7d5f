/// Reads the blobs a range of commits added or changed, from `git log --raw -z` (or the index's
/// changes, from `git diff --cached --raw -z`): for each, the commit (nil for the index), the
/// path and the blob id. Deletions, submodules (gitlinks) and mode-only changes give nothing.
///
/// The stream is NUL-separated: `C<commit id>` opens a commit (after a newline from the second
/// on), then each change is `:<old mode> <new mode> <old id> <new id> <status>` followed by the
/// path. Renames are off (`--no-renames`), so every record has one path.
public enum GitChangeLog {
  /// One blob as a commit (or the index) holds it at a path.
  public struct Change: Sendable, Equatable {
    public var commit: String?
    public var path: String
    public var blob: String
  }

  /// Something in the stream that is not what git writes: the scan would not know what it missed.
  public struct Malformed: Error, Sendable, CustomStringConvertible {
    public var record: String
    public var description: String { "git wrote a record photoaudit does not understand: \(record)" }
  }

  /// The longest record read (a path); git allows 4096-byte paths on Linux.
  static let recordLimit = 1 << 16

  /// `git log` arguments for the blobs `revisions` added or changed, oldest commit first,
  /// merges against each parent (a blob only a merge brought is seen), the root commit included.
  public static func logArguments(revisions: [String]) -> [String] {
    ["git", "-c", "core.quotePath=false", "log", "--raw", "--no-abbrev", "-z", "--no-renames", "--root", "-m",
     "--reverse", "--no-color", "--no-ext-diff", "--format=tformat:C%H", "--end-of-options"] + revisions + ["--"]
  }

  /// `git diff` arguments for what the index holds that differs from HEAD (`head` false: an
  /// unborn branch, whose whole index is staged; git compares it with the empty tree).
  public static func stagedArguments(head: Bool) -> [String] {
    ["git", "diff", "--cached", "--raw", "--no-abbrev", "-z", "--no-renames", "--no-color", "--no-ext-diff"]
      + (head ? ["HEAD"] : []) + ["--"]
  }

  /// Parses `child`'s output, calling `commit` for each commit header (a merge once per parent)
  /// and `body` for each added or changed blob.
  public static func read(_ child: ChildProcess, commit opened: (String) -> Void = { _ in }, _ body: (Change) -> Void) throws(Malformed) {
    var commit: String?
    while let (bytes, _) = child.readRecord(separator: 0, limit: recordLimit) {
      var token = bytes[...]
      if token.first == UInt8(ascii: "\n") { token = token.dropFirst() }
      if token.isEmpty { continue }
      if token.first == UInt8(ascii: "C") {
        commit = String(decoding: token.dropFirst(), as: UTF8.self)
        guard isObjectID(commit!) else { throw Malformed(record: String(decoding: token.prefix(80), as: UTF8.self)) }
        opened(commit!)
        continue
      }
      guard token.first == UInt8(ascii: ":") else { throw Malformed(record: String(decoding: token.prefix(80), as: UTF8.self)) }
      let fields = token.dropFirst().split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
      guard fields.count == 5, isObjectID(fields[3]), let (pathBytes, terminated) = child.readRecord(separator: 0, limit: recordLimit),
            terminated, !pathBytes.isEmpty
      else { throw Malformed(record: String(decoding: token.prefix(120), as: UTF8.self)) }
      let newMode = fields[1], blob = fields[3], status = fields[4]
      // D: deleted; a zero id: nothing on this side; 160000: a submodule's commit, not a blob.
      guard status != "D", newMode != "160000", newMode != "000000", blob.contains(where: { $0 != "0" }) else { continue }
      body(Change(commit: commit, path: String(decoding: pathBytes, as: UTF8.self), blob: blob))
    }
  }

  /// 40 (SHA-1) or 64 (SHA-256) lower-case hex digits.
  public static func isObjectID(_ text: String) -> Bool {
    (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
  }
}
