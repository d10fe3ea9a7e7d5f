import Bytes
import Foundation
import PhotoCLI
import PhotoCore
import Pipeline
import Platform
import TestSupport
import Testing

/// `sanitize --shard K/N|auto` (SPEC "Scale"): the shards of a batch write, together and into
/// one `--out`, exactly what one unsharded run writes — the same files byte for byte and the
/// same report entries — with a Live Photo and a clash of two inputs on one output name decided
/// over all the inputs, and the folder lock shared among shards only.
@Suite(.serialized) struct SanitizeShardTests {
  static let fixtures = Repository.root.appendingPathComponent("Fixtures").path

  /// A batch with a tree below the folder given, Live Photos (still + MOV) and a clash (the
  /// livephoto folder's IMG_0002.mov is no Live Photo of IMG_0002.jpg, and both would be IMG_0002.jpg).
  static func inputs(in scratch: ScratchDirectory) throws -> String {
    let root = try scratch.sub("in")
    for folder in ["jpeg", "png", "video/livephoto"] {
      try FileManager.default.copyItem(atPath: fixtures + "/" + folder, toPath: root + "/" + PathName.lastComponent(folder))
    }
    return root
  }

  /// Relative path → (size, SHA-256) of every file under `root` (modification times differ by run).
  static func contents(_ root: String) -> [String: String] {
    TreeDigest.of(root).mapValues { "\($0.size) \($0.sha256)" }
  }

  /// The `files` entries of sanitize JSON reports, sorted by input.
  static func entries(_ reports: [String]) throws -> [JSONValue] {
    try reports.flatMap { try JSONParser.parse($0)["files"]?.arrayValue ?? [] }
      .sorted { ($0["input"]?.stringValue ?? "") < ($1["input"]?.stringValue ?? "") }
  }

  static func sanitize(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, out: String, err: String) {
    PhotoCLI.runCapturing(["sanitize"] + arguments + ["--format", "json"], environment: environment)
  }

