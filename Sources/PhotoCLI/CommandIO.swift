#if canImport(Glibc)
import Glibc
#endif

/// Where a command writes, and what it knows of its environment; tests capture both streams.
final class CommandIO {
  private(set) var out = ""
  private(set) var err = ""
  let capture: Bool
  /// stdout is a terminal (tables are coloured only then).
  let stdoutIsTerminal: Bool
  /// stderr is a terminal (progress lines are drawn only then).
  let stderrIsTerminal: Bool
  let environment: [String: String]

  init(capture: Bool, stdoutIsTerminal: Bool, stderrIsTerminal: Bool, environment: [String: String]) {
    self.capture = capture
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.environment = environment
  }

  /// The process's real streams.
  static func process() -> CommandIO {
    CommandIO(capture: false, stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1,
              environment: ProcessInfo.processInfo.environment)
  }

  func write(_ text: String) {
    if capture { out += text } else { FileHandle.standardOutput.write(Data(text.utf8)) }
  }

  func writeError(_ text: String) {
    if capture { err += text } else { FileHandle.standardError.write(Data(text.utf8)) }
  }

  /// Colour on when stdout is a terminal, unless --no-color or NO_COLOR.
  func style(noColor: Bool) -> TextStyle {
    TextStyle(color: stdoutIsTerminal && !noColor && environment["NO_COLOR"] == nil)
  }
}

import Foundation
import PhotoCore
