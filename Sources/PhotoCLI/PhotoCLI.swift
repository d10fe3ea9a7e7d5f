import PhotoCore
#if canImport(Glibc)
import Glibc
import Runtime
#endif

/// Entry point of the command-line tool: parses, runs, prints, exits.
public enum PhotoCLI {
  /// Runs with the process arguments and exits with the SPEC's status.
  public static func main() -> Never {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == WorkerMain.token { WorkerMain.serve(Array(arguments.dropFirst())) }
    SignalHandling.install()
    let io = CommandIO.process()
    let status = run(arguments, io: io)
    // Exits with `io` alive: what it keeps (`keepUntilExit`) is never freed, only unmapped.
    withExtendedLifetime(io) { exit(status) }
  }

  /// Runs in-process and returns (status, stdout, stderr): what the CLI tests use. `terminal`
  /// makes both streams look like a terminal; `stdin` is standard input.
  public static func runCapturing(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false,
                                  stdin: [UInt8]? = nil) -> (status: Int32, out: String, err: String) {
    let io = CommandIO(capture: true, stdoutIsTerminal: terminal, stderrIsTerminal: terminal, environment: environment,
                       standardInput: stdin)
    let status = run(arguments, io: io)
    return (status, io.out, io.err)
  }

  /// Every command, in the order `--help` lists them.
  static let commands: [any Command.Type] = [
    InspectCommand.self, DiffCommand.self, VerifyCommand.self, AuditCommand.self, SanitizeCommand.self, StripCommand.self,
    MergeCommand.self, ExplainCommand.self,
  ]

  /// The options of `photoaudit` itself, as a command table (for the parser and suggestions).
  static let topLevel = CommandSpec(name: "", arguments: "", summary: "", description: "", options: GlobalOptions.all,
                                    examples: [], positionals: 0...0)

  static func run(_ arguments: [String], io: CommandIO) -> Int32 {
    io.invocation = arguments
    return ExitStatus(outcome(arguments, io: io)).rawValue
  }

  /// Runs the command line and says what came of it.
  static func outcome(_ arguments: [String], io: CommandIO) -> Outcome {
    guard let first = arguments.first else {
      io.writeError(HelpText.topLevel(commands))
      return .usage
    }
    if first == "help" { return help(Array(arguments.dropFirst()), io: io) }
    if first.hasPrefix("-") { return global(arguments, io: io) }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
      let names = commands.map { $0.spec.name } + ["help"]
      io.writeError(UsageError(command: "", message: "unknown command '\(first)'" + Suggestion.didYouMean(first, among: names)).line + "\n")
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    let options = rest.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") {
      io.writeText(HelpText.command(command.spec))
      return Outcome()
    }
    do {
      return try invoke(command, rest, io: io)
    } catch {
      io.writeError(error.line + "\n")
      return .usage
    }
  }

  /// Parses and runs one command (generic: a typed-throws call through the existential
  /// metatype crashes Swift 6.3's SILGen).
  static func invoke<C: Command>(_ command: C.Type, _ arguments: [String], io: CommandIO) throws(UsageError) -> Outcome {
    try C.run(try ArgumentParser.parse(arguments, spec: C.spec), io: io)
  }

  /// `photoaudit --help`, `--version`, `--generate-man`, `--generate-completion SHELL`.
  static func global(_ arguments: [String], io: CommandIO) -> Outcome {
    let parsed: ParsedArguments
    do { parsed = try ArgumentParser.parse(arguments, spec: topLevel) } catch {
      io.writeError(error.line + "\n")
      return .usage
    }
    if parsed.has(GlobalOptions.version) {
      io.writeText(VersionInfo.text)
    } else if parsed.has(GlobalOptions.generateMan) {
      io.writeText(ManPage.render(commands))
    } else if let shell = parsed.value(GlobalOptions.generateCompletion.primary) {
      io.write(Completions.script(shell, commands: commands))
    } else {
      io.writeText(HelpText.topLevel(commands))
    }
    return Outcome()
  }

  /// `photoaudit help [COMMAND]`: the same as `COMMAND --help`.
  static func help(_ arguments: [String], io: CommandIO) -> Outcome {
    guard let name = arguments.first else {
      io.writeText(HelpText.topLevel(commands))
      return Outcome()
    }
    guard arguments.count == 1, let command = commands.first(where: { $0.spec.name == name }) else {
      let message = arguments.count > 1 ? "help takes one command, not \(arguments.count)"
        : "unknown command '\(name)'" + Suggestion.didYouMean(name, among: commands.map { $0.spec.name })
      io.writeError(UsageError(command: "", message: "help: " + message).line + "\n")
      return .usage
    }
    io.writeText(HelpText.command(command.spec))
    return Outcome()
  }
}

/// A subcommand: its interface and how it runs. It reports what came of the run; the exit
/// status is decided from that in one place (`ExitStatus.init(_:)`).
protocol Command {
  static var spec: CommandSpec { get }
  static func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome
}
