import PhotoCore
#if canImport(Glibc)
import Glibc
import Pipeline
#endif

/// The SPEC's exit codes. Commands never pick one: they report an `Outcome`, and
/// `ExitStatus.init(_:)` — the one function that decides — maps it to a status.
enum ExitStatus: Int32, Sendable, CaseIterable {
  /// No finding at or above --fail-on.
  case ok = 0
  /// Findings at or above --fail-on.
  case findings = 1
  /// The command line was wrong.
  case usage = 2
  /// An input could not be read at all (single-file commands).
  case unreadable = 3
  /// An output or report could not be written (disk full, permission).
  case cannotWrite = 4
  /// Stopped by SIGINT; temporary files removed.
  case interrupted = 130
  /// Stopped by SIGTERM; temporary files removed.
  case terminated = 143

  /// What the status means, for `--help` and the man page.
  var meaning: String {
    switch self {
    case .ok: "no finding at or above --fail-on"
    case .findings: "findings at or above --fail-on"
    case .usage: "usage error: a bad option, an input named on the command line that does not exist"
    case .unreadable: "an input could not be read at all"
    case .cannotWrite: "an output or report could not be written (disk full, permission)"
    case .interrupted: "interrupted (SIGINT); temporary files removed"
    case .terminated: "terminated (SIGTERM); temporary files removed"
    }
  }

  /// A word or two for examples ("exit 1: findings").
  var shortMeaning: String {
    switch self {
    case .ok: "ok"
    case .findings: "findings"
    case .usage: "usage error"
    case .unreadable: "unreadable input"
    case .cannotWrite: "not written"
    case .interrupted: "interrupted"
    case .terminated: "terminated"
    }
  }

  /// The one decision, in the SPEC's order of precedence: a signal, then a usage error, then an
  /// output not written, then an input of which nothing was read, then findings (an input read
  /// in part is judged by its findings), then a file `strip` changed.
  init(_ outcome: Outcome) {
    if let signal = outcome.signal {
      self = signal == SIGTERM ? .terminated : .interrupted
    } else if outcome.usageError || !outcome.missingInputs.isEmpty {
      self = .usage
    } else if !outcome.unwritten.isEmpty {
      self = .cannotWrite
    } else if !outcome.unreadableInputs.isEmpty {
      self = .unreadable
    } else if let worst = outcome.worstFinding, let failOn = outcome.failOn, worst >= failOn {
      self = .findings
    } else if !outcome.changed.isEmpty {
      self = .findings
    } else {
      self = .ok
    }
  }
}

/// What a run came to, as the exit status needs it. Commands fill it in; they never choose a
/// number.
struct Outcome: Sendable, Equatable {
  /// The command line could not be run.
  var usageError = false
  /// Inputs named on the command line that do not exist.
  var missingInputs: [String] = []
  /// Inputs of a single-file command (`inspect`, `diff`, `verify`, `merge`) of which nothing
  /// could be read (`PhotoMetadata.nothingRead`). An input read in part — a JPEG with EXIF GPS
  /// but no SOF — is not listed: its findings (PA013 and what was read before the problem)
  /// decide, as the SPEC says ("read in part and gave findings exits 1, not 3"). In `audit` and
  /// `sanitize` a bad file is a finding instead.
  var unreadableInputs: [String] = []
  /// Outputs or reports that could not be written.
  var unwritten: [String] = []
  /// Files `strip` changed in place (or, with --dry-run, would change): exit 1, as pre-commit
  /// hooks that fix files do, so the commit is retried with the fixed files.
  var changed: [String] = []
  /// The most severe finding reported.
  var worstFinding: Severity?
  /// `--fail-on`; nil for `--fail-on none` (findings are data: never exit 1).
  var failOn: Severity? = .error
  /// The signal that stopped the run (SIGINT, SIGTERM).
  var signal: Int32?

  /// A usage error.
  static let usage = Outcome(usageError: true)

  /// The outcome of a report: its worst finding against `--fail-on`.
  init(report: AuditReport, failOn: Severity?) {
    self.worstFinding = report.findings.worstSeverity
    self.failOn = failOn
  }

  init(usageError: Bool = false, missingInputs: [String] = [], unreadableInputs: [String] = [], unwritten: [String] = [],
       worstFinding: Severity? = nil, failOn: Severity? = .error, signal: Int32? = nil) {
    self.usageError = usageError
    self.missingInputs = missingInputs
    self.unreadableInputs = unreadableInputs
    self.unwritten = unwritten
    self.worstFinding = worstFinding
    self.failOn = failOn
    self.signal = signal
  }
}

/// `ExitStatus` under a name no imported module shares (Swift Testing has an `ExitStatus`).
typealias PhotoauditExitStatus = ExitStatus
