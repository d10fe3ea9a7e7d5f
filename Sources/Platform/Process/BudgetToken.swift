import Foundation

/// The budget of one piece of timed work. Lets the work make its effects permanent only while it
/// is still wanted: `sanitize` writes its output only after `beginCommit()` returns true, so a
/// file given up on never appears later.
public final class BudgetToken: @unchecked Sendable {
  // @unchecked: `state` and `expiryAction` are guarded by `lock`; `deadline` is immutable.
  private enum State { case running, committing, expired }
  private var state = State.running
  private let lock = NSLock()
  /// Called once when the work is given up on (see `onExpiry`).
  private var expiryAction: (@Sendable () -> Void)?
  /// `ProcessInfo.systemUptime` after which the work is over its budget.
  package let deadline: TimeInterval

  /// A token whose budget ends at `deadline` (`ProcessInfo.systemUptime`); never, by default.
  public init(deadline: TimeInterval = .infinity) {
    self.deadline = deadline
  }

  /// True when the work may now write its results; false when it is over its budget or its
  /// caller has given up on it. After true the caller waits for the work however long it takes.
  public func beginCommit() -> Bool {
    lock.lock()
    if state == .running, ProcessInfo.processInfo.systemUptime >= deadline { expireLocked() }
    guard state == .running else {
      let committing = state == .committing
      unlockAndRunExpiry()
      return committing
    }
    state = .committing
    lock.unlock()
    return true
  }

  /// Runs `action` once, on whichever thread gives the work up (at once when it already is):
  /// how work that runs elsewhere — a worker process decoding a file — is stopped the moment
  /// its budget ends, instead of running on unwatched.
  public func onExpiry(_ action: @escaping @Sendable () -> Void) {
    lock.lock()
    if state == .expired {
      lock.unlock()
      action()
      return
    }
    expiryAction = action
    lock.unlock()
  }

  /// Marks the work expired; the lock is held. The expiry action runs after the unlock.
  private func expireLocked() {
    state = .expired
  }

  /// Unlocks, then runs the expiry action if the work is now expired (once).
  private func unlockAndRunExpiry() {
    var action: (@Sendable () -> Void)?
    if state == .expired {
      action = expiryAction
      expiryAction = nil
    }
    lock.unlock()
    action?()
  }

  /// Whether the work is given up on.
  public var isExpired: Bool {
    lock.lock(); defer { lock.unlock() }
    return state == .expired
  }

  /// Gives up on the work unless it is committing; true when given up.
  package func expire() -> Bool {
    lock.lock()
    if state == .running { expireLocked() }
    let expired = state == .expired
    unlockAndRunExpiry()
    return expired
  }

  /// Gives up on the work when its deadline has passed and it is not committing; true when
  /// given up (now or before).
  package func expireIfOverdue() -> Bool {
    lock.lock()
    if state == .running, ProcessInfo.processInfo.systemUptime >= deadline { expireLocked() }
    let expired = state == .expired
    unlockAndRunExpiry()
    return expired
  }
}
