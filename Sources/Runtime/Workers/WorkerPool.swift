import Foundation
import Platform
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Worker processes that decode for a batch (SPEC "Safety promises": decoding that can blow up
/// runs so that it can be stopped). Each thread of the batch hands its file to a worker of its
/// own and waits: when the file's time budget ends the worker is killed at once (the budget
/// token's expiry action), when its decoder crashes or goes over the memory limit only that
/// worker dies. Either way the file gets a `WorkerStop` (the caller reports PA015), the worker's
/// memory and threads are gone with it, and the next file gets a fresh worker.
public final class WorkerPool: Sendable {
  /// How workers are started.
  public struct Configuration: Sendable, Equatable {
    /// The photoaudit executable (`/proc/self/exe` for the running one).
    public var executable: String
    /// Each worker's data-segment limit (`RLIMIT_DATA`), in bytes.
    public var memoryLimit: Int

    /// Workers of `executable` with `memoryLimit` bytes each.
    public init(executable: String, memoryLimit: Int) {
      self.executable = executable
      self.memoryLimit = memoryLimit
    }
  }

  /// Why a job gave no result.
  public enum WorkerStop: Error, Sendable, Equatable {
    /// Its time budget ran out and its worker was killed.
    case overBudget
    /// Its worker ran out of its memory limit (`limit` bytes; it had reached `peak`).
    case overMemory(limit: Int, peak: Int)
    /// Its worker died of a signal (a crashing decoder).
    case crashed(signal: Int32)
    /// Its worker exited with a status before answering.
    case exited(status: Int32)
    /// No worker could be started.
    case unavailable(String)
  }

  public let configuration: Configuration
  private let idle = Mutex<[WorkerProcess]>([])
  /// Every worker process alive in this process, for `endAll`.
  private static let live = Mutex<[pid_t: WorkerProcess]>([:])
  /// A worker above this resident size after a job is ended, not kept: the memory a big
  /// picture made it hold goes back to the system.
  let recycleBytes: Int

  /// A pool that starts workers as `configuration` says (none until the first job).
  public init(_ configuration: Configuration) {
    self.configuration = configuration
    recycleBytes = max(min(configuration.memoryLimit / 2, 256 << 20), 64 << 20)
  }

  /// The default memory limit of each of `jobs` workers: three quarters of the machine's memory
  /// shared among them, at least 256 MiB.
  public static func defaultMemoryLimit(jobs: Int) -> Int {
    let physical = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
    return max(physical / 4 * 3 / max(jobs, 1), 256 << 20)
  }

  /// Runs `job` in a worker and waits for its result. With a `token`, the worker is killed the
  /// moment the token expires.
  public func run(_ job: WorkerJob, token: BudgetToken? = nil) -> Result<WorkerResult, WorkerStop> {
    let worker: WorkerProcess
    switch checkout() {
    case .success(let w): worker = w
    case .failure(let error): return .failure(.unavailable(error.description))
    }
    token?.onExpiry { worker.kill() }
    if let frame = worker.exchange(job.frame()), let result = WorkerResult(frame) {
      _ = worker.readErrors()
      checkin(worker)
      return .success(result)
    }
    let death = retire(worker, force: true)
    if token?.isExpired == true { return .failure(.overBudget) }
    return .failure(Self.stop(death, limit: configuration.memoryLimit))
  }

  /// Runs `job` in a worker of `pool`, or in this process when there is no pool.
  public static func run(_ job: WorkerJob, in pool: WorkerPool?, token: BudgetToken? = nil) -> Result<WorkerResult, WorkerStop> {
    pool?.run(job, token: token) ?? .success(job.perform())
  }

  /// Ends the idle workers (each exits when its input closes).
  public func close() {
    let workers = idle.withLock { list -> [WorkerProcess] in
      defer { list.removeAll() }
      return list
    }
    for worker in workers { retire(worker, force: false) }
  }

  /// Kills every worker of every pool in this process: the run is being stopped.
  public static func endAll() {
    let workers = live.withLock { Array($0.values) }
    for worker in workers { worker.kill() }
  }

  /// The number of worker processes alive in this process.
  public static var liveCount: Int { live.withLock { $0.count } }

  /// What a worker's death says about its job: a worker that died of a signal with the
  /// allocation failure message of the Swift runtime or C++ (`bad_alloc`), or that reached its
  /// limit, ran out of memory; another signal is a crash.
  static func stop(_ death: WorkerProcess.Death, limit: Int) -> WorkerStop {
    let text = death.stderrTail.lowercased()
    let allocation = ["allocate", "bad_alloc", "out of memory", "memory exhausted"].contains { text.contains($0) }
    if allocation || death.peakBytes >= limit / 10 * 9 { return .overMemory(limit: limit, peak: death.peakBytes) }
    if let signal = death.signal { return .crashed(signal: signal) }
    return .exited(status: death.exitStatus ?? -1)
  }

  private func checkout() -> Result<WorkerProcess, SystemError> {
    if let worker = idle.withLock({ $0.popLast() }) { return .success(worker) }
    return WorkerProcess.start(executable: configuration.executable, memoryLimit: configuration.memoryLimit).map { worker in
      Self.live.withLock { $0[worker.pid] = worker }
      return worker
    }
  }

  private func checkin(_ worker: WorkerProcess) {
    if worker.residentBytes() > recycleBytes {
      retire(worker, force: false)
    } else {
      idle.withLock { $0.append(worker) }
    }
  }

  @discardableResult
  private func retire(_ worker: WorkerProcess, force: Bool) -> WorkerProcess.Death {
    let death = worker.end(force: force)
    _ = Self.live.withLock { $0.removeValue(forKey: worker.pid) }
    return death
  }

  deinit { close() }
}
