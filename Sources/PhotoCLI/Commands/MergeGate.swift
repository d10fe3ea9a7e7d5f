import Bytes
import PhotoCore
import Pipeline

/// `merge` with a config and a baseline: each merged file object, in path order, gets its
/// findings' fingerprints again over the merged set (reading the files once more; one that
/// cannot be read here keeps its shard's), the allow entries' decision and the baseline's;
/// entries used are collected over every shard, so "unused" is decided over the merged set.
final class MergeGate {
  let gate: ReportGate
  private var counter = ReportFingerprints.Counter()
  private(set) var baseline: BaselineTally?
  private(set) var used: Set<Int> = []
  private(set) var allowed = 0

  /// Fingerprints are given (the format prints them, or the baseline or an entry by SHA-256
  /// needs the files' digests).
  let fingerprints: Bool

  init(_ gate: ReportGate, format: String, parsed: ParsedArguments) {
    self.gate = gate
    fingerprints = ReportOutput.printsFingerprints(format, parsed) || gate.needsDigests
    baseline = gate.baseline.map { BaselineTally(baseline: $0.baseline) }
  }

  /// The file object with its findings decided again.
  func process(_ object: JSONValue) -> JSONValue {
    guard fingerprints || gate.config != nil, case .object(var members) = object, let index = members.firstIndex(where: { $0.0 == "findings" }),
          let objects = members[index].1.arrayValue, !objects.isEmpty else { return object }
    let parsed = objects.map(ReportJSON.finding)
    var findings = parsed.compactMap { $0 }
    guard findings.count == objects.count else { return object }
    let scanned = ReportJSON.fileReport(object).map(ReportFingerprints.digestable) ?? []
    let digests = fingerprints ? ReportFingerprints.contentDigests(of: scanned, jobs: 1) : [:]
    if fingerprints {
      counter.stamp(&findings, contentDigests: digests)
    }
    used.formUnion(gate.allow(&findings, contentDigests: digests))
    allowed += findings.filter { $0.suppression != nil }.count
    if baseline != nil {
      baseline?.mark(&findings)
    } else {
      for i in findings.indices { findings[i].baseline = nil }
    }
    members[index].1 = .array(findings.map(ReportJSON.finding))
    return .object(members)
  }

  /// The config's own findings (PA020, PA021 over the merged set), fingerprinted by the
  /// config's bytes and against the baseline, as an unsharded run has them. Call once, after
  /// the last file.
  func configFindings() -> [Finding] {
    guard let config = gate.config else { return [] }
    var own = gate.configFindings(used: used)
    if fingerprints {
      counter.stamp(&own, contentDigests: [config.path: config.sha256])
    }
    baseline?.mark(&own)
    return own
  }

  /// What the report says of the config and the baseline.
  var summary: GateSummary {
    GateSummary(config: gate.config.map { GateSummary.ConfigUse(path: $0.path, sha256: $0.sha256) }, allowed: allowed,
                baseline: gate.baseline.flatMap { file in baseline?.summary(path: file.path) })
  }
}
