import PhotoCore
import Pipeline
import Platform

/// Where a JSONL stream goes while it is written — standard output, or `--output FILE` through
/// its partial file — and what went by: the tally, the inputs that could not be read, the first
/// write that failed (after which nothing more is written: exit 4).
final class StreamSink: @unchecked Sendable {
  // @unchecked: used by one thread at a time — a batch's deliveries (never concurrent, and
  // ordered by its lock), before and after them the caller.
  let file: StreamFile?
  let io: CommandIO
  /// The first write that failed.
  var failure: SystemError?
  var tally: ReportTally
  /// Outputs that could not be read at all (verify's exit 3).
  var unreadable: [String] = []

  init(file: StreamFile?, io: CommandIO, tally: ReportTally = ReportTally()) {
    self.file = file
    self.io = io
    self.tally = tally
  }

  /// Writes `text`; false once a write has failed.
  func write(_ text: String) -> Bool {
    guard failure == nil else { return false }
    if let file {
      do { try file.write(text) } catch { failure = error }
    } else {
      let code = io.writeStreamed(text)
      if code != 0 { failure = SystemError(.write, path: "standard output", code: code) }
    }
    return failure == nil
  }

  /// Puts the file in place when everything was written.
  func finish() {
    guard failure == nil, let file else { return }
    do { try file.finish() } catch { failure = error }
  }
}
