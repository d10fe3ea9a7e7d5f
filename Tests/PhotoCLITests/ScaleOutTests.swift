import Foundation
import PhotoCLI
import TestSupport
import Testing

/// SPEC "Scale": `--shard auto` from each engine's variables, shards keyed by the path below the
/// input root, `--files-from` equal to the folder walk, `merge --expect` failing on what would
/// make a merged report wrong, and `--fail-on` applied at the merge.
@Suite(.serialized) struct ScaleOutTests {
  static let defects = Repository.root.appendingPathComponent("Fixtures/defects").path

  static func audit(_ arguments: [String], environment: [String: String] = [:], stdin: [UInt8]? = nil)
    -> (status: Int32, out: String, err: String) {
    PhotoCLI.runCapturing(["audit"] + arguments + ["--format", "jsonl", "--no-pixels", "--quiet"], environment: environment, stdin: stdin)
  }

  /// The records of a stream, without its first (shard) and last (end) lines.
  static func fileLines(_ stream: String) -> [Substring] {
    Array(stream.split(separator: "\n").dropFirst().dropLast())
  }

  /// Each engine's variables for task K of 3 (0-based where the engine counts so), with
  /// `--shards` where the engine gives no count.
  static let engines: [(name: String, environment: @Sendable (Int) -> [String: String], shards: [String])] = [
    ("Kubernetes", { ["JOB_COMPLETION_INDEX": "\($0 - 1)"] }, ["--shards", "3"]),
    ("AWS Batch", { ["AWS_BATCH_JOB_ARRAY_INDEX": "\($0 - 1)", "AWS_BATCH_JOB_ARRAY_SIZE": "3"] }, []),
    ("Slurm", { ["SLURM_ARRAY_TASK_ID": "\($0)", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3"] }, []),
    ("Cloud Run", { ["CLOUD_RUN_TASK_INDEX": "\($0 - 1)", "CLOUD_RUN_TASK_COUNT": "3"] }, []),
    ("GCP Batch", { ["BATCH_TASK_INDEX": "\($0 - 1)", "BATCH_TASK_COUNT": "3"] }, []),
  ]

  @Test(arguments: 0..<engines.count)
  func shardAutoEqualsTheExplicitShard(engine: Int) {
    let (name, environment, shards) = Self.engines[engine]
    var total = 0
    for k in 1...3 {
      let explicit = Self.audit([Self.defects, "--shard", "\(k)/3", "--fail-on", "none"])
      let auto = Self.audit([Self.defects, "--shard", "auto", "--fail-on", "none"] + shards, environment: environment(k))
      #expect(auto.status == 0 && explicit.status == 0, "\(name) \(k): \(auto.err)")
      #expect(auto.out == explicit.out, "\(name): --shard auto of task \(k) is not --shard \(k)/3")
      #expect(auto.err.contains("shard \(k)/3"), "\(name): the resolved shard is said on stderr: \(auto.err)")
      total += Self.fileLines(auto.out).count
    }
    #expect(total == 32, "\(name): every file in exactly one shard")
  }

  @Test func shardAutoWithoutAnEngineNamesTheVariables() {
    let r = Self.audit([Self.defects, "--shard", "auto"], environment: ["HOME": "/root"])
    #expect(r.status == 2)
    for variable in ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "SLURM_ARRAY_TASK_ID", "CLOUD_RUN_TASK_INDEX", "BATCH_TASK_INDEX"] {
      #expect(r.err.contains(variable), "\(variable) is not named: \(r.err)")
    }
    let kubernetes = Self.audit([Self.defects, "--shard", "auto"], environment: ["JOB_COMPLETION_INDEX": "0"])
    #expect(kubernetes.status == 2 && kubernetes.err.contains("--shards N"), "\(kubernetes.err)")
    #expect(Self.audit([Self.defects, "--shards", "3"]).status == 2, "--shards without --shard auto")
    #expect(Self.audit([Self.defects, "--shard", "0/3"]).status == 2)
  }

  /// The same tree at two paths (two mounts of one bucket) splits into the same shards: the
  /// key is the path below the folder given.
  @Test func twoMountPathsShardAlike() throws {
    let scratch = try ScratchDirectory("mounts")
    defer { scratch.remove() }
    let first = scratch.path + "/data/upload", second = scratch.path + "/mnt/u/photos"
    for root in [first, second] {
      try FileManager.default.createDirectory(atPath: (root as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: Self.defects, toPath: root)
    }
    for k in 1...4 {
      let a = Self.audit([first, "--shard", "\(k)/4", "--fail-on", "none"]), b = Self.audit([second + "/", "--shard", "\(k)/4", "--fail-on", "none"])
      #expect(a.status == 0 && b.status == 0)
      #expect(!Self.fileLines(a.out).isEmpty, "shard \(k)/4 of 32 files is not empty")
      // The records' paths differ (the descriptors' originals lead out of each copy): the
      // files of the shard, below each root, are the same.
      #expect(Self.outputs(a.out, below: first + "/") == Self.outputs(b.out, below: second + "/"), "shard \(k)/4 differs between the mounts")
    }
  }

  /// The outputs of a stream's file records, below `root`.
  static func outputs(_ stream: String, below root: String) -> [String] {
    fileLines(stream).compactMap { line in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let output = object["output"] as? String, output.hasPrefix(root) else { return nil }
      return String(output.dropFirst(root.count))
    }
  }

  /// A newline list, a NUL-separated list and standard input give the folder walk's stream.
  @Test func filesFromEqualsTheFolderWalk() throws {
    let scratch = try ScratchDirectory("files-from")
    defer { scratch.remove() }
    let walk = Self.audit([Self.defects])
    let images = try FileManager.default.contentsOfDirectory(atPath: Self.defects).filter { !$0.hasSuffix(".json") }
      .map { Self.defects + "/" + $0 }.shuffled()
    try (images.joined(separator: "\n") + "\n").write(toFile: scratch.path + "/list.txt", atomically: true, encoding: .utf8)
    try images.map { $0 + "\0" }.joined().write(toFile: scratch.path + "/list0", atomically: true, encoding: .utf8)
    #expect(Self.fileLines(walk.out).count == 32)
    let listed = Self.audit(["--files-from", scratch.path + "/list.txt"])
    let nul = Self.audit(["--files-from", scratch.path + "/list0", "-0"])
    let piped = Self.audit(["--files-from", "-"], stdin: Array(images.joined(separator: "\n").utf8))
    for (name, r) in [("newline list", listed), ("NUL list", nul), ("stdin", piped)] {
      #expect(r.status == walk.status, "\(name): \(r.err)")
      #expect(r.out == walk.out, "\(name) differs from the folder walk")
    }
    // A listed entry that does not exist is its own PA013 record, not a usage error.
    let missing = Self.audit(["--files-from", "-"], stdin: Array((images[0] + "\n" + Self.defects + "/gone.jpg\n").utf8))
    #expect(missing.status == 1)
    #expect(missing.out.contains("\"output\":\"\(Self.defects)/gone.jpg\"") && missing.out.contains("PA013"))
  }

  /// Writes `text` to a new file in `folder`; its path.
  static func file(_ folder: String, _ name: String, _ text: String) throws -> String {
    let path = folder + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func mergeExpectsEveryShardOnce() throws {
    let scratch = try ScratchDirectory("merge-expect")
    defer { scratch.remove() }
    let whole = Self.audit([Self.defects])
    var shards: [String] = []
    for k in 1...3 {
      let r = Self.audit([Self.defects, "--shard", "\(k)/3", "--fail-on", "none"])
      #expect(r.status == 0, "findings are data in a shard worker")
      shards.append(try Self.file(scratch.path, "s\(k).jsonl", r.out))
    }
    let merged = PhotoCLI.runCapturing(["merge", "--expect", "3", "--format", "jsonl"] + shards.reversed())
    #expect(merged.out == whole.out, "the merged stream is the unsharded run's")
    #expect(merged.status == 1 && whole.status == 1, "--fail-on error applies at the merge")
    #expect(PhotoCLI.runCapturing(["merge", "--expect", "3", "--fail-on", "none"] + shards).status == 0)
    #expect(PhotoCLI.runCapturing(["merge", "--expect", "3", "--format", "json"] + shards).out
      == PhotoCLI.runCapturing(["audit", Self.defects, "--format", "json", "--no-pixels", "--quiet"]).out)

    let missing = PhotoCLI.runCapturing(["merge", "--expect", "3", shards[0], shards[2]])
    #expect(missing.status == 2 && missing.err.contains("shard 2/3 is missing"), "\(missing.err)")
    #expect(missing.out.isEmpty, "nothing is written when a shard is missing")
    let warned = PhotoCLI.runCapturing(["merge", shards[0], shards[2], "--format", "json"])
    #expect(warned.status == 1 && warned.err.contains("shard 2/3 is missing"), "without --expect: a warning")
    let twice = PhotoCLI.runCapturing(["merge", "--expect", "3"] + shards + [shards[1]])
    #expect(twice.status == 2 && twice.err.contains("shard 2/3 is given twice"), "\(twice.err)")
    let tooFew = PhotoCLI.runCapturing(["merge", "--expect", "4"] + shards)
    #expect(tooFew.status == 2 && tooFew.err.contains("shards of 3"), "\(tooFew.err)")

    // A stream cut short (its run was killed) and one of another command line.
    let text = try String(contentsOfFile: shards[1], encoding: .utf8)
    let cut = try Self.file(scratch.path, "cut.jsonl", text.split(separator: "\n").dropLast().map { $0 + "\n" }.joined())
    let truncated = PhotoCLI.runCapturing(["merge", shards[0], cut, shards[2]])
    #expect(truncated.status == 2 && truncated.err.contains("ends without its end record"), "\(truncated.err)")
    let policy = try Self.file(scratch.path, "policy.json", #"{"disable": ["PA007"]}"#)
    let other = try Self.file(scratch.path, "other.jsonl", Self.audit([Self.defects, "--shard", "2/3", "--policy", policy]).out)
    let mixed = PhotoCLI.runCapturing(["merge", shards[0], other, shards[2]])
    #expect(mixed.status == 2 && mixed.err.contains("different command lines") && mixed.err.contains("policy"), "\(mixed.err)")
  }

  /// Unsharded runs over disjoint lists (Spark partitions fed by `--files-from -`) merge into
  /// the whole run; a path in two of them fails.
  @Test func unshardedRunsOverDisjointListsMerge() throws {
    let scratch = try ScratchDirectory("merge-lists")
    defer { scratch.remove() }
    let images = try FileManager.default.contentsOfDirectory(atPath: Self.defects).filter { !$0.hasSuffix(".json") }.sorted()
      .map { Self.defects + "/" + $0 }
    var parts: [String] = []
    for p in 0..<4 {
      let slice = images.enumerated().filter { $0.offset % 4 == p }.map(\.element).joined(separator: "\n")
      let r = Self.audit(["--files-from", "-", "--fail-on", "none"], stdin: Array(slice.utf8))
      parts.append(try Self.file(scratch.path, "part-\(p).jsonl", r.out))
    }
    let merged = PhotoCLI.runCapturing(["merge", "--expect", "4", "--format", "jsonl"] + parts)
    #expect(merged.out == Self.audit([Self.defects]).out)
    #expect(PhotoCLI.runCapturing(["merge", "--expect", "5"] + parts).status == 2)
    let overlap = try Self.file(scratch.path, "overlap.jsonl",
                                Self.audit(["--files-from", "-", "--fail-on", "none"], stdin: Array(images[5].utf8)).out)
    let doubled = PhotoCLI.runCapturing(["merge"] + parts + [overlap])
    #expect(doubled.status == 2 && doubled.err.contains("\(images[5]) is recorded in both"), "\(doubled.err)")
  }
}
