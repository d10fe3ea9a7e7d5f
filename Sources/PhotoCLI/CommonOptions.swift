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
  static let fileTimeout = OptionSpec(names: ["--file-timeout"], valueName: "SECONDS",
                                      help: "per-file time budget; a file over it gets no clean verdict (PA015 incomplete-check in reports, an error in inspect) and the batch goes on (default 60)")
  static let allowEmpty = OptionSpec(names: ["--allow-empty"], valueName: nil,
                                     help: "accept a batch that finds no image file (default: exit 2, so a gate never passes on nothing)")
  static let noPixels = OptionSpec(names: ["--no-pixels"], valueName: nil,
                                   help: "metadata-only checks, no pixel decoding: skips PA004 orientation by pixels, PA009 crop, PA005's thumbnail-content comparison and PA019's same-pixels test (a thumbnail's GPS, a thumbnail whose shape or size does not match the image, and a byte-identical output are still reported)")

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

  /// The per-file time budget: --file-timeout SECONDS, else 60 s.
  static func fileTimeout(_ parsed: ParsedArguments, command: String) throws(UsageError) -> Double {
    guard let text = parsed.value("--file-timeout") else { return 60 }
    guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
      throw UsageError(command: command, message: "--file-timeout needs a number of seconds above 0, not '\(text)'")
    }
    return seconds
  }

  /// What a file over the budget is told.
  static func overBudget(_ seconds: Double) -> String {
    "took longer than the --file-timeout of \(seconds) s"
  }

  /// Runs a batch's input listing; what it names but cannot find is a usage error (exit 2).
  static func batchInputs<T>(_ parsed: ParsedArguments, command: String,
                             _ list: () throws(BatchInputProblem) -> T) throws(UsageError) -> T {
    do {
      return try list()
    } catch .noImages(let roots) {
      throw UsageError(command: command, message: BatchInputProblem.noImages(roots).description + " (--allow-empty accepts an empty batch)")
    } catch {
      throw UsageError(command: command, message: error.description)
    }
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
