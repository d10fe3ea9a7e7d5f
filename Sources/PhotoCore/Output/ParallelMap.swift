import Dispatch

/// Maps over items on `jobs` threads; results keep the input order whatever the scheduling.
public enum ParallelMap {
  public static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> [R] {
    guard jobs > 1, items.count > 1 else { return items.map(transform) }
    let results = ResultSlots<R>(count: items.count)
    let next = AtomicCounter()
    DispatchQueue.concurrentPerform(iterations: min(jobs, items.count)) { _ in
      while true {
        let i = next.increment()
        guard i < items.count else { return }
        results.set(i, transform(items[i]))
      }
    }
    return results.values()
  }
}

/// Fixed slots written once each from several threads.
final class ResultSlots<R>: @unchecked Sendable {
  // @unchecked: each slot is written by exactly one thread, read after all writers finished.
  private var slots: [R?]
  private let lock = NSLock()
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func set(_ i: Int, _ value: R) { lock.lock(); slots[i] = value; lock.unlock() }
  func values() -> [R] { slots.map { $0! } }
}

/// A counter shared between threads.
final class AtomicCounter: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private var value = 0
  private let lock = NSLock()
  func increment() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value - 1 }
}

import Foundation
