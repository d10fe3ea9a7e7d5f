import Foundation

/// The budget of one piece of timed work. Lets the work make its effects permanent only while it
/// is still wanted: `sanitize` writes its output only after `beginCommit()` returns true, so a
/// file given up on never appears later.
public final class BudgetToken: @unchecked Sendable {
  // @unchecked: `state` is guarded by `lock`; `deadline` is immutable.
  private enum State { case running, committing, expired }
  private var state = State.running
  private let lock = NSLock()
  /// `ProcessInfo.systemUptime` after which the work is over its budget.
  let deadline: TimeInterval

  /// A token whose budget ends at `deadline` (`ProcessInfo.systemUptime`); never, by default.
  public init(deadline: TimeInterval = .infinity) {
    self.deadline = deadline
  }

  /// True when the work may now write its results; false when it is over its budget or its
  /// caller has given up on it. After true the caller waits for the work however long it takes.
  public func beginCommit() -> Bool {
    lock.lock(); defer { lock.unlock() }
    if state == .running, ProcessInfo.processInfo.systemUptime >= deadline { state = .expired }
    guard state == .running else { return state == .committing }
    state = .committing
    return true
  }

  /// Whether the work is given up on.
  public var isExpired: Bool {
    lock.lock(); defer { lock.unlock() }
    return state == .expired
  }

  /// Gives up on the work unless it is committing; true when given up.
  func expire() -> Bool {
    lock.lock(); defer { lock.unlock() }
    guard state == .running else { return state == .expired }
    state = .expired
    return true
  }

  /// Gives up on the work when its deadline has passed and it is not committing; true when
  /// given up (now or before).
  func expireIfOverdue() -> Bool {
    lock.lock(); defer { lock.unlock() }
    if state == .running, ProcessInfo.processInfo.systemUptime >= deadline { state = .expired }
    return state == .expired
  }
}
