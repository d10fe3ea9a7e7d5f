import PhotoCore
import Pipeline

/// `photoaudit explain PA004`: what a finding means, why it matters, how to fix it — the text
/// of docs/findings.md.
enum ExplainCommand: Command {
  static let spec = CommandSpec(
    name: "explain",
    arguments: "[FINDING...]",
    summary: "what a finding means, why it matters, how to fix it (the text of docs/findings.md)",
    description: """
      Prints what a finding means, why it matters, how to fix it and an example, by ID (PA004) or name (orientation-pixels): the same text as docs/findings.md. Without a finding, lists them all.
      """,
    options: [
      .flag(["--all"], "print every finding's explanation: the whole of docs/findings.md"),
    ],
    examples: [
      Example("photoaudit explain PA004", "why a photo comes out sideways"),
      Example("photoaudit explain gps-claim-false"),
      Example("photoaudit explain", "every finding, one line each"),
    ],
    argumentCompletion: .choices(FindingID.allCases.map(\.rawValue)),
    exits: [.ok, .usage],
    exitMeanings: [.ok: "printed", .usage: "usage error: a bad option or an unknown finding"])

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome {
    if parsed.has("--all") {
      io.writeText(FindingDocs.document())
      return Outcome()
    }
    guard !parsed.positionals.isEmpty else {
      io.writeText(FindingID.allCases.map { "\($0.rawValue)  \($0.name.padding(toLength: 24, withPad: " ", startingAt: 0))  \($0.explanation.summary)\n" }.joined()
                   + "\nRun 'photoaudit explain PA004' for one finding in full.\n")
      return Outcome()
    }
    var ids: [FindingID] = []
    for code in parsed.positionals {
      guard let id = FindingID(code: code) else {
        let names = FindingID.allCases.flatMap { [$0.rawValue, $0.name] }
        throw UsageError(command: spec.name, message: "unknown finding '\(code)' (\(FindingID.allCases.first!.rawValue) to \(FindingID.allCases.last!.rawValue))"
                         + Suggestion.didYouMean(code, among: names))
      }
      ids.append(id)
    }
    io.writeText(ids.map(FindingDocs.section).joined(separator: "\n"))
    return Outcome()
  }
}
