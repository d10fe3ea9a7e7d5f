import Foundation
import TestSupport
import Testing

/// Golden files: a test's output compared with a file kept in the repository; with
/// RECORD_GOLDEN=1 the file is rewritten instead (check the diff before committing).
enum Golden {
  static let isRecording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"

  /// Compares `text` with the file at `path` (relative to the package root), or records it.
  static func check(_ text: String, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = Repository.root.appendingPathComponent(path)
    if isRecording {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let kept = (try? String(contentsOf: url, encoding: .utf8)) ?? "<\(path) is missing>"
    #expect(text == kept, "\(path) is out of date: re-record with RECORD_GOLDEN=1 swift test --filter PhotoCLITests, and check the diff",
            sourceLocation: sourceLocation)
  }
}
