import Bytes
import Foundation
import PhotoCore
import Pipeline
import Platform

/// The common options' values, read and checked (declared in `CommonOptions`).
enum OptionValues {
  /// --format: the value given (the parser checked it against the command's formats) or the
  /// command's default.
  static func format(_ parsed: ParsedArguments, spec: CommandSpec) -> String {
    guard let option = spec.option(named: "--format") else { return "table" }
    return parsed.value(option) ?? "table"
  }

  /// -j N, else all cores.
  static func jobs(_ parsed: ParsedArguments, command: String) throws(UsageError) -> Int {
    guard let text = parsed.value(CommonOptions.jobs.primary) else { return ProcessInfo.processInfo.activeProcessorCount }
    guard let n = Int(text), n >= 1, n <= 1024 else {
      throw UsageError(command: command, message: "-j needs a whole number from 1 to 1024, not '\(text)'")
    }
    return n
  }

  /// --fail-on LEVEL (default error; the parser checked the value); nil for `none`.
  static func failOn(_ parsed: ParsedArguments) -> Severity? {
    let level = parsed.value(CommonOptions.failOn) ?? "error"
    return level == "none" ? nil : Severity(rawValue: level) ?? .error
  }

  /// --policy FILE, read and checked.
  static func policy(_ parsed: ParsedArguments, command: String) throws(UsageError) -> Policy {
    guard let path = parsed.value(CommonOptions.policy) else { return Policy() }
    do {
      return try Policy.parse(try FileSource(path: path).allBytes())
    } catch {
      throw UsageError(command: command, message: "cannot use --policy \(path): \(error)")
    }
  }

  /// --color WHEN, with --no-color meaning never.
  static func colour(_ parsed: ParsedArguments) -> ColorMode {
    if parsed.has(CommonOptions.noColor) { return .never }
    return parsed.value(CommonOptions.color).flatMap(ColorMode.init(rawValue:)) ?? .auto
  }

