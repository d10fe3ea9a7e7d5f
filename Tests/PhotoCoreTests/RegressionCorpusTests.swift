import Foundation
import PhotoCore
import TestSupport
import Testing

/// Issue 7's acceptance over real files: every fixture and every file of `../shared/corpus`
/// (malformed PoCs, truncated and mislabelled files included) goes through every parser that
/// takes it — the inspector, its container walker, and each carrier payload through its decoder —
/// without a trap and within the time budget.
@Suite struct RegressionCorpusTests {
  /// One file of the sweep.
  struct File: Sendable, CustomTestStringConvertible {
    var path: String
    var testDescription: String {
      path.replacingOccurrences(of: Repository.root.deletingLastPathComponent().path + "/", with: "")
    }
  }

  static let files: [File] = FuzzSeeds.files(under: [FixtureFiles.root.path] + (SharedCorpus.isAvailable ? [SharedCorpus.root.path] : []))
    .filter { !$0.hasSuffix(".json") && !$0.hasSuffix(".md") && !$0.hasSuffix(".tsv") && !$0.contains("/reference/") }
    .map(File.init)

  @Test func sweepCoversTheCorpus() {
    #expect(Self.files.count > (SharedCorpus.isAvailable ? 350 : 30), "\(Self.files.count) files")
  }

  @Test(arguments: files)
  func everyParserTakesTheFileWithinBudget(_ file: File) throws {
    let bytes = try #require(FuzzSeeds.read(file.path), "unreadable")
    var runs: [(FuzzTarget, [UInt8])] = [(.inspect, bytes)]
    for target in FuzzTarget.allCases where target.readsFiles && target != .inspect && target.acceptsFile(bytes.prefix(16)) {
      runs.append((target, bytes))
    }
    runs += FuzzSeeds.carrierPayloads(bytes)
    for (target, input) in runs {
      let seconds = RegressionTests.time { target.run(input) }
      #expect(seconds < RegressionTests.budget, "\(target) took \(seconds) s")
    }
  }
}
