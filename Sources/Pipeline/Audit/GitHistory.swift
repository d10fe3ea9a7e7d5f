import Bytes
import Platform

/// The plan of `audit --git [REV-RANGE]` and `audit --staged`: every blob the range of commits
/// added or changed (or the index holds differently from HEAD), each once however many commits
/// and paths hold it, with the first (oldest) commit and path that held it. git runs as a child
/// process in the current folder (`git log --raw -z`, `git diff --cached --raw -z`).
public struct GitHistory: Sendable {
  /// One blob of the range.
  public struct Blob: Sendable, Equatable {
    public var id: String
    /// The oldest commit that added it (nil for the index) and its path there.
    public var commit: String?
    public var path: String
    /// Every path that held it in the range.
    public var paths: Set<String>
    /// How many commit-and-parent diffs added or changed a path to it.
    public var commits: Int

    /// The origin a report entry names.
    public func origin(contentSHA256: String? = nil) -> GitBlobOrigin {
      GitBlobOrigin(commit: commit, path: path, blob: id, paths: paths.sorted(by: PathOrder.less), commitsCount: commits, contentSHA256: contentSHA256)
    }
  }

  /// Why the plan could not be made. `notRepository` and `badRange` are the user's to fix
  /// (usage); `cannotRun` and `malformed` mean git itself failed (an input not read at all).
  public enum Failure: Error, Sendable, CustomStringConvertible {
    case cannotRun(String)
    case notRepository(String)
    case badRange(String)
    case malformed(String)

    public var description: String {
      switch self {
      case .cannotRun(let text), .notRepository(let text), .badRange(let text), .malformed(let text): text
      }
    }
  }

  /// The folder git runs in (`git -C`); nil for the current folder.
  public var repository: String?
  /// The blobs, sorted by id (the order they are read and sharded in).
  public var blobs: [Blob]
  /// How many commits the range has (0 for `--staged`).
  public var commits: Int
  /// True when the repository is a shallow clone: history before its boundary is not there.
  public var shallow: Bool

  /// The blobs of `revisions` (as `git rev-list` takes them; empty: HEAD), or of the index
  /// when `staged`.
  /// `repository`: the folder git runs in (`git -C`); nil for the current folder.
  public static func plan(revisions: [String], staged: Bool, repository: String? = nil) throws(Failure) -> GitHistory {
    let top = try git(in: repository, ["rev-parse", "--is-shallow-repository"], notRepository: true)
    let shallow = top.hasPrefix("true")
    let head = (try? ChildProcess.run(command(in: repository, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])))?.termination == .exited(0)
    if !staged {
      for revision in revisions where revision.hasPrefix("-") {
        throw .badRange("'\(revision)' is not a revision (a revision range names commits, as in main..feature; options are not passed to git)")
      }
      // An unborn branch has no history: nothing to scan.
      if revisions.isEmpty, !head { return GitHistory(repository: repository, blobs: [], commits: 0, shallow: shallow) }
    }
    let arguments = command(in: repository, staged ? GitChangeLog.stagedArguments(head: head)
                                              : GitChangeLog.logArguments(revisions: revisions.isEmpty ? ["HEAD"] : revisions))
    let child: ChildProcess
    do { child = try ChildProcess(arguments) } catch { throw .cannotRun(error.description) }
    child.closeInput()
    var byID: [String: Blob] = [:]
    var commitIDs = Set<String>()
    var malformed: GitChangeLog.Malformed?
    do {
      try GitChangeLog.read(child, commit: { commitIDs.insert($0) }) { change in
        if var known = byID[change.blob] {
          known.paths.insert(change.path)
          known.commits += change.commit == nil ? 0 : 1
          byID[change.blob] = known
        } else {
          byID[change.blob] = Blob(id: change.blob, commit: change.commit, path: change.path, paths: [change.path],
                                   commits: change.commit == nil ? 0 : 1)
        }
      }
    } catch {
      malformed = error
    }
    let ended = child.wait()
    if ended != .exited(0) {
      let said = child.errorText
      let what = staged ? "git diff --cached" : "git log " + (revisions.isEmpty ? "HEAD" : revisions.joined(separator: " "))
      // git says a bad revision with status 128 before writing anything.
      if !staged, case .exited(128) = ended, byID.isEmpty {
        throw .badRange("bad revision range: \(what): " + (said.isEmpty ? "git \(ended)" : firstLine(said)))
      }
      throw .cannotRun("\(what) \(ended)" + (said.isEmpty ? "" : ": " + firstLine(said)) + "; history not fully read")
    }
    if let malformed { throw .malformed(malformed.description) }
    // A range may name no commit a log walk reaches (HEAD..HEAD): that is an empty plan, not an error.
    return GitHistory(repository: repository, blobs: byID.values.sorted { $0.id < $1.id }, commits: commitIDs.count, shallow: shallow)
  }

  /// `git ARGUMENTS...` as a child's arguments, with `-C repository` when one is given.
  /// (`arguments` may start with "git" already.)
  public static func command(in repository: String?, _ arguments: [String]) -> [String] {
    let rest = arguments.first == "git" ? Array(arguments.dropFirst()) : arguments
    return ["git"] + (repository.map { ["-C", $0] } ?? []) + rest
  }

  /// Runs a short git command; its output as text. `notRepository`: a failure means the
  /// folder is not in a repository.
  static func git(in repository: String?, _ arguments: [String], notRepository: Bool) throws(Failure) -> String {
    let run: (output: [UInt8], termination: ChildProcess.Termination, errors: String)
    let arguments = command(in: repository, arguments)
    do { run = try ChildProcess.run(arguments) } catch { throw .cannotRun(error.description) }
    guard run.termination == .exited(0) else {
      let said = run.errors.isEmpty ? "git \(run.termination)" : firstLine(run.errors)
      if notRepository, case .exited(128) = run.termination { throw .notRepository("not in a git repository: \(said)") }
      throw .cannotRun("\(arguments.joined(separator: " ")): \(said)")
    }
    return String(decoding: run.output, as: UTF8.self)
  }

  static func firstLine(_ text: String) -> String {
    String(text.split(separator: "\n").first ?? "").replacingOccurrences(of: "\u{1B}", with: "")
  }

  /// Keeps the blobs of `shard` (by blob id: stable whatever paths or commits hold it).
  public mutating func narrow(to shard: Shard) {
    blobs = blobs.filter { shard.contains($0.id) }
  }
}
