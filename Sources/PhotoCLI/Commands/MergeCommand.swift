import Bytes
import PhotoCore
import Pipeline
import Platform

/// `photoaudit merge a.jsonl b.jsonl ...`: joins shard outputs into one report.
enum MergeCommand: Command {
  static let expect = OptionSpec.value(["--expect"], "N", "there must be N shards (all N of a sharded run, or N unsharded runs over disjoint lists): exit 2 naming a missing or doubled one")

  static let spec = CommandSpec(
    name: "merge",
    arguments: "SHARD.jsonl...",
    summary: "join the JSONL outputs of 'audit --shard K/N' runs into one report",
    description: """
      Joins the JSONL streams of 'audit --shard K/N' runs (or of unsharded runs over disjoint lists, such as Spark partitions fed by --files-from -) by a k-way merge in path order, with memory for one record per shard: --format jsonl gives the stream one unsharded run writes, --format json its report, byte for byte.
      Fails (exit 2) on a shard given twice, a path recorded twice, a stream without its end record (its run did not finish), and streams of different command lines; with --expect N, also on a missing shard. --fail-on applies to the merged findings.
      Reports are redacted: findings name the carrier, tag and offset and show ‹redacted #fingerprint› for coordinates, altitude, GPS time, place names, serial numbers, owner names and prompts, in every format and on stderr; --reveal shows the values.
      Exit 1 when a finding is at or above --fail-on; 3 when a shard cannot be read.
      """,
    options: [
      expect, CommonOptions.format(ReportOutput.formats), CommonOptions.output, CommonOptions.failOn, CommonOptions.policy,
      CommonOptions.reveal,
    ] + CommonOptions.gate + CommonOptions.colour,
    examples: [
      Example("for k in 1 2 3; do photoaudit audit upload/ --shard $k/3 --fail-on none --format jsonl > s$k.jsonl; done", "three shards"),
      Example("photoaudit merge --expect 3 s1.jsonl s2.jsonl s3.jsonl --format json > report.json", "one report, as an unsharded run writes it"),
      Example("photoaudit merge --expect 3 s1.jsonl s2.jsonl s3.jsonl --fail-on info --format junit > junit.xml", "the gate, on the merged findings"),
      Example("photoaudit merge --expect 3 s1.jsonl s3.jsonl", "shard 2/3 missing", exit: .usage),
    ],
    positionals: 1...Int.max,
    exitMeanings: [.usage: "usage error: a bad option, a shard that does not exist, a shard missing (--expect) or given twice, a path recorded twice, a stream that did not finish",
                   .unreadable: "a shard could not be read"])

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome {
    let format = OptionValues.format(parsed, spec: spec)
    let gate = MergeGate(try OptionValues.gate(parsed, io: io, command: spec.name), format: format, parsed: parsed)
    // --policy, else the config's: applied again to the shards' findings.
    let policy = parsed.has(CommonOptions.policy) ? try OptionValues.policy(parsed, command: spec.name) : gate.gate.config?.config.policy
    let expected = try parsed.value(expect).map { text throws(UsageError) -> Int in
      guard let n = Int(text), n >= 1 else { throw UsageError(command: spec.name, message: "--expect needs a whole number of shards from 1, not '\(text)'") }
      return n
    }
    var outcome = Outcome(missingInputs: parsed.positionals.filter { !InputSelection.exists($0) }, failOn: OptionValues.failOn(parsed))
    guard outcome.missingInputs.isEmpty else {
      for missing in outcome.missingInputs { io.message(spec.name, "\(missing) does not exist") }
      return outcome
    }
    let merge: ShardMerge
    do { merge = try ShardMerge(paths: parsed.positionals, expect: expected) } catch {
      return try failed(error, outcome: outcome, io: io)
    }
    if !merge.missing.isEmpty, let n = merge.missing.first?.count {
      io.message(spec.name, MergeProblem.missingShards(merge.missing).description + " (the report covers the other shards; --expect \(n) makes this an error)")
    }
    var header = merge.header
    if let policy { header.policy = ReportStream.policyDigest(policy) }
    // Redacted unless --reveal, whatever the shards hold: a shard written with --reveal keeps
    // its redacted evidence beside the values; one written without has no values to show.
    let reveal = parsed.has(CommonOptions.reveal)
    var unrecorded = 0
    let apply = { (file: JSONValue) -> JSONValue in
      let (shown, missing) = ReportJSON.revealing(policy.map { ReportJSON.applying($0, to: file) } ?? file, reveal)
      unrecorded += missing
      return gate.process(shown)
    }
    defer {
      if unrecorded > 0 {
        io.message(spec.name, "--reveal: the values of \(ReportText.plural(unrecorded, "finding")) are not in the shards (they were written without --reveal); those stay redacted")
      }
    }
    if format == "jsonl" {
      let file: StreamFile?
      do { file = try parsed.value(CommonOptions.output.primary).map { path throws(SystemError) in try StreamFile(path: path) } } catch {
        io.message(spec.name, error.description)
        outcome.unwritten.append(error.path)
        return outcome
      }
      let sink = StreamSink(file: file, io: io)
      _ = sink.write(header.line)
      do {
        while let record = try merge.next() {
          switch record {
          case .file(let object):
            let object = apply(object)
            sink.tally.add(record: object)
            _ = sink.write(ReportStream.fileLine(object, command: header.command))
          case .unpairedOriginal(let original):
            _ = sink.write(ReportStream.unpairedLine(original, command: header.command))
          }
        }
      } catch {
        file?.discard()
        return try failed(error, outcome: outcome, io: io)
      }
      _ = sink.write(ReportStream.endLine(command: header.command, inputs: merge.inputs, unpairedOriginals: merge.unpairedOriginals))
      sink.finish()
      if let failure = sink.failure {
        io.message(spec.name, failure.description)
        outcome.unwritten.append(failure.path)
      }
      // The config's own findings have no record in a stream: on stderr, and in the exit status.
      let own = gate.configFindings()
      for finding in own { io.message(spec.name, "\(finding.file): \(finding.id.rawValue) \(finding.id.name): \(finding.evidence)") }
      if let line = gate.summary.line { io.message(spec.name, line) }
      outcome.worstFinding = Severity.worst([sink.tally.worst].compactMap { $0 } + own.filter(\.gates).map(\.severity))
      return outcome
    }
    var files: [JSONValue] = []
    var unpaired: [String] = []
    do {
      while let record = try merge.next() {
        switch record {
        case .file(let object): files.append(apply(object))
        case .unpairedOriginal(let original): unpaired.append(original)
        }
      }
    } catch {
      return try failed(error, outcome: outcome, io: io)
    }
    // The config's own findings (PA020, PA021 over every shard): an entry of the config's path.
    let own = gate.configFindings()
    if let config = gate.gate.config, !own.isEmpty { files.append(ReportJSON.file(FileReport(output: config.path, findings: own))) }
    let summary: GateSummary? = gate.gate.config == nil && gate.gate.baseline == nil ? nil : gate.summary
    let document = ReportJSON.document(command: header.command, files: files, unpairedOriginals: unpaired, gate: summary)
    var report = AuditReport(command: header.command, files: files.compactMap(ReportJSON.fileReport), unpairedOriginals: unpaired)
    report.gate = summary
    outcome.worstFinding = report.findings.worstSeverity
    if format == "github" { ReportOutput.appendStepSummary(report.counting, io: io, command: spec.name, outcome: &outcome) }
    let text = format == "json" ? document.serialized() + "\n"
      : ReportOutput.render(report, format: format, style: io.style(OptionValues.colour(parsed)), failOn: outcome.failOn, outcome: outcome)
    OptionValues.emit(text, parsed: parsed, io: io, forPeople: OptionValues.isForPeople(format), command: spec.name, outcome: &outcome)
    return outcome
  }

  /// A shard that cannot be read is exit 3; anything else that stops a merge is a usage error.
  static func failed(_ problem: MergeProblem, outcome: Outcome, io: CommandIO) throws(UsageError) -> Outcome {
    guard case .unreadable(let error) = problem else { throw UsageError(command: spec.name, message: problem.description) }
    var outcome = outcome
    io.message(spec.name, error.description)
    outcome.unreadableInputs.append(error.path)
    return outcome
  }
}
