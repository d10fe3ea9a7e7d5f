import Foundation
@testable import PhotoCore
@testable import Platform
@testable import Runtime
import Synchronization
import Testing

/// The per-file time budget of batches: an item over it is given up on (its result replaced,
/// its late writes refused), the others are unaffected, the order is the input's.
@Suite struct BudgetedParallelMapTests {
  @Test(arguments: [1, 2, 4])
  func resultsKeepTheInputOrder(jobs: Int) {
    let items = Array(0..<500)
    let results = BudgetedParallelMap.map(items, jobs: jobs, seconds: 60) { item, _ in item * item } overBudget: { _ in -1 }
    #expect(results == items.map { $0 * $0 })
  }

  // The slow items below block on a gate the test opens only after the batch has returned: an
  // item is "slow" for sure, whatever the machine's load, and a batch that waited for it would
  // wait until the gate's safety timeout, which the test then reports (instead of hanging).

  @Test func anItemOverTheBudgetIsGivenUpAndTheBatchGoesOn() {
    let gate = Gate()
    let results = BudgetedParallelMap.map(Array(0..<8), jobs: 2, seconds: 1) { item, _ -> String in
      if item == 3 { gate.wait() }
      return "done \(item)"
    } overBudget: { item in "over budget \(item)" }
    gate.open()
    #expect(results == (0..<8).map { $0 == 3 ? "over budget 3" : "done \($0)" })
    #expect(!gate.timedOut, "the batch waited for the blocked item")
  }

  @Test func everyWorkerStuckStillEndsTheBatch() {
    // Both workers block; replacements finish the rest.
    let gate = Gate()
    let results = BudgetedParallelMap.map(Array(0..<6), jobs: 2, seconds: 0.5) { item, _ -> Int in
      if item < 2 { gate.wait() }
      return item
    } overBudget: { _ in -1 }
    gate.open(count: 2)
    #expect(results == [-1, -1, 2, 3, 4, 5])
    #expect(!gate.timedOut, "the batch waited for a blocked worker")
  }

  @Test func workGivenUpOnMayNotCommit() {
    let gate = Gate(), asked = Gate()
    let committed = Flag()
    let results = BudgetedParallelMap.map([0], jobs: 1, seconds: 0.1) { _, token -> String in
      gate.wait()
      if token.beginCommit() { committed.set() }
      asked.open()
      return "written"
    } overBudget: { _ in "given up" }
    #expect(results == ["given up"])
    gate.open()
    asked.wait()  // the abandoned worker has asked to commit by now
    #expect(!committed.value, "the late worker committed after its caller gave up")
    #expect(!gate.timedOut && !asked.timedOut)
  }

  @Test func workThatBeganToCommitIsWaitedFor() {
    let results = BudgetedParallelMap.map([0], jobs: 1, seconds: 0.2) { _, token -> String in
      guard token.beginCommit() else { return "refused" }
      // Writing, until well past the budget (polled: the outcome does not depend on timing).
      while ProcessInfo.processInfo.systemUptime < token.deadline + 0.2 { Thread.sleep(forTimeInterval: 0.01) }
      return "written"
    } overBudget: { _ in "given up" }
    #expect(results == ["written"])
  }

  @Test func tokenStates() {
    let token = BudgetToken()
    #expect(!token.isExpired)
    #expect(token.expire())
    #expect(token.isExpired)
    #expect(!token.beginCommit())
    let committing = BudgetToken()
    #expect(committing.beginCommit())
    #expect(committing.beginCommit(), "asking again while committing stays true")
    #expect(!committing.expire(), "a committing token cannot be given up on")
  }
}

/// A gate work waits at until the test opens it; after 30 s it gives up and says so.
final class Gate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let gaveUp = Atomic<Bool>(false)

  func wait() {
    if semaphore.wait(timeout: .now() + 30) == .timedOut { gaveUp.store(true, ordering: .sequentiallyConsistent) }
  }

  func open(count: Int = 1) {
    for _ in 0..<count { semaphore.signal() }
  }

  /// True when some wait ended by the safety timeout, not by `open`.
  var timedOut: Bool { gaveUp.load(ordering: .sequentiallyConsistent) }
}

/// A flag set from another thread.
final class Flag: Sendable {
  private let state = Atomic<Bool>(false)
  func set() { state.store(true, ordering: .sequentiallyConsistent) }
  var value: Bool { state.load(ordering: .sequentiallyConsistent) }
}
