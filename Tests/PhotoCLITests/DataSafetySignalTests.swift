import Foundation
import PhotoCore
import Platform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// SIGKILL, SIGTERM and SIGINT at 24 points of a `sanitize` of 96 files and of an `audit
/// --report-dir` of 20 (issue 13 item 5, SPEC "Safety promises"), each followed by a rerun of the same
/// command without `--force`:
/// - SIGTERM/SIGINT: exit 143/130, no temporary file left, no image without its descriptor;
/// - SIGKILL: whatever it left, the rerun repairs;
/// - after the rerun: the outputs are byte-identical to a clean run's, no temporary file is
///   left, and no process of either run (worker processes included) is alive;
/// - the report folder is at every moment the old reports or the new ones, never a mix.
@Suite(.serialized, .enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage))
struct DataSafetySignalTests {
  static let points = 24
  static let signals: [Int32] = [SIGKILL, SIGTERM, SIGINT]

  /// A run of the built binary tagged so its processes can be found, with a fixed report date.
  static func start(_ arguments: [String], logs: String, tag: String) throws -> PhotoauditProcess.Running {
    try PhotoauditProcess.start(arguments, logDirectory: logs, environment: ["PHOTOAUDIT_TEST_TAG": tag, "SOURCE_DATE_EPOCH": "1735689600"])
  }

  /// Runs to the end; returns the exit status and how long it took.
  static func complete(_ arguments: [String], logs: String, tag: String) throws -> (status: Int32?, seconds: Double) {
    let started = Date()
    let finished = try start(arguments, logs: logs, tag: tag).wait()
    return (finished.exitStatus, Date().timeIntervalSince(started))
  }

  /// Runs to the end while counting its file-system events in `folders`.
  static func countEvents(_ arguments: [String], in folders: [(path: String, mask: UInt32)], logs: String,
                          tag: String) throws -> (status: Int32?, events: Int) {
    let events = try FileEvents(folders)
    let child = try start(arguments, logs: logs, tag: tag)
    _ = events.wait(for: .max) { child.isRunning }
    let finished = child.wait()
    return (finished.exitStatus, events.drain(waiting: 0))
  }

  /// After which event the signal of `point` is sent: spread over the first 90 % of the events
  /// of a clean run — a point of the run's work, not of its time, so load does not move it.
  static func event(_ point: Int, of total: Int) -> Int {
    max(1, Int(Double(total) * 0.9 * Double(point + 1) / Double(points)))
  }

  /// Sends `signal` right after the run's `event`-th file-system event in `folders` (unless the
  /// run ended before) and waits.
  static func interrupt(_ arguments: [String], afterEvent event: Int, in folders: [(path: String, mask: UInt32)],
                        signal: Int32, logs: String, tag: String) throws -> PhotoauditProcess.Finished {
    let events = try FileEvents(folders)
    let child = try start(arguments, logs: logs, tag: tag)
    if events.wait(for: event, while: { child.isRunning }), child.isRunning { kill(child.pid, signal) }
    return child.wait()
  }

  /// Whether a run ended because of the signal (rather than finishing first).
  static func wasStopped(_ run: PhotoauditProcess.Finished, by signal: Int32) -> Bool {
    signal == SIGKILL ? run.signal == SIGKILL : run.exitStatus == (signal == SIGTERM ? 143 : 130)
  }

  /// No process tagged `tag` is alive (workers of a killed run end within their watch period).
  static func expectNoOrphans(_ tag: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    var left = PhotoauditProcess.tagged(tag)
    for _ in 0..<100 where !left.isEmpty {
      usleep(20_000)
      left = PhotoauditProcess.tagged(tag)
    }
    #expect(left.isEmpty, "\(what): processes still alive: \(left)", sourceLocation: sourceLocation)
  }

