import Bytes
import PhotoCore

/// What the parser found: positionals in order, option values by the option's first name.
struct ParsedArguments {
  var positionals: [String] = []
  var values: [String: [String]] = [:]

  func has(_ name: String) -> Bool { values[name] != nil }
  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }

  func has(_ option: OptionSpec) -> Bool { has(option.primary) }
  /// The value given, else the option's default.
  func value(_ option: OptionSpec) -> String? { value(option.primary) ?? option.defaultValue }
  func all(_ option: OptionSpec) -> [String] { all(option.primary) }
}

/// A command line that cannot be run: exit status 2 and a one-line message.
struct UsageError: Error, Equatable {
  var command: String
  var message: String
  var line: String {
    let scope = command.isEmpty ? "" : " " + command
    let text = SafeText.plain(message)
    return "photoaudit\(scope): \(text)\(text.hasSuffix("?") || text.hasSuffix(".") ? "" : ".") See 'photoaudit\(scope) --help'."
  }
}

/// Hand-written argument parsing from a `CommandSpec`: `--name value`, `--name=value`, `-j 4`,
/// `-j4`, flags, `--` (the rest are arguments), `-` (an argument: standard input). An unknown
/// option or command, or a value outside an option's choices, is refused with the nearest
/// valid spelling.
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
      guard let option = spec.option(named: name) else { throw fail(unknownOption(name, in: spec)) }
      if option.isFlag {
        if inline != nil { throw fail("option '\(name)' takes no value") }
        parsed.values[option.primary, default: []].append("")
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else {
        guard i < arguments.count else { throw fail("option '\(name)' needs a value (\(option.valueName ?? "VALUE"))") }
        value = arguments[i]
        i += 1
      }
      if let choices = option.choices, !choices.contains(value) {
        throw fail("\(option.primary) must be \(Suggestion.list(choices)), not '\(value)'" + Suggestion.didYouMean(value, among: choices))
      }
      if !option.repeatable, parsed.values[option.primary] != nil {
        throw fail("option '\(name)' given more than once")
      }
      parsed.values[option.primary, default: []].append(value)
    }
    guard spec.positionals.contains(parsed.positionals.count) else {
      if parsed.positionals.count < spec.positionals.lowerBound { throw fail("missing argument; usage: \(spec.synopsis)") }
      throw fail("too many arguments (\(parsed.positionals.count)); usage: \(spec.synopsis)")
    }
    return parsed
  }

  /// "unknown option '--formta'; did you mean '--format'?", or where the option belongs.
  static func unknownOption(_ name: String, in spec: CommandSpec) -> String {
    let mine = spec.documentedOptions.flatMap(\.names)
    let nearest = Suggestion.didYouMean(name, among: mine)
    if !nearest.isEmpty { return "unknown option '\(name)'" + nearest }
    let elsewhere = PhotoCLI.commands.filter { $0.spec.option(named: name) != nil }.map { "'\($0.spec.name)'" }
    if !elsewhere.isEmpty {
      return "unknown option '\(name)': it is an option of \(Suggestion.list(elsewhere)), not of '\(spec.name)'"
    }
    return "unknown option '\(name)'"
  }
}
