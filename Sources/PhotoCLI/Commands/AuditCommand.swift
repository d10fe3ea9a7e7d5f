import Foundation
import PhotoCore

/// `photoaudit audit DIR | --originals DIR --outputs DIR [--pairs FILE]`: the batch gate.
enum AuditCommand: Command {
  static let spec = CommandSpec(
    name: "audit",
    arguments: "[DIR]",
    summary: "batch gate: leak-scan every output, pair outputs with originals, check them by the pixels, write reports",
    description: """
      Leak-scans every output (with its descriptor NAME.json when present) and, with originals, pairs each output with its original (pairs file, else the descriptor's media_id, else the file stem) and checks orientation, crop and the embedded thumbnail by the pixels. A bad file is a PA013 finding and the batch goes on.
      The outputs are DIR, or --outputs DIR, and the paths of --files-from; --ext, --include and --exclude select among them.
      Exit 1 when a finding is at or above --fail-on; 4 when a report cannot be written.
      """,
    options: [
      .value(["--originals"], "DIR", "folder of originals", completion: .directory),
      .value(["--outputs"], "DIR", "folder of processed outputs (instead of DIR)", completion: .directory),
      .value(["--pairs"], "FILE", "CSV 'original,output' or JSON [{\"original\": ..., \"output\": ...}], paths relative to the folders: chooses the originals of the outputs it lists (every output is still leak-scanned; a listed file that does not exist is PA013)",
             completion: .file),
      .value(["--report-dir"], "DIR", "also write report.json, report.md, junit.xml and report.html there; the folder is replaced as a whole (other plain files in it are kept)", completion: .directory),
      .value(["--shard"], "K/N", "audit only shard K of N (deterministic, by path hash); join the shards with 'photoaudit merge'"),
      CommonOptions.noPixels, CommonOptions.maxPixels, CommonOptions.fileTimeout, CommonOptions.maxMemory,
      CommonOptions.format(ReportOutput.formats), CommonOptions.output, CommonOptions.jobs, CommonOptions.quiet,
      CommonOptions.failOn, CommonOptions.policy,
    ] + CommonOptions.colour + CommonOptions.selection,
    examples: [
      Example("photoaudit audit upload/", "leak scan of the outputs"),
      Example("photoaudit audit --originals originals/ --outputs upload/ --report-dir reports/", "pairs checked by the pixels; report.html for people"),
      Example("photoaudit audit upload/ --fail-on warning --format junit > junit.xml", "a CI gate"),
      Example("photoaudit audit --originals originals/ --outputs upload/ --shard 2/3 --format jsonl > shard2.jsonl", "one shard of three"),
    ],
    positionals: 0...1,
    argumentCompletion: .directory,
    exits: [.ok, .findings, .usage, .cannotWrite])

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome {
    let jobs = try OptionValues.jobs(parsed, command: spec.name)
    var options = AuditOptions()
    options.policy = try OptionValues.policy(parsed, command: spec.name)
    options.comparePixels = !parsed.has(CommonOptions.noPixels)
    options.maxPixels = try OptionValues.maxPixels(parsed, command: spec.name)
    let shard = try parsed.value("--shard").map { text throws(UsageError) -> Shard in
      guard let s = Shard(text) else { throw UsageError(command: spec.name, message: "--shard needs K/N with 1 ≤ K ≤ N, not '\(text)'") }
      return s
    }
    let budget = try OptionValues.fileTimeout(parsed, command: spec.name)
    var pairing = try pair(parsed, io: io)
    if let shard {
      pairing.jobs = pairing.jobs.filter { shard.contains($0.output) }
      pairing.unpairedOriginals = pairing.unpairedOriginals.filter { shard.contains($0) }
    }
    let progress = Progress(total: pairing.jobs.count, io: io, enabled: io.stderrIsTerminal && !parsed.has(CommonOptions.quiet))
    // Descriptors' originals are read only inside the folders named here or the current directory's tree.
    let named = (parsed.value("--outputs").map { [$0] } ?? parsed.positionals) + (parsed.value("--originals").map { [$0] } ?? [])
    options.readScope = ReadScope(named: named)
    let settings = options
    // Pixel decoding and report.html's thumbnails run in worker processes (stopped at the
    // budget, alone when they crash); the metadata-only scan stays in this process.
    let pool = try OptionValues.workers(parsed, io: io, jobs: jobs, decodes: options.comparePixels || parsed.has("--report-dir"),
                                        command: spec.name)
    defer { pool?.close() }
    let auditPool = options.comparePixels ? pool : nil
    let files = BudgetedParallelMap.map(pairing.jobs, jobs: jobs, seconds: budget, done: progress.tick) { job, token -> FileReport in
      OptionValues.audit(job, options: settings, pool: auditPool, token: token, budget: budget).report
    } overBudget: { job in
      PairAuditor.notChecked(job, reason: "it \(OptionValues.overBudget(budget))", options: settings)
    }
    progress.finish()
    let report = AuditReport(command: spec.name, files: files.sorted { $0.output < $1.output },
                             unpairedOriginals: pairing.unpairedOriginals.sorted())
    var outcome = Outcome(report: report, failOn: OptionValues.failOn(parsed))
    let directory = parsed.value("--report-dir")
    if let directory {
      let context = HTMLReport.Context(tool: "photoaudit \(VersionInfo.version)", date: ReportDirectory.date(io.environment),
                                       commandLine: ReportDirectory.commandLine(io.invocation))
      do {
        let thumbnails = ReportDirectory.thumbnails(report, jobs: jobs, maxPixels: options.maxPixels, pool: pool, budget: budget)
        try ReportDirectory.write(report, to: directory, failOn: outcome.failOn, jobs: jobs, thumbnails: thumbnails, context: context)
      } catch {
        io.message(spec.name, error.description + (error.code == ENOTEMPTY ? " (give --report-dir a folder of its own)" : ""))
        outcome.unwritten.append(directory)
      }
    }
    ReportOutput.emit(report, spec: spec, parsed: parsed, io: io, jobs: jobs, reportDirectory: directory, outcome: &outcome)
    return outcome
  }

