/// `--shard auto`: K and N from the variables the batch engine running this copy sets (SPEC
/// "Scale"). Engines count tasks from 0 (Slurm from the array's first task ID); shards count
/// from 1. Kubernetes gives no count: `--shards N` (the Job's `completions`) says it.
public enum ShardEnvironment {
  /// An engine's variables.
  public struct Engine: Sendable {
    /// "Kubernetes Indexed Job".
    public var name: String
    /// The task's index (0-based; Slurm: a task ID).
    public var index: String
    /// The number of tasks, when the engine sets one.
    public var count: String?
  }

  /// Every engine `--shard auto` knows, in the order they are tried.
  public static let engines: [Engine] = [
    Engine(name: "Kubernetes Indexed Job", index: "JOB_COMPLETION_INDEX", count: nil),
    Engine(name: "AWS Batch array job", index: "AWS_BATCH_JOB_ARRAY_INDEX", count: "AWS_BATCH_JOB_ARRAY_SIZE"),
    Engine(name: "Slurm job array", index: "SLURM_ARRAY_TASK_ID", count: "SLURM_ARRAY_TASK_COUNT"),
    Engine(name: "Cloud Run job", index: "CLOUD_RUN_TASK_INDEX", count: "CLOUD_RUN_TASK_COUNT"),
    Engine(name: "GCP Batch job", index: "BATCH_TASK_INDEX", count: "BATCH_TASK_COUNT"),
  ]

  /// The shard and where it came from.
  public struct Resolved: Sendable, Equatable {
    public var shard: Shard
    /// The engine's name.
    public var engine: String
    /// The variables read, as `NAME=value` (and `--shards N` when it gave the count).
    public var evidence: [String]
  }

  /// Why no shard could be found. Core wording: the command line adds the advice.
  public enum Problem: Error, Equatable, CustomStringConvertible {
    /// No engine's index variable is set.
    case noEngine
    /// A variable holds something other than a whole number in range.
    case badValue(variable: String, value: String)
    /// The engine gives no count and `--shards` was not given.
    case noCount(engine: String, index: String)
    /// `--shards N` and the engine's count disagree.
    case countMismatch(variable: String, value: Int, shards: Int)
    /// The index is past the count.
    case outOfRange(evidence: [String])
    /// Slurm task IDs that are not a contiguous range (or a range with one step).
    case notContiguous(evidence: [String])
    /// Two engines' variables give different shards.
    case conflicting(Resolved, Resolved)

    public var description: String {
      switch self {
      case .noEngine:
        "no batch engine's task index is set in the environment (" +
          ShardEnvironment.engines.map { "\($0.index) of a \($0.name)" }.joined(separator: ", ") + ")"
      case .badValue(let variable, let value): "\(variable) is '\(value)', not a whole number of tasks"
      case .noCount(let engine, let index): "\(index) is set (a \(engine)) but the number of tasks is not in the environment"
      case .countMismatch(let variable, let value, let shards): "\(variable)=\(value) but --shards \(shards)"
      case .outOfRange(let evidence): "\(evidence.joined(separator: ", ")) gives a task index past the number of tasks"
      case .notContiguous(let evidence): "\(evidence.joined(separator: ", ")) is not a contiguous array of task IDs"
      case .conflicting(let a, let b):
        "\(a.evidence.joined(separator: ", ")) (\(a.engine)) gives shard \(a.shard.text) but \(b.evidence.joined(separator: ", ")) (\(b.engine)) gives \(b.shard.text)"
      }
    }
  }

  /// The shard of this task: from the first engine whose index variable is set (each engine
  /// present must agree); `shards` is `--shards N`, the count where the engine gives none.
  public static func resolve(_ environment: [String: String], shards: Int?) throws(Problem) -> Resolved {
    var found: [Resolved] = []
    for engine in engines where environment[engine.index] != nil {
      found.append(try resolve(engine, environment, shards: shards))
    }
    guard let first = found.first else { throw .noEngine }
    if let other = found.first(where: { $0.shard != first.shard }) { throw .conflicting(first, other) }
    return first
  }

  package static func resolve(_ engine: Engine, _ environment: [String: String], shards: Int?) throws(Problem) -> Resolved {
    var evidence = ["\(engine.index)=\(environment[engine.index] ?? "")"]
    guard var index = try number(engine.index, environment) else { throw .noEngine }
    var count: Int?
    if let variable = engine.count, let value = try number(variable, environment) {
      evidence.append("\(variable)=\(value)")
      if let shards, shards != value { throw .countMismatch(variable: variable, value: value, shards: shards) }
      count = value
    }
    if engine.index == "SLURM_ARRAY_TASK_ID" { index = try slurmOffset(index, environment, evidence: &evidence) }
    if count == nil, let shards {
      evidence.append("--shards \(shards)")
      count = shards
    }
    guard let count else { throw .noCount(engine: engine.name, index: engine.index) }
    guard count >= 1, index < count else { throw .outOfRange(evidence: evidence) }
    return Resolved(shard: Shard(index: index + 1, count: count), engine: engine.name, evidence: evidence)
  }

  /// A Slurm task's place in its array, from 0: task IDs run from SLURM_ARRAY_TASK_MIN to
  /// SLURM_ARRAY_TASK_MAX by SLURM_ARRAY_TASK_STEP (`--array=1-16`, `--array=0-30:2`); an array
  /// of listed IDs (`--array=1,4,9`) has no such place.
  static func slurmOffset(_ id: Int, _ environment: [String: String], evidence: inout [String]) throws(Problem) -> Int {
    func number(_ variable: String) throws(Problem) -> Int? {
      let value = try ShardEnvironment.number(variable, environment)
      if let value { evidence.append("\(variable)=\(value)") }
      return value
    }
    let low = try number("SLURM_ARRAY_TASK_MIN") ?? 0
    let step = max(try number("SLURM_ARRAY_TASK_STEP") ?? 1, 1)
    let high = try number("SLURM_ARRAY_TASK_MAX")
    let count = try ShardEnvironment.number("SLURM_ARRAY_TASK_COUNT", environment)
    guard id >= low, (id - low) % step == 0 else { throw .notContiguous(evidence: evidence) }
    if let high, let count, (high - low) / step + 1 != count { throw .notContiguous(evidence: evidence) }
    return (id - low) / step
  }

  /// A variable's whole number (nil when unset).
  package static func number(_ variable: String, _ environment: [String: String]) throws(Problem) -> Int? {
    guard let text = environment[variable] else { return nil }
    guard let value = Int(text.trimmingWhitespace()), value >= 0 else { throw .badValue(variable: variable, value: text) }
    return value
  }
}
