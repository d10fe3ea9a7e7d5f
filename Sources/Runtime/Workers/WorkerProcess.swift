import Foundation
import Platform
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One worker process: `photoaudit --photoaudit-worker LIMIT`, fed jobs over a socket (its
/// stdin and stdout), its stderr kept for diagnosis. It is ended with SIGKILL when its file's
/// budget runs out, and reaped by whoever ends it.
final class WorkerProcess: Sendable {
  let pid: pid_t
  /// This process's end of the socket.
  private let socket: Int32
  /// This process's end of the worker's stderr (a socket, non-blocking).
  private let errors: Int32
  /// Set once the process is reaped: its pid may then belong to another process, so nothing
  /// may signal it any more.
  private let reaped = Mutex(false)

  /// How a worker process ended.
  struct Death: Sendable {
    /// The signal that ended it, nil when it exited.
    package var signal: Int32?
    var exitStatus: Int32?
    /// Its peak resident memory, in bytes.
    var peakBytes: Int
    /// The end of what it wrote on stderr.
    var stderrTail: String
  }

  private init(pid: pid_t, socket: Int32, errors: Int32) {
    self.pid = pid
    self.socket = socket
    self.errors = errors
  }

  /// Starts `executable` in worker mode with a data-segment limit of `memoryLimit` bytes.
  package static func start(executable: String, memoryLimit: Int) -> Result<WorkerProcess, SystemError> {
    var pair: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
      return .failure(SystemError(.read, path: executable, code: errno))
    }
    var errorPipe: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &errorPipe) == 0 else {
      let code = errno
      close(pair[0]); close(pair[1])
      return .failure(SystemError(.read, path: executable, code: code))
    }
    defer {
      close(pair[1])
      close(errorPipe[1])
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
    posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    // SIGINT and SIGTERM stay blocked in the worker: the terminal's Ctrl-C goes to the whole
    // process group, and it is photoaudit that decides when its workers end.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var blocked = sigset_t(), defaults = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGINT)
    sigaddset(&blocked, SIGTERM)
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigmask(&attributes, &blocked)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let words: [String] = [executable, WorkerMain.token, String(memoryLimit)]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment["GLIBC_TUNABLES"] = mallocTunables(after: environment["GLIBC_TUNABLES"])
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard rc == 0 else {
      close(pair[0]); close(errorPipe[0])
      return .failure(SystemError(.read, path: executable, code: rc))
    }
    _ = fcntl(errorPipe[0], F_SETFL, O_NONBLOCK)
    return .success(WorkerProcess(pid: pid, socket: pair[0], errors: errorPipe[0]))
  }

  /// Sends a job and waits for its result; nil when the worker died first (killed or crashed:
  /// then `end()` tells how).
  func exchange(_ frame: WorkerFrame) -> WorkerFrame? {
    guard WorkerChannel.write(frame, to: socket, socket: true) else { return nil }
    return WorkerChannel.read(from: socket)
  }

  /// Sends SIGKILL, unless the process was reaped already.
  package func kill() {
    reaped.withLock { done in
      if !done { _ = Glibc.kill(pid, SIGKILL) }
    }
  }

  /// Ends the worker (SIGKILL when `force`, else by closing its input, which it takes as the
  /// end of its work), reaps it and says how it ended.
  @discardableResult
  package func end(force: Bool) -> Death {
    if force { kill() }
    shutdown(socket, Int32(SHUT_RDWR))
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    reaped.withLock { $0 = true }
    let tail = readErrors()
    close(socket)
    close(errors)
    let signal = status & 0x7F
    return Death(signal: signal == 0 ? nil : signal, exitStatus: signal == 0 ? (status >> 8) & 0xFF : nil,
                 peakBytes: Int(usage.ru_maxrss) * 1024, stderrTail: tail)
  }

  /// Resident memory now, in bytes (`/proc/PID/statm`); 0 when unknown.
  func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// What the worker wrote on stderr so far (its last 4 KB), without waiting. Reading also keeps
  /// a chatty decoder from filling the pipe and blocking.
  func readErrors() -> String {
    var collected: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(errors, $0.baseAddress!, $0.count) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { break }
      collected += buffer[..<n]
      if collected.count > 8192 { collected.removeFirst(collected.count - 4096) }
    }
    return String(decoding: collected.suffix(4096), as: UTF8.self)
  }
}

extension WorkerProcess {
  /// glibc's malloc in a worker, set for decoding one picture after another (appended to the
  /// user's own `GLIBC_TUNABLES`; glibc applies the later entry). By default a freed buffer over
  /// the dynamic mmap threshold goes back to the kernel, and the next picture's buffers are
  /// mapped and faulted in afresh: the kernel zeroing pages was a tenth of `sanitize`'s CPU on
  /// 12 MP JPEGs. With a fixed 16 MiB mmap threshold and a 32 MiB trim threshold, buffers up to
  /// 16 MiB are reused from the heap; bigger ones (a picture at full size) are still unmapped
  /// when freed, and a worker keeps at most ~32 MiB it does not use. Measured (bench/README.md):
  /// 20 × 12 MP JPEG `sanitize -j 2` 0.80 → 0.73 s, system time 0.20 → 0.05 s, peak RSS +4 MB;
  /// the corpus audit's largest worker 326 → 336 MB (32/64 MiB thresholds: 368 MB).
  static func mallocTunables(after user: String?) -> String {
    let ours = "glibc.malloc.mmap_threshold=\(16 << 20):glibc.malloc.trim_threshold=\(32 << 20)"
    guard let user, !user.isEmpty else { return ours }
    return user + ":" + ours
  }
}
