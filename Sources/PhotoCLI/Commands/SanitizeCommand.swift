import Foundation
import PhotoCore

/// `photoaudit sanitize INPUT... --out DIR`: the normalize-and-strip pipeline, done right.
enum SanitizeCommand: Command {
  static let spec = CommandSpec(
    name: "sanitize",
    synopsis: "photoaudit sanitize INPUT... --out DIR [--profile NAME] [--max-side N] [--quality Q] [--crop x,y,w,h] ...",
    summary: """
      Orients, crops, resizes, strips and re-encodes each input (files, or directories walked recursively), writes DIR/NAME.jpg and an honest descriptor DIR/NAME.json whose gps_removed comes from re-reading the output, then verifies the result. Exit 1 if any output still carries GPS or fails verification.
      Profiles: \(SanitizeProfile.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")).
      """,
    options: [
      OptionSpec(names: ["--out"], valueName: "DIR", help: "output directory (created if missing)"),
      OptionSpec(names: ["--profile"], valueName: "NAME", help: "picker-2048 (default), upload-1024, fit-2000x1500, heic-to-jpeg, lossless"),
      OptionSpec(names: ["--max-side"], valueName: "N", help: "long side at most N px (a bound, never an upscale)"),
      OptionSpec(names: ["--quality"], valueName: "Q", help: "JPEG quality 1–100 (default from the profile)"),
      OptionSpec(names: ["--crop"], valueName: "x,y,w,h", help: "crop in the input's displayed (upright) pixels"),
      OptionSpec(names: ["--exact-size"], valueName: nil, help: "always resample to exactly the fitted size"),
      OptionSpec(names: ["--no-icc"], valueName: nil, help: "drop the ICC profile too (default: keep it)"),
      OptionSpec(names: ["--444"], valueName: nil, help: "4:4:4 chroma instead of 4:2:0"),
      OptionSpec(names: ["--png"], valueName: nil, help: "write PNG instead of JPEG"),
      OptionSpec(names: ["--max-kb"], valueName: "KB", help: "upload-1024: lower the quality until the file is at most KB KiB (default 150)"),
      OptionSpec(names: ["--trim"], valueName: nil, help: "lossless: drop partial edge MCUs instead of refusing"),
      OptionSpec(names: ["--force"], valueName: nil, help: "replace existing outputs"),
      OptionSpec(names: ["--accept-damaged"], valueName: nil, help: "sanitize inputs whose pixels do not decode cleanly (truncated, corrupt) instead of refusing them; the report keeps a PA016 finding"),
      OptionSpec(names: ["--max-pixels"], valueName: "N", help: "refuse inputs over N pixels (default 200000000)"),
      OptionSpec(names: ["--follow-symlinks"], valueName: nil, help: "follow symbolic links when walking directories"),
      CommonOptions.jobs, CommonOptions.fileTimeout, CommonOptions.quiet, CommonOptions.format,
    ],
    examples: [
      "photoaudit sanitize IMG_0001.HEIC --out upload/",
      "photoaudit sanitize originals/ --out out/ --profile upload-1024 --max-kb 120 -j 2",
      "photoaudit sanitize photo.jpg --out out/ --crop 100,200,1500,2000 --max-side 1024",
      "photoaudit sanitize scan.jpg --out out/ --profile lossless --trim",
    ],
    minimumPositionals: 1)

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws -> ExitStatus {
    let format = try CommonOptions.reportFormat(parsed, command: spec.name, allowed: ["table", "json"])
    guard let out = parsed.value("--out") else { throw UsageError(command: spec.name, message: "--out DIR is required") }
    var configured = try options(parsed)
    let jobs = try CommonOptions.jobs(parsed, command: spec.name)
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      throw UsageError(command: spec.name, message: "cannot create --out \(out): \(error.localizedDescription)")
    }
    let listing = DirectoryWalker.list(parsed.positionals, followSymlinks: parsed.has("--follow-symlinks"))
    let plan = OutputNaming.plan(listing.files, out: out, png: configured.png)
    // Cores that -j leaves idle (fewer files than jobs, say one photo) go to each image's resize.
    let filesAtOnce = max(1, min(jobs, plan.count))
    configured.threadsPerImage = max(1, ProcessInfo.processInfo.activeProcessorCount / filesAtOnce)
    let options = configured
    let started = Date()
    let progress = Progress(total: plan.count, io: io, enabled: io.stderrIsTerminal && !parsed.has("--quiet"))
    let budget = try CommonOptions.fileTimeout(parsed, command: spec.name)
    // Over the budget nothing is written: the output is committed only while still wanted.
    let results = BudgetedParallelMap.map(plan, jobs: jobs, seconds: budget, done: progress.tick) { job, token -> SanitizeResult in
      if let conflict = job.conflict { return SanitizeResult(input: job.input, error: conflict) }
      return Sanitizer.sanitize(input: job.input, output: job.output, descriptor: job.descriptor, options: options, token: token)
    } overBudget: { job in
      SanitizeResult(input: job.input, error: "\(job.input): not sanitized, nothing written: it \(CommonOptions.overBudget(budget))")
    }
    progress.finish()
    let text = format == "json" ? SanitizeReport.json(results).serialized() + "\n" : SanitizeReport.table(results)
    io.write(text)
    for (path, reason) in listing.skipped { io.writeError("photoaudit sanitize: skipped \(path): \(reason)\n") }
    for r in results where r.error != nil { io.writeError("photoaudit sanitize: \(r.error!)\n") }
    if !parsed.has("--quiet") {
      let seconds = Date().timeIntervalSince(started)
      let bytesIn = results.reduce(0) { $0 + $1.bytesIn }, bytesOut = results.reduce(0) { $0 + $1.bytesOut }
      io.writeError("photoaudit sanitize: \(results.filter { $0.error == nil }.count)/\(results.count) file(s), \(bytesIn) → \(bytesOut) bytes, \(String(format: "%.2f", seconds)) s\n")
    }
    let failed = results.contains { $0.error != nil || $0.gpsRemoved == false || $0.findings.contains { $0.severity >= .error } }
    return failed ? .findings : .ok
  }

  static func options(_ parsed: ParsedArguments) throws(UsageError) -> SanitizeOptions {
    func fail(_ m: String) -> UsageError { UsageError(command: spec.name, message: m) }
    var o = SanitizeOptions()
    if let name = parsed.value("--profile") {
      guard let p = SanitizeProfile(rawValue: name) else {
        throw fail("unknown --profile '\(name)' (\(SanitizeProfile.allCases.map(\.rawValue).joined(separator: ", ")))")
      }
      o.profile = p
    }
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