  /// The per-file time budget: --file-timeout SECONDS, else 60 s.
  static func fileTimeout(_ parsed: ParsedArguments, command: String) throws(UsageError) -> Double {
    let text = parsed.value(CommonOptions.fileTimeout) ?? "60"
    guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
      throw UsageError(command: command, message: "--file-timeout needs a number of seconds above 0, not '\(text)'")
    }
    return seconds
  }

  /// What a file over the budget is told.
  static func overBudget(_ seconds: Double) -> String {
    "took longer than the --file-timeout of \(seconds) s"
  }

  /// --max-pixels N, else 200 MP.
  static func maxPixels(_ parsed: ParsedArguments, command: String) throws(UsageError) -> Int {
    let text = parsed.value(CommonOptions.maxPixels) ?? "200000000"
    guard let n = Int(text), n >= 1, n <= Int(Int32.max) else {
      throw UsageError(command: command, message: "--max-pixels needs a whole number from 1 to \(Int32.max), not '\(text)'")
    }
    return n
  }

  /// The input selection: named paths, --files-from ('-' is standard input), -0, --ext,
  /// --include, --exclude, --follow-symlinks. The list is read now into `listed`, or with
  /// `streamList` left to be read entry by entry (`listSource`, for `resolveList`).
  static func selection(_ paths: [String], _ parsed: ParsedArguments, command: String, io: CommandIO,
                        streamList: Bool = false) throws(UsageError) -> InputSelection {
    var selection = InputSelection()
    selection.paths = paths
    if let list = parsed.value("--files-from") {
      let nul = parsed.has("-0")
      if streamList {
        if list == "-" {
          selection.listSource = io.standardInput.map { .bytes($0, nulSeparated: nul) } ?? .file(list, nulSeparated: nul)
        } else {
          do { _ = try LineReader(path: list) } catch { throw UsageError(command: command, message: "cannot use --files-from: \(error)") }
          selection.listSource = .file(list, nulSeparated: nul)
        }
      } else {
        let bytes: [UInt8]
        if list == "-" {
          bytes = io.readStandardInput()
        } else {
          do { bytes = try FileSource(path: list).allBytes() } catch {
            throw UsageError(command: command, message: "cannot read --files-from \(list): \(error)")
          }
        }
        selection.listed = InputSelection.entries(of: bytes, nulSeparated: nul)
      }
    } else if parsed.has("-0") {
      throw UsageError(command: command, message: "-0 goes with --files-from")
    }
    if let ext = parsed.value("--ext") {
      selection.extensions = InputSelection.extensions(ext)
      if selection.extensions.isEmpty { throw UsageError(command: command, message: "--ext needs extensions such as jpg,heic") }
    }
    selection.include = parsed.all("--include")
    selection.exclude = parsed.all("--exclude")
    selection.followSymlinks = parsed.has("--follow-symlinks")
    return selection
  }

  /// The files a batch command works on: FILE|DIR arguments and --files-from, narrowed by
  /// --ext, --include, --exclude; descriptors, reports and lists found in walked folders left
  /// out (they are not photos). Skipped paths are said on stderr.
  static func inputs(_ parsed: ParsedArguments, spec: CommandSpec, io: CommandIO, relativePaths: Bool = false) throws(UsageError) -> SelectedInputs {
    var selection = try selection(parsed.positionals, parsed, command: spec.name, io: io)
    selection.relativePaths = relativePaths
    guard !parsed.positionals.isEmpty || parsed.has("--files-from") else {
      throw UsageError(command: spec.name, message: "missing argument; usage: \(spec.synopsis)")
    }
    let found = selection.resolve()
    tellSkipped(found.listing.skipped, command: spec.name, io: io)
    let files = found.listing.files.filter { found.listing.named.contains($0) || !Pairing.isAuxiliary($0) }
    if found.missingNamed.isEmpty { try requireSome(count: files.count, roots: parsed.positionals, parsed, command: spec.name) }
    return SelectedInputs(files: files, relative: found.listing.relative, missingNamed: found.missingNamed)
  }

  /// A batch that finds nothing to check fails (SPEC "Fail closed": a gate never passes on
  /// nothing) unless --allow-empty.
  /// Says on stderr which paths a walk left out and why, with the option that would include
  /// them: the one place a skip reason becomes advice.
  static func tellSkipped(_ skipped: [(path: String, reason: SkipReason)], command: String, io: CommandIO) {
    for (path, reason) in skipped {
      let advice = reason == .symbolicLink ? " (use --follow-symlinks)" : ""
      io.message(command, "skipped \(path): \(reason)\(advice)")
    }
  }

  static func requireSome(count: Int, roots: [String], _ parsed: ParsedArguments, command: String) throws(UsageError) {
    guard count == 0, !parsed.has(CommonOptions.allowEmpty) else { return }
    let under = roots.isEmpty ? "in the --files-from list" : "under " + roots.joined(separator: ", ")
    throw UsageError(command: command, message: "no image files found \(under) (--allow-empty accepts an empty batch)")
  }

  /// Prints `text` to stdout or writes it to --output atomically; a file that cannot be written
  /// is said on stderr and recorded in the outcome (exit 4). `forPeople` text (tables,
  /// Markdown) goes through the terminal check.
  static func emit(_ text: String, parsed: ParsedArguments, io: CommandIO, forPeople: Bool, command: String,
                   outcome: inout Outcome) {
    guard parsed.value(CommonOptions.output.primary) != nil else {
      if forPeople { io.writeText(text) } else { io.write(text) }
      return
    }
    emit(bytes: Array((forPeople ? SafeText.terminal(text) : text).utf8), parsed: parsed, io: io, command: command, outcome: &outcome)
  }

  /// `emit` for a document already in UTF-8 bytes (a JSON report), written as is.
  static func emit(bytes: [UInt8], parsed: ParsedArguments, io: CommandIO, command: String, outcome: inout Outcome) {
    guard let path = parsed.value(CommonOptions.output.primary) else {
      io.write(bytes: bytes)
      return
    }
    do {
      // Only the debris of earlier writes of this report: other runs (shards on other
      // machines, whose pids say nothing here) may be writing their own reports beside it.
      TemporaryFiles.removeStale(for: [path])
      try AtomicFile.write(bytes, to: path)
    } catch {
      io.message(command, error.description)
      outcome.unwritten.append(error.path)
    }
  }

  /// Formats written for people rather than programs.
  static func isForPeople(_ format: String) -> Bool { ["table", "markdown"].contains(format) }
}

/// What `OptionValues.inputs` found.
struct SelectedInputs {
  /// The files, in order.
  var files: [String]
  /// Paths below their walked folder (`InputSelection.Result.listing.relative`).
  var relative: [String: String]
  /// Paths named on the command line that do not exist.
  var missingNamed: [String]
}
