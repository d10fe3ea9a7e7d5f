import Foundation
@testable import PhotoCLI
import Pipeline
import TestSupport
import Testing

/// The core states why something was refused; only the command line names the option that
/// would change it (issue 28: no CLI flag in a core message).
@Suite struct AdviceTests {
  @Test func sanitizeRemediesBecomeOptions() {
    var trim = SanitizeResult(input: "a.jpg", error: "a.jpg: the image is 75×50: not a whole number of MCUs")
    trim.remedy = .trimEdges
    #expect(SanitizeCommand.advice(trim) == " (use --trim to drop the partial edge blocks)")
    var damaged = SanitizeResult(input: "b.jpg", error: "b.jpg: the pixels do not decode cleanly (Premature end of JPEG file); not sanitized")
    damaged.remedy = .acceptDamage
    #expect(SanitizeCommand.advice(damaged) == " (--accept-damaged writes what decodes)")
    #expect(SanitizeCommand.advice(SanitizeResult(input: "c.jpg", error: "c.jpg: no picture size")) == "")
  }

  /// Below PhotoCLI no message tells the user to "use --" an option: the layers state facts.
  @Test func noLayerBelowTheCommandLineAdvisesAnOption() throws {
    var advising: [String] = []
    for layer in ["Bytes", "Platform", "PhotoCore", "Pipeline", "Runtime"] {
      let root = Repository.root.appendingPathComponent("Sources/" + layer).path
      for case let relative as String in FileManager.default.enumerator(atPath: root)! where relative.hasSuffix(".swift") {
        let lines = try String(contentsOfFile: root + "/" + relative, encoding: .utf8).split(separator: "\n")
        for (n, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
          && (line.contains("(use --") || line.contains("writes what decodes)")) {
          advising.append("\(layer)/\(relative):\(n + 1)")
        }
      }
    }
    #expect(advising.isEmpty, "\(advising)")
  }
}
