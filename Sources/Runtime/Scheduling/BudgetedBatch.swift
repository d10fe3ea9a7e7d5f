import Foundation
import Platform

/// The shared state of one `BudgetedParallelMap.stream` call: which item is next, what each
/// worker is doing, the finished results waiting for their turn, and who is delivering.
///
/// Results are delivered by whichever worker (or the watching caller) stores the result that
/// the next delivery waits for: it takes the whole run of consecutive finished results, hands
/// them to `deliver` outside the lock, and looks again — so there is no hand-off to another
/// thread and no wake-up per item. Workers do not take an item more than `window` ahead of the
/// first one not delivered: a slow item holds back a bounded number of results.
final class BudgetedBatch<T: Sendable, R: Sendable>: @unchecked Sendable {
  // @unchecked: every mutable member is guarded by `condition`; `deliver` is never called
  // concurrently (the `delivering` flag, set under the lock).
  private struct Running {
    package var index: Int
    package var item: T
    /// Holds the item's deadline.
    package var token: BudgetToken
    var watched = true
  }

  private let count: Int
  private let seconds: Double
  private let window: Int
  private let item: @Sendable (Int) -> T
  private let transform: @Sendable (T, BudgetToken) -> R
  private let overBudget: @Sendable (T) -> R
  private let done: @Sendable () -> Void
  private let deliver: @Sendable (Int, R) -> Bool

  private let condition = NSCondition()
  /// The next index to take.
  private var next = 0
  /// The first index not yet taken for delivery.
  private var delivered = 0
  /// How many results `deliver` was given.
  private var handedOver = 0
  /// Finished results not yet delivered, at `index % window`.
  private var slots: [R?]
  private var running: [Int: Running] = [:]
  /// Workers between taking an index and registering it as running (making the item).
  private var taking = 0
  private var abandoned: Set<Int> = []
  private var workers = 0
  private var waitingForWindow = 0
  private var delivering = false
  private var stopped = false
  /// The watcher sleeps with no deadline (nothing was running): a starting item must wake it.
  private var watcherWaitsForever = false

  init(count: Int, seconds: Double, window: Int, item: @escaping @Sendable (Int) -> T,
       transform: @escaping @Sendable (T, BudgetToken) -> R, overBudget: @escaping @Sendable (T) -> R,
       done: @escaping @Sendable () -> Void, deliver: @escaping @Sendable (Int, R) -> Bool) {
    self.count = count
    self.seconds = seconds
    self.window = window
    self.item = item
    self.transform = transform
    self.overBudget = overBudget
    self.done = done
    self.deliver = deliver
    slots = Array(repeating: nil, count: window)
  }

  /// Every result delivered, or the batch stopped and nothing of it still runs; lock held.
  private var isOver: Bool {
    guard !delivering else { return false }
    return delivered == count || (stopped && running.isEmpty && taking == 0)
  }

  /// Starts a worker thread; called with the lock held.
  private func startWorker() {
    let id = workers
    workers += 1
    let thread = Thread { [self] in work(id) }
    thread.stackSize = 8 << 20
    thread.start()
  }

  private func work(_ id: Int) {
    condition.lock()
    while !abandoned.contains(id), !stopped, next < count {
      guard next < delivered + window else {
        waitingForWindow += 1
        condition.wait()
        waitingForWindow -= 1
        continue
      }
      let index = next
      next += 1
      taking += 1
      condition.unlock()
      let value = item(index)
      condition.lock()
      taking -= 1
      if stopped { break }
      let token = BudgetToken(deadline: ProcessInfo.processInfo.systemUptime + seconds)
      running[id] = Running(index: index, item: value, token: token)
      if watcherWaitsForever { condition.broadcast() }
      condition.unlock()
      let result = transform(value, token)
      let final = token.expireIfOverdue() ? overBudget(value) : result
      condition.lock()
      if abandoned.contains(id) { break }  // the watcher gave this item up: its result is no longer wanted
      running[id] = nil
      store(final, at: index)
      deliverReady()
    }
    if isOver { condition.broadcast() }
    condition.unlock()
  }

  /// Keeps a finished result for its turn; lock held.
  private func store(_ result: R, at index: Int) {
    slots[index % window] = result
    done()
  }

  /// Delivers the run of consecutive finished results that starts at the next one to deliver,
  /// unless another thread is delivering (it will see them). Called with the lock held; releases
  /// it while `deliver` runs.
  private func deliverReady() {
    guard !delivering else { return }
    delivering = true
    while !stopped, delivered < count, slots[delivered % window] != nil {
      var run: [(Int, R)] = []
      while delivered < count, let result = slots[delivered % window] {
        run.append((delivered, result))
        slots[delivered % window] = nil
        delivered += 1
      }
      if waitingForWindow > 0 { condition.broadcast() }
      condition.unlock()
      var goOn = true
      var given = 0
      for (index, result) in run where goOn {
        goOn = deliver(index, result)
        given += 1
      }
      condition.lock()
      handedOver += given
      if !goOn {
        stopped = true
        condition.broadcast()
      }
    }
    delivering = false
    if isOver { condition.broadcast() }
  }

  /// Starts the workers and watches them until every result is delivered (or the batch is
  /// stopped), giving up on items over the budget. Returns how many results were delivered.
  package func run(workers count: Int) -> Int {
    condition.lock()
    for _ in 0..<count { startWorker() }
    while !isOver {
      let now = ProcessInfo.processInfo.systemUptime
      var earliest: TimeInterval?
      var gaveUp = false
      // Decided under the lock in one pass; delivering (which unlocks) only afterwards.
      for (id, job) in running where job.watched {
        guard now >= job.token.deadline else {
          earliest = min(earliest ?? .infinity, job.token.deadline)
          continue
        }
        if job.token.expire() {
          running[id] = nil
          abandoned.insert(id)
          if !stopped, next < self.count { startWorker() }
          store(overBudget(job.item), at: job.index)
          gaveUp = true
        } else {
          running[id]?.watched = false  // committing: it finishes, however long it takes
        }
      }
      if gaveUp {
        deliverReady()
        continue
      }
      if let earliest {
        _ = condition.wait(until: Date(timeIntervalSinceNow: max(earliest - ProcessInfo.processInfo.systemUptime, 0.001)))
      } else {
        watcherWaitsForever = true
        condition.wait()
        watcherWaitsForever = false
      }
    }
    let result = handedOver
    condition.unlock()
    return result
  }
}