  /// Names under `root` of photoaudit's temporaries.
  static func temporaries(_ root: String) -> [String] {
    (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
      .filter { PathName.lastComponent($0).hasPrefix(TemporaryFiles.prefix) }
  }

  /// Relative path → SHA-256 of every file under `root`.
  static func digest(_ root: String) -> [String: String] {
    TreeDigest.of(root).mapValues(\.sha256)
  }

  @Test(.timeLimit(.minutes(8))) func sanitizeStoppedAnywhereThenRerunEqualsACleanRun() throws {
    let scratch = try ScratchDirectory("signals-sanitize")
    defer { scratch.remove() }
    let inputs = try scratch.sub("in"), logs = try scratch.sub("logs")
    try DataSafetyInputs.copy(DataSafetyInputs.fixtureImages(), into: inputs)
    try DataSafetyInputs.copy(DataSafetyInputs.fixtureImages(["jpeg", "heic"]), into: inputs, prefix: "b-")
    let inputsBefore = TreeDigest.of(inputs)
    let command = { (out: String) in ["sanitize", inputs, "--out", out, "-j", "1", "--quiet", "--max-side", "96"] }
    let tag = UUID().uuidString
    // What the run does, observed: each input opened, each output and temporary written and renamed.
    let folders = { (out: String) in [(inputs, FileEvents.reads), (out, FileEvents.writes)] }
    let cleanOut = try scratch.sub("clean")
    let clean = try Self.countEvents(command(cleanOut), in: folders(cleanOut), logs: logs, tag: tag)
    try #require(clean.status == 0 || clean.status == 1, "the clean run failed: \(clean.status.map(String.init) ?? "signal")")
    try #require(clean.events >= 2 * Self.points, "\(clean.events) file-system events: too few to spread \(Self.points) signals over")
    let reference = Self.digest(scratch.path + "/clean")
    #expect(reference.count >= 180, "\(reference.count) files: 96 inputs, an image and a descriptor each (some inputs fail)")
    var stopped = 0
    for point in 0..<Self.points {
      let signal = Self.signals[point % 3], out = try scratch.sub("run\(point)")
      let what = "point \(point) (signal \(signal), after event \(Self.event(point, of: clean.events)) of \(clean.events))"
      let run = try Self.interrupt(command(out), afterEvent: Self.event(point, of: clean.events), in: folders(out),
                                   signal: signal, logs: logs, tag: tag)
      if Self.wasStopped(run, by: signal) { stopped += 1 }
      if signal != SIGKILL {
        #expect(Self.wasStopped(run, by: signal) || run.exitStatus == clean.status, "\(what): exit \(run.exitStatus.map(String.init) ?? "-") \(run.stderr.suffix(300))")
        #expect(Self.temporaries(out).isEmpty, "\(what): temporaries left: \(Self.temporaries(out))")
        let names = Set(Self.digest(out).keys)
        for name in names where name.hasSuffix(".jpg") {
          #expect(names.contains(PathName.deletingExtension(name) + ".json"), "\(what): \(name) without its descriptor")
        }
      }
      Self.expectNoOrphans(tag, what)
      let rerun = try Self.complete(command(out), logs: logs, tag: tag)
      #expect(rerun.status == clean.status, "\(what): the rerun exits \(rerun.status.map(String.init) ?? "-")")
      let repaired = Self.digest(out)
      #expect(repaired == reference, "\(what): after the rerun, differs from a clean run in \(Set(repaired.keys).symmetricDifference(reference.keys).sorted().prefix(5)) or content of \(reference.keys.filter { repaired[$0] != nil && repaired[$0] != reference[$0] }.sorted().prefix(5))")
      #expect(Self.temporaries(out).isEmpty, "\(what): temporaries left after the rerun")
      Self.expectNoOrphans(tag, what + " rerun")
      try? FileManager.default.removeItem(atPath: out)
    }
    #expect(stopped >= 20, "only \(stopped) of \(Self.points) signals landed before the run ended")
    #expect(TreeDigest.of(inputs) == inputsBefore, "an input changed")
  }

  @Test(.timeLimit(.minutes(8))) func reportDirStoppedAnywhereHoldsOldOrNewThenRerunEqualsACleanRun() throws {
    let scratch = try ScratchDirectory("signals-reports")
    defer { scratch.remove() }
    // 20 outputs: the PNG and HEIC fixtures as leak-scan outputs (a thumbnail each in
    // report.html), and two planted defects paired with their originals through their descriptors.
    let originals = try scratch.sub("jpeg"), outputs = try scratch.sub("out"), logs = try scratch.sub("logs")
    let parent = try scratch.sub("reports")
    try DataSafetyInputs.copy(DataSafetyInputs.fixtureImages(["jpeg"]), into: originals)
    for name in try FileManager.default.contentsOfDirectory(atPath: originals) {
      try FileManager.default.moveItem(atPath: originals + "/" + name, toPath: originals + "/" + String(name.dropFirst(4)))
    }
    try DataSafetyInputs.copy(DataSafetyInputs.fixtureImages(["png", "heic"]), into: outputs)
    for stem in ["dropped-6", "double-6"] {
      for ext in [".jpg", ".json"] {
        try FileManager.default.copyItem(atPath: DataSafetyInputs.fixtures + "/defects/" + stem + ext, toPath: outputs + "/" + stem + ext)
      }
    }
    let reports = parent + "/R"
    // The reports before: another command's (no pixels), so a mix of old and new would show.
    let old = ["audit", "--outputs", outputs, "--originals", originals, "--no-pixels", "--report-dir", reports, "--quiet", "-j", "1"]
    let new = ["audit", "--outputs", outputs, "--originals", originals, "--report-dir", reports, "--quiet", "-j", "1"]
    let tag = UUID().uuidString
    _ = try Self.complete(old, logs: logs, tag: tag)
    let before = TreeDigest.of(reports)
    for name in before.keys { try FileManager.default.copyItem(atPath: reports + "/" + name, toPath: scratch.path + "/before-" + name) }
    // What the run does, observed: each output and original opened, the report folder's
    // temporary created, filled elsewhere, swapped in and the old one removed.
    let folders = [(outputs, FileEvents.reads), (originals, FileEvents.reads), (parent, FileEvents.writes)]
    let clean = try Self.countEvents(new, in: folders, logs: logs, tag: tag)
    try #require(clean.status == 1, "the planted defects give findings: exit 1, not \(clean.status.map(String.init) ?? "-")")
    try #require(clean.events >= 2 * Self.points, "\(clean.events) file-system events: too few to spread \(Self.points) signals over")
    let after = Self.digest(reports)
    try #require(before.count == 4 && after.count == 4)
    #expect(before.keys.allSatisfy { before[$0]?.sha256 != after[$0] }, "every file of the old reports differs from the new")
    #expect(try String(contentsOfFile: reports + "/report.json", encoding: .utf8).contains("double-rotated"), "pixels were compared")
    var stopped = 0
    for point in 0..<Self.points {
      let signal = Self.signals[point % 3]
      let what = "point \(point) (signal \(signal), after event \(Self.event(point, of: clean.events)) of \(clean.events))"
      try? FileManager.default.removeItem(atPath: reports)
      try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: false)
      for (name, _) in before {
        try FileManager.default.copyItem(atPath: scratch.path + "/before-" + name, toPath: reports + "/" + name)
      }
      let run = try Self.interrupt(new, afterEvent: Self.event(point, of: clean.events), in: folders, signal: signal,
                                   logs: logs, tag: tag)
      if Self.wasStopped(run, by: signal) { stopped += 1 }
      let seen = Self.digest(reports)
      #expect(seen == before.mapValues(\.sha256) || seen == after, "\(what): the report folder mixes runs: \(seen.keys.sorted())")
      if signal != SIGKILL { #expect(Self.temporaries(parent).isEmpty, "\(what): temporaries left: \(Self.temporaries(parent))") }
      Self.expectNoOrphans(tag, what)
      let rerun = try Self.complete(new, logs: logs, tag: tag)
      #expect(rerun.status == 1, "\(what): the rerun exits \(rerun.status.map(String.init) ?? "-")")
      #expect(Self.digest(reports) == after, "\(what): the rerun's reports differ from a clean run's")
      #expect(Self.temporaries(parent).isEmpty, "\(what): temporaries left after the rerun: \(Self.temporaries(parent))")
      Self.expectNoOrphans(tag, what + " rerun")
    }
    #expect(stopped >= 20, "only \(stopped) of \(Self.points) signals landed before the run ended")
  }
}
