import Foundation
import PhotoCore
#if canImport(Glibc)
import Glibc
import Pipeline
import Platform
import Runtime
#endif

extension OptionValues {
  /// The worker processes of a decoding batch (`--max-memory MB`, else the default share of
  /// memory); nil when nothing is decoded (`--no-pixels`) or the decoding stays in this process
  /// (`CommandIO.workerExecutable`).
  static func workers(_ parsed: ParsedArguments, io: CommandIO, jobs: Int, decodes: Bool = true,
                      command: String) throws(UsageError) -> WorkerPool? {
    var limit = WorkerPool.defaultMemoryLimit(jobs: jobs)
    if let text = parsed.value(CommonOptions.maxMemory) {
      guard let mb = Int(text), mb >= 64, mb <= 1 << 22 else {
        throw UsageError(command: command, message: "--max-memory needs a whole number of MiB from 64 to \(1 << 22), not '\(text)'")
      }
      limit = mb << 20
    }
    guard decodes, let executable = io.workerExecutable else { return nil }
    return WorkerPool(WorkerPool.Configuration(executable: executable, memoryLimit: limit))
  }

  /// Why a file's work stopped, for its PA015 ("it took longer than …", "its decoder crashed …").
  static func stopped(_ stop: WorkerPool.WorkerStop, budget: Double) -> String {
    switch stop {
    case .overBudget: "it \(overBudget(budget))"
    case .overMemory(let limit, _): "its decoding needed more than the --max-memory of \(limit >> 20) MiB"
    case .crashed(let signal): "its decoder crashed (signal \(signal), \(String(cString: strsignal(signal)).lowercased()))"
    case .exited(let status): "its worker process ended (status \(status)) before finishing"
    case .unavailable(let reason): "no worker process could be started to decode it (\(reason))"
    }
  }

  /// Audits one job, in a worker when there is a pool: the report, and whether the output could
  /// not be read at all. A job whose worker stopped is PA015 with the reason.
  static func audit(_ job: AuditJob, options: AuditOptions, pool: WorkerPool?, token: BudgetToken,
                    budget: Double) -> (report: FileReport, outputUnreadable: Bool) {
    switch WorkerPool.run(.audit(job, options), in: pool, token: token) {
    case .success(.audit(let report, let unreadable)): return (report, unreadable)
    case .failure(let stop): return (PairAuditor.notChecked(job, reason: stopped(stop, budget: budget), options: options), false)
    case .success: return (PairAuditor.notChecked(job, reason: "its worker process answered something else", options: options), false)
    }
  }
}
