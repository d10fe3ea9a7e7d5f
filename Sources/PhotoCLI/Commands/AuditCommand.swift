import Foundation
import PhotoCore
import Pipeline
import Platform
import Runtime

/// `photoaudit audit DIR | --originals DIR --outputs DIR [--pairs FILE]`: the batch gate.
enum AuditCommand: Command {
  static let spec = CommandSpec(
    name: "audit",
    arguments: "[DIR | --git [REV-RANGE] | --staged]",
    summary: "batch gate: leak-scan every output, pair outputs with originals, check them by the pixels, write reports",
    description: """
      Leak-scans every output (with its descriptor NAME.json when present, and its sidecars: NAME.xmp, NAME.EXT.xmp, Google Takeout's NAME.EXT.json and NAME.EXT.supplemental-metadata.json; a sidecar without its photo is an entry of its own) and, with originals, pairs each output with its original (pairs file, else the descriptor's media_id, else the file stem) and checks orientation, crop and the embedded thumbnail by the pixels. A bad file is a PA013 finding and the batch goes on.
      The outputs are DIR, or --outputs DIR, and the paths of --files-from; --ext, --include and --exclude select among them.
      Reports are redacted: findings name the carrier, tag and offset and show ‹redacted #fingerprint› for coordinates, altitude, GPS time, place names, serial numbers, owner names and prompts, in every format and on stderr; --reveal shows the values.
      With --git [REV-RANGE] (default HEAD) it scans git history instead: every image blob the commits added, each once, files deleted since included, named <commit>:<path>; --staged scans the index (docs/ci.md "Scanning history").
      Exit 1 when a finding is at or above --fail-on; 4 when a report cannot be written.
      """,
    options: [
      .value(["--originals"], "DIR", "folder of originals", completion: .directory),
      .value(["--outputs"], "DIR", "folder of processed outputs (instead of DIR)", completion: .directory),
      .value(["--pairs"], "FILE", "CSV 'original,output' or JSON [{\"original\": ..., \"output\": ...}], paths relative to the folders: chooses the originals of the outputs it lists (every output is still leak-scanned; a listed file that does not exist is PA013)",
             completion: .file),
      .value(["--report-dir"], "DIR", "also write report.json, report.md, junit.xml and report.html there; the folder is replaced as a whole (other plain files in it are kept)", completion: .directory),
      GitAudit.git, GitAudit.staged, GitAudit.repository, ShardOption.shard, ShardOption.shards, resume,
      CommonOptions.noPixels, CommonOptions.maxPixels, CommonOptions.fileTimeout, CommonOptions.maxMemory,
      CommonOptions.format(ReportOutput.formats), CommonOptions.output, CommonOptions.jobs, CommonOptions.quiet,
      CommonOptions.failOn, CommonOptions.policy, CommonOptions.reveal, noThumbnails,
    ] + CommonOptions.gate + CommonOptions.colour + CommonOptions.selection,
    examples: [
      Example("photoaudit audit upload/", "leak scan of the outputs"),
      Example("photoaudit audit --originals originals/ --outputs upload/ --report-dir reports/", "pairs checked by the pixels; report.html for people"),
      Example("photoaudit audit upload/ --fail-on warning --format junit > junit.xml", "a CI gate"),
      Example("photoaudit audit upload/ --format sarif -o photoaudit.sarif", "for GitHub code scanning (docs/ci.md)"),
      Example("photoaudit audit upload/ --format codequality -o gl-code-quality.json", "for GitLab's Code Quality report"),
      Example("photoaudit audit --originals originals/ --outputs upload/ --shard 2/3 --format jsonl > shard2.jsonl", "one shard of three"),
      Example("JOB_COMPLETION_INDEX=0 photoaudit audit upload/ --shard auto --shards 3 --fail-on none --format jsonl -o s1.jsonl --resume",
              "task 0 of a Kubernetes Indexed Job: shard 1/3, resumed after a kill"),
      Example("find upload -name '*.jpg' | photoaudit audit --files-from - --format jsonl > listed.jsonl", "the paths of a manifest or a pipe"),
      Example("photoaudit audit --git --format sarif -o history.sarif", "every image blob in the history of HEAD (docs/ci.md)", exit: .findings),
      Example("photoaudit audit --git HEAD~1..HEAD", "the images the last commit added", exit: .findings),
      Example("photoaudit audit --staged --allow-empty", "what the next commit adds (a pre-commit check)"),
    ],
    positionals: 0...1,
    argumentCompletion: .directory,
    exits: [.ok, .findings, .usage, .cannotWrite])

