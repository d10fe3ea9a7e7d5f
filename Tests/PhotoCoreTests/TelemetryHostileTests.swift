@testable import Bytes
import Foundation
@testable import PhotoCore
import Testing

/// Truncated and mutated telemetry: every prefix of a video with timed metadata is unreadable or
/// not fully checked, and no single-byte change of a track's samples or sample description that
/// holds a location ever gives a clean verdict (the location, or a PA015 saying what was not read)
/// or a trap; hostile tables and KLV stop with a reason.
@Suite struct TelemetryHostileTests {
  static func bytes(_ relative: String) throws -> [UInt8] { try FileSource(path: FixtureFiles.path("telemetry/" + relative)).allBytes() }

  @Test(arguments: ["gpmf-gps5.mp4", "camm-gps.mp4", "novatek-freegps.mov"])
  func everyPrefixIsNeverClean(_ file: String) throws {
    let bytes = try Self.bytes(file)
    for n in 1..<bytes.count {
      let m = Inspector.inspect(source: MemorySource(Array(bytes.prefix(n))), path: "prefix")
      let findings = CheckRegistry.run(CheckSubject(output: m))
      #expect(findings.contains { $0.id == .unreadable || $0.id == .incompleteCheck }, "\(file): prefix \(n) of \(bytes.count) is clean")
    }
  }

  /// Each byte of the timed track's samples and of its `stsd` box, set to 0x00, 0xFF, 0x20 and
  /// its value + 1: the file still gives PA001 or PA015 (or PA013), and never traps.
  @Test(arguments: ["gpmf-gps5.mp4", "camm-gps.mp4", "mebx-location.mov", "djmd-gps.mp4", "novatek-freegps.mov", "subtitles-yuneec.mp4"])
  func mutatedTelemetryIsNeverClean(_ file: String) throws {
    let bytes = try Self.bytes(file)
    let tree = ISOBMFFWalker.walk(MemorySource(bytes), mode: .complete, format: ImageFormat.sniff(Array(bytes.prefix(64))).map(DocumentFormat.init))
    let track = try #require(tree.scan.timedTracks.first)
    var targets = track.samples
    // The 'stsd' box of the timed track is the last one (ffmpeg's video track comes first): its
    // entries, after its header, version and count.
    if let stsd = bytes.ranges(of: Array("stsd".utf8)).last {
      let size = bytes[stsd.lowerBound - 4..<stsd.lowerBound].reduce(0) { $0 << 8 | Int($1) }
      targets.append(stsd.lowerBound + 12..<min(bytes.count, stsd.lowerBound - 4 + size))
    }
    var clean: [String] = [], tried = 0
    for range in targets {
      for offset in range {
        for value in Set([0x00, 0xFF, 0x20, bytes[offset] &+ 1]) where value != bytes[offset] {
          var mutated = bytes
          mutated[offset] = value
          tried += 1
          let m = Inspector.inspect(source: MemorySource(mutated), path: file)
          let ids = Set(CheckRegistry.run(CheckSubject(output: m)).map(\.id))
          if ids.isDisjoint(with: [.gpsPresent, .incompleteCheck, .unreadable]) { clean.append("byte \(offset) = \(value)") }
        }
      }
    }
    #expect(tried > 100)
    #expect(clean.isEmpty, "\(file): clean after \(clean.count) of \(tried) mutations: \(clean.prefix(8))")
  }

  /// GPMF that nests past the cap, declares more than it holds, or loops on zero-length entries
  /// stops with a reason.
  @Test func hostileGPMF() {
    var deep = TelemetryReaderTests.klv("DVNM", "c", size: 1, [Array("x".utf8)])
    for _ in 0..<2000 { deep = TelemetryReaderTests.nest("DEVC", deep) }
    let zeroLength = [UInt8](repeating: 0, count: 0) + Array((0..<70_000).map { _ in TelemetryReaderTests.klv("EMPT", "L", size: 0, []) }.joined())
    for (name, sample, reason) in [("deep", deep, "nesting deeper"), ("zero-length entries", zeroLength, "more than 65536 GPMF entries")] {
      var r = TelemetryReading()
      var reader = GPMFReader()
      reader.read(sample, into: &r)
      #expect(r.problems.first?.contains(reason) == true, "\(name): \(r.problems)")
    }
  }
}
