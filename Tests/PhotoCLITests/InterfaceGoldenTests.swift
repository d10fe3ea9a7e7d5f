import Foundation
@testable import PhotoCLI
import PhotoCore
import TestSupport
import Testing

/// The texts made from the option tables, held as golden files: every `--help`, the man page,
/// each completion script (shipped in docs/man and completions/), docs/findings.md, and the
/// README's option table. Re-record with RECORD_GOLDEN=1 and check the diff.
@Suite struct InterfaceGoldenTests {
  static let commands = ["inspect", "diff", "verify", "audit", "sanitize", "strip", "merge", "explain"]

  @Test(arguments: commands)
  func commandHelp(_ command: String) throws {
    let r = PhotoCLI.runCapturing([command, "--help"])
    #expect(r.status == 0)
    #expect(r.err.isEmpty)
    try Golden.check(r.out, "Tests/PhotoCLITests/Goldens/help/\(command).txt")
    // `help COMMAND` and `-h` say the same.
    #expect(PhotoCLI.runCapturing(["help", command]).out == r.out)
    #expect(PhotoCLI.runCapturing([command, "-h"]).out == r.out)
  }

  @Test func topLevelHelp() throws {
    let r = PhotoCLI.runCapturing(["--help"])
    #expect(r.status == 0)
    try Golden.check(r.out, "Tests/PhotoCLITests/Goldens/help/photoaudit.txt")
    #expect(PhotoCLI.runCapturing(["help"]).out == r.out)
    // Without arguments: the same text on stderr, and a usage error.
    let bare = PhotoCLI.runCapturing([])
    #expect(bare.status == 2)
    #expect(bare.err == r.out)
  }

  /// Help lines fit 80 columns (an option's long name may run past the description column).
  @Test(arguments: commands + ["--help"])
  func helpFitsEightyColumns(_ command: String) {
    let text = PhotoCLI.runCapturing(command == "--help" ? ["--help"] : [command, "--help"]).out
    // Example command lines do not wrap (an engine's variable may come first).
    let commandLines = ["  photoaudit ", "  for ", "  find ", "  JOB_COMPLETION_INDEX="]
    for line in text.split(separator: "\n") where !commandLines.contains(where: { line.hasPrefix($0) }) {
      #expect(line.count <= 80, "\(command): \(line)")
    }
  }

  @Test func manPage() throws {
    let r = PhotoCLI.runCapturing(["--generate-man"])
    #expect(r.status == 0)
    try Golden.check(r.out, "docs/man/photoaudit.1")
    // Every option of every command is in it.
    for command in PhotoCLI.commands {
      for option in command.spec.options {
        #expect(r.out.contains(ManPage.text(option.names.first { $0.hasPrefix("--") } ?? option.primary)), "\(command.spec.name) \(option.primary)")
      }
    }
  }

  @Test(arguments: [("bash", "completions/photoaudit.bash"), ("zsh", "completions/_photoaudit"), ("fish", "completions/photoaudit.fish")])
  func completionScript(shell: String, path: String) throws {
    let r = PhotoCLI.runCapturing(["--generate-completion", shell])
    #expect(r.status == 0)
    try Golden.check(r.out, path)
  }

  @Test func unknownShellIsAUsageError() {
    let r = PhotoCLI.runCapturing(["--generate-completion", "tcsh"])
    #expect(r.status == 2)
    #expect(r.err == "photoaudit: --generate-completion must be bash, zsh or fish, not 'tcsh'. See 'photoaudit --help'.\n")
  }

  @Test func findingsDocument() throws {
    let r = PhotoCLI.runCapturing(["explain", "--all"])
    #expect(r.status == 0)
    try Golden.check(r.out, "docs/findings.md")
  }

  /// The README's table of options by command is the one the tables give.
  @Test func readmeOptionTable() throws {
    let url = Repository.root.appendingPathComponent("README.md")
    let readme = try String(contentsOf: url, encoding: .utf8)
    let begin = "<!-- options:begin (generated from the option tables; a test keeps it current) -->\n", end = "<!-- options:end -->"
    let start = try #require(readme.range(of: begin)), stop = try #require(readme.range(of: end))
    let table = HelpText.optionMatrix(PhotoCLI.commands)
    if Golden.isRecording {
      try (readme[..<start.upperBound] + table + readme[stop.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(String(readme[start.upperBound..<stop.lowerBound]) == table, "README.md's option table is out of date: RECORD_GOLDEN=1")
  }

  /// Every option a command declares is reachable by its help's spelling, and no two options
  /// of a command share a spelling.
  @Test func optionTablesAreConsistent() {
    for command in PhotoCLI.commands {
      let names = command.spec.documentedOptions.flatMap(\.names)
      #expect(Set(names).count == names.count, "\(command.spec.name) repeats an option name")
      for option in command.spec.options {
        #expect(option.names.allSatisfy { $0.hasPrefix("-") })
        if let value = option.defaultValue, let choices = option.choices { #expect(choices.contains(value)) }
      }
    }
  }
}
