import Bytes
import Foundation
import PhotoCore
#if canImport(Glibc)
import Glibc
import Platform
#endif

/// Where a command writes, and what it knows of its environment; tests capture both streams.
/// Everything written for people passes `SafeText.terminal`, the last line of defence against
/// control characters from file names and metadata.
final class CommandIO {
  private(set) var out = ""
  private(set) var err = ""
  let capture: Bool
  /// stdout is a terminal (tables are coloured only then, under --color auto).
  let stdoutIsTerminal: Bool
  /// stderr is a terminal (progress lines and the end-of-run summary are drawn only then).
  let stderrIsTerminal: Bool
  let environment: [String: String]
  /// Standard input given by a test; nil reads the process's.
  let standardInput: [UInt8]?
  /// The arguments after `photoaudit`, for reports that show the command line.
  var invocation: [String] = []
  /// The executable that decodes in worker processes (`WorkerPool`); nil decodes in this
  /// process. The real process uses itself unless PHOTOAUDIT_WORKERS=0 (for measuring the
  /// workers' cost); in-process tests name one with PHOTOAUDIT_WORKER_EXECUTABLE.
  var workerExecutable: String?
  /// What `keepUntilExit` was given.
  private var kept: [Any] = []

  init(capture: Bool, stdoutIsTerminal: Bool, stderrIsTerminal: Bool, environment: [String: String],
       standardInput: [UInt8]? = nil) {
    self.capture = capture
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.environment = environment
    self.standardInput = standardInput
    workerExecutable = environment["PHOTOAUDIT_WORKER_EXECUTABLE"]
  }

  /// The process's real streams.
  static func process() -> CommandIO {
    let io = CommandIO(capture: false, stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1,
                       environment: ProcessInfo.processInfo.environment)
    io.workerExecutable = io.environment["PHOTOAUDIT_WORKERS"] == "0" ? nil : "/proc/self/exe"
    return io
  }

  /// Writes a document as is (JSON, JSONL, CSV: escaped by their own rules).
  func write(_ text: String) {
    if capture { out += text } else { FileHandle.standardOutput.write(Data(text.utf8)) }
  }

  /// Hands over a large value the run no longer needs (a batch's report, its JSON tree) so that
  /// it is not freed: in the real process it dies with the process, which `main` ends without
  /// releasing this `CommandIO`. Freeing a 1,200-file report and its JSON tree cost ~19 M
  /// instructions on the main thread after the batch (callgrind). Tests (capture) free as usual.
  func keepUntilExit(_ value: Any) {
    if !capture { kept.append(value) }
  }

  /// Writes a document that is already UTF-8 bytes, as is.
  func write(bytes: [UInt8]) {
    if capture { out += String(decoding: bytes, as: UTF8.self) } else { FileHandle.standardOutput.write(Data(bytes)) }
  }

  /// Writes part of a document that is streamed while a batch runs (JSONL records) with
  /// write(2), so a failure is seen: 0, or the errno.
  func writeStreamed(_ text: String) -> Int32 {
    guard !capture else {
      out += text
      return 0
    }
    var text = text
    return text.withUTF8 { StreamFile.writeAll(1, $0) }
  }

  /// Writes text for people (tables, Markdown, help).
  func writeText(_ text: String) { write(SafeText.terminal(text)) }

  /// Writes to stderr, for people.
  func writeError(_ text: String) { writeRawError(SafeText.terminal(text)) }

  /// Writes to stderr unchecked: the progress line's own `\r` and erase sequence.
  func writeRawError(_ text: String) {
    if capture { err += text } else { FileHandle.standardError.write(Data(text.utf8)) }
  }

  /// "photoaudit inspect: <message>" on stderr, the message's untrusted parts shown escaped.
  func message(_ command: String, _ text: String) {
    writeError("photoaudit \(command): " + SafeText.plain(text) + "\n")
  }

  /// The bytes of standard input (`--files-from -`).
  func readStandardInput() -> [UInt8] {
    if let standardInput { return standardInput }
    return Array(FileHandle.standardInput.readDataToEndOfFile())
  }

  /// Colour for the table on stdout: `always`, `never`, or under `auto` when stdout is a
  /// terminal, NO_COLOR is unset or empty (no-color.org), and TERM is not `dumb`.
  func style(_ mode: ColorMode) -> TextStyle {
    TextStyle(color: ColorMode.decide(mode, isTerminal: stdoutIsTerminal, environment: environment))
  }
}

/// `--color auto|always|never`.
enum ColorMode: String, Sendable, CaseIterable {
  case auto, always, never

  /// The colour decision (SPEC "Common options").
  static func decide(_ mode: ColorMode, isTerminal: Bool, environment: [String: String]) -> Bool {
    switch mode {
    case .always: true
    case .never: false
    case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
  }
}
