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
}
