import Foundation

/// `ParallelMap` with a wall-clock budget per item: one hostile file cannot stall a batch.
///
/// An item that ends after its deadline gives `overBudget(item)`, whatever it returned: the
/// outcome depends on how long the item took, not on when a thread was scheduled. One that does
/// not end is caught by the calling thread, which watches the workers: Swift cannot stop a
/// thread, so its worker is abandoned (it ends when the item does, its result dropped) and a new
/// worker takes its place. Items are handed out directly to the workers, with no thread hand-off
/// per item (measured: starting a thread per file cost a quarter of a metadata scan, handing each
/// file to a helper thread an eighth).
public enum BudgetedParallelMap {
  /// `transform` of each item on `jobs` threads, in input order; an item that takes longer than
  /// `seconds` and has not begun to commit (`BudgetToken.beginCommit()`) gives `overBudget(item)`.
  /// `done` is called once per item, when its result is known (for a progress display).
  public static func map<T: Sendable, R: Sendable>(
    _ items: [T], jobs: Int, seconds: Double, done: @escaping @Sendable () -> Void = {},
    _ transform: @escaping @Sendable (T, BudgetToken) -> R,
    overBudget: @escaping @Sendable (T) -> R
  ) -> [R] {
    guard !items.isEmpty else { return [] }
    let batch = Batch(items: items, seconds: seconds, transform: transform, overBudget: overBudget, done: done)
    return batch.run(workers: min(max(jobs, 1), items.count))
  }

  /// The shared state of one call: which item is next, what each worker is doing, the results.
  private final class Batch<T: Sendable, R: Sendable>: @unchecked Sendable {
    // @unchecked: every mutable member is guarded by `condition`.
    struct Running {
      var item: Int
      /// Holds the item's deadline.
      var token: BudgetToken
      var watched = true
    }

    let items: [T]
    let seconds: Double
    let transform: @Sendable (T, BudgetToken) -> R
    let overBudget: @Sendable (T) -> R
    let done: @Sendable () -> Void
    private let condition = NSCondition()
    private var next = 0
    private var results: [R?]
    private var finished = 0
    private var running: [Int: Running] = [:]
    private var abandoned: Set<Int> = []
    private var workers = 0
    /// The watcher sleeps with no deadline (nothing was running): a starting item must wake it.
    private var watcherWaitsForever = false

    init(items: [T], seconds: Double, transform: @escaping @Sendable (T, BudgetToken) -> R,
         overBudget: @escaping @Sendable (T) -> R, done: @escaping @Sendable () -> Void) {
      self.items = items
      self.seconds = seconds
      self.transform = transform
      self.overBudget = overBudget
      self.done = done
      results = Array(repeating: nil, count: items.count)
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
      while true {
        condition.lock()
        guard !abandoned.contains(id), next < items.count else {
          condition.unlock()
          return
        }
        let index = next
        next += 1
        let token = BudgetToken(deadline: ProcessInfo.processInfo.systemUptime + seconds)
        running[id] = Running(item: index, token: token)
        if watcherWaitsForever { condition.signal() }
        condition.unlock()
        let result = transform(items[index], token)
        let overdue = token.expireIfOverdue()
        condition.lock()
        if abandoned.contains(id) {
          condition.unlock()
          return  // the watcher gave this item up: its result is no longer wanted
        }
        results[index] = overdue ? overBudget(items[index]) : result
        finished += 1
        done()
        running[id] = nil
        // The watcher wakes at the earliest deadline anyway (items that start later end their
        // budget later), so only the end of the batch needs a signal: no wake-up per item.
        if finished == items.count || watcherWaitsForever { condition.signal() }
        condition.unlock()
      }
    }

    /// Starts the workers and waits for every item, giving up on those over the budget.
    func run(workers count: Int) -> [R] {
      condition.lock()
      for _ in 0..<count { startWorker() }
      while finished < items.count {
        let now = ProcessInfo.processInfo.systemUptime
        var earliest: TimeInterval?
        for (id, job) in running where job.watched {
          if now >= job.token.deadline {
            if job.token.expire() {
              results[job.item] = overBudget(items[job.item])
              finished += 1
              done()
              running[id] = nil
              abandoned.insert(id)
              if next < items.count { startWorker() }
            } else {
              running[id]?.watched = false  // committing: it finishes, however long it takes
            }
          } else {
            earliest = min(earliest ?? .infinity, job.token.deadline)
          }
        }
        guard finished < items.count else { break }
        if let earliest {
          _ = condition.wait(until: Date(timeIntervalSinceNow: max(earliest - ProcessInfo.processInfo.systemUptime, 0.001)))
        } else {
          watcherWaitsForever = true
          condition.wait()
          watcherWaitsForever = false
        }
      }
      condition.unlock()
      return results.map { $0! }
    }
  }
}
