import Foundation
import PhotoCore
import Testing

/// Byte accounting over the real-world corpus (../shared/corpus): per format, how many files are
/// 100 % accounted, and for the others what was found. Every file is mapped in under 2 CPU s, with a
/// complete, consistent map; nothing crashes or hangs.
@Suite struct ByteMapCorpusTests {
  /// Longest a single file may take, in CPU seconds on this thread (`RegressionTests.time`),
  /// not wall-clock: load does not count.
  static let timeLimit: Double = 2

  /// Every corpus image (not the oracle or the references), sorted.
  static func files() -> [URL] {
    let root = SharedCorpus.root
    let sources = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
      .filter { !["oracle", "reference"].contains($0) }.sorted()
    return sources.flatMap { source -> [URL] in
      let folder = root.appendingPathComponent(source)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
      return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map { folder.appendingPathComponent($0) }
    }
  }

  /// One line per file that is not fully accounted, or has opaque structures.
  static func describe(_ map: ByteMap) -> String {
    let interesting = map.regions.filter { $0.kind != .structure }
    let shown = interesting.prefix(4).map { r -> String in
      let what = r.content.map { " = \($0.description)" } ?? ""
      return "\(r.kind == .opaque ? "opaque" : "unaccounted") \(r.pathText)@\(r.offset)+\(r.length)\(what)"
    }
    let more = interesting.count > 4 ? " (+\(interesting.count - 4) more)" : ""
    return shown.joined(separator: "; ") + more
  }

  /// Files fully accounted per format, measured on 2026-12-01 (issue 12 asked for at least the
  /// counts before the layout tree: AVIF 21, HEIC 27, HEIF 5, JPEG 178, PNG 37): a walker change
  /// that maps fewer fails here.
  static let fullyAccountedAtLeast = ["avif": 21, "gif": 8, "heic": 30, "heif": 6, "jpeg": 186, "mov": 5, "mp4": 7, "png": 50, "webp": 19]

  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func corpusReport() throws {
    var perFormat: [String: (files: Int, full: Int, clean: Int)] = [:]
    var lines: [String] = []
    var slow: [String] = []
    for url in Self.files() {
      let relative = url.path.replacingOccurrences(of: SharedCorpus.root.path + "/", with: "")
      var map: ByteMap?
      let elapsed = RegressionTests.time { map = ByteMapper.map(path: url.path) }
      guard let map, let format = map.format else { continue }  // not a format photoaudit reads
      if elapsed > Self.timeLimit { slow.append("\(relative): \(elapsed) s") }
      #expect(map.invariantViolations.isEmpty, "\(relative): \(map.invariantViolations)")
      let findings = UnaccountedBytesCheck.findings(for: map, file: relative)
      var entry = perFormat[format.rawValue] ?? (0, 0, 0)
      entry.files += 1
      if map.isFullyAccounted { entry.full += 1 }
      if findings.isEmpty { entry.clean += 1 }
      perFormat[format.rawValue] = entry
      if !findings.isEmpty {
        let worst = findings.map(\.severity).max().map { $0.rawValue } ?? ""
        let percent = ByteMapReport.summary(map).split(separator: " ").prefix(2).joined(separator: " ")
        lines.append("  \(relative) [\(format.rawValue), \(percent), PA014 \(worst)]: \(Self.describe(map))")
      }
    }
    var report = "Byte accounting over \(SharedCorpus.root.path):\n"
    for (format, entry) in perFormat.sorted(by: { $0.key < $1.key }) {
      report += "  \(format): \(entry.full) of \(entry.files) files 100 % accounted; \(entry.clean) without PA014\n"
    }
    report += "Files with PA014 findings (\(lines.count)):\n" + lines.joined(separator: "\n") + "\n"
    print(report)
    #expect(slow.isEmpty, "mapped in over \(Self.timeLimit) CPU seconds: \(slow)")
    #expect(!perFormat.isEmpty)
    for (format, floor) in Self.fullyAccountedAtLeast {
      #expect((perFormat[format]?.full ?? 0) >= floor, "\(format): \(perFormat[format]?.full ?? 0) fully accounted, fewer than \(floor)")
    }
  }
}
