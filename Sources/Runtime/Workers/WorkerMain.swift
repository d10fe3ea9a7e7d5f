import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The worker side: `photoaudit --photoaudit-worker LIMIT` (started by `WorkerPool`, never by
/// people; not in any help or completion) reads jobs from stdin, does each and writes its result
/// to stdout, until stdin ends. It limits its own data segment to LIMIT bytes more than it
/// holds at its start, so a decoder that blows up fails inside it, and ends itself when photoaudit is gone (killed with SIGKILL,
/// it cannot say so).
public enum WorkerMain {
  /// The first argument that starts worker mode.
  public static let token = "--photoaudit-worker"

  /// Test hook: a job whose file's path contains this environment variable's value kills its
  /// worker with SIGSEGV, as a crashing decoder would. Unset in real runs.
  public static let crashHook = "PHOTOAUDIT_TEST_CRASH_ON"

  /// Serves jobs until stdin ends; `arguments` are those after the token.
  public static func serve(_ arguments: [String]) -> Never {
    if let limit = arguments.first.flatMap(Int.init), limit > 0, !underSanitizer {
      // The limit is on top of what the worker holds at its start.
      let total = limit + dataBytes()
      var rl = rlimit(rlim_cur: rlim_t(total), rlim_max: rlim_t(total))
      setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &rl)
    }
    // Results go to the original stdout; anything a library prints goes to stderr instead.
    let replies = dup(1)
    dup2(2, 1)
    watchParent()
    let crashOn = ProcessInfo.processInfo.environment[crashHook].flatMap { $0.isEmpty ? nil : $0 }
    while let frame = WorkerChannel.read(from: 0) {
      guard let job = WorkerJob(frame) else { _exit(2) }
      if let crashOn, job.path.contains(crashOn) { raise(SIGSEGV) }
      guard WorkerChannel.write(job.perform().frame(), to: replies, socket: true) else { _exit(0) }
    }
    _exit(0)
  }

  /// True in a sanitizer build (ASan, TSan, MSan): their allocators map memory in ways a data
  /// limit breaks (ASan fails its first allocation), so such workers run without one.
  public static var underSanitizer: Bool {
    let symbols: [String] = ["__asan_init", "__tsan_init", "__msan_init"]
    return symbols.contains { dlsym(UnsafeMutableRawPointer(bitPattern: 0), $0) != nil }
  }

  /// This process's data segment now (`VmData` of /proc/self/status), in bytes; 0 when unknown.
  static func dataBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmData:") }),
          let kib = Int(line.dropFirst(7).split(separator: " ").first ?? "") else { return 0 }
    return kib * 1024
  }

  /// Ends this process when its parent is gone (it was re-parented): an orphan would otherwise
  /// decode on for nobody.
  private static func watchParent() {
    let parent = getppid()
    let thread = Thread {
      while getppid() == parent { usleep(50_000) }
      _exit(0)
    }
    thread.stackSize = 64 << 10
    thread.start()
  }
}
