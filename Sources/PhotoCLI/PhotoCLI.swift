import PhotoCore
#if canImport(Glibc)
import Glibc
#endif

/// Entry point of the command-line tool: parses, runs, prints, exits.
public enum PhotoCLI {
  /// Runs with the process arguments and exits with the SPEC's status.
  public static func main() -> Never {
    let status = run(Array(CommandLine.arguments.dropFirst()), io: .process())
    exit(status)
  }

  /// Runs in-process and returns (status, stdout, stderr): what the CLI tests use.
  public static func runCapturing(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, out: String, err: String) {
    let io = CommandIO(capture: true, stdoutIsTerminal: false, stderrIsTerminal: false, environment: environment)
    let status = run(arguments, io: io)
    return (status, io.out, io.err)
  }

  static let commands: [any Command.Type] = [InspectCommand.self, DiffCommand.self, VerifyCommand.self, AuditCommand.self, SanitizeCommand.self, MergeCommand.self]

  static func run(_ arguments: [String], io: CommandIO) -> Int32 {
    guard let first = arguments.first else {
      io.writeError(topLevelHelp)
      return ExitStatus.usage.rawValue
    }
    switch first {
    case "--help", "-h", "help":
      io.write(topLevelHelp)
      return ExitStatus.ok.rawValue
    case "--version", "-V":
      io.write(VersionInfo.text)
      return ExitStatus.ok.rawValue
    default: break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
      io.writeError(UsageError(command: "", message: "unknown command '\(first)'").line + "\n")
      return ExitStatus.usage.rawValue
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      io.write(ArgumentParser.help(command.spec))
      return ExitStatus.ok.rawValue
    }
    do {
      let parsed = try ArgumentParser.parse(rest, spec: command.spec)
      return try command.run(parsed, io: io).rawValue
    } catch let error as UsageError {
      io.writeError(error.line + "\n")
      return ExitStatus.usage.rawValue
    } catch {
      io.writeError("photoaudit \(first): \(error)\n")
      return ExitStatus.unreadable.rawValue
    }
  }

  static var topLevelHelp: String {
    var out = """
      photoaudit — what does this image really carry, and did the pipeline that produced it do what it claims?

      USAGE: photoaudit COMMAND [OPTIONS] ...

      COMMANDS:

      """
    let width = (commands.map { $0.spec.name.count }.max() ?? 0) + 2
    for command in commands {
      out += "  " + command.spec.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.spec.summary + "\n"
    }
    out += """

      Run 'photoaudit COMMAND --help' for a command's options and examples.
      'photoaudit --version' prints the version and the libexif, libheif and libjpeg-turbo versions.

      """
    return out
  }
}

/// A subcommand: its interface and how it runs.
protocol Command {
  static var spec: CommandSpec { get }
  static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitStatus
}

import Foundation
