import Foundation
import PhotoCore
import Pipeline
import Platform
import Runtime

/// `--format jsonl` of `verify` and `audit`: each input's record is written as soon as it and
/// every earlier one are known (SPEC "Scale"), to standard output or to `--output FILE` through
/// its partial file, so memory does not grow with the number of inputs; `--resume` continues
/// what an earlier run of the same command recorded.
enum StreamedReport {
  /// A batch to run: its inputs in path order, how to check one, and its stream's header.
  struct Batch<Job: Sendable>: Sendable {
    var header: ReportStream.Header
    var count: Int
    /// The output path of input `index` (its record's `output`).
    var output: @Sendable (Int) -> String
    /// Input `index`, made when a worker takes it.
    var job: @Sendable (Int) -> Job
    var check: @Sendable (Job, BudgetToken) -> Checked
    var overBudget: @Sendable (Job) -> FileReport
    /// Written after the files, before the end record.
    var unpairedOriginals: [String] = []
  }

  /// One input's result.
  struct Checked: Sendable {
    var report: FileReport
    /// The output could not be read at all (a single-file command's exit 3).
    var unreadable = false
  }

  /// A result as it waits for its turn: the record's line (or, for a file with findings, the
  /// report, whose fingerprints are given in path order on delivery) and what the tally needs.
  private struct Record: Sendable {
    var line: String?
    var report: FileReport?
    /// Digests of the files of its findings (fingerprints, allow entries by SHA-256).
    var digests: [String: String] = [:]
    var output: String
    var unreadable: Bool
    /// The allow entries that accepted a finding of it.
    var used: Set<Int> = []

    init(_ checked: Checked, command: String, gate: ReportGate, fingerprints: Bool) {
      output = checked.report.output
      unreadable = checked.unreadable
      var report = checked.report
      guard !report.findings.isEmpty else {
        line = ReportStream.fileLine(report, command: command)
        return
      }
      // The file's bytes read once more (its digest), here on the worker's thread, when the
      // stream prints fingerprints or the baseline or an allow entry by SHA-256 needs them.
      if fingerprints { digests = ReportFingerprints.contentDigests(of: ReportFingerprints.digestable(report), jobs: 1) }
      used = gate.allow(&report.findings, contentDigests: digests)
      self.report = report
    }
  }

  /// What delivery keeps in path order: the fingerprint counter, the baseline's matches and
  /// the allow entries used.
  private final class Delivery: @unchecked Sendable {
    var counter = ReportFingerprints.Counter()
    var baseline: BaselineTally?
    var used: Set<Int> = []
    var allowed = 0

    /// Findings are fingerprinted (`--fingerprints`, or the gate needs the digests).
    let fingerprints: Bool

    init(_ gate: ReportGate, fingerprints: Bool) {
      baseline = gate.baseline.map { BaselineTally(baseline: $0.baseline) }
      self.fingerprints = fingerprints
    }

    /// The record's line, its findings fingerprinted and matched against the baseline; and the
    /// severities of those that gate.
    func finish(_ record: Record, command: String) -> (line: String, severities: [Severity]) {
      guard var report = record.report else { return (record.line ?? "", []) }
      used.formUnion(record.used)
      allowed += report.findings.filter { $0.suppression != nil }.count
      if fingerprints {
        counter.stamp(&report.findings, contentDigests: record.digests)
      }
      baseline?.mark(&report.findings)
      return (ReportStream.fileLine(report, command: command), report.findings.filter(\.gates).map(\.severity))
    }
  }

