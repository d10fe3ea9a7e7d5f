import Foundation
import PhotoCLI
import TestSupport
import Testing

/// Every example in every `--help` and in the README runs as shown and ends with the exit
/// status it is declared with. They run with bash, the built `photoaudit` first on PATH, in a
/// folder laid out the way the examples name things: IMG_0001.HEIC and photo.jpg (originals),
/// originals/, upload/ (their sanitized outputs with descriptors), photo-rotated.jpg (a defect),
/// and Fixtures/ (a copy of the repository's, for the README); a git repository whose two
/// commits hold originals/ and the two photos.
@Suite(.serialized, .enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage))
struct ExampleTests {
  static let root = Repository.root.path

  /// A fresh example folder.
  static func sandbox() throws -> ScratchDirectory {
    let scratch = try ScratchDirectory("examples")
    let fm = FileManager.default
    let copy = { (from: String, to: String) in
      try fm.createDirectory(atPath: scratch.path + "/" + (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try fm.copyItem(atPath: root + "/Fixtures/" + from, toPath: scratch.path + "/" + to)
    }
    try copy("heic/apple-style.heic", "IMG_0001.HEIC")
    try copy("jpeg/orient-6.jpg", "photo.jpg")
    try copy("defects/dropped-6.jpg", "photo-rotated.jpg")
    try copy("heic/apple-style.heic", "originals/IMG_0001.HEIC")
    try copy("jpeg/orient-6.jpg", "originals/IMG_0002.jpg")
    try copy("jpeg/landscape.jpg", "originals/IMG_0003.jpg")
    // A copy, not a link: descriptors' originals are read only inside the current directory's
    // tree, links resolved (Fixtures/ is 1.4 MB).
    try fm.copyItem(atPath: root + "/Fixtures", toPath: scratch.path + "/Fixtures")
    let made = try shell("photoaudit sanitize originals/ --out upload/ --quiet", in: scratch.path)
    try #require(made.status == 0, "setting up upload/: \(made.output)")
    // A git repository for audit --git / --staged: the originals in one commit, the two photos
    // in the next (nothing staged after).
    let git = "git -c user.name=Example -c user.email=example@example.invalid -c commit.gpgsign=false"
    let history = try shell("git init -q -b main && \(git) add originals && \(git) commit -q -m originals && \(git) add photo.jpg photo-rotated.jpg && \(git) commit -q -m photos",
                            in: scratch.path)
    try #require(history.status == 0, "setting up the git history: \(history.output)")
    return scratch
  }

  /// Runs `command` with bash in `folder`: exit status and stdout+stderr.
  static func shell(_ command: String, in folder: String) throws -> (status: Int32, output: String) {
    var environment = ProcessInfo.processInfo.environment
    let binaries = (PhotoauditProcess.executable! as NSString).deletingLastPathComponent
    environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["NO_COLOR"] = "1"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let r = try Subprocess.run("/bin/bash", ["-c", command + " 2>&1"], in: folder, environment: environment)
    return (r.status, r.out)
  }

  /// The examples of each command's help, in order, in one folder (later ones use what earlier
  /// ones wrote, as a reader trying them would).
  @Test func everyHelpExampleRunsWithItsExitStatus() throws {
    let scratch = try Self.sandbox()
    defer { scratch.remove() }
    var count = 0
    // strip last: it rewrites photo.jpg and IMG_0001.HEIC in place.
    for command in ["inspect", "diff", "verify", "audit", "sanitize", "merge", "explain", "strip"] {
      let help = PhotoCLI.runCapturing([command, "--help"]).out
      let examples = Self.helpExamples(help)
      #expect(!examples.isEmpty, "\(command) --help has no examples")
      for (line, expected) in examples {
        let r = try Self.shell(line, in: scratch.path)
        #expect(r.status == expected, "\(line)\nexit \(r.status), the help says \(expected):\n\(r.output.prefix(800))")
        count += 1
      }
    }
    #expect(count >= 20)
  }

  /// The example lines of a help text with their exit statuses: the line under EXAMPLES, and
  /// "exit N" in the comment above it (else 0).
  static func helpExamples(_ help: String) -> [(String, Int32)] {
    guard let start = help.range(of: "\nEXAMPLES:\n"), let end = help.range(of: "\nEXIT STATUS:", range: start.upperBound..<help.endIndex)
    else { return [] }
    var out: [(String, Int32)] = []
    var status: Int32 = 0
    for line in help[start.upperBound..<end.lowerBound].split(separator: "\n") {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("# ") {
        status = exitStatus(in: text) ?? 0
      } else if !text.isEmpty {
        out.append((text, status))
        status = 0
      }
    }
    return out
  }

  /// N of "exit N" in a comment.
  static func exitStatus(in comment: String) -> Int32? {
    guard let range = comment.range(of: #"exit (\d+)"#, options: .regularExpression) else { return nil }
    return Int32(comment[range].dropFirst(5))
  }

  /// The README's examples: each `$ command` of a transcript block gives the output shown under
  /// it (times normalised) and exits 0, or the status a following `$ echo $?` shows; each
  /// `photoaudit` line of a `sh` block exits 0, or as its `# … exit N` comment says.
  @Test func everyReadmeExampleRunsAsShown() throws {
    let scratch = try Self.sandbox()
    defer { scratch.remove() }
    let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
    var ran = 0
    for block in Self.codeBlocks(readme) {
      if block.contains(where: { $0.hasPrefix("$ ") }) {
        var steps: [(command: String, output: String)] = []
        for line in block {
          if line.hasPrefix("$ ") { steps.append((String(line.dropFirst(2)), "")) } else if !steps.isEmpty { steps[steps.count - 1].output += line + "\n" }
        }
        var previous: Int32 = 0
        for (i, step) in steps.enumerated() {
          if step.command == "echo $?" {
            #expect("\(previous)\n" == step.output, "\(steps[i - 1].command) exits \(previous), the README says \(step.output)")
            continue
          }
          let r = try Self.shell(step.command, in: scratch.path)
          let declared = i + 1 < steps.count && steps[i + 1].command == "echo $?" ? Int32(steps[i + 1].output.trimmingCharacters(in: .whitespacesAndNewlines)) : 0
          #expect(r.status == declared, "\(step.command): exit \(r.status)\n\(r.output.prefix(600))")
          #expect(Self.normalised(r.output) == Self.normalised(step.output), "the README shows another output for \(step.command)")
          previous = r.status
          ran += 1
        }
      } else {
        for line in block where line.hasPrefix("photoaudit ") {
          let r = try Self.shell(line, in: scratch.path)
          let declared = line.range(of: "#").map { Self.exitStatus(in: String(line[$0.lowerBound...])) ?? 0 } ?? 0
          #expect(r.status == declared, "\(line): exit \(r.status)\n\(r.output.prefix(600))")
          ran += 1
        }
      }
    }
    #expect(ran >= 10)
  }

  /// Lines of the fenced code blocks (``` or ```sh) of a Markdown text.
  static func codeBlocks(_ markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in markdown.components(separatedBy: "\n") {
      if line.hasPrefix("```") {
        if let block = current { blocks.append(block); current = nil } else if line == "```" || line == "```sh" { current = [] }
        continue
      }
      current?.append(line)
    }
    return blocks
  }

  /// Run times ("0.02 s") vary.
  static func normalised(_ text: String) -> String {
    text.replacingOccurrences(of: #"\d+\.\d\d s\b"#, with: "N.NN s", options: .regularExpression)
  }
}
