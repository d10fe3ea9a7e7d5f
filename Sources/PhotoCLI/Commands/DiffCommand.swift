import Bytes
import Foundation
import PhotoCore
import Pipeline
import Platform

/// `photoaudit diff ORIGINAL OUTPUT`: every tag removed, added or changed, then the verdicts.
enum DiffCommand: Command {
  static let spec = CommandSpec(
    name: "diff",
    arguments: "ORIGINAL OUTPUT",
    summary: "tag-by-tag diff of an original and its output, then verdicts: GPS, orientation, size, crop, ICC",
    description: """
      Tag-by-tag diff of an original and its processed output, grouped by carrier, then the verdicts: GPS, orientation by the tags and by the pixels, displayed size and scale, crop, format, ICC profile, identifying fields left; then the findings.
      Reports are redacted: findings name the carrier, tag and offset and show ‹redacted #fingerprint› for coordinates, altitude, GPS time, place names, serial numbers, owner names and prompts, in every format and on stderr; --reveal shows the values.
      Exit 1 when a finding is at or above --fail-on, 3 when nothing of either file can be read (a file read in part gives its findings).
      """,
    options: [
      .value(["--descriptor", "-d"], "FILE", "also check this descriptor's claims (gps_removed, width, height, format, size_bytes, crop)", completion: .file),
      CommonOptions.noPixels, CommonOptions.maxPixels,
      CommonOptions.format(["table", "json", "markdown"]), CommonOptions.output, CommonOptions.failOn, CommonOptions.policy,
      CommonOptions.reveal, CommonOptions.config, CommonOptions.noConfig,
    ] + CommonOptions.colour,
    examples: [
      Example("photoaudit diff IMG_0001.HEIC upload/IMG_0001.jpg", "what the pipeline changed"),
      Example("photoaudit diff photo.jpg photo-rotated.jpg --format markdown >> pr-comment.md", "for a pull request: this output was not rotated",
              exit: .findings),
    ],
    positionals: 2...2)

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome {
    let format = OptionValues.format(parsed, spec: spec)
    var options = AuditOptions()
    // The config's policy and allow entries; one pair is not a run to judge entries unused by.
    var gate = try OptionValues.gate(parsed, io: io, command: spec.name)
    gate.reportUnused = false
    options.policy = try OptionValues.policy(parsed, gate: gate, command: spec.name)
    options.comparePixels = !parsed.has(CommonOptions.noPixels)
    options.maxPixels = try OptionValues.maxPixels(parsed, command: spec.name)
    options.decodeThreads = ProcessInfo.processInfo.activeProcessorCount  // one pair: HEIF tiles on every core
    let (originalPath, outputPath) = (parsed.positionals[0], parsed.positionals[1])
    var outcome = Outcome(missingInputs: parsed.positionals.filter { !InputSelection.exists($0) }, failOn: OptionValues.failOn(parsed))
    var result = PairAuditor.audit(output: outputPath, original: originalPath, descriptor: parsed.value("--descriptor"), options: options)
    // Findings and the tag values beside each other: redacted unless --reveal (SecretTags).
    let reveal = parsed.has(CommonOptions.reveal)
    result.report = result.report.revealing(reveal)
    let digests = gate.needsDigests ? ReportFingerprints.contentDigests(of: ReportFingerprints.digestable(result.report), jobs: 2) : [:]
    _ = gate.allow(&result.report.findings, contentDigests: digests)
    result.report.findings += gate.configFindings(used: [])
    outcome.worstFinding = result.report.worst
    // The table and Markdown leave out what the config allows, and count it; JSON keeps it, marked.
    let allowed = result.report.findings.filter { $0.suppression != nil }.count
    var shown = result
    if format != "json" { shown.report.findings.removeAll { $0.suppression != nil } }
    let note = gate.config.map { "\n" + ReportText.plural(allowed, "finding") + " allowed by " + $0.path + "\n" } ?? ""
    let text: String
    // A file read in part (its PA013 among the findings) is diffed for what was read; one of
    // which nothing could be read leaves nothing to diff.
    if let original = result.original, !original.nothingRead, !result.output.nothingRead {
      let diff = TagDiff.between(original, result.output).revealing(reveal)
      switch format {
      case "json": text = DiffReport.json(result.report, diff: diff, original: original, output: result.output).serialized() + "\n"
      case "markdown": text = DiffReport.markdown(shown.report, diff: diff, original: original, output: result.output) + SafeText.markdown(note)
      default: text = DiffReport.table(shown.report, diff: diff, original: original, output: result.output,
                                       style: io.style(OptionValues.colour(parsed))) + note
      }
    } else {
      // Nothing to diff: the reason on stderr, and JSON still a complete document.
      for f in result.report.findings where f.id == .unreadable { io.message(spec.name, "\(f.file): \(f.evidence)") }
      outcome.unreadableInputs = [result.original, result.output].compactMap { $0 }.filter(\.nothingRead).map(\.path)
      text = format == "json" ? DiffReport.json(result.report, diff: nil, original: result.original, output: result.output).serialized() + "\n" : ""
    }
    if !text.isEmpty { OptionValues.emit(text, parsed: parsed, io: io, forPeople: format != "json", command: spec.name, outcome: &outcome) }
    return outcome
  }
}
