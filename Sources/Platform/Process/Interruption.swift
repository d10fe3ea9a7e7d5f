import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A run being stopped by SIGINT or SIGTERM (SPEC "Exit codes": 130/143, temporary files
/// removed). Writes that belong together — an image and its descriptor, the swap of a report
/// folder — run inside a commit; `stop` refuses new commits and waits for those in progress, so
/// a signal never leaves half of a pair. What a stopped run does next (remove its temporaries,
/// end its workers, exit) is the command line's business.
public enum Interruption {
  private struct State {
    package var signal: Int32?
    package var inFlight = 0
  }

  private static let state = Mutex(State())

  /// Begins a commit; false once the run is being stopped (then nothing may be written).
  public static func beginCommit() -> Bool {
    state.withLock { s in
      guard s.signal == nil else { return false }
      s.inFlight += 1
      return true
    }
  }

  /// Ends a commit begun with `beginCommit()`.
  public static func endCommit() {
    state.withLock { $0.inFlight -= 1 }
  }

  /// The signal that is stopping the run, if one is.
  public static var signal: Int32? { state.withLock { $0.signal } }

  /// Stops the run: no commit begins after this, and it returns once those in progress have
  /// ended (or after `grace` seconds, should one hang on a dead disk).
  public static func stop(_ signal: Int32, grace: Double = 10) {
    state.withLock { s in s.signal = s.signal ?? signal }
    var waited = 0.0
    while state.withLock({ $0.inFlight }) > 0, waited < grace {
      usleep(5_000)
      waited += 0.005
    }
  }
}
