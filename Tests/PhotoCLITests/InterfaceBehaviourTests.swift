import Foundation
import PhotoCLI
import PhotoCore
import TestSupport
import Testing

/// Colour rules, "did you mean", `help COMMAND`, and `explain` for every finding.
@Suite struct InterfaceBehaviourTests {
  static let fixtures = Repository.root.appendingPathComponent("Fixtures").path
  static let failing = fixtures + "/defects/dropped-6.jpg"

  /// SPEC "Common options": --color auto|always|never, --no-color = never; under auto, colour
  /// only on a terminal, and not when NO_COLOR is set and not empty (no-color.org) or TERM=dumb.
  @Test(arguments: [
    ([String](), [String: String](), true, true),
    ([], ["NO_COLOR": ""], true, true),
    ([], ["NO_COLOR": "1"], true, false),
    ([], ["TERM": "dumb"], true, false),
    ([], ["TERM": "xterm-256color"], true, true),
    ([], [:], false, false),
    (["--color", "always"], [:], false, true),
    (["--color", "always"], ["NO_COLOR": "1", "TERM": "dumb"], false, true),
    (["--color", "never"], [:], true, false),
    (["--no-color"], [:], true, false),
    (["--color=auto"], [:], true, true),
  ])
  func colourRules(options: [String], environment: [String: String], terminal: Bool, coloured: Bool) {
    let r = PhotoCLI.runCapturing(["verify", Self.failing] + options, environment: environment, terminal: terminal)
    #expect(r.status == 1)
    #expect(r.out.contains("\u{1B}[31m") == coloured, "\(options) \(environment) terminal \(terminal)")
    if !coloured { #expect(!r.out.contains("\u{1B}")) }
  }

  /// Every command that prints a table takes --color and colours it ("OUT": a fresh folder).
  @Test(arguments: [
    ["inspect", fixtures + "/jpeg/orient-6.jpg"],
    ["diff", fixtures + "/jpeg/orient-6.jpg", failing],
    ["verify", failing],
    ["audit", fixtures + "/hidden", "--no-pixels"],
    ["sanitize", fixtures + "/jpeg/orient-6.jpg", "--out", "OUT", "--quiet"],
  ])
  func everyTableCommandColours(_ arguments: [String]) throws {
    let help = PhotoCLI.runCapturing([arguments[0], "--help"]).out
    #expect(help.contains("--color WHEN"))
    #expect(help.contains("--no-color"))
    for (mode, coloured) in [("always", true), ("never", false)] {
      let scratch = try ScratchDirectory("colour")
      defer { scratch.remove() }
      let r = PhotoCLI.runCapturing(arguments.map { $0 == "OUT" ? scratch.path + "/out" : $0 } + ["--color", mode])
      #expect(r.out.contains("\u{1B}[") == coloured, "\(arguments[0]) --color \(mode): \(r.out.prefix(300)) \(r.err)")
    }
  }

  /// --max-pixels reaches every command that decodes (issue 13, item 8): the 64×96 output is
  /// over a limit of 100 pixels, so its pixels are not decoded, and the report says why;
  /// inspect, which decodes nothing, warns.
  @Test func maxPixelsReachesEveryDecodingCommand() throws {
    let scratch = try ScratchDirectory("max-pixels")
    defer { scratch.remove() }
    let refusal = "output pixels could not be decoded: image is 64×96 (6144 pixels), over the limit of 100 pixels"
    for arguments in [["verify", Self.failing], ["audit", Self.fixtures + "/defects", "--include", "dropped-6.jpg", "--quiet"],
                      ["diff", Self.fixtures + "/jpeg/orient-6.jpg", Self.failing]] {
      let limited = PhotoCLI.runCapturing(arguments + ["--max-pixels", "100"])
      #expect(limited.out.contains(refusal), "\(arguments[0]): \(limited.out.prefix(500))")
      #expect(!PhotoCLI.runCapturing(arguments).out.contains(refusal))
    }
    let sanitize = PhotoCLI.runCapturing(["sanitize", Self.failing, "--out", scratch.path, "--max-pixels", "100", "--quiet"])
    #expect(sanitize.err.contains("over --max-pixels 100 (decompression-bomb guard)"), "\(sanitize.err)")
    let inspect = PhotoCLI.runCapturing(["inspect", Self.failing, "--max-pixels", "100"])
    #expect(inspect.out.contains("warning      64×96 is 6144 pixels, over --max-pixels 100: verify, audit and sanitize refuse to decode it"), "\(inspect.out)")
    for arguments in [["inspect", "x.jpg"], ["diff", "x.jpg", "y.jpg"], ["verify", "x.jpg"], ["audit", "x/"], ["sanitize", "x.jpg", "--out", "x"]] {
      let r = PhotoCLI.runCapturing(arguments + ["--max-pixels", "lots"])
      #expect(r.status == 2)
      #expect(r.err.contains("--max-pixels needs a whole number"), "\(arguments[0]): \(r.err)")
    }
  }

  @Test(arguments: [
    (["inpsect", "x.jpg"], "photoaudit: unknown command 'inpsect'; did you mean 'inspect'? See 'photoaudit --help'.\n"),
    (["santize"], "photoaudit: unknown command 'santize'; did you mean 'sanitize'? See 'photoaudit --help'.\n"),
    (["inspect", "--formta", "json", "x.jpg"], "photoaudit inspect: unknown option '--formta'; did you mean '--format'? See 'photoaudit inspect --help'.\n"),
    (["audit", "--report-dri", "r", "u/"], "photoaudit audit: unknown option '--report-dri'; did you mean '--report-dir'? See 'photoaudit audit --help'.\n"),
    (["inspect", "--format", "josn", "x.jpg"], "photoaudit inspect: --format must be table, json or jsonl, not 'josn'; did you mean 'json'? See 'photoaudit inspect --help'.\n"),
    (["verify", "--fail-on", "warn", "x.jpg"], "photoaudit verify: --fail-on must be error, warning, info or none, not 'warn'; did you mean 'warning'? See 'photoaudit verify --help'.\n"),
    (["inspect", "--report-dir", "r", "x.jpg"], "photoaudit inspect: unknown option '--report-dir': it is an option of 'audit', not of 'inspect'. See 'photoaudit inspect --help'.\n"),
    (["--verison"], "photoaudit: unknown option '--verison'; did you mean '--version'? See 'photoaudit --help'.\n"),
    (["help", "inpsect"], "photoaudit: help: unknown command 'inpsect'; did you mean 'inspect'? See 'photoaudit --help'.\n"),
    (["explain", "PA04"], "photoaudit explain: unknown finding 'PA04' (PA001 to PA021); did you mean 'PA004'? See 'photoaudit explain --help'.\n"),
    (["explain", "gps-claim-flase"], "photoaudit explain: unknown finding 'gps-claim-flase' (PA001 to PA021); did you mean 'gps-claim-false'? See 'photoaudit explain --help'.\n"),
    (["frobnicate"], "photoaudit: unknown command 'frobnicate'. See 'photoaudit --help'.\n"),
  ])
  func typosGetTheNearestSuggestion(arguments: [String], message: String) {
    let r = PhotoCLI.runCapturing(arguments)
    #expect(r.status == 2)
    #expect(r.err == message)
    #expect(r.out.isEmpty)
  }

  /// Within reach by edit distance (a third of the word), else the option the word begins.
  @Test(arguments: [("warnin", "warning"), ("wraning", "warning"), ("warn", "warning"), ("inf", "info")])
  func suggestionsByDistanceOrPrefix(_ typed: String, _ suggested: String) {
    let r = PhotoCLI.runCapturing(["verify", "--fail-on", typed, "x.jpg"])
    #expect(r.err.contains("did you mean '\(suggested)'?"), "\(r.err)")
  }

  /// `explain ID` prints exactly the section of docs/findings.md, for every finding, by ID or name.
  @Test(arguments: FindingID.allCases)
  func explainPrintsTheDocsSection(_ id: FindingID) throws {
    let byID = PhotoCLI.runCapturing(["explain", id.rawValue])
    #expect(byID.status == 0)
    #expect(PhotoCLI.runCapturing(["explain", id.name]).out == byID.out)
    #expect(PhotoCLI.runCapturing(["explain", id.rawValue.lowercased()]).out == byID.out)
    let docs = try String(contentsOf: Repository.root.appendingPathComponent("docs/findings.md"), encoding: .utf8)
    #expect(docs.contains(byID.out), "docs/findings.md lacks explain \(id.rawValue)'s text")
    for heading in ["## \(id.rawValue) \(id.name) — ", "**What it means.** ", "**Why it matters.** ", "**How to fix it.** ", "**Example"] {
      #expect(byID.out.contains(heading), "\(id.rawValue) lacks \(heading)")
    }
  }

  /// The examples in the explanations are what photoaudit prints for the fixtures named.
  @Test(arguments: FindingID.allCases.filter { $0.explanation.exampleCommand != nil })
  func explanationExamplesAreReal(_ id: FindingID) throws {
    let explanation = id.explanation
    let words = try #require(explanation.exampleCommand).split(separator: " ").map(String.init)
    #expect(words.first == "photoaudit")
    // The examples run from the repository root; the test names their files by absolute path
    // (no change of directory: it is the whole process's, shared by the tests running beside).
    let root = Repository.root.path + "/"
    let arguments = words.dropFirst().map { $0.hasPrefix("Fixtures/") ? root + $0 : $0 }
    let r = PhotoCLI.runCapturing(arguments)
    for line in explanation.exampleOutput {
      #expect(r.out.contains(line), "\(id.rawValue): `\(explanation.exampleCommand!)` does not print \(line)\n\(r.out)")
    }
  }

  @Test func explainWithoutAFindingListsThemAll() {
    let r = PhotoCLI.runCapturing(["explain"])
    #expect(r.status == 0)
    #expect(r.out.split(separator: "\n").filter { $0.hasPrefix("PA0") }.count == FindingID.allCases.count)
  }
}
