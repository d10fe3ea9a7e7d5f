import Foundation
import PhotoCore

/// `photoaudit audit DIR | --originals DIR --outputs DIR [--pairs FILE]`: the batch gate.
enum AuditCommand: Command {
  static let spec = CommandSpec(
    name: "audit",
    synopsis: "photoaudit audit DIR | --originals DIR --outputs DIR [--pairs FILE] [--report-dir DIR] [--shard K/N] [-j N]",
    summary: "Batch audit: leak-scans every output (with its descriptor NAME.json when present) and, with originals, pairs each output with its original (pairs file, else descriptor media_id, else file stem) and checks orientation and crop by the pixels. A bad file is a PA013 finding and the batch goes on. Exit 1 when a finding is at or above --fail-on.",
    options: [
      OptionSpec(names: ["--originals"], valueName: "DIR", help: "folder of originals"),
      OptionSpec(names: ["--outputs"], valueName: "DIR", help: "folder of processed outputs"),
      OptionSpec(names: ["--pairs"], valueName: "FILE", help: "CSV 'original,output' or JSON [{original, output}], paths relative to the folders"),
      OptionSpec(names: ["--report-dir"], valueName: "DIR", help: "write report.json, report.md, junit.xml and report.html there"),
      OptionSpec(names: ["--shard"], valueName: "K/N", help: "audit only shard K of N (deterministic, by path hash); join shards with 'photoaudit merge'"),
      OptionSpec(names: ["--no-pixels"], valueName: nil, help: "metadata-only leak scan (no pixel comparison)"),
      OptionSpec(names: ["--follow-symlinks"], valueName: nil, help: "follow symbolic links when walking folders"),
      CommonOptions.fileTimeout,
      CommonOptions.format, CommonOptions.output, CommonOptions.jobs, CommonOptions.failOn, CommonOptions.policy,
      CommonOptions.noColor, CommonOptions.quiet,
    ],
    examples: [
      "photoaudit audit upload/                                  # leak scan of outputs",
      "photoaudit audit --originals originals/ --outputs upload/ --report-dir reports/",
      "photoaudit audit --originals o/ --outputs u/ --shard 2/8 --format jsonl > shard2.jsonl",
      "photoaudit audit upload/ --fail-on warning --format junit   # (use --report-dir for junit.xml)",
    ])

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws -> ExitStatus {
    let format = try CommonOptions.reportFormat(parsed, command: spec.name, allowed: ReportOutput.formats)
    let failOn = try ReportOutput.failOn(parsed, command: spec.name)
    let jobs = try CommonOptions.jobs(parsed, command: spec.name)
    var options = AuditOptions()
    options.policy = try ReportOutput.policy(parsed, command: spec.name)
    options.comparePixels = !parsed.has("--no-pixels")
    options.decodeThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)  // HEIF tiles: the cores -j leaves
    let shard = try parsed.value("--shard").map { text throws(UsageError) -> Shard in
      guard let s = Shard(text) else { throw UsageError(command: spec.name, message: "--shard needs K/N with 1 ≤ K ≤ N, not '\(text)'") }
      return s
    }
    let follow = parsed.has("--follow-symlinks")
    let budget = try CommonOptions.fileTimeout(parsed, command: spec.name)
    var pairing: Pairing.Result
    if let outputs = parsed.value("--outputs") {
      guard parsed.positionals.isEmpty else { throw UsageError(command: spec.name, message: "give either DIR or --outputs, not both") }
      let originals = parsed.value("--originals")
      if let pairsFile = parsed.value("--pairs") {
        guard let originals else { throw UsageError(command: spec.name, message: "--pairs needs --originals") }
        do {
          let jobs = try Pairing.pairsFile(pairsFile, originalsRoot: originals, outputsRoot: outputs)
          let paired = Set(jobs.compactMap(\.original))
          let all = DirectoryWalker.list([originals], followSymlinks: follow).files.filter { !Pairing.isAuxiliary($0) }
          pairing = Pairing.Result(jobs: jobs, unpairedOriginals: all.filter { !paired.contains($0) })
        } catch {
          throw UsageError(command: spec.name, message: "\(error)")
        }
      } else {
        pairing = Pairing.pair(outputs: DirectoryWalker.list([outputs], followSymlinks: follow),
                               originals: originals.map { DirectoryWalker.list([$0], followSymlinks: follow).files } ?? [])
      }
    } else {
      guard parsed.positionals.count == 1 else {
        throw UsageError(command: spec.name, message: "give one DIR to leak-scan, or --originals DIR --outputs DIR")
      }
      if parsed.has("--originals") || parsed.has("--pairs") {
        throw UsageError(command: spec.name, message: "--originals and --pairs go with --outputs DIR")
      }
      pairing = Pairing.pair(outputs: DirectoryWalker.list(parsed.positionals, followSymlinks: follow), originals: [])
    }
    if let shard {
      pairing.jobs = pairing.jobs.filter { shard.contains($0.output) }
      pairing.unpairedOriginals = pairing.unpairedOriginals.filter { shard.contains($0) }
    }
    let progress = Progress(total: pairing.jobs.count, io: io, enabled: io.stderrIsTerminal && !parsed.has("--quiet"))
    let settings = options
    let files = BudgetedParallelMap.map(pairing.jobs, jobs: jobs, seconds: budget, done: progress.tick) { job, _ -> FileReport in
      PairAuditor.audit(output: job.output, original: job.original, descriptor: job.descriptor, options: settings).report
    } overBudget: { job in
      FileReport(output: job.output, original: job.original, descriptor: job.descriptor, findings: [
        Finding(.unreadable, file: job.output, evidence: "not audited: it \(CommonOptions.overBudget(budget))")])
    }
    progress.finish()
    let report = AuditReport(command: spec.name, files: files.sorted { $0.output < $1.output },
                             unpairedOriginals: pairing.unpairedOriginals.sorted())
    if let directory = parsed.value("--report-dir") {
      try ReportDirectory.write(report, to: directory, failOn: failOn, jobs: jobs)
    }
    try CommonOptions.emit(ReportOutput.render(report, format: format, io: io, noColor: parsed.has("--no-color"), jobs: jobs), parsed: parsed, io: io)
    return ReportOutput.status(report, failOn: failOn)
  }
}

/// `--report-dir`: report.json, report.md, junit.xml and report.html, each written atomically.
enum ReportDirectory {
  static func write(_ report: AuditReport, to directory: String, failOn: Severity, jobs: Int) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let paths = report.files.flatMap { [$0.output] + ($0.original.map { [$0] } ?? []) }.uniqued()
    let uris = ParallelMap.map(paths, jobs: jobs) { ($0, Thumbnailer.dataURI($0)) }
    let thumbnails = Dictionary(uris.compactMap { p in p.1.map { (p.0, $0) } }, uniquingKeysWith: { a, _ in a })
    try AtomicFile.write(ReportJSON.document(report).serialized(jobs: jobs) + "\n", to: directory + "/report.json")
    try AtomicFile.write(ReportText.markdown(report), to: directory + "/report.md")
    try AtomicFile.write(JUnitReport.render(report, failOn: failOn), to: directory + "/junit.xml")
    try AtomicFile.write(HTMLReport.render(report, thumbnails: thumbnails), to: directory + "/report.html")
  }
}
