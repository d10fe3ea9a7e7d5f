import Foundation
import PhotoCore
import Pipeline
import Platform
import Runtime

/// `photoaudit sanitize INPUT... --out DIR`: the normalize-and-strip pipeline, done right.
enum SanitizeCommand: Command {
  static let spec = CommandSpec(
    name: "sanitize",
    arguments: "INPUT...",
    summary: "orient, crop, resize, strip and re-encode; write an honest descriptor; re-check the result",
    description: """
      Orients, crops, resizes, strips and re-encodes each input (folders are walked; descriptors and reports in them are skipped), writes DIR/NAME.jpg and an honest descriptor DIR/NAME.json whose gps_removed comes from re-reading the output, then re-checks the output. A file named directly goes to DIR/NAME.jpg; files found in a folder keep their place below it (originals/a/x.heic → DIR/a/x.jpg). A rerun without --force keeps the outputs an earlier run wrote whole, completes those it left half written and refuses to replace any other file; --force replaces them.
      Profiles: \(SanitizeProfile.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")).
      Reports are redacted: findings name the carrier, tag and offset and show ‹redacted #fingerprint› for coordinates, altitude, GPS time, place names, serial numbers, owner names and prompts, in every format and on stderr; --reveal shows the values.
      Exit 1 when an input fails or an output still has a finding at or above --fail-on; 4 when an output cannot be written.
      """,
    options: [
      .value(["--out"], "DIR", "output folder (created if missing); required", completion: .directory),
      .value(["--profile"], "NAME", "the pipeline to run", completion: .choices(SanitizeProfile.allCases.map(\.rawValue)),
             default: SanitizeProfile.picker2048.rawValue),
      .value(["--max-side"], "N", "long side at most N px (a bound, never an upscale)"),
      .value(["--quality"], "Q", "JPEG quality 1–100 (default from the profile)"),
      .value(["--crop"], "x,y,w,h", "crop in the input's displayed (upright) pixels"),
      .flag(["--exact-size"], "always resample to exactly the fitted size"),
      .flag(["--no-icc"], "drop the ICC profile too (default: keep it)"),
      .flag(["--444"], "4:4:4 chroma instead of 4:2:0"),
      .flag(["--png"], "write PNG instead of JPEG"),
      .value(["--max-kb"], "KB", "upload-1024: lower the quality until the file is at most KB KiB", default: "150"),
      .flag(["--trim"], "lossless: drop partial edge MCUs instead of refusing"),
      .flag(["--force"], "replace existing outputs"),
      .flag(["--accept-damaged"], "sanitize inputs whose pixels do not decode cleanly (truncated, corrupt) instead of refusing them; the report keeps a PA016 finding"),
      .value(["--max-pixels"], "N", "refuse inputs of more than N pixels (decompression bombs)", default: "200000000"),
      ShardOption.sanitizeShard, ShardOption.shards,
      CommonOptions.fileTimeout, CommonOptions.maxMemory,
      CommonOptions.format(["table", "json"]), CommonOptions.output, CommonOptions.jobs, CommonOptions.quiet, CommonOptions.failOn,
      CommonOptions.reveal,
    ] + CommonOptions.colour + CommonOptions.selection,
    examples: [
      Example("photoaudit sanitize IMG_0001.HEIC --out out/", "one photo, the default picker-2048 profile"),
      Example("photoaudit sanitize originals/ --out small/ --profile upload-1024 --max-kb 120 -j 2", "a folder; its tree is mirrored"),
      Example("photoaudit sanitize photo.jpg --out cropped/ --crop 10,20,100,60 --max-side 64"),
      Example("photoaudit sanitize photo.jpg --out lossless/ --profile lossless", "rotate the DCT data, no re-encode"),
      Example("seq 4 | xargs -P4 -IK photoaudit sanitize originals/ --out all/ --shard K/4",
              "four shards at once into one folder: the files one run writes"),
    ],
    exits: [.ok, .findings, .usage, .cannotWrite],
    exitMeanings: [.ok: "every output written, and its re-check has no finding at or above --fail-on",
                   .findings: "an input failed, or an output's re-check has a finding at or above --fail-on"])

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome {
    let format = OptionValues.format(parsed, spec: spec)
    guard let out = parsed.value("--out") else { throw UsageError(command: spec.name, message: "--out DIR is required") }
    var configured = try options(parsed)
    let jobs = try OptionValues.jobs(parsed, command: spec.name)
    let budget = try OptionValues.fileTimeout(parsed, command: spec.name)
    let shard = try ShardOption.resolve(parsed, io: io, command: spec.name)
    // Outputs mirror the input tree: the paths below each walked folder are needed.
    let found = try OptionValues.inputs(parsed, spec: spec, io: io, relativePaths: true)
    if let missing = found.missingNamed.first { throw UsageError(command: spec.name, message: "\(missing) does not exist") }
    var outcome = Outcome(failOn: OptionValues.failOn(parsed))
    do {
      try SystemError.createFolder(out)
    } catch {
      io.message(spec.name, error.description)
      outcome.unwritten.append(out)
      return outcome
    }
    // Planned over all the inputs, then narrowed to the shard: pairs and name clashes span shards.
    let planned = SanitizePlan(found.files, relative: found.relative, out: out, png: configured.png, shard: shard)
    let plan = planned.jobs, videoOf = planned.videoOf
    // One unsharded run at a time writes into a folder: concurrent runs cannot tear a pair; the
    // shards of a sharded run write disjoint pairs, together (`FolderLock.Mode.shared`).
    // Temporaries that killed runs left there go first (a shard's: only those of its outputs).
    let lock: FolderLock
    do {
      lock = try FolderLock(out, mode: shard == nil ? .exclusive : .shared) {
        io.message(spec.name, "waiting for another photoaudit run that is writing to \(out)")
      }
    } catch {
      io.message(spec.name, error.description)
      outcome.unwritten.append(out)
      return outcome
    }
    defer { lock.release() }
    if shard == nil { TemporaryFiles.removeStale(in: out, recursive: true) } else { TemporaryFiles.removeStale(for: planned.finals) }
    // Cores that -j leaves idle (fewer files than jobs, say one photo) go to each image's resize.
    // (A shard may count fewer files than its batch: the bytes do not change, PixelResizeTests.)
    let filesAtOnce = max(1, min(jobs, plan.count))
    configured.threadsPerImage = max(1, ProcessInfo.processInfo.activeProcessorCount / filesAtOnce)
    let options = configured
    let started = Date()
    let progress = Progress(total: plan.count, io: io, enabled: io.stderrIsTerminal && !parsed.has(CommonOptions.quiet))
    // Decoding runs in worker processes; writing, in this one. Over the budget nothing is
    // written: the output is committed only while still wanted.
    let pool = try OptionValues.workers(parsed, io: io, jobs: jobs, command: spec.name)
    defer { pool?.close() }
    var results = BudgetedParallelMap.map(plan, jobs: jobs, seconds: budget, done: progress.tick) { job, token -> SanitizeResult in
      if let conflict = job.conflict { return SanitizeResult(input: job.input, error: conflict) }
      let companion = videoOf[job.input]
      var result = Sanitizer.earlierPair(input: job.input, output: job.output, descriptor: job.descriptor, options: options,
                                         companion: companion)
        ?? render(job, companion: companion, options: options, pool: pool, token: token, budget: budget)
      if let shortened = job.shortened { result.notes.insert(shortened, at: 0) }
      return result
    } overBudget: { job in
      SanitizeResult.notChecked(job.input, reason: "it \(OptionValues.overBudget(budget))")
    }
    progress.finish()
    // The re-checks' findings: redacted unless --reveal, in the report and on stderr alike.
    let reveal = parsed.has(CommonOptions.reveal)
    results = results.map { $0.revealing(reveal) }
    let text = format == "json" ? SanitizeReport.json(results).serialized() + "\n" : SanitizeReport.table(results, style: io.style(OptionValues.colour(parsed)), advice: advice)
    OptionValues.emit(text, parsed: parsed, io: io, forPeople: format == "table", command: spec.name, outcome: &outcome)
    for r in results where r.error != nil { io.message(spec.name, r.error! + advice(r)) }
    // Outputs not written: a write that failed, or one refused before it began (two inputs for
    // one output, an output that would replace an input).
    let refused = plan.filter { $0.conflict != nil }.map(\.output)
    outcome.unwritten += results.compactMap { $0.writeFailure?.path } + refused
    let failedInputs = zip(plan, results).contains { job, r in r.error != nil && r.writeFailure == nil && job.conflict == nil }
    let severities = results.flatMap { $0.findings.map(\.severity) } + (failedInputs ? [.error] : [])
      + (results.contains { $0.gpsRemoved == false } ? [.error] : [])
    outcome.worstFinding = Severity.worst(severities)
    if !parsed.has(CommonOptions.quiet) {
      let seconds = Date().timeIntervalSince(started)
      let bytesIn = results.reduce(0) { $0 + $1.bytesIn }, bytesOut = results.reduce(0) { $0 + $1.bytesOut }
      let written = parsed.value(CommonOptions.output.primary).map { "wrote \($0) and " } ?? ""
      io.message(spec.name, "\(written)\(results.filter { $0.error == nil }.count) of \(ReportText.plural(results.count, "file")) sanitized into \(out), \(bytesIn) → \(bytesOut) bytes, \(String(format: "%.2f", seconds)) s")
    }
    return outcome
  }

