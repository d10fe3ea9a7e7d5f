import Foundation
import PhotoCore
import Pipeline
import Platform

/// `photoaudit audit --git [REV-RANGE]` and `audit --staged`: the leak scan of the image blobs
/// of git history (or of the index), read straight from git, each blob once. An entry per image
/// blob, named `<commit>:<path>` (`:<path>` for the index), with its commit, path, blob id and
/// how many paths and commits hold it (`git` in JSON). Metadata-only, as `audit --no-pixels`.
enum GitAudit {
  static let git = OptionSpec.flag(["--git"], "scan the image blobs of git history instead of a folder: every blob the commits of REV-RANGE added (the argument, as git rev-list takes it, e.g. main..feature or 'v1.0 ^v0.9'; default HEAD: all history reachable from it), each once, files deleted since included; run it in the repository")
  static let repository = OptionSpec.value(["--git-repo"], "DIR", "with --git or --staged: the repository to scan (git -C DIR; default: the current folder); paths in reports stay relative to its top level",
                                           completion: .directory)
  static let staged = OptionSpec.flag(["--staged"], "scan the image blobs of the git index that differ from HEAD (what the next commit adds)")

  /// Options of a folder scan that mean nothing for a history scan.
  static let folderOnly = ["--originals", "--outputs", "--pairs", "--report-dir", "--resume", "--files-from", "--ext", "--include",
                           "--exclude", "--follow-symlinks", "--no-thumbnails", "--max-pixels", "--file-timeout", "--max-memory",
                           "--baseline"]

  static func run(_ parsed: ParsedArguments, io: CommandIO, spec: CommandSpec) throws(UsageError) -> Outcome {
    func usage(_ message: String) -> UsageError { UsageError(command: spec.name, message: message) }
    let staged = parsed.has(Self.staged)
    if staged, parsed.has(git) { throw usage("give --git [REV-RANGE] or --staged, not both") }
    if parsed.has(repository), !staged, !parsed.has(git) { throw usage("--git-repo goes with --git or --staged") }
    if staged, !parsed.positionals.isEmpty { throw usage("--staged takes no argument: it scans the index") }
    for name in folderOnly where parsed.has(name) {
      throw usage("\(name) goes with a folder scan, not with \(staged ? "--staged" : "--git")")
    }
    let jobs = try OptionValues.jobs(parsed, command: spec.name)
    // The config's policy applies; its allow entries do not yet (they match files by path in
    // the working tree or by content, and a blob's entry is named <commit>:<path>): every
    // finding counts, which is stricter, never looser, and said.
    let gate = try OptionValues.gate(parsed, io: io, command: spec.name)
    let policy = try OptionValues.policy(parsed, gate: gate, command: spec.name)
    if let config = gate.config, !config.config.allow.isEmpty, !parsed.has(CommonOptions.quiet) {
      io.message(spec.name, "the allow entries of \(config.path) are not applied to a git history scan yet: every finding counts")
    }
    let shard = try ShardOption.resolve(parsed, io: io, command: spec.name)
    let revisions = parsed.positionals.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    let quiet = parsed.has(CommonOptions.quiet)
    var history: GitHistory
    do { history = try GitHistory.plan(revisions: revisions, staged: staged, repository: parsed.value(repository)) } catch {
      return failed(error, io: io, spec: spec)
    }
    if history.shallow, !quiet {
      io.message(spec.name, "this is a shallow clone: history before its boundary is not in it and is not scanned (git fetch --unshallow)")
    }
    if let shard { history.narrow(to: shard) }
    let reveal = parsed.has(CommonOptions.reveal)
    let progress = Progress(total: history.blobs.count, io: io, enabled: io.stderrIsTerminal && !quiet)
    var ticked = 0
    let scanned: (reports: [FileReport], tally: GitBlobAudit.Tally)
    do {
      scanned = try GitBlobAudit.run(history, policy: policy, jobs: jobs, transform: { $0.revealing(reveal) }) { count in
        while ticked < count { progress.tick(); ticked += 1 }
      }
    } catch {
      progress.finish()
      return failed(error, io: io, spec: spec)
    }
    progress.finish()
    let tally = scanned.tally
    if !quiet {
      let range = staged ? "the index" : "\(history.commits) commit\(history.commits == 1 ? "" : "s")"
      io.message(spec.name, "\(range): \(history.blobs.count) blob\(history.blobs.count == 1 ? "" : "s")\(shard.map { " in shard \($0.text)" } ?? ""), \(tally.read) read (\(tally.bytes) bytes), \(tally.scanned) image\(tally.scanned == 1 ? "" : "s") scanned, \(tally.notImages) not images"
                 + (tally.lfsPointers > 0 ? ", \(tally.lfsPointers) Git LFS pointer\(tally.lfsPointers == 1 ? "" : "s") with an image name (the images are in LFS storage, not scanned)" : ""))
    }
    if scanned.reports.isEmpty, !parsed.has(CommonOptions.allowEmpty), shard == nil {
      throw usage("no image blob found in \(staged ? "the staged changes" : revisions.isEmpty ? "the history of HEAD" : revisions.joined(separator: " ")) (--allow-empty accepts an empty scan)")
    }
    let report = AuditReport(command: spec.name, files: scanned.reports)
    let header = ReportStream.Header(command: spec.name, shard: shard, tool: "photoaudit \(VersionInfo.version)",
                                     policy: ReportStream.policyDigest(policy), pixels: false, maxPixels: AuditOptions().maxPixels)
    var outcome = Outcome(report: report, failOn: OptionValues.failOn(parsed))
    ReportOutput.emit(report, spec: spec, parsed: parsed, io: io, jobs: jobs, header: header, outcome: &outcome)
    return outcome
  }

  /// A history that could not be read: a bad range or no repository is a usage error (2); git
  /// that cannot run, or stopped, or wrote what photoaudit does not understand, is 3.
  static func failed(_ error: GitHistory.Failure, io: CommandIO, spec: CommandSpec) -> Outcome {
    switch error {
    case .notRepository, .badRange:
      io.message(spec.name, error.description)
      return .usage
    case .cannotRun, .malformed:
      io.message(spec.name, error.description)
      return Outcome(unreadableInputs: ["git"])
    }
  }
}
