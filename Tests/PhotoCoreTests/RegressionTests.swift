import Bytes
import Foundation
import PhotoCore
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Replays every reproducer under `Tests/Regressions/<target>/` (found by `make fuzz` or
/// `make fuzz-mutate`, or written by hand) through the parser it was found with, and through the
/// whole inspector: each must come back — an error or a partial result — without a trap and
/// within the time budget. A trap here fails the whole test run, which is the point.
@Suite struct RegressionTests {
  /// One reproducer file.
  struct Reproducer: Sendable, CustomTestStringConvertible {
    var target: FuzzTarget
    var path: String
    var testDescription: String { "\(target)/\(URL(fileURLWithPath: path).lastPathComponent)" }
    var bytes: [UInt8] { FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [] }
  }

  static let root = Repository.root.appendingPathComponent("Tests/Regressions").path

  /// Every reproducer, by target directory (README files and hidden files skipped).
  static let all: [Reproducer] = FuzzTarget.allCases.flatMap { target -> [Reproducer] in
    let directory = root + "/" + target.rawValue
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
      .map { Reproducer(target: target, path: directory + "/" + $0) }
  }

  /// CPU seconds one input may take: the issue's 2 s for optimised builds; debug and sanitizer
  /// builds of this test run several times slower, so they get more room.
  static let budget: Double = {
    #if DEBUG
    return 10
    #else
    return 2
    #endif
  }()

  @Test(arguments: all)
  func reproducerNoLongerCrashesOrHangs(_ reproducer: Reproducer) {
    let bytes = reproducer.bytes
    for target in Set([reproducer.target, .inspect]) {
      let seconds = Self.time { target.run(bytes) }
      #expect(seconds < Self.budget, "\(reproducer.testDescription) through \(target) took \(seconds) s")
    }
  }

  @Test func everyRegressionDirectoryNamesATarget() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.root).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
    for name in names {
      #expect(FuzzTarget(rawValue: name) != nil, "Tests/Regressions/\(name) is not a FuzzTarget; its files would never be replayed")
    }
    #expect(!Self.all.isEmpty)
  }

  /// The fixed bugs, as readable cases next to their opaque reproducers: what the user sees now.
  @Test(arguments: [
    // Inspector.describeMagic read head[8..<12] of an 8–11-byte file starting "....ftyp":
    // `photoaudit inspect` trapped on such a file (found by `mutate`, inspect target).
    ([0, 0, 0, 0x18] + Array("ftyp".utf8), "ISOBMFF with brand '' is not an image format"),
    ([0, 0, 0, 0x18] + Array("ftypmi".utf8), "ISOBMFF with brand 'mi' is not an image format"),
    ([0, 0, 0, 0x18] + Array("ftypmif".utf8), "ISOBMFF with brand 'mif' is not an image format"),
  ] as [([UInt8], String)])
  func shortFtypFileIsRefusedWithAMessage(bytes: [UInt8], message: String) {
    let metadata = Inspector.inspect(source: MemorySource(bytes), path: "short.heic")
    #expect(metadata.error?.contains(message) == true, "\(metadata.error ?? "no error")")
  }

  /// CPU seconds `body` takes on this thread — not wall-clock seconds, which grow with whatever
  /// else the machine runs (a parallel test run on two loaded cores measured a 10 s wall-clock
  /// budget exceeded by a file that takes a fraction of a second of CPU). A hang or a blow-up
  /// is CPU spent, and that is what the budget bounds. The parsers replayed here run on the
  /// calling thread.
  static func time(_ body: () -> Void) -> Double {
    var started = timespec(), ended = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &started)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ended)
    return Double(ended.tv_sec - started.tv_sec) + Double(ended.tv_nsec - started.tv_nsec) / 1e9
  }
}
