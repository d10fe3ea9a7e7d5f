/// The SPEC's exit codes, set in one place.
enum ExitStatus: Int32 {
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
}