  /// Renders `job`'s input (in a worker when there is a pool) and writes its output and
  /// descriptor. A worker stopped over its budget or memory, or crashed, writes nothing: PA015.
  static func render(_ job: OutputNaming.Job, companion: String?, options: SanitizeOptions, pool: WorkerPool?,
                     token: BudgetToken, budget: Double) -> SanitizeResult {
    let prepared: Result<SanitizeRender, SanitizeFailure>
    switch WorkerPool.run(.render(input: job.input, options: options, companion: companion), in: pool, token: token) {
    case .success(.render(let rendered)): prepared = rendered
    case .failure(let stop): return SanitizeResult.notChecked(job.input, reason: OptionValues.stopped(stop, budget: budget))
    case .success: return SanitizeResult.notChecked(job.input, reason: "its worker process answered something else")
    }
    return Sanitizer.commit(prepared, input: job.input, output: job.output, descriptor: job.descriptor, options: options, token: token)
  }

  /// What to do about a failure, when there is something to say: "(use --force to replace it)".
  /// What the user can do about a failure, in this command's options: the one place a
  /// remediation failure becomes advice.
  static func advice(_ r: SanitizeResult) -> String {
    if r.writeFailure?.isExisting == true && r.error?.hasPrefix("cannot write") == true { return " (use --force to replace it)" }
    switch r.remedy {
    case .trimEdges: return " (use --trim to drop the partial edge blocks)"
    case .acceptDamage: return " (--accept-damaged writes what decodes)"
    case nil: return ""
    }
  }

