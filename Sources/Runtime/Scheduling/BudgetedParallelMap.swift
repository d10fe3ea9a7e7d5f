import Foundation
import Platform

/// `ParallelMap` with a wall-clock budget per item: one hostile file cannot stall a batch.
///
/// An item that ends after its deadline gives `overBudget(item)`, whatever it returned: the
/// outcome depends on how long the item took, not on when a thread was scheduled. One that does
/// not end is caught by the calling thread, which watches the workers: Swift cannot stop a
/// thread, so its worker is abandoned (it ends when the item does, its result dropped) and a new
/// worker takes its place. Items are handed out directly to the workers, with no thread hand-off
/// per item (measured: starting a thread per file cost a quarter of a metadata scan, handing each
/// file to a helper thread an eighth).
///
/// `stream` is the form for batches of any size: items are made when a worker takes them, and
/// results are delivered in input order as soon as every earlier one is known, through a reorder
/// window of bounded size — so a JSONL report is written while the batch runs and memory does not
/// grow with the number of items. `map` collects the same results into an array.
public enum BudgetedParallelMap {
  /// How many items may be taken ahead of the first one not yet delivered, by default: a slow
  /// item holds back at most this many finished results (a few MB of JSONL lines), while the
  /// other workers keep working for a while before they wait for it.
  public static let defaultWindow = 2048

  /// `transform` of each item on `jobs` threads, in input order; an item that takes longer than
  /// `seconds` and has not begun to commit (`BudgetToken.beginCommit()`) gives `overBudget(item)`.
  /// `done` is called once per item, when its result is known (for a progress display).
  public static func map<T: Sendable, R: Sendable>(
    _ items: [T], jobs: Int, seconds: Double, done: @escaping @Sendable () -> Void = {},
    _ transform: @escaping @Sendable (T, BudgetToken) -> R,
    overBudget: @escaping @Sendable (T) -> R
  ) -> [R] {
    guard !items.isEmpty else { return [] }
    let collected = Collected<R>(capacity: items.count)
    // Every result is kept anyway: no window needed.
    stream(count: items.count, jobs: jobs, seconds: seconds, window: items.count, item: { items[$0] }, done: done,
           transform, overBudget: overBudget) { _, result in
      collected.append(result)
      return true
    }
    return collected.values
  }

  /// Runs `transform` over items `0..<count`, made by `item(index)` when a worker takes them, on
  /// `jobs` threads with the time budget of `map`, and hands each result to `deliver` in index
  /// order — one call at a time, from whichever thread completed the run of results it ends —
  /// as soon as every earlier result has been delivered. At most `window` items are taken
  /// beyond the first result not yet taken for delivery (results are taken a run at a time, so
  /// while `deliver` works through a run, workers may be up to `window` past its end). `deliver`
  /// returning false stops the batch: no item is
  /// started after it, items running then finish (their results dropped), and later results are
  /// not delivered. Returns how many results were delivered.
  @discardableResult
  public static func stream<T: Sendable, R: Sendable>(
    count: Int, jobs: Int, seconds: Double, window: Int = defaultWindow,
    item: @escaping @Sendable (Int) -> T, done: @escaping @Sendable () -> Void = {},
    _ transform: @escaping @Sendable (T, BudgetToken) -> R,
    overBudget: @escaping @Sendable (T) -> R,
    deliver: @escaping @Sendable (Int, R) -> Bool
  ) -> Int {
    guard count > 0 else { return 0 }
    let batch = BudgetedBatch(count: count, seconds: seconds, window: max(1, min(window, count)), item: item,
                              transform: transform, overBudget: overBudget, done: done, deliver: deliver)
    return batch.run(workers: min(max(jobs, 1), count))
  }

  /// Results appended by `deliver` (one call at a time, ordered by the batch's lock).
  private final class Collected<R>: @unchecked Sendable {
    // @unchecked: `append` is only called by `deliver`, which the batch never runs concurrently;
    // `values` is read after the batch returned.
    private(set) var values: [R] = []
    init(capacity: Int) { values.reserveCapacity(capacity) }
    package func append(_ value: R) { values.append(value) }
  }
}
