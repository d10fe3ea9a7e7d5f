import Foundation
import PhotoCore
import Synchronization

/// A one-line progress display on stderr (only when stderr is a terminal): done/total, rate, ETA.
final class Progress: @unchecked Sendable {
  // @unchecked: `io` (not Sendable: it buffers captured output) is used only inside `done`'s lock.
  /// Files done; the line is written under the same lock, so lines never interleave.
  private let done = Mutex(0)
  private let total: Int
  private let io: CommandIO
  private let enabled: Bool
  private let started = Date()

  init(total: Int, io: CommandIO, enabled: Bool) {
    self.total = total
    self.io = io
    self.enabled = enabled
  }

  func tick() {
    guard enabled else { return }
    done.withLock { done in
      done += 1
      let elapsed = Date().timeIntervalSince(started)
      let rate = elapsed > 0 ? Double(done) / elapsed : 0
      let eta = rate > 0 ? Double(total - done) / rate : 0
      io.writeRawError(String(format: "\r%d/%d files  %.1f files/s  ETA %.0f s ", done, total, rate, eta))
    }
  }

  func finish() {
    guard enabled else { return }
    io.writeRawError("\r\u{1B}[K")
  }
}