  /// The jobs: outputs from DIR, --outputs or --files-from (narrowed by --ext, --include,
  /// --exclude), each with its original and descriptor.
  static func pair(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Pairing.Result {
    let follow = parsed.has("--follow-symlinks")
    let outputsFolder = parsed.value("--outputs")
    if outputsFolder != nil, !parsed.positionals.isEmpty {
      throw UsageError(command: spec.name, message: "give either DIR or --outputs, not both")
    }
    if outputsFolder == nil, parsed.has("--originals") || parsed.has("--pairs") {
      throw UsageError(command: spec.name, message: "--originals and --pairs go with --outputs DIR")
    }
    let roots = outputsFolder.map { [$0] } ?? parsed.positionals
    guard !roots.isEmpty || parsed.has("--files-from") else {
      throw UsageError(command: spec.name, message: "give one DIR to leak-scan, or --originals DIR --outputs DIR, or --files-from FILE")
    }
    let originals = parsed.value("--originals")
    for named in roots + [originals].compactMap({ $0 }) where !InputSelection.exists(named) {
      throw UsageError(command: spec.name, message: "\(named) does not exist")
    }
    let found = try OptionValues.selection(roots, parsed, command: spec.name, io: io).resolve()
    for (path, reason) in found.listing.skipped { io.message(spec.name, "skipped \(path): \(reason)") }
    if parsed.has("--pairs"), originals == nil || outputsFolder == nil {
      throw UsageError(command: spec.name, message: "--pairs needs --originals and --outputs")
    }
    let result: Pairing.Result
    do {
      result = try Pairing.plan(outputs: found.listing, outputsRoot: outputsFolder, originals: originals,
                                pairsFile: parsed.value("--pairs"), followSymlinks: follow)
    } catch {
      throw UsageError(command: spec.name, message: error.description)
    }
    try OptionValues.requireSome(result.jobs.map(\.output), roots: roots, parsed, command: spec.name)
    return result
  }
}
