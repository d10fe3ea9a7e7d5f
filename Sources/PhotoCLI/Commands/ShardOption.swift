import PhotoCore
import Pipeline

/// `--shard K/N|auto` and `--shards N` (SPEC "Scale"): the shard this run audits. With `auto`,
/// the batch engine's variables say it (`ShardEnvironment`), and the shard found is said on
/// stderr, so an engine's log shows which part each task did.
enum ShardOption {
  static let shard = option(doing: "audit", then: "join the shards with 'photoaudit merge'")
  /// `--shard` of `sanitize`: the shards write into one --out, at the same time.
  static let sanitizeShard = option(doing: "sanitize", then: "the shards may write into one --out at the same time (an unsharded run into it waits for them, and they for it)")
  static let shards = OptionSpec.value(["--shards"], "N", "the number of shards for --shard auto where the engine does not set it (Kubernetes: the Job's completions)")

  /// `--shard` for a command that does `doing` to its shard's files; `then` says what comes after.
  private static func option(doing: String, then: String) -> OptionSpec {
    .value(["--shard"], "K/N|auto", "\(doing) only shard K of N (from 1), chosen by a hash of each path below the folder given (or as listed), so every mount path splits alike; 'auto' takes K and N from the batch engine (Kubernetes Indexed Job JOB_COMPLETION_INDEX with --shards, AWS Batch array job, Slurm job array, Cloud Run job, GCP Batch); \(then)")
  }

  /// The shard asked for; nil for the whole batch.
  static func resolve(_ parsed: ParsedArguments, io: CommandIO, command: String) throws(UsageError) -> Shard? {
    func fail(_ message: String) -> UsageError { UsageError(command: command, message: message) }
    let shards = try parsed.value(shards).map { text throws(UsageError) -> Int in
      guard let n = Int(text), n >= 1, n <= 1_000_000 else { throw fail("--shards needs a whole number from 1 to 1000000, not '\(text)'") }
      return n
    }
    guard let text = parsed.value(shard) else {
      if shards != nil { throw fail("--shards goes with --shard auto") }
      return nil
    }
    guard text == "auto" else {
      if shards != nil { throw fail("--shards goes with --shard auto; --shard \(text) says N already") }
      guard let shard = Shard(text) else { throw fail("--shard needs K/N with 1 ≤ K ≤ N, or auto, not '\(text)'") }
      return shard
    }
    do {
      let found = try ShardEnvironment.resolve(io.environment, shards: shards)
      io.message(command, "shard \(found.shard.text) (\(found.engine): \(found.evidence.joined(separator: ", ")))")
      return found.shard
    } catch {
      switch error {
      case .noEngine: throw fail("--shard auto: \(error); give --shard K/N")
      case .noCount: throw fail("--shard auto: \(error); give --shards N (the Job's completions)")
      default: throw fail("--shard auto: \(error)")
      }
    }
  }
}
