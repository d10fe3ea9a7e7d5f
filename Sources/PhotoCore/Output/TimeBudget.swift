import Foundation

/// Runs work with a wall-clock budget. Swift cannot stop a thread, so work that overruns keeps
/// running on its own thread until it ends, but the caller moves on with nil: one hostile file
/// cannot stall a batch. (Our parsers are bounded; this is the safety net behind them.)
public enum TimeBudget {
  /// The result of `body`, or nil when it took longer than `seconds`.
  public static func run<R: Sendable>(seconds: Double, _ body: @escaping @Sendable () -> R) -> R? {
    let box = ResultBox<R>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.value = body()
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
  }

  private final class ResultBox<R>: @unchecked Sendable {
    // @unchecked: written once by the worker before it signals, read after the signal.
    var value: R?
  }
}
