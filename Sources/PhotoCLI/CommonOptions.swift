import PhotoCore

/// Options every command shares (SPEC "Common options").
enum CommonOptions {
  static let format = OptionSpec(names: ["--format"], valueName: "FORMAT",
                                 help: "table, json, jsonl, csv or markdown (default: table)")
  static let output = OptionSpec(names: ["--output", "-o"], valueName: "FILE",
                                 help: "write the report to FILE (atomically) instead of stdout")
  static let jobs = OptionSpec(names: ["-j", "--jobs"], valueName: "N", help: "parallel jobs (default: all cores)")
  static let quiet = OptionSpec(names: ["--quiet", "-q"], valueName: nil, help: "no progress or summary on stderr")
  static let noColor = OptionSpec(names: ["--no-color"], valueName: nil, help: "no colour (also: NO_COLOR environment variable)")
  static let failOn = OptionSpec(names: ["--fail-on"], valueName: "LEVEL",
                                 help: "exit 1 on findings at or above error, warning or info (default: error)")
  static let policy = OptionSpec(names: ["--policy"], valueName: "FILE", help: "JSON policy: disable checks, change severities")

  /// The report format asked for, checked against what the command supports.
  static func reportFormat(_ parsed: ParsedArguments, command: String, allowed: [String]) throws(UsageError) -> String {
    let value = parsed.value("--format") ?? "table"
    guard allowed.contains(value) else {
      throw UsageError(command: command, message: "--format must be one of \(allowed.joined(separator: ", ")), not '\(value)'")
    }
    return value
  }

  /// Number of parallel jobs: -j N, else all cores.
  static func jobs(_ parsed: ParsedArguments, command: String) throws(UsageError) -> Int {
    guard let text = parsed.value("-j") else { return ProcessInfo.processInfo.activeProcessorCount }
    guard let n = Int(text), n >= 1, n <= 1024 else {
      throw UsageError(command: command, message: "-j needs a whole number from 1 to 1024, not '\(text)'")
    }
    return n
  }

  /// Prints `text` to stdout or writes it to --output atomically.
  static func emit(_ text: String, parsed: ParsedArguments, io: CommandIO) throws {
    if let path = parsed.value("--output") {
      try AtomicFile.write(text, to: path)
    } else {
      io.write(text)
    }
  }
}

import Foundation
