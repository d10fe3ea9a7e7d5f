import Foundation
import PhotoCLI
import Testing

/// The completion scripts work in their shells (bash and fish complete non-interactively; zsh
/// parses the script and registers it through compinit), and the man page renders without
/// groff warnings.
@Suite struct CompletionTests {
  static func tool(_ name: String) -> String? {
    ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static func run(_ executable: String, _ arguments: [String], in folder: String? = nil) throws -> (status: Int32, out: String) {
    try Subprocess.run(executable, arguments, in: folder)
  }

  static func script(_ shell: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-completion-\(UUID()).\(shell)").path
    try PhotoCLI.runCapturing(["--generate-completion", shell]).out.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// What bash completes for the words typed so far (the last one being completed).
  static func bash(_ words: [String], in folder: String? = nil) throws -> [String] {
    let script = try script("bash")
    defer { try? FileManager.default.removeItem(atPath: script) }
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = "source \(script); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _photoaudit; printf '%s\\n' \"${COMPREPLY[@]}\""
    let r = try run(tool("bash")!, ["--norc", "--noprofile", "-c", program], in: folder)
    #expect(r.status == 0, "\(r.out)")
    return r.out.split(separator: "\n").map(String.init)
  }

  @Test(.enabled(if: tool("bash") != nil, "bash is not installed"))
  func bashCompletes() throws {
    #expect(try Self.bash(["photoaudit", "ins"]) == ["inspect"])
    #expect(try Self.bash(["photoaudit", "inspect", "--form"]) == ["--format"])
    #expect(try Self.bash(["photoaudit", "inspect", "--format", ""]) == ["table", "json", "jsonl"])
    #expect(try Self.bash(["photoaudit", "audit", "--format", "j"]) == ["json", "jsonl", "junit"])
    #expect(try Self.bash(["photoaudit", "sanitize", "--profile", "up"]) == ["upload-1024"])
    #expect(try Self.bash(["photoaudit", "--generate-completion", "f"]) == ["fish"])
    #expect(try Self.bash(["photoaudit", "help", "sa"]) == ["sanitize"])
    #expect(try Self.bash(["photoaudit", "explain", "PA01"]).count == 10)
    // Options only of the command typed: --report-dir is audit's.
    #expect(try Self.bash(["photoaudit", "inspect", "--rep"]).isEmpty)
    #expect(try Self.bash(["photoaudit", "audit", "--rep"]) == ["--report-dir"])
    // Files where a path goes.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-bash-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder + "/shots", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: folder + "/shot.jpg", contents: Data())
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try Self.bash(["photoaudit", "inspect", "sho"], in: folder).sorted() == ["shot.jpg", "shots"])
    #expect(try Self.bash(["photoaudit", "audit", "--report-dir", "sho"], in: folder) == ["shots"])
  }

  /// fish's `complete -C` completes a command line without a terminal.
  static func fish(_ line: String) throws -> [String] {
    let script = try script("fish")
    defer { try? FileManager.default.removeItem(atPath: script) }
    let r = try run(tool("fish")!, ["--no-config", "-c", "source \(script); complete -C '\(line)'"])
    #expect(r.status == 0, "\(r.out)")
    return r.out.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
  }

  @Test(.enabled(if: tool("fish") != nil, "fish is not installed (apt-get install fish)"))
  func fishCompletes() throws {
    #expect(try Self.fish("photoaudit ins") == ["inspect"])
    #expect(try Self.fish("photoaudit inspect --form") == ["--format"])
    #expect(Set(try Self.fish("photoaudit inspect --format ")) == ["table", "json", "jsonl"])
    #expect(try Self.fish("photoaudit sanitize --profile up") == ["upload-1024"])
    #expect(try Self.fish("photoaudit audit --rep") == ["--report-dir"])
    #expect(try Self.fish("photoaudit inspect --rep").isEmpty)
  }

  @Test(.enabled(if: tool("zsh") != nil, "zsh is not installed (apt-get install zsh)"))
  func zshParsesAndRegisters() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-zsh-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try PhotoCLI.runCapturing(["--generate-completion", "zsh"]).out.write(toFile: folder + "/_photoaudit", atomically: true, encoding: .utf8)
    let syntax = try Self.run(Self.tool("zsh")!, ["-n", folder + "/_photoaudit"])
    #expect(syntax.status == 0, "\(syntax.out)")
    let registered = try Self.run(Self.tool("zsh")!, ["-f", "-c", "fpath=(\(folder) $fpath); autoload -U compinit; compinit -u -D; print -r -- ${_comps[photoaudit]}"])
    #expect(registered.out.trimmingCharacters(in: .whitespacesAndNewlines) == "_photoaudit", "\(registered.out)")
  }

  @Test(.enabled(if: tool("groff") != nil, "groff is not installed"))
  func manPageRendersWithoutWarnings() throws {
    let page = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-\(UUID()).1").path
    try PhotoCLI.runCapturing(["--generate-man"]).out.write(toFile: page, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: page) }
    // -z: no output, so all that is printed is groff's warnings.
    let warnings = try Self.run(Self.tool("groff")!, ["-man", "-Tutf8", "-K", "utf8", "-ww", "-z", page])
    #expect(warnings.status == 0)
    #expect(warnings.out.isEmpty, "\(warnings.out.prefix(600))")
    let r = try Self.run(Self.tool("groff")!, ["-man", "-Tascii", "-K", "utf8", page])
    #expect(r.out.contains("photoaudit sanitize"))
    #expect(r.out.contains("report-dir"))
  }
}
