import Foundation

/// `photoaudit COMMAND --help` and `photoaudit --help`, made from the command tables.
enum HelpText {
  /// Lines are wrapped to this many columns.
  static let width = 80
  /// Where option descriptions start.
  static let optionColumn = 28

  /// A command's help: usage, description, options, examples, exit statuses.
  static func command(_ spec: CommandSpec) -> String {
    var out = "USAGE: \(spec.synopsis)\n\n"
    out += spec.description.split(separator: "\n", omittingEmptySubsequences: false)
      .map { wrap(String($0), indent: 0) }.joined(separator: "\n") + "\n\nOPTIONS:\n"
    out += optionLines(spec.documentedOptions)
    if !spec.examples.isEmpty {
      out += "\nEXAMPLES:\n"
      for example in spec.examples {
        if let comment = example.annotation { out += "  # \(comment)\n" }
        out += "  \(example.command)\n"
      }
    }
    out += "\nEXIT STATUS:\n"
    for status in spec.exits {
      out += "  \(String(status.rawValue).padding(toLength: 5, withPad: " ", startingAt: 0))"
        + wrap(spec.exitMeanings[status] ?? status.meaning, indent: 7, firstLineUsed: 7) + "\n"
    }
    return out
  }

  /// The aligned, wrapped option list.
  static func optionLines(_ options: [OptionSpec]) -> String {
    var out = ""
    for option in options {
      let label = "  " + self.label(option)
      var help = option.help
      if let value = option.defaultValue, !help.contains("(default") { help += " (default: \(value))" }
      let text = wrap(help, indent: optionColumn, firstLineUsed: optionColumn)
      if label.count + 2 <= optionColumn {
        out += label.padding(toLength: optionColumn, withPad: " ", startingAt: 0) + text + "\n"
      } else {
        out += label + "\n" + String(repeating: " ", count: optionColumn) + text + "\n"
      }
    }
    return out
  }

  /// "-o, --output FILE", "    --color WHEN": short spellings first, long ones aligned.
  static func label(_ option: OptionSpec) -> String {
    let short = option.names.filter { !$0.hasPrefix("--") }
    let long = option.names.filter { $0.hasPrefix("--") }
    var text = (short + long).joined(separator: ", ")
    if short.isEmpty { text = "    " + text }
    if let value = option.valueName { text += " " + value }
    return text
  }

  /// `photoaudit --help`: what it is, the commands, where to read more.
  static func topLevel(_ commands: [any Command.Type]) -> String {
    var out = """
      photoaudit — what does this image really carry, and did the pipeline that
      produced it do what it claims?

      USAGE: photoaudit COMMAND [OPTIONS] [ARGUMENTS]

      COMMANDS:

      """
    let names = commands.map { $0.spec.name } + ["help"]
    let column = (names.map(\.count).max() ?? 0) + 4
    for command in commands {
      out += "  " + command.spec.name.padding(toLength: column - 2, withPad: " ", startingAt: 0)
        + wrap(command.spec.summary, indent: column, firstLineUsed: column) + "\n"
    }
    out += "  " + "help".padding(toLength: column - 2, withPad: " ", startingAt: 0) + "the same as COMMAND --help\n"
    out += "\nOPTIONS:\n" + optionLines(GlobalOptions.all) + "\n"
    out += wrap("Run 'photoaudit COMMAND --help' (or 'photoaudit help COMMAND') for a command's options and examples, and 'photoaudit explain PA004' for what a finding means and how to fix it.", indent: 0) + "\n"
    return out
  }

  /// `text` wrapped at `width` columns on spaces; lines after the first are indented by
  /// `indent`; the first line starts at column `firstLineUsed`.
  static func wrap(_ text: String, indent: Int, firstLineUsed: Int = 0) -> String {
    var lines: [String] = []
    var line = ""
    var used = firstLineUsed
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let extra = line.isEmpty ? word.count : word.count + 1
      if !line.isEmpty, used + extra > width {
        lines.append(line)
        line = String(word)
        used = indent + word.count
      } else {
        line += line.isEmpty ? String(word) : " " + word
        used += extra
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
  }
}

extension HelpText {
  /// The README's table of which command takes which option, from the same tables.
  static func optionMatrix(_ commands: [any Command.Type]) -> String {
    let specs = commands.map { $0.spec }
    var rows: [OptionSpec] = []
    for spec in specs {
      for option in spec.options where !rows.contains(where: { $0.names == option.names }) { rows.append(option) }
    }
    var out = "| option | " + specs.map(\.name).joined(separator: " | ") + " |\n"
    out += "|---|" + specs.map { _ in ":-:|" }.joined() + "\n"
    for option in rows {
      let label = "`" + label(option).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "|", with: "\\|") + "`"
      // An option whose choices differ by command (--format) shows them.
      let cells = specs.map { spec -> String in
        guard let mine = spec.options.first(where: { $0.names == option.names }) else { return "" }
        return option.primary == "--format" ? (mine.choices ?? []).joined(separator: ", ") : "✓"
      }
      out += "| \(label) | " + cells.joined(separator: " | ") + " |\n"
    }
    return out
  }
}
