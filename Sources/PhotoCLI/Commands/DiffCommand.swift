import Foundation
import PhotoCore

/// `photoaudit diff ORIGINAL OUTPUT`: every tag removed, added or changed, then the verdicts.
enum DiffCommand: Command {
  static let spec = CommandSpec(
    name: "diff",
    synopsis: "photoaudit diff ORIGINAL OUTPUT [--format table|json|markdown] [--fail-on LEVEL]",
    summary: "Tag-by-tag diff of an original and its processed output, grouped by carrier, then the verdicts: GPS, orientation by tags and by pixels, displayed size and scale, crop, format, ICC, identifying fields left.",
    options: [
      OptionSpec(names: ["--descriptor", "-d"], valueName: "FILE", help: "also check this descriptor's claims"),
      OptionSpec(names: ["--no-pixels"], valueName: nil, help: "skip the pixel comparison"),
      CommonOptions.format, CommonOptions.output, CommonOptions.failOn, CommonOptions.policy, CommonOptions.noColor,
    ],
    examples: [
      "photoaudit diff IMG_0001.HEIC upload/IMG_0001.jpg",
      "photoaudit diff original.jpg processed.jpg --format markdown >> pr-comment.md",
    ],
    minimumPositionals: 2)

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws -> ExitStatus {
    let format = try CommonOptions.reportFormat(parsed, command: spec.name, allowed: ["table", "json", "markdown"])
    guard parsed.positionals.count == 2 else {
      throw UsageError(command: spec.name, message: "takes exactly two files, ORIGINAL and OUTPUT")
    }
    let failOn = try ReportOutput.failOn(parsed, command: spec.name)
    var options = AuditOptions()
    options.policy = try ReportOutput.policy(parsed, command: spec.name)
    options.comparePixels = !parsed.has("--no-pixels")
    options.decodeThreads = ProcessInfo.processInfo.activeProcessorCount  // one pair: HEIF tiles on every core
    let result = PairAuditor.audit(output: parsed.positionals[1], original: parsed.positionals[0],
                                   descriptor: parsed.value("--descriptor"), options: options)
    guard let original = result.original, original.error == nil, result.output.error == nil else {
      for f in result.report.findings where f.id == .unreadable { io.writeError("photoaudit diff: \(f.file): \(f.evidence)\n") }
      if format == "json" {
        try CommonOptions.emit(DiffReport.json(result.report, diff: nil, original: result.original, output: result.output).serialized() + "\n", parsed: parsed, io: io)
      }
      return .unreadable
    }
    let diff = TagDiff.between(original, result.output)
    let text: String
    switch format {
    case "json": text = DiffReport.json(result.report, diff: diff, original: original, output: result.output).serialized() + "\n"
    case "markdown": text = DiffReport.markdown(result.report, diff: diff, original: original, output: result.output)
    default: text = DiffReport.table(result.report, diff: diff, original: original, output: result.output,
                                     style: io.style(noColor: parsed.has("--no-color")))
    }
    try CommonOptions.emit(text, parsed: parsed, io: io)
    return ReportOutput.status(AuditReport(command: spec.name, files: [result.report]), failOn: failOn)
  }
}
