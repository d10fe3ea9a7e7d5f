@testable import PhotoCore
@testable import Pipeline
import Testing

/// `--shard auto`: each engine's variables, as the engines document them, give the 1-based
/// shard; what cannot be a shard is refused with the variables named.
@Suite struct ShardEnvironmentTests {
  /// (environment, --shards, K, N): engines count tasks from 0 (Slurm from its array's first ID).
  static let cases: [([String: String], Int?, Int, Int)] = [
    (["JOB_COMPLETION_INDEX": "0"], 8, 1, 8),
    (["JOB_COMPLETION_INDEX": "7"], 8, 8, 8),
    (["AWS_BATCH_JOB_ARRAY_INDEX": "2", "AWS_BATCH_JOB_ARRAY_SIZE": "8"], nil, 3, 8),
    (["AWS_BATCH_JOB_ARRAY_INDEX": "2", "AWS_BATCH_JOB_ARRAY_SIZE": "8"], 8, 3, 8),
    (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4"], nil, 1, 4),
    (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3"], nil, 1, 4),
    (["SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_MAX": "16",
      "SLURM_ARRAY_TASK_STEP": "2"], nil, 3, 4),
    (["CLOUD_RUN_TASK_INDEX": "4", "CLOUD_RUN_TASK_COUNT": "5"], nil, 5, 5),
    (["BATCH_TASK_INDEX": "0", "BATCH_TASK_COUNT": "1"], nil, 1, 1),
    // Two engines that agree (a GKE Job that also sets another's variables).
    (["JOB_COMPLETION_INDEX": "1", "BATCH_TASK_INDEX": "1", "BATCH_TASK_COUNT": "3"], 3, 2, 3),
  ]

  @Test(arguments: cases)
  func engineVariablesGiveTheShard(environment: [String: String], shards: Int?, k: Int, n: Int) throws {
    let resolved = try ShardEnvironment.resolve(environment, shards: shards)
    #expect(resolved.shard == Shard(index: k, count: n))
    #expect(resolved.evidence.first.map { ev in environment.keys.contains { ev.hasPrefix($0 + "=") } } == true)
  }

  @Test func refusals() {
    func problem(_ environment: [String: String], shards: Int? = nil) -> ShardEnvironment.Problem? {
      do { _ = try ShardEnvironment.resolve(environment, shards: shards); return nil } catch { return error }
    }
    let none = problem(["HOME": "/root"])
    #expect(none == .noEngine)
    for variable in ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "SLURM_ARRAY_TASK_ID", "CLOUD_RUN_TASK_INDEX", "BATCH_TASK_INDEX"] {
      #expect(none?.description.contains(variable) == true, "the message names \(variable)")
    }
    #expect(problem(["JOB_COMPLETION_INDEX": "2"]) == .noCount(engine: "Kubernetes Indexed Job", index: "JOB_COMPLETION_INDEX"))
    #expect(problem(["JOB_COMPLETION_INDEX": "x"], shards: 4) == .badValue(variable: "JOB_COMPLETION_INDEX", value: "x"))
    #expect(problem(["JOB_COMPLETION_INDEX": "-1"], shards: 4) == .badValue(variable: "JOB_COMPLETION_INDEX", value: "-1"))
    #expect(problem(["JOB_COMPLETION_INDEX": "4"], shards: 4) == .outOfRange(evidence: ["JOB_COMPLETION_INDEX=4", "--shards 4"]))
    #expect(problem(["AWS_BATCH_JOB_ARRAY_INDEX": "1", "AWS_BATCH_JOB_ARRAY_SIZE": "8"], shards: 4)
      == .countMismatch(variable: "AWS_BATCH_JOB_ARRAY_SIZE", value: 8, shards: 4))
    // `--array=1,4,9`: IDs that are no range.
    if case .notContiguous = problem(["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1",
                                      "SLURM_ARRAY_TASK_MAX": "9"]) {} else { Issue.record("a Slurm array of listed IDs was accepted") }
    if case .conflicting = problem(["CLOUD_RUN_TASK_INDEX": "0", "CLOUD_RUN_TASK_COUNT": "2", "BATCH_TASK_INDEX": "1", "BATCH_TASK_COUNT": "2"]) {
    } else { Issue.record("two engines giving different shards were accepted") }
  }

  /// Every input lands in exactly one shard of N, whatever N.
  @Test(arguments: [1, 2, 3, 8, 64])
  func shardsPartitionTheKeys(n: Int) {
    let keys = (0..<500).map { "d\($0 / 100)/IMG_\($0).jpg" }
    for key in keys {
      #expect((1...n).filter { Shard(index: $0, count: n).contains(key) }.count == 1)
    }
  }
}