  static func options(_ parsed: ParsedArguments) throws(UsageError) -> SanitizeOptions {
    func fail(_ m: String) -> UsageError { UsageError(command: spec.name, message: m) }
    var o = SanitizeOptions()
    if let name = parsed.value("--profile"), let profile = SanitizeProfile(rawValue: name) { o.profile = profile }
    func number(_ option: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int? {
      guard let text = parsed.value(option) else { return nil }
      guard let n = Int(text), range.contains(n) else { throw fail("\(option) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'") }
      return n
    }
    o.maxSide = try number("--max-side", 1...65500)
    o.quality = try number("--quality", 1...100)
    o.maxKB = try number("--max-kb", 1...1_000_000) ?? o.maxKB
    o.maxPixels = try number("--max-pixels", 1...Int(Int32.max)) ?? o.maxPixels
    if let text = parsed.value("--crop") {
      let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
      guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], x >= 0, y >= 0, w > 0, h > 0 else {
        throw fail("--crop needs x,y,w,h in whole pixels (w and h above 0), not '\(text)'")
      }
      o.crop = PixelRect(x: x, y: y, width: w, height: h)
    }
    o.exactSize = parsed.has("--exact-size")
    o.keepICC = !parsed.has("--no-icc")
    o.fullChroma = parsed.has("--444")
    o.png = parsed.has("--png")
    o.trim = parsed.has("--trim")
    o.force = parsed.has("--force")
    o.acceptDamaged = parsed.has("--accept-damaged")
    if o.profile == .lossless, o.png { throw fail("the lossless profile writes JPEG; drop --png") }
    return o
  }
}