  /// Runs the batch and writes its stream. The outcome has the worst finding, the inputs that
  /// could not be read and a stream that could not be written (exit 4).
  static func run<Job>(_ batch: Batch<Job>, spec: CommandSpec, parsed: ParsedArguments, io: CommandIO, jobs: Int,
                       budget: Double, gate: ReportGate) throws(UsageError) -> Outcome {
    var outcome = Outcome(failOn: OptionValues.failOn(parsed))
    let path = parsed.value(CommonOptions.output.primary)
    let resuming = parsed.has("--resume")
    var recorded = ReportStream.Recorded()
    if resuming {
      guard let path else { throw UsageError(command: spec.name, message: "--resume needs --output FILE, the stream it continues") }
      guard let point = try resumePoint(batch, path: path, command: spec.name, io: io, outcome: &outcome) else { return outcome }
      recorded = point
    }
    let sink: StreamSink
    if let path, !recorded.complete {
      let file: StreamFile
      do { file = try StreamFile(path: path, keeping: resuming ? recorded.keep : nil) } catch {
        io.message(spec.name, error.description)
        outcome.unwritten.append(path)
        return outcome
      }
      sink = StreamSink(file: file, io: io, tally: recorded.tally)
    } else {
      sink = StreamSink(file: nil, io: io, tally: recorded.tally)
    }
    let fingerprints = ReportOutput.streamFingerprints(parsed, gate: gate)
    let delivery = Delivery(gate, fingerprints: fingerprints)
    if recorded.inputs > 0 {
      // What the kept records hold, so the rest continues them: the fingerprints' counts (their
      // files read once more), the baseline's matches, the allow entries used.
      if fingerprints {
        delivery.counter.count(recorded.findingKeys, contentDigests: ReportFingerprints.contentDigests(of: recorded.digestable.sorted(), jobs: jobs))
      }
      delivery.baseline?.count(unchanged: recorded.unchanged, new: recorded.new)
      delivery.used = Set(recorded.allowEntries.compactMap { entry in Int(entry.dropFirst("allow[".count).dropLast()) })
      delivery.allowed = recorded.allowed
    }
    if !recorded.complete {
      let start = recorded.inputs
      if recorded.keep == 0 { _ = sink.write(batch.header.line) }
      let progress = Progress(total: batch.count - start, io: io,
                              enabled: io.stderrIsTerminal && !parsed.has(CommonOptions.quiet) && batch.count - start > 1)
      let command = batch.header.command
      BudgetedParallelMap.stream(count: batch.count - start, jobs: jobs, seconds: budget, item: { batch.job(start + $0) },
                                 done: progress.tick) { job, token in
        Record(batch.check(job, token), command: command, gate: gate, fingerprints: fingerprints)
      } overBudget: { job in
        Record(Checked(report: batch.overBudget(job)), command: command, gate: gate, fingerprints: fingerprints)
      } deliver: { _, record in
        let (line, severities) = delivery.finish(record, command: command)
        guard sink.write(line) else { return false }
        sink.tally.add(severities: severities)
        if record.unreadable { sink.unreadable.append(record.output) }
        return true
      }
      progress.finish()
      for original in batch.unpairedOriginals.dropFirst(recorded.unpairedOriginals) {
        _ = sink.write(ReportStream.unpairedLine(original, command: command))
      }
      _ = sink.write(ReportStream.endLine(command: command, inputs: batch.count, unpairedOriginals: batch.unpairedOriginals.count))
      sink.finish()
    }
    if let failure = sink.failure {
      io.message(spec.name, failure.description)
      outcome.unwritten.append(failure.path)
    }
    outcome.worstFinding = sink.tally.worst
    outcome.unreadableInputs = sink.unreadable
    // The config's own findings have no place among the records: on stderr, and in the exit
    // status.
    let findings = gate.configFindings(used: delivery.used)
    for finding in findings { io.message(spec.name, "\(finding.file): \(finding.id.rawValue) \(finding.id.name): \(finding.evidence)") }
    outcome.worstFinding = Severity.worst([outcome.worstFinding].compactMap { $0 } + findings.map(\.severity))
    let summary = GateSummary(config: gate.config.map { GateSummary.ConfigUse(path: $0.path, sha256: $0.sha256) }, allowed: delivery.allowed,
                              baseline: gate.baseline.flatMap { file in delivery.baseline?.summary(path: file.path) })
    if let line = summary.line, !parsed.has(CommonOptions.quiet) { io.message(spec.name, line) }
    if RunSummary.wanted(parsed, io: io, format: "jsonl") {
      let written = RunSummary.destinations(parsed).filter { !outcome.unwritten.contains($0) }
      io.message(spec.name, RunSummary.line(sink.tally, written: written))
    }
    return outcome
  }

  /// What `--output FILE` already holds of this run: its partial file, else FILE itself. An
  /// incomplete FILE (not one this tool renamed into place) is moved to the partial name first.
  /// Nil when the file could not be moved into place: an output not written (exit 4), not a
  /// usage error.
  private static func resumePoint<Job>(_ batch: Batch<Job>, path: String, command: String, io: CommandIO,
                                       outcome: inout Outcome) throws(UsageError) -> ReportStream.Recorded? {
    let partial = StreamFile.partialPath(for: path)
    var source: String?
    if InputSelection.exists(partial) {
      source = partial
    } else if InputSelection.exists(path) {
      source = path
    }
    guard let source else { return ReportStream.Recorded() }
    let recorded: ReportStream.Recorded
    do {
      recorded = try ReportStream.recorded(in: source, header: batch.header, inputs: batch.count, output: batch.output,
                                           unpairedOriginals: batch.unpairedOriginals)
    } catch {
      throw UsageError(command: command, message: "cannot resume: \(error.description) (run without --resume to start over)")
    }
    // An incomplete FILE continues as the partial file; a complete partial file (a run killed
    // between its end record and the rename) is put in place.
    let move = source == path && !recorded.complete ? (path, partial) : source == partial && recorded.complete ? (partial, path) : nil
    if let (from, to) = move, rename(from, to) != 0 {
      io.message(command, "cannot resume: " + SystemError(.write, path: to, code: errno).description)
      outcome.unwritten.append(to)
      return nil
    }
    let done = recorded.complete ? "complete" : "\(recorded.inputs) of \(ReportText.plural(batch.count, "input")) recorded"
    io.message(command, "resuming \(path): \(done)")
    return recorded
  }
}
