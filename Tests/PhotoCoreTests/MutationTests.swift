import Foundation
import PhotoCore
import Testing

/// A deterministic mutation run over every parser, small enough for CI (the whole suite stays
/// under about a minute in a debug build): seeds from `Fixtures/` and, when present,
/// `../shared/corpus`; inputs from `Mutator` with a fixed run seed, so a failure names the
/// input index that reproduces it (`mutate --input TARGET INDEX --write FILE` in `Fuzz/`).
///
/// The big runs (≥ 100,000 inputs per parser) are `make fuzz-mutate`, on a release build.
/// `PHOTOAUDIT_MUTATIONS=N` changes the per-target count here.
@Suite struct MutationTests {
  /// The run seed; the same as `mutate`'s default, so indexes mean the same input in both.
  static let runSeed: UInt64 = 1

  /// Seeds per target; spread over small and large files.
  static let seedsPerTarget = 24

  static let seeds = FuzzSeeds(
    roots: [FixtureFiles.root.path] + (SharedCorpus.isAvailable ? [SharedCorpus.root.path] : []),
    perTarget: seedsPerTarget)

  /// Inputs per target in CI: the cheap parsers get more, the whole inspector fewer.
  static func count(for target: FuzzTarget) -> Int {
    if let text = ProcessInfo.processInfo.environment["PHOTOAUDIT_MUTATIONS"], let n = Int(text) { return n }
    switch target {
    case .inspect, .tiff: return 3000
    case .exif, .isobmff, .png, .jpeg, .iptc, .video, .riff, .gif, .jumbf: return 5000
    default: return 10_000
    }
  }

  @Test(arguments: FuzzTarget.allCases)
  func mutatedInputsNeverTrapOrHang(_ target: FuzzTarget) {
    let seeds = Self.seeds[target].map(\.bytes)
    #expect(!seeds.isEmpty, "no seeds for \(target)")
    guard !seeds.isEmpty else { return }
    let campaign = MutationCampaign(target: target, seeds: seeds, runSeed: Self.runSeed)
    let report = campaign.run(0..<Self.count(for: target), budget: RegressionTests.budget)
    #expect(report.executed == Self.count(for: target))
    for slow in report.slowInputs {
      Issue.record("\(target) input #\(slow.index) took \(slow.seconds) s (reproduce: mutate --input \(target) \(slow.index) --write FILE)")
    }
  }

  @Test func sameSeedSameInputs() {
    let seeds = Self.seeds[.jpeg].map(\.bytes)
    let a = MutationCampaign(target: .jpeg, seeds: seeds, runSeed: 7)
    let b = MutationCampaign(target: .jpeg, seeds: seeds, runSeed: 7)
    let c = MutationCampaign(target: .jpeg, seeds: seeds, runSeed: 8)
    for i in [0, 1, 99, 12_345] {
      #expect(a.input(i).bytes == b.input(i).bytes)
    }
    #expect((0..<20).contains { a.input($0).bytes != c.input($0).bytes })
  }

  /// The known-answer check that pins SplitMix64: the same inputs on every platform and build.
  @Test func splitMix64KnownAnswers() {
    var g = SplitMix64(seed: 0)
    #expect([g.next(), g.next(), g.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
  }

  /// Every operation on every size of input, including empty: stays in bounds and within the
  /// growth cap.
  @Test(arguments: Mutator.Operation.allCases)
  func operationIsTotal(_ operation: Mutator.Operation) {
    var mutator = Mutator(seed: 42)
    let donors: [[UInt8]] = [[], [1], Array(0..<200)]
    for size in [0, 1, 2, 3, 4, 7, 8, 9, 64, 1000] {
      for _ in 0..<50 {
        var bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        mutator.apply(operation, to: &bytes, donors: donors)
        #expect(bytes.count <= size + 4096 * 4 + 8192 + 4096)
      }
    }
  }

  /// What an operation does to the length and content of its input.
  enum Shape: Sendable {
    case shorterPrefix, shorter, longer, sameLengthChanged, sameLength

    func holds(before: [UInt8], after: [UInt8]) -> Bool {
      switch self {
      case .shorterPrefix: after.count < before.count && before.starts(with: after)
      case .shorter: after.count < before.count
      case .longer: after.count > before.count
      case .sameLengthChanged: after.count == before.count && after != before
      case .sameLength: after.count == before.count
      }
    }
  }

  /// Each operation does what it says on a 256-byte input.
  @Test(arguments: [
    (Mutator.Operation.truncate, Shape.shorterPrefix),
    (.deleteRange, .shorter),
    (.insertRange, .longer),
    (.duplicateRange, .longer),
    (.bitFlip, .sameLength),
    (.byteSet, .sameLength),
    (.smashLength, .sameLength),
  ])
  func operationShape(_ operation: Mutator.Operation, shape: Shape) {
    var mutator = Mutator(seed: 3)
    let before = (0..<256).map { UInt8($0) }
    var changed = 0
    for _ in 0..<20 {
      var after = before
      mutator.apply(operation, to: &after, donors: [])
      #expect(shape.holds(before: before, after: after), "\(operation)")
      if after != before { changed += 1 }
    }
    #expect(changed >= 10, "\(operation) changed only \(changed) of 20 inputs")
  }

  @Test func everyTargetHasSeeds() {
    for target in FuzzTarget.allCases {
      #expect(!Self.seeds[target].isEmpty, "\(target) has no seeds")
    }
  }
}