  /// The shards one after another, and all four at once (separate processes), each write into
  /// one shared --out exactly what the unsharded run writes; every input is in one shard's report.
  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage), .timeLimit(.minutes(4)))
  func shardsWriteWhatOneRunWrites() throws {
    let scratch = try ScratchDirectory("sanitize-shards")
    defer { scratch.remove() }
    let root = try Self.inputs(in: scratch), out = scratch.path + "/out"
    // Same --out path for both, so report entries (which name the outputs) compare as they are.
    var reports: [String] = [], statuses: [Int32] = []
    for k in 1...4 {
      let r = Self.sanitize([root, "--out", out, "--shard", "\(k)/4"])
      reports.append(r.out)
      statuses.append(r.status)
      #expect(r.err.contains("of \(ReportText.plural(try Self.entries([r.out]).count, "file")) sanitized into \(out)"), "\(r.err)")
    }
    try FileManager.default.moveItem(atPath: out, toPath: scratch.path + "/one-by-one")
    let whole = Self.sanitize([root, "--out", out])
    let wholeEntries = try Self.entries([whole.out])
    #expect(wholeEntries.count == 22, "the batch: 13 JPEG, 5 PNG, 4 of the livephoto folder's 6 media files (2 videos go with their stills)")
    #expect(try Self.entries(reports) == wholeEntries, "the shards' entries together are the unsharded run's, each input once")
    #expect(Self.contents(scratch.path + "/one-by-one") == Self.contents(out))
    // The clash is refused once, by the shard that holds the refused input, as the unsharded run refuses it.
    let clash = "IMG_0002.mov: its output \(out)/livephoto/IMG_0002.jpg is already the output of \(root)/livephoto/IMG_0002.jpg"
    #expect(whole.status == 4 && whole.err.contains(clash), "\(whole.err)")
    #expect(zip(reports, statuses).filter { $0.0.contains("IMG_0002.mov") }.map(\.1) == [4])
    #expect(statuses.filter { $0 == 0 }.count == 3, "the other shards exit 0: \(statuses)")

    // Together: four processes at once on one --out (a shared lock: none waits for another).
    let together = scratch.path + "/together"
    let runs = try (1...4).map { k in
      try PhotoauditProcess.start(["sanitize", root, "--out", together, "--shard", "\(k)/4", "--quiet"], logDirectory: try scratch.sub("log\(k)"))
    }
    let ends = runs.map { $0.wait() }
    #expect(ends.map { $0.exitStatus ?? -1 }.sorted() == [0, 0, 0, 4], "\(ends.map(\.stderr))")
    #expect(!ends.contains { $0.stderr.contains("waiting for another photoaudit run") }, "a shard waited for another")
    #expect(Self.contents(together) == Self.contents(out), "the shards run together wrote another tree than one run")
  }

  /// A Live Photo belongs to its still's shard even when its video's own key hashes elsewhere:
  /// the video is never sanitized alone ("a MOV video … nothing was written") in another shard.
  @Test func aLivePhotoStaysWithItsStill() throws {
    let folder = Self.fixtures + "/video/livephoto"
    let apart = { (n: Int) in
      (1...n).contains { k in Shard(index: k, count: n).contains("IMG_0001.jpg") != Shard(index: k, count: n).contains("IMG_0001.mov") }
    }
    let n = try #require((2...16).first(where: apart), "no shard count splits IMG_0001.jpg from IMG_0001.mov")
    let scratch = try ScratchDirectory("sanitize-live")
    defer { scratch.remove() }
    let out = scratch.path + "/out"
    var reports: [String] = []
    for k in 1...n {
      let r = Self.sanitize([folder, "--out", out, "--shard", "\(k)/\(n)", "--quiet"])
      #expect(!r.err.contains("IMG_0001.mov"), "shard \(k)/\(n) sanitized the video alone: \(r.err)")
      reports.append(r.out)
    }
    try FileManager.default.moveItem(atPath: out, toPath: scratch.path + "/sharded")
    let whole = Self.sanitize([folder, "--out", out, "--quiet"])
    #expect(try Self.entries(reports) == Self.entries([whole.out]))
    #expect(Self.contents(scratch.path + "/sharded") == Self.contents(out))
    let still = try String(contentsOfFile: out + "/IMG_0001.json", encoding: .utf8)
    #expect(still.contains("video_dropped"), "the still's descriptor says its video was dropped: \(still)")
  }

  /// `--shard auto` reads the engine's variables by audit's code and says the shard found; bad
  /// shards and missing variables are usage errors (exit 2); a shard without inputs is a run
  /// over nothing that exits 0, not "no image files found".
  @Test func shardAutoUsageErrorsAndAnEmptyShard() throws {
    let scratch = try ScratchDirectory("sanitize-auto")
    defer { scratch.remove() }
    let photo = Self.fixtures + "/jpeg/clean.jpg", out = scratch.path + "/out"
    let auto = Self.sanitize([photo, "--out", out, "--shard", "auto"], environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "0", "AWS_BATCH_JOB_ARRAY_SIZE": "1"])
    #expect(auto.status == 0)
    #expect(auto.err.contains("photoaudit sanitize: shard 1/1 (AWS Batch array job: AWS_BATCH_JOB_ARRAY_INDEX=0, AWS_BATCH_JOB_ARRAY_SIZE=1)"), "\(auto.err)")
    #expect(FileManager.default.fileExists(atPath: out + "/clean.jpg"))
    let none = Self.sanitize([photo, "--out", out, "--shard", "auto"], environment: ["HOME": "/root"])
    #expect(none.status == 2 && none.err.contains("JOB_COMPLETION_INDEX"), "\(none.err)")
    let kubernetes = Self.sanitize([photo, "--out", out, "--shard", "auto"], environment: ["JOB_COMPLETION_INDEX": "0"])
    #expect(kubernetes.status == 2 && kubernetes.err.contains("--shards N"), "\(kubernetes.err)")
    for bad in [["--shard", "0/3"], ["--shard", "4/3"], ["--shard", "x"], ["--shards", "3"], ["--shard", "1/3", "--shards", "3"]] {
      #expect(Self.sanitize([photo, "--out", out] + bad).status == 2, "\(bad)")
    }
    // clean.jpg (named: its key is the path as typed) is in one shard of 40; the others get nothing.
    let k = try #require((1...40).first { !Shard(index: $0, count: 40).contains(photo) })
    let empty = Self.sanitize([photo, "--out", scratch.path + "/empty", "--shard", "\(k)/40"])
    #expect(empty.status == 0, "\(empty.err)")
    #expect(try Self.entries([empty.out]).isEmpty)
    #expect(empty.err.contains("0 of 0 files sanitized"), "\(empty.err)")
    let mine = try #require((1...40).first { Shard(index: $0, count: 40).contains(photo) })
    let one = Self.sanitize([photo, "--out", scratch.path + "/mine", "--shard", "\(mine)/40"])
    #expect(one.status == 0 && one.err.contains("1 of 1 file sanitized"), "\(one.err)")
  }

  /// The folder lock: a shard goes in while another shard holds --out (shared), an unsharded
  /// run waits for the shards (and says so), and a shard waits for an unsharded run. The test
  /// holds the lock itself and lets go only once the waiting run has said it waits: no timing.
  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage), .timeLimit(.minutes(2)))
  func shardsShareTheFolderAndTakeTurnsWithAnUnshardedRun() throws {
    let scratch = try ScratchDirectory("sanitize-lock")
    defer { scratch.remove() }
    let out = try scratch.sub("out"), waiting = "waiting for another photoaudit run that is writing to \(out)"
    let photos = ["clean", "orient-6", "orient-3"].map { Self.fixtures + "/jpeg/\($0).jpg" }
    let shard = try FolderLock(out, mode: .shared)
    let together = Self.sanitize([photos[0], "--out", out, "--shard", "1/1"])
    #expect(together.status == 0 && !together.err.contains(waiting), "\(together.err)")
    #expect(FileManager.default.fileExists(atPath: out + "/clean.jpg"), "a shard did not write beside another shard")

    func waitsFor(_ held: FolderLock, _ arguments: [String], writing name: String, log: String) throws {
      let run = try PhotoauditProcess.start(["sanitize"] + arguments + ["--out", out], logDirectory: try scratch.sub(log))
      let clock = ContinuousClock(), deadline = clock.now + .seconds(60)
      while clock.now < deadline, !((try? String(contentsOfFile: run.stderrPath, encoding: .utf8)) ?? "").contains(waiting) { usleep(10_000) }
      #expect(!FileManager.default.fileExists(atPath: out + "/" + name), "\(arguments) wrote while the folder was held")
      held.release()
      let end = run.wait()
      #expect(end.exitStatus == 0 && end.stderr.contains(waiting), "\(arguments): \(end.stderr)")
      #expect(FileManager.default.fileExists(atPath: out + "/" + name))
    }
    try waitsFor(shard, [photos[1]], writing: "orient-6.jpg", log: "unsharded")
    try waitsFor(try FolderLock(out), [photos[2], "--shard", "1/1"], writing: "orient-3.jpg", log: "sharded")
  }
}
