import Dispatch

/// Maps over items on `jobs` threads; results keep the input order whatever the scheduling.
public enum ParallelMap {
  public static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @escaping @Sendable (T) -> R) -> [R] {
    guard jobs > 1, items.count > 1 else { return items.map(transform) }
    let results = ResultSlots<R>(count: items.count)
    let next = AtomicCounter()
    // Dedicated threads, not concurrentPerform: on a loaded Linux machine the global queue
    // may run all iterations on one thread (measured: -j 2 no faster than -j 1).
    let finished = DispatchGroup()
    for _ in 0..<min(jobs, items.count) {
      finished.enter()
      let thread = Thread {
        while true {
          let i = next.increment()
          guard i < items.count else { break }
          results.set(i, transform(items[i]))
        }
        finished.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    finished.wait()
    return results.values()
  }
}

/// Fixed slots written once each from several threads.
package final class ResultSlots<R>: @unchecked Sendable {
  // @unchecked: each slot is written by exactly one thread, read after all writers finished.
  private var slots: [R?]
  private let lock = NSLock()
  package init(count: Int) { slots = Array(repeating: nil, count: count) }
  package func set(_ i: Int, _ value: R) { lock.lock(); slots[i] = value; lock.unlock() }
  package func values() -> [R] { slots.map { $0! } }
}

/// A counter shared between threads.
package final class AtomicCounter: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private var value = 0
  private let lock = NSLock()
  package func increment() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value - 1 }
}

import Foundation
