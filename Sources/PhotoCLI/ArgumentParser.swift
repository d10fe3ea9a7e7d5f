/// One option a command accepts.
struct OptionSpec: Sendable {
  /// Spellings, long first ("--format", "-f").
  var names: [String]
  /// Placeholder for the value ("FORMAT"); nil for a flag.
  var valueName: String?
  var help: String
  /// May be given more than once.
  var repeatable = false

  var primary: String { names[0] }
}

/// A command's interface: what `--help` prints and what the parser accepts.
struct CommandSpec: Sendable {
  var name: String
  var synopsis: String
  var summary: String
  var options: [OptionSpec]
  var examples: [String]
  /// Smallest number of positional arguments.
  var minimumPositionals = 0
}

/// What the parser found: positionals in order, option values by primary name.
struct ParsedArguments {
  var positionals: [String] = []
  var values: [String: [String]] = [:]

  func has(_ name: String) -> Bool { values[name] != nil }
  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
}

/// A command line that cannot be run: exit status 2 and a one-line message.
struct UsageError: Error, Equatable {
  var command: String
  var message: String
  var line: String { "photoaudit\(command.isEmpty ? "" : " " + command): \(message). See 'photoaudit \(command.isEmpty ? "" : command + " ")--help'." }
}

/// Hand-written argument parsing: `--name value`, `--name=value`, `-j 4`, `-j4`, flags, `--`.
enum ArgumentParser {
  static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var i = 0
    var optionsEnded = false
    func fail(_ message: String) -> UsageError { UsageError(command: spec.name, message: message) }
    while i < arguments.count {
      let argument = arguments[i]
      i += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
        name = String(argument[..<eq])
        inline = String(argument[argument.index(after: eq)...])
      } else if !argument.hasPrefix("--"), argument.count > 2 {
        // "-j4" → "-j" "4"
        name = String(argument.prefix(2))
        inline = String(argument.dropFirst(2))
      }
      guard let option = spec.options.first(where: { $0.names.contains(name) }) else {
        throw fail("unknown option '\(name)'")
      }
      if option.valueName == nil {
        if inline != nil { throw fail("option '\(name)' takes no value") }
        parsed.values[option.primary, default: []].append("")
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else {
        guard i < arguments.count else { throw fail("option '\(name)' needs a value (\(option.valueName!))") }
        value = arguments[i]
        i += 1
      }
      if !option.repeatable, parsed.values[option.primary] != nil {
        throw fail("option '\(name)' given more than once")
      }
      parsed.values[option.primary, default: []].append(value)
    }
    if parsed.positionals.count < spec.minimumPositionals {
      throw fail("missing argument; usage: \(spec.synopsis)")
    }
    return parsed
  }

  /// The `--help` text of a command.
  static func help(_ spec: CommandSpec) -> String {
    var out = "USAGE: \(spec.synopsis)\n\n\(spec.summary)\n\nOPTIONS:\n"
    let labels = spec.options.map { o in o.names.joined(separator: ", ") + (o.valueName.map { " \($0)" } ?? "") }
    let width = (labels.map(\.count).max() ?? 0) + 2
    for (label, option) in zip(labels, spec.options) {
      out += "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + option.help + "\n"
    }
    if !spec.examples.isEmpty {
      out += "\nEXAMPLES:\n" + spec.examples.map { "  \($0)\n" }.joined()
    }
    return out
  }
}

import Foundation