  static let noThumbnails = OptionSpec.flag(["--no-thumbnails"], "report.html without pictures (by default it shows each output as displayed, never an original; the embedded thumbnail of a PA005 finding only with --reveal)")

  static let resume = OptionSpec.flag(["--resume"], "with --format jsonl --output FILE: keep what FILE (or the partial file a stopped run left beside it) already records and check only the rest; the file ends as an uninterrupted run writes it")

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome {
    if parsed.has(GitAudit.git) || parsed.has(GitAudit.staged) || parsed.has(GitAudit.repository) { return try GitAudit.run(parsed, io: io, spec: spec) }
    let jobs = try OptionValues.jobs(parsed, command: spec.name)
    var options = AuditOptions()
    var gate = try OptionValues.gate(parsed, io: io, command: spec.name)
    options.policy = try OptionValues.policy(parsed, gate: gate, command: spec.name)
    options.comparePixels = !parsed.has(CommonOptions.noPixels)
    options.maxPixels = try OptionValues.maxPixels(parsed, command: spec.name)
    options.decodeThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)  // HEIF tiles: the cores -j leaves
    let budget = try OptionValues.fileTimeout(parsed, command: spec.name)
    let format = OptionValues.format(parsed, spec: spec)
    let directory = parsed.value("--report-dir")
    if parsed.has(resume), format != "jsonl" || directory != nil {
      throw UsageError(command: spec.name, message: "--resume continues a --format jsonl stream (without --report-dir)")
    }
    let shard = try ShardOption.resolve(parsed, io: io, command: spec.name)
    // One shard cannot tell an unused allow entry: merge decides over the merged shards.
    gate.reportUnused = shard == nil
    let plan = try self.plan(parsed, io: io, shard: shard)
    let header = ReportStream.Header(command: spec.name, shard: shard, tool: "photoaudit \(VersionInfo.version)",
                                     policy: ReportStream.policyDigest(options.policy), pixels: options.comparePixels,
                                     maxPixels: options.maxPixels, reveal: parsed.has(CommonOptions.reveal),
                                     fingerprints: ReportOutput.streamFingerprints(parsed, gate: gate))
    // Descriptors' originals are read only inside the folders named here or the current directory's tree.
    let named = (parsed.value("--outputs").map { [$0] } ?? parsed.positionals) + (parsed.value("--originals").map { [$0] } ?? [])
    options.readScope = ReadScope(named: named)
    let settings = options
    // Pixel decoding and report.html's thumbnails run in worker processes (stopped at the
    // budget, alone when they crash); the metadata-only scan stays in this process.
    let pool = try OptionValues.workers(parsed, io: io, jobs: jobs,
                                        decodes: options.comparePixels || (directory != nil && !parsed.has(noThumbnails)), command: spec.name)
    defer { pool?.close() }
    let auditPool = options.comparePixels ? pool : nil
    // Findings leave each job redacted, or with their values under --reveal: what every format prints.
    let reveal = parsed.has(CommonOptions.reveal)
    let check = { @Sendable (job: AuditJob, token: BudgetToken) in
      OptionValues.audit(job, options: settings, pool: auditPool, token: token, budget: budget).report.revealing(reveal)
    }
    let overBudget = { @Sendable (job: AuditJob) in
      PairAuditor.notChecked(job, reason: "it \(OptionValues.overBudget(budget))", options: settings).revealing(reveal)
    }
    if format == "jsonl", directory == nil {
      let batch = StreamedReport.Batch(header: header, count: plan.count, output: plan.output, job: plan.job,
                                       check: { job, token in StreamedReport.Checked(report: check(job, token)) },
                                       overBudget: overBudget, unpairedOriginals: plan.unpairedOriginals)
      return try StreamedReport.run(batch, spec: spec, parsed: parsed, io: io, jobs: jobs, budget: budget, gate: gate)
    }
    let progress = Progress(total: plan.count, io: io, enabled: io.stderrIsTerminal && !parsed.has(CommonOptions.quiet))
    let files = BudgetedParallelMap.map(Array(0..<plan.count), jobs: jobs, seconds: budget, done: progress.tick) { index, token in
      check(plan.job(index), token)
    } overBudget: { index in
      overBudget(plan.job(index))
    }
    progress.finish()
    var report = AuditReport(command: spec.name, files: files, unpairedOriginals: plan.unpairedOriginals)
    ReportOutput.gate(&report, gate: gate, fingerprints: ReportOutput.printsFingerprints(format, parsed) || directory != nil, jobs: jobs)
    io.keepUntilExit(report)
    var outcome = Outcome(report: report, failOn: OptionValues.failOn(parsed))
    if let directory {
      let context = HTMLReport.Context(tool: "photoaudit \(VersionInfo.version)", date: ReportDirectory.date(io.environment),
                                       commandLine: ReportDirectory.commandLine(io.invocation))
      do {
        let thumbnails = parsed.has(noThumbnails) ? nil
          : ReportDirectory.thumbnails(report, jobs: jobs, maxPixels: options.maxPixels, pool: pool, budget: budget, reveal: reveal)
        try ReportDirectory.write(report, to: directory, failOn: outcome.failOn, jobs: jobs, thumbnails: thumbnails, context: context)
      } catch {
        io.message(spec.name, error.description + (error.code == ENOTEMPTY ? " (give --report-dir a folder of its own)" : ""))
        outcome.unwritten.append(directory)
      }
    }
    ReportOutput.emit(report, spec: spec, parsed: parsed, io: io, jobs: jobs, reportDirectory: directory, header: header, outcome: &outcome)
    return outcome
  }

  /// The jobs: outputs from DIR, --outputs or --files-from (narrowed by --ext, --include,
  /// --exclude, and to the shard), each with its descriptor and, with --originals, its original.
  /// A leak scan keeps only compact path lists; a pairing needs every output and original.
  static func plan(_ parsed: ParsedArguments, io: CommandIO, shard: Shard?) throws(UsageError) -> AuditPlan {
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
    if parsed.has("--pairs"), originals == nil || outputsFolder == nil {
      throw UsageError(command: spec.name, message: "--pairs needs --originals and --outputs")
    }
    var selection = try OptionValues.selection(roots, parsed, command: spec.name, io: io, streamList: originals == nil)
    guard let originals else {
      let listed: InputSelection.Listed
      do { listed = try selection.resolveList { key in shard?.contains(key: key) ?? true } } catch {
        throw UsageError(command: spec.name, message: "cannot use --files-from: \(error)")
      }
      OptionValues.tellSkipped(listed.skipped, command: spec.name, io: io)
      if listed.inputs.isFull || listed.aside.isFull {
        throw UsageError(command: spec.name, message: "the inputs hold more than 4 GiB of paths: split them over runs with --shard")
      }
      try OptionValues.requireSome(count: listed.considered, roots: roots, parsed, command: spec.name)
      return AuditPlan(leakScan: listed)
    }
    selection.relativePaths = true
    let found = selection.resolve()
    OptionValues.tellSkipped(found.listing.skipped, command: spec.name, io: io)
    var result: Pairing.Result
    do {
      result = try Pairing.plan(outputs: found.listing, outputsRoot: outputsFolder, originals: originals,
                                pairsFile: parsed.value("--pairs"), followSymlinks: parsed.has("--follow-symlinks"))
    } catch {
      throw UsageError(command: spec.name, message: error.description)
    }
    try OptionValues.requireSome(count: result.jobs.count, roots: roots, parsed, command: spec.name)
    if let shard {
      // Keys as a leak scan has them: below the folder walked, else as named or listed; an
      // output only the pairs file names, below --outputs.
      let listed = Set(found.listing.files)
      let below = { (path: String, root: String?) -> String in
        guard let prefix = root.map(InputSelection.prefix), path.hasPrefix(prefix) else { return path }
        return String(path.dropFirst(prefix.count))
      }
      result.jobs = result.jobs.filter { job in
        shard.contains(found.listing.relative[job.output] ?? (listed.contains(job.output) ? job.output : below(job.output, outputsFolder)))
      }
      result.unpairedOriginals = result.unpairedOriginals.filter { shard.contains(below($0, originals)) }
    }
    return AuditPlan(pairing: result)
  }
}
