import Foundation
import Synchronization

/// The budget of one piece of timed work. Lets the work make its effects permanent only while it
/// is still wanted: `sanitize` writes its output only after `beginCommit()` returns true, so a
/// file given up on never appears later.
public final class BudgetToken: Sendable {
  private enum State { case running, committing, expired }
  /// The state and the action to run once the work is given up on (see `onExpiry`).
  private struct Guarded {
    var state = State.running
    var expiryAction: (@Sendable () -> Void)?

    /// Marks the work expired when its deadline has passed and it is still running.
    mutating func expireIfOverdue(_ deadline: TimeInterval) {
      if state == .running, ProcessInfo.processInfo.systemUptime >= deadline { state = .expired }
    }

    /// The expiry action, taken (so it runs once), when the work is now expired.
    mutating func takeExpiryAction() -> (@Sendable () -> Void)? {
      guard state == .expired else { return nil }
      defer { expiryAction = nil }
      return expiryAction
    }
  }
  private let guarded = Mutex(Guarded())
  /// `ProcessInfo.systemUptime` after which the work is over its budget.
  package let deadline: TimeInterval

  /// A token whose budget ends at `deadline` (`ProcessInfo.systemUptime`); never, by default.
  public init(deadline: TimeInterval = .infinity) {
    self.deadline = deadline
  }

  /// True when the work may now write its results; false when it is over its budget or its
  /// caller has given up on it. After true the caller waits for the work however long it takes.
  public func beginCommit() -> Bool {
    let (mayCommit, action) = guarded.withLock { g -> (Bool, (@Sendable () -> Void)?) in
      g.expireIfOverdue(deadline)
      guard g.state == .running else { return (g.state == .committing, g.takeExpiryAction()) }
      g.state = .committing
      return (true, nil)
    }
    action?()
    return mayCommit
  }

  /// Runs `action` once, on whichever thread gives the work up (at once when it already is):
  /// how work that runs elsewhere — a worker process decoding a file — is stopped the moment
  /// its budget ends, instead of running on unwatched.
  public func onExpiry(_ action: @escaping @Sendable () -> Void) {
    let expired = guarded.withLock { g in
      if g.state != .expired { g.expiryAction = action }
      return g.state == .expired
    }
    if expired { action() }
  }

  /// Whether the work is given up on.
  public var isExpired: Bool { guarded.withLock { $0.state == .expired } }

  /// Gives up on the work unless it is committing; true when given up.
  package func expire() -> Bool {
    let (expired, action) = guarded.withLock { g in
      if g.state == .running { g.state = .expired }
      return (g.state == .expired, g.takeExpiryAction())
    }
    action?()
    return expired
  }

  /// Gives up on the work when its deadline has passed and it is not committing; true when
  /// given up (now or before).
  package func expireIfOverdue() -> Bool {
    let (expired, action) = guarded.withLock { g in
      g.expireIfOverdue(deadline)
      return (g.state == .expired, g.takeExpiryAction())
    }
    action?()
    return expired
  }
}
