/// What a shell completes for an option's value or a command's arguments.
enum ValueCompletion: Sendable, Equatable {
  case none
  case file
  case directory
  /// One of these words; the parser also refuses any other value.
  case choices([String])
}

/// One option a command accepts: the single declaration that the parser, `--help`, the man
/// page and the shell completions are all made from.
struct OptionSpec: Sendable {
  /// Spellings, long first ("--output", "-o"); the first is the option's key.
  var names: [String]
  /// Placeholder of the value ("FILE"); nil for a flag.
  var valueName: String?
  var help: String
  var completion: ValueCompletion = .none
  /// The value when the option is not given, shown in `--help`.
  var defaultValue: String?
  /// May be given more than once (each value kept).
  var repeatable = false

  var primary: String { names[0] }
  var isFlag: Bool { valueName == nil }
  /// The allowed values, when the option takes one of a fixed set.
  var choices: [String]? { if case .choices(let c) = completion { c } else { nil } }

  /// A flag: `--all`.
  static func flag(_ names: [String], _ help: String) -> OptionSpec {
    OptionSpec(names: names, valueName: nil, help: help)
  }

  /// An option with a value: `--output FILE`.
  static func value(_ names: [String], _ valueName: String, _ help: String, completion: ValueCompletion = .none,
                    default defaultValue: String? = nil, repeatable: Bool = false) -> OptionSpec {
    OptionSpec(names: names, valueName: valueName, help: help, completion: completion, defaultValue: defaultValue,
               repeatable: repeatable)
  }
}

/// An example in `--help`, the man page and the README, with the exit status it ends with
/// (a test runs each one and checks it).
struct Example: Sendable {
  /// The shell command, starting with `photoaudit`.
  var command: String
  /// What it does, shown after `#`.
  var comment: String?
  var exit: ExitStatus = .ok
  /// What the exit status means here, when the general words do not fit ("changed").
  var exitWords: String?

  /// The comment shown above the example: what it does, and its exit status when not 0
  /// ("for a pull request (exit 1: findings)").
  var annotation: String? {
    let status = exit == .ok ? nil : "exit \(exit.rawValue): \(exitWords ?? exit.shortMeaning)"
    switch (comment, status) {
    case (let c?, let s?): return "\(c) (\(s))"
    case (let c?, nil): return c
    case (nil, let s?): return s
    case (nil, nil): return nil
    }
  }

  init(_ command: String, _ comment: String? = nil, exit: ExitStatus = .ok, saying exitWords: String? = nil) {
    self.command = command
    self.comment = comment
    self.exit = exit
    self.exitWords = exitWords
  }
}

/// A command's interface: what the parser accepts and what the help, man page and completions
/// say, from one table.
struct CommandSpec: Sendable {
  var name: String
  /// The positional arguments as the synopsis shows them ("FILE|DIR..."); empty when none.
  var arguments: String
  /// One line for the command list.
  var summary: String
  /// The paragraphs of `--help` after the usage line.
  var description: String
  var options: [OptionSpec]
  var examples: [Example]
  /// How many positional arguments the parser accepts.
  var positionals: ClosedRange<Int> = 0...Int.max
  /// What the shell completes for positional arguments.
  var argumentCompletion: ValueCompletion = .file
  /// The exit statuses the command can end with, for its help.
  var exits: [ExitStatus] = [.ok, .findings, .usage, .unreadable, .cannotWrite]
  /// What a status means for this command, where the general meaning does not fit.
  var exitMeanings: [ExitStatus: String] = [:]

  /// "photoaudit inspect [OPTIONS] FILE|DIR...".
  var synopsis: String { "photoaudit \(name) [OPTIONS]" + (arguments.isEmpty ? "" : " \(arguments)") }

  /// The option spelled `name`, if this command has it.
  func option(named name: String) -> OptionSpec? { options.first { $0.names.contains(name) } }

  /// `-h`, `--help`: every command has it; listed last.
  static let helpOption = OptionSpec.flag(["--help", "-h"], "show this help and exit")

  /// The options with `--help`, as the help, man page and completions list them.
  var documentedOptions: [OptionSpec] { options + [CommandSpec.helpOption] }
}
