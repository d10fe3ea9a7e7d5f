/// A run of deterministic mutated inputs through one `FuzzTarget`: input `i` is a function of
/// (run seed, target, i) only, so a run can be split, resumed after a crash, or one input
/// regenerated for a reproducer.
///
/// This file is shared with the `Fuzz/` package by a symbolic link.
struct MutationCampaign {
  /// An input that took longer than the budget.
  struct SlowInput: Sendable {
    var index: Int
    var seconds: Double
    var bytes: [UInt8]
  }

  /// What a run did.
  struct Report: Sendable {
    var target: FuzzTarget
    var executed = 0
    var slowest = 0.0
    var slowestIndex: Int?
    var slowInputs: [SlowInput] = []
  }

  let target: FuzzTarget
  let seeds: [[UInt8]]
  let runSeed: UInt64

  init(target: FuzzTarget, seeds: [[UInt8]], runSeed: UInt64) {
    precondition(!seeds.isEmpty, "a mutation campaign needs at least one seed")
    self.target = target
    self.seeds = seeds
    self.runSeed = runSeed
  }

  /// Mutated input number `index` (and the seed it came from).
  func input(_ index: Int) -> (bytes: [UInt8], seedIndex: Int, operations: [Mutator.Operation]) {
    var mutator = Mutator(seed: Mutator.inputSeed(runSeed: runSeed, stream: target.rawValue, index: index))
    let seedIndex = mutator.index(in: seeds.count)
    var (bytes, operations) = mutator.mutate(seeds[seedIndex], donors: seeds)
    // One input in eight is mutated again: stacked damage finds paths single steps do not.
    if mutator.rng.next() % 8 == 0 {
      let again = mutator.mutate(bytes, donors: seeds)
      bytes = again.bytes
      operations += again.operations
    }
    return (bytes, seedIndex, operations)
  }

  /// Runs inputs `range` through the target. `willRun` is called before each input (the `mutate`
  /// tool keeps it for its crash and hang reports). Inputs slower than `budget` seconds are kept.
  func run(_ range: Range<Int>, budget: Double, willRun: (Int, [UInt8]) -> Void = { _, _ in }) -> Report {
    var report = Report(target: target)
    let clock = ContinuousClock()
    for index in range {
      let bytes = input(index).bytes
      willRun(index, bytes)
      let started = clock.now
      target.run(bytes)
      let seconds = Self.seconds(clock.now - started)
      report.executed += 1
      if seconds > report.slowest {
        report.slowest = seconds
        report.slowestIndex = index
      }
      if seconds > budget { report.slowInputs.append(SlowInput(index: index, seconds: seconds, bytes: bytes)) }
    }
    return report
  }

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
  }
}
