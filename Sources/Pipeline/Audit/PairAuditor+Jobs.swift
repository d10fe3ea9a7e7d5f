import PhotoCore
extension PairAuditor {
  /// Audits one batch job: a job with a `problem` is PA013 without reading anything; the others
  /// are audited with their original and descriptor.
  public static func audit(_ job: AuditJob, options: AuditOptions = AuditOptions()) -> FileReport {
    if let problem = job.problem {
      let output = PhotoMetadata(path: job.output, error: problem)
      let findings = CheckRegistry.run(CheckSubject(output: output), policy: options.policy)
      return FileReport(output: job.output, original: job.original, descriptor: job.descriptor, findings: findings)
    }
    return audit(output: job.output, original: job.original, descriptor: job.descriptor, options: options,
                 companion: job.companion, sidecars: job.sidecars).report
  }

  /// The report of a job given up on (its time budget ran out): PA015 naming what was not
  /// checked, with the policy applied. `reason` says why, for users ("it took longer than …").
  public static func notChecked(_ job: AuditJob, reason: String, options: AuditOptions = AuditOptions()) -> FileReport {
    var parts = ["metadata carriers (GPS included)", "the byte map"]
    if job.descriptor != nil { parts.append("the descriptor's claims") }
    if !job.sidecars.isEmpty { parts.append("its sidecars") }
    if options.comparePixels { parts.append("pixels (orientation, crop, thumbnail)") }
    var output = PhotoMetadata(path: job.output)
    output.incomplete = [IncompleteCheck(scope: "file", reason: "\(reason); no verdict: \(parts.joined(separator: ", ")) not checked")]
    let findings = CheckRegistry.run(CheckSubject(output: output), policy: options.policy)
    return FileReport(output: job.output, original: job.original, descriptor: job.descriptor, findings: findings)
  }
}
