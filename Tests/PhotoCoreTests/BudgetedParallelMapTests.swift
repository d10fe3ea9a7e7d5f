import Foundation
@testable import PhotoCore
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

  @Test func anItemOverTheBudgetIsGivenUpAndTheBatchGoesOn() {
    let clock = ContinuousClock()
    let started = clock.now
    let results = BudgetedParallelMap.map(Array(0..<8), jobs: 2, seconds: 0.3) { item, _ -> String in
      if item == 3 { Thread.sleep(forTimeInterval: 3) }
      return "done \(item)"
    } overBudget: { item in "over budget \(item)" }
    let elapsed = clock.now - started
    #expect(results == (0..<8).map { $0 == 3 ? "over budget 3" : "done \($0)" })
    #expect(elapsed < .seconds(2), "the batch waited for the slow item: \(elapsed)")
  }

  @Test func everyWorkerStuckStillEndsTheBatch() {
    // Both workers stall; replacements finish the rest.
    let results = BudgetedParallelMap.map(Array(0..<6), jobs: 2, seconds: 0.2) { item, _ -> Int in
      if item < 2 { Thread.sleep(forTimeInterval: 2) }
      return item
    } overBudget: { _ in -1 }
    #expect(results == [-1, -1, 2, 3, 4, 5])
  }

  @Test func workGivenUpOnMayNotCommit() {
    let committed = Flag()
    let results = BudgetedParallelMap.map([0], jobs: 1, seconds: 0.1) { _, token -> String in
      Thread.sleep(forTimeInterval: 0.5)
      if token.beginCommit() { committed.set() }
      return "written"
    } overBudget: { _ in "given up" }
    #expect(results == ["given up"])
    Thread.sleep(forTimeInterval: 0.8)  // the abandoned worker has reached beginCommit by now
    #expect(!committed.value, "the late worker committed after its caller gave up")
  }

  @Test func workThatBeganToCommitIsWaitedFor() {
    let results = BudgetedParallelMap.map([0], jobs: 1, seconds: 0.2) { _, token -> String in
      guard token.beginCommit() else { return "refused" }
      Thread.sleep(forTimeInterval: 0.6)  // writing, past the budget
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

  final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var state = false
    func set() { lock.lock(); state = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return state }
  }
}
