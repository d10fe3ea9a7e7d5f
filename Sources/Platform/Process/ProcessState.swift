import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `/proc/<pid>/stat` says of a process of this pid namespace: whether it is a zombie (dead,
/// not yet reaped by its parent: `kill(pid, 0)` still succeeds) and when it started. A later run
/// asks this of the pid in a temporary's name (`TemporaryFiles.isStale`), because a pid that
/// answers `kill` is not always the process that made the temporary: a run killed by a harness
/// that has not reaped it yet is a zombie, and a pid can be reused by a process started since.
package struct ProcessState: Equatable {
  /// The state letter (`R`, `S`, `D`, `Z`, `X`…). [proc(5) /proc/pid/stat field 3]
  package var state: Character
  /// When the process started, in seconds since the epoch: the boot time (`btime` of
  /// /proc/stat) plus its start in clock ticks after boot (field 22). Nil when unknown.
  package var started: Double?

  /// Dead: a zombie (`Z`) or being reaped (`X`).
  package var isDead: Bool { state == "Z" || state == "X" }

  /// The state of `pid`, nil when /proc does not say (no such process, no /proc).
  package init?(pid: Int32) {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
    self.init(statLine: text, bootTime: ProcessState.bootTime, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
  }

  /// Parses a `/proc/<pid>/stat` line. The command name (field 2) is in parentheses and may hold
  /// spaces and parentheses itself: the fields after it start after the last `)`.
  package init?(statLine: String, bootTime: Double?, ticksPerSecond: Double) {
    guard let close = statLine.lastIndex(of: ")") else { return nil }
    let fields = statLine[statLine.index(after: close)...].split(separator: " ")
    guard let first = fields.first, let letter = first.first else { return nil }
    state = letter
    // fields[0] is field 3 (state); field 22 (starttime) is fields[19].
    if fields.count > 19, let ticks = Double(fields[19]), let bootTime, ticksPerSecond > 0 {
      started = bootTime + ticks / ticksPerSecond
    }
  }

  /// The boot time, seconds since the epoch (`btime` of /proc/stat); nil when unknown.
  package static let bootTime: Double? = {
    guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }) else { return nil }
    return Double(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
  }()
}
