import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A program run as a child process, no shell: its arguments as an array, found on `PATH`
/// (`posix_spawnp`), its standard input and output pipes of this process, its standard error
/// kept (the last 4 KiB) for messages. Used for `git`: its plumbing streams (`git log -z`,
/// `git cat-file --batch`) are read as they come, with bounded memory.
public final class ChildProcess: @unchecked Sendable {
  /// How a child ended.
  public enum Termination: Sendable, Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    /// "exited with status 128", "was killed by signal 9".
    public var description: String {
      switch self {
      case .exited(let code): "exited with status \(code)"
      case .signalled(let signal): "was killed by signal \(signal)"
      }
    }
  }

  /// The child could not be started: `program` not found or not executable (`code` is errno).
  public struct StartError: Error, Sendable, CustomStringConvertible {
    public var program: String
    public var code: Int32
    public var description: String { "cannot run \(program): \(SystemError.reason(code))" }
  }

  public let pid: pid_t
  /// The program, for messages.
  public let program: String
  /// Our end of the child's standard input; -1 once closed (a writer thread may close it).
  private let input: Mutex<Int32>
  private let output: Int32
  private let errorTail = ErrorTail()
  private let errorThread: Thread
  private let errorDone = DispatchSemaphore(value: 0)
  private var buffer: [UInt8] = []
  private var position = 0
  private var atEnd = false
  private var termination: Termination?

  /// How much of standard error is kept.
  static let errorKeep = 4096

  /// Starts `arguments[0]` (looked up on `PATH`) with `arguments`, in this process's current
  /// folder, with `environment` added to this process's environment.
  public init(_ arguments: [String], environment: [String: String] = [:]) throws(StartError) {
    precondition(!arguments.isEmpty)
    program = arguments[0]
    var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
    // Standard input is a socket: writing to a child that stopped reading is an error here
    // (MSG_NOSIGNAL), never SIGPIPE for this process.
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &inPipe) == 0 else {
      throw StartError(program: program, code: errno)
    }
    guard ChildProcess.pipe(&outPipe) else {
      let code = errno
      close(inPipe[0]); close(inPipe[1])
      throw StartError(program: program, code: code)
    }
    guard ChildProcess.pipe(&errPipe) else {
      let code = errno
      [inPipe[0], inPipe[1], outPipe[0], outPipe[1]].forEach { close($0) }
      throw StartError(program: program, code: code)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t(), empty = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    sigemptyset(&empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    let envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var child: pid_t = 0
    let status = posix_spawnp(&child, program, &actions, &attributes, argv, envp)
    close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
    guard status == 0 else {
      close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
      throw StartError(program: program, code: status)
    }
    pid = child
    input = Mutex(inPipe[1])
    output = outPipe[0]
    // Standard error is drained on a thread of its own, so a chatty child never blocks on it.
    let errors = errPipe[0], tail = errorTail, done = errorDone
    errorThread = Thread {
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = chunk.withUnsafeMutableBytes { Glibc.read(errors, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        if n <= 0 { break }
        tail.kept.withLock { kept in
          kept.append(contentsOf: chunk[0..<n])
          if kept.count > ChildProcess.errorKeep { kept.removeFirst(kept.count - ChildProcess.errorKeep) }
        }
      }
      close(errors)
      done.signal()
    }
    errorThread.start()
  }

  deinit {
    input.withLock { fd in
      if fd >= 0 { close(fd) }
    }
    close(output)
    if termination == nil {
      kill(pid, SIGKILL)
      _ = wait()
    }
  }

  /// Writes all of `bytes` to the child's standard input; false when the child no longer reads
  /// (it ended or closed its input).
  @discardableResult
  public func write(_ bytes: [UInt8]) -> Bool {
    let fd = input.withLock { $0 }
    guard fd >= 0 else { return false }
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL)) }
      if n < 0, errno == EINTR { continue }
      if n <= 0 { return false }
      done += n
    }
    return true
  }

  /// Closes the child's standard input: it sees the end of its input.
  public func closeInput() {
    input.withLock { fd in
      if fd >= 0 { shutdown(fd, Int32(SHUT_WR)) }
    }
  }

  /// Fills the buffer so that at least `needed` unread bytes are there, or the output ended;
  /// false at the end.
  private func fill(_ needed: Int) -> Bool {
    if buffer.count - position >= needed { return true }
    if position > 0 {
      buffer.removeFirst(position)
      position = 0
    }
    var chunk = [UInt8](repeating: 0, count: max(1 << 16, needed - buffer.count))
    while buffer.count < needed, !atEnd {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      if n <= 0 { atEnd = true; break }
      buffer.append(contentsOf: chunk[0..<n])
    }
    return buffer.count - position >= needed
  }

  /// The next bytes of the child's standard output up to (not including) `separator`, at most
  /// `limit` bytes; nil at the end of the output, or when no separator comes within `limit`
  /// (then the rest of that record is not consumed: the stream is no longer trusted).
  /// `terminated` says whether the separator was found (false: the output ended mid-record).
  public func readRecord(separator: UInt8, limit: Int) -> (bytes: [UInt8], terminated: Bool)? {
    var searched = 0
    while true {
      if let end = buffer[(position + searched)...].firstIndex(of: separator) {
        let record = Array(buffer[position..<end])
        position = end + 1
        return (record, true)
      }
      searched = buffer.count - position
      if searched > limit { return nil }
      if !fill(searched + 1) {
        guard searched > 0 else { return nil }
        let record = Array(buffer[position...])
        position = buffer.count
        return (record, false)
      }
    }
  }

  /// The next `count` bytes of the child's standard output; fewer when it ended first.
  public func read(count: Int) -> [UInt8] {
    _ = fill(count)
    let n = min(count, buffer.count - position)
    let bytes = Array(buffer[position..<(position + n)])
    position += n
    return bytes
  }

  /// Reads and drops `count` bytes of the output; the number dropped (fewer at its end).
  public func skip(count: Int) -> Int {
    var left = count
    while left > 0 {
      if buffer.count == position, !fill(1) { break }
      let n = min(left, buffer.count - position)
      position += n
      left -= n
      if position == buffer.count { buffer.removeAll(keepingCapacity: true); position = 0 }
    }
    return count - left
  }

  /// A pipe whose two ends are closed on exec (the child gets its end by dup2).
  private static func pipe(_ ends: inout [Int32]) -> Bool {
    guard Glibc.pipe(&ends) == 0 else { return false }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    return true
  }

  /// Waits for the child to end (closing its input first) and says how.
  public func wait() -> Termination {
    if let termination { return termination }
    closeInput()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    errorDone.wait()
    errorDone.signal()
    let ended: Termination = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    termination = ended
    return ended
  }

  /// What the child wrote on standard error (the last 4 KiB), trimmed; complete after `wait()`.
  public var errorText: String {
    String(decoding: errorTail.kept.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs `arguments` to the end with no input and returns its output (at most `limit` bytes
  /// kept) and how it ended.
  public static func run(_ arguments: [String], limit: Int = 1 << 20) throws(StartError)
    -> (output: [UInt8], termination: Termination, errors: String)
  {
    let child = try ChildProcess(arguments)
    child.closeInput()
    var kept: [UInt8] = []
    while true {
      let piece = child.read(count: 1 << 16)
      if piece.isEmpty { break }
      if kept.count < limit { kept += piece.prefix(limit - kept.count) }
    }
    let ended = child.wait()
    return (kept, ended, child.errorText)
  }
}

/// The end of a child's standard error, filled by its reading thread.
private final class ErrorTail: Sendable {
  let kept = Mutex<[UInt8]>([])
}
