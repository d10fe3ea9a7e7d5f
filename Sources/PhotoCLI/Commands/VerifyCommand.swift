import Bytes
import Foundation
import PhotoCore
import Pipeline
import Platform
import Runtime

/// `photoaudit verify OUTPUT... [--descriptor FILE|auto] [--original FILE]`.
enum VerifyCommand: Command {
  static let spec = CommandSpec(
    name: "verify",
    arguments: "OUTPUT...",
    summary: "check each output against its descriptor's claims and, with its original, by the pixels",
    description: """
      Checks each output against its descriptor's claims (gps_removed, width, height, format, size_bytes, crop) and every metadata carrier for leaks, its sidecars beside it included (XMP, Google Takeout JSON); with its original (--original, or the descriptor's 'original'), checks orientation, crop and the embedded thumbnail by the pixels.
      Reports are redacted: findings name the carrier, tag and offset and show ‹redacted #fingerprint› for coordinates, altitude, GPS time, place names, serial numbers, owner names and prompts, in every format and on stderr; --reveal shows the values.
      Exit 1 when a finding is at or above --fail-on; 3 when an output cannot be read at all (the report still lists it, with its PA013 finding).
      """,
    options: [
      .value(["--descriptor", "-d"], "FILE|auto", "the JSON descriptor; 'auto' finds NAME.json or NAME.ext.json beside each output",
             completion: .file, default: "auto"),
      .value(["--original"], "FILE", "the original the output was made from (else the descriptor's 'original')", completion: .file),
      .value(["--originals"], "DIR", "a folder where descriptors' originals may be read (repeatable); they are read only inside the paths named on the command line and the current directory's tree",
             completion: .directory, repeatable: true),
      CommonOptions.noPixels, CommonOptions.maxPixels, CommonOptions.fileTimeout, CommonOptions.maxMemory,
      CommonOptions.format(ReportOutput.formats), CommonOptions.output, CommonOptions.jobs, CommonOptions.quiet,
      CommonOptions.failOn, CommonOptions.policy, CommonOptions.reveal,
    ] + CommonOptions.gate + CommonOptions.colour + CommonOptions.selection,
    examples: [
      Example("photoaudit verify upload/IMG_0001.jpg", "its descriptor upload/IMG_0001.json names the original"),
      Example("photoaudit verify upload/IMG_0002.jpg --descriptor upload/IMG_0002.json --original originals/IMG_0002.jpg"),
      Example("photoaudit verify upload/*.jpg --format json --fail-on warning > verify.json", "for scripts"),
      Example("find upload -name '*.jpg' -print0 | photoaudit verify --files-from - -0", "paths from a pipe"),
    ])

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome {
    let jobs = try OptionValues.jobs(parsed, command: spec.name)
    var options = AuditOptions()
    let gate = try OptionValues.gate(parsed, io: io, command: spec.name)
    options.policy = try OptionValues.policy(parsed, gate: gate, command: spec.name)
    options.comparePixels = !parsed.has(CommonOptions.noPixels)
    options.maxPixels = try OptionValues.maxPixels(parsed, command: spec.name)
    let budget = try OptionValues.fileTimeout(parsed, command: spec.name)
    let found = try OptionValues.inputs(parsed, spec: spec, io: io)
    // A still and its Live Photo video named together are one item.
    let livePhotos = LivePhotoPairing.pairs(found.files)
    let videoOf = Dictionary(livePhotos.map { ($0.still, $0.video) }, uniquingKeysWith: { first, _ in first })
    // A sidecar named with its photo goes with it (read beside each photo, found on disk).
    let named = Set(found.files)
    let claimedSidecars = SidecarPairing.claimed(found.files.filter(SidecarNames.isSidecarName).map { ($0, true) }, isInput: named.contains)
    let outputs = found.files.filter { file in !livePhotos.contains { $0.video == file } && !claimedSidecars.contains(file) }
    let sidecarsOf: @Sendable (String) -> [String] = { output in
      guard !SidecarNames.isSidecarName(output) else { return [] }
      return ([output] + (videoOf[output].map { [$0] } ?? [])).flatMap(SidecarPairing.sidecarsOnDisk).uniqued()
    }
    // HEIF tiles: the cores -j leaves (one output verified alone gets them all).
    options.decodeThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, min(jobs, outputs.count)))
    let descriptorOption = parsed.value("--descriptor") ?? "auto"
    if descriptorOption != "auto", outputs.count > 1 {
      throw UsageError(command: spec.name, message: "--descriptor FILE names one descriptor; with several outputs use 'auto'")
    }
    let original = parsed.value("--original")
    if original != nil, outputs.count > 1 {
      throw UsageError(command: spec.name, message: "--original names one original; verify one output with it")
    }
    // Descriptors' originals are read only inside the paths named on the command line (not each
    // path of a --files-from list: the scope goes with every job to its worker) or the current
    // directory's tree.
    // The folder of each output named is an audited folder, as `audit DIR` is (a descriptor's
    // `original: orig/x.jpg` below it is admitted wherever verify runs from).
    let outputFolders = parsed.positionals.filter { path in
      var folder: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue
    }.map(PathName.folder)
    options.readScope = ReadScope(named: parsed.positionals + outputFolders + [original].compactMap { $0 } + parsed.all("--originals"))
    let settings = options
    let descriptorOf: @Sendable (String) -> String? = { output in
      descriptorOption == "auto" ? PairAuditor.descriptorBeside(output) : descriptorOption
    }
    // Pixel decoding runs in worker processes (stopped at the budget, alone when they crash).
    let pool = try OptionValues.workers(parsed, io: io, jobs: jobs, decodes: options.comparePixels, command: spec.name)
    defer { pool?.close() }
    // Findings leave each job redacted, or with their values under --reveal: what every format prints.
    let reveal = parsed.has(CommonOptions.reveal)
    let check = { @Sendable (output: String, token: BudgetToken) -> StreamedReport.Checked in
      let descriptor = descriptorOf(output)
      let job = AuditJob(output: output, original: original, descriptor: descriptor, companion: videoOf[output],
                         sidecars: sidecarsOf(output).filter { $0 != descriptor })
      let result = OptionValues.audit(job, options: settings, pool: pool, token: token, budget: budget)
      return StreamedReport.Checked(report: result.report.revealing(reveal), unreadable: result.outputUnreadable)
    }
    let overBudget = { @Sendable (output: String) -> FileReport in
      PairAuditor.notChecked(AuditJob(output: output, original: original, descriptor: descriptorOf(output)),
                             reason: "it \(OptionValues.overBudget(budget))", options: settings)
    }
    if OptionValues.format(parsed, spec: spec) == "jsonl" {
      // Streamed in path order, as every JSONL report is (merge reads them so).
      let sorted = outputs.sorted(by: PathOrder.less)
      let header = ReportStream.Header(command: spec.name, shard: nil, tool: "photoaudit \(VersionInfo.version)",
                                       policy: ReportStream.policyDigest(options.policy), pixels: options.comparePixels,
                                       maxPixels: options.maxPixels, reveal: parsed.has(CommonOptions.reveal),
                                       fingerprints: ReportOutput.streamFingerprints(parsed, gate: gate))
      let batch = StreamedReport.Batch(header: header, count: sorted.count, output: { sorted[$0] }, job: { sorted[$0] },
                                       check: { output, token in check(output, token) }, overBudget: overBudget)
      var outcome = try StreamedReport.run(batch, spec: spec, parsed: parsed, io: io, jobs: jobs, budget: budget, gate: gate)
      outcome.missingInputs = found.missingNamed
      outcome.unreadableInputs = outcome.unreadableInputs.filter { !found.missingNamed.contains($0) }
      return outcome
    }
    let progress = Progress(total: outputs.count, io: io, enabled: io.stderrIsTerminal && !parsed.has(CommonOptions.quiet) && outputs.count > 1)
    let results = BudgetedParallelMap.map(outputs, jobs: jobs, seconds: budget, done: progress.tick) { output, token -> (FileReport, Bool) in
      let checked = check(output, token)
      return (checked.report, checked.unreadable)
    } overBudget: { output in
      (overBudget(output), false)
    }
    progress.finish()
    var report = AuditReport(command: spec.name, files: results.map(\.0))
    ReportOutput.gate(&report, gate: gate, fingerprints: ReportOutput.printsFingerprints(OptionValues.format(parsed, spec: spec), parsed), jobs: jobs)
    var outcome = Outcome(report: report, failOn: OptionValues.failOn(parsed))
    outcome.missingInputs = found.missingNamed
    // An output that cannot be read at all: exit 3, as in every single-file command.
    outcome.unreadableInputs = results.filter(\.1).map(\.0.output).filter { !found.missingNamed.contains($0) }
    ReportOutput.emit(report, spec: spec, parsed: parsed, io: io, jobs: jobs, outcome: &outcome)
    return outcome
  }
}
