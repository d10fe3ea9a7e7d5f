import Foundation
import PhotoCore
#if canImport(Glibc)
import Glibc
import Platform
import Runtime
#endif

/// SIGINT and SIGTERM (SPEC "Exit codes": 130/143, temporary files removed). Both are blocked in
/// every thread and taken by one thread with `sigwait`, so the stop runs as ordinary code, not in
/// a signal handler: no new image/descriptor pair is begun and those being written are finished
/// (`Interruption`), this run's temporary files and folders are removed, worker processes are
/// ended, and the process exits with the status the one exit-status function gives.
enum SignalHandling {
  /// The signals that stop a run.
  static let stopping: [Int32] = [SIGINT, SIGTERM]

  /// Blocks the signals in this thread (and so in every thread started after) and starts the
  /// thread that waits for them. Call first thing in `main`.
  static func install() {
    var set = signals()
    pthread_sigmask(SIG_BLOCK, &set, nil)
    let thread = Thread {
      var set = signals()
      var signal: Int32 = 0
      while sigwait(&set, &signal) != 0 {}
      stop(signal)
    }
    thread.stackSize = 1 << 20
    thread.start()
  }

  static func signals() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in stopping { sigaddset(&set, signal) }
    return set
  }

  /// Ends the run: commits in progress finish, no new one starts, temporaries go, workers end.
  static func stop(_ signal: Int32) -> Never {
    Interruption.stop(signal)
    TemporaryFiles.removeAllAndClose()
    WorkerPool.endAll()
    let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
    let text = "\nphotoaudit: stopped by \(name); nothing was left half written and this run's temporary files were removed\n"
    _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
    _exit(ExitStatus(Outcome(signal: signal)).rawValue)
  }
}
