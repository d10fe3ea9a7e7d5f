import Foundation
import PhotoCore

/// `photoaudit verify OUTPUT... [--descriptor FILE|auto] [--original FILE]`.
enum VerifyCommand: Command {
  static let spec = CommandSpec(
    name: "verify",
    synopsis: "photoaudit verify OUTPUT... [--descriptor FILE|auto] [--original FILE] [--format FORMAT] [--fail-on LEVEL]",
    summary: "Checks each output against its descriptor's claims (gps_removed, width, height, format, size_bytes, crop) and, with an original, its orientation and crop by the pixels. Exit 1 when a finding is at or above --fail-on.",
    options: [
      OptionSpec(names: ["--descriptor", "-d"], valueName: "FILE|auto",
                 help: "the JSON descriptor; 'auto' (default) finds NAME.json or NAME.ext.json beside each output"),
      OptionSpec(names: ["--original"], valueName: "FILE", help: "the original the output was made from (else the descriptor's 'original')"),
      OptionSpec(names: ["--no-pixels"], valueName: nil, help: "skip the pixel comparison (metadata checks only)"),
      CommonOptions.format, CommonOptions.output, CommonOptions.jobs, CommonOptions.failOn, CommonOptions.policy,
      CommonOptions.fileTimeout, CommonOptions.noColor, CommonOptions.quiet,
    ],
    examples: [
      "photoaudit verify upload/IMG_0001.jpg                     # descriptor upload/IMG_0001.json",
      "photoaudit verify out.jpg --descriptor out.json --original IMG_0001.HEIC",
      "photoaudit verify out/*.jpg --format json --fail-on warning > verify.json",
    ],
    minimumPositionals: 1)

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws -> ExitStatus {
    let format = try CommonOptions.reportFormat(parsed, command: spec.name, allowed: ReportOutput.formats)
    let failOn = try ReportOutput.failOn(parsed, command: spec.name)
    let jobs = try CommonOptions.jobs(parsed, command: spec.name)
    var options = AuditOptions()
    options.policy = try ReportOutput.policy(parsed, command: spec.name)
    options.comparePixels = !parsed.has("--no-pixels")
    // HEIF tiles: the cores -j leaves (one output verified alone gets them all).
    options.decodeThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, min(jobs, parsed.positionals.count)))
    let descriptorOption = parsed.value("--descriptor") ?? "auto"
    if descriptorOption != "auto", parsed.positionals.count > 1 {
      throw UsageError(command: spec.name, message: "--descriptor FILE names one descriptor; with several outputs use 'auto'")
    }
    if parsed.has("--original"), parsed.positionals.count > 1 {
      throw UsageError(command: spec.name, message: "--original names one original; verify one output with it")
    }
    let original = parsed.value("--original")
    let budget = try CommonOptions.fileTimeout(parsed, command: spec.name)
    let settings = options
    let descriptorOf: @Sendable (String) -> String? = { output in
      descriptorOption == "auto" ? PairAuditor.descriptorBeside(output) : descriptorOption
    }
    let results = BudgetedParallelMap.map(parsed.positionals, jobs: jobs, seconds: budget) { output, _ in
      PairAuditor.audit(output: output, original: original, descriptor: descriptorOf(output), options: settings).report
    } overBudget: { output in
      FileReport(output: output, original: original, descriptor: descriptorOf(output), findings: [
        Finding(.unreadable, file: output, evidence: "not verified: it \(CommonOptions.overBudget(budget))")])
    }
    let report = AuditReport(command: spec.name, files: results)
    try CommonOptions.emit(ReportOutput.render(report, format: format, io: io, noColor: parsed.has("--no-color"), jobs: jobs), parsed: parsed, io: io)
    return ReportOutput.status(report, failOn: failOn)
  }
}
