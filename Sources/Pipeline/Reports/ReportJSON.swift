import Bytes
import PhotoCore
/// The `photoaudit/report/v1` JSON document (docs/schema/report-v1.json) and its JSONL form.
public enum ReportJSON {
  public static let schema = "photoaudit/report/v1"

  /// With `jobs` > 1 the file objects of a long report are built on that many threads (the
  /// serial tail of a batch); the document is the same.
  public static func document(_ report: AuditReport, jobs: Int = 1) -> JSONValue {
    let all = report.files
    var files: [JSONValue]
    if jobs > 1, all.count >= JSONValue.parallelArrayLength {
      let chunk = (all.count + jobs - 1) / jobs
      let ranges = stride(from: 0, to: all.count, by: chunk).map { $0..<min($0 + chunk, all.count) }
      files = []
      files.reserveCapacity(all.count)
      for piece in ParallelMap.map(ranges, jobs: jobs, { all[$0].map(file) }) { files += piece }
    } else {
      files = all.map(file)
    }
    return document(command: report.command, files: files, unpairedOriginals: report.unpairedOriginals, gate: report.gate)
  }

  /// The document from file objects (as `merge` reads them from JSONL shards): files sorted by
  /// output path, the summary computed from them, so every way of producing a report over the
  /// same files gives the same bytes.
  public static func document(command: String, files: [JSONValue], unpairedOriginals: [String], gate: GateSummary? = nil) -> JSONValue {
    let sorted = files.sorted { PathOrder.less($0["output"]?.stringValue ?? "", $1["output"]?.stringValue ?? "") }
    let findings = sorted.flatMap { $0["findings"]?.arrayValue ?? [] }
    var members: [(String, JSONValue)] = [
      ("schema", .string(schema)),
      ("command", .string(command)),
      ("summary", summary(files: sorted, findings: findings, unpaired: unpairedOriginals.count)),
    ]
    // The config and baseline in effect (only then present).
    members += gateMembers(gate)
    return .object(members + [
      ("files", .array(sorted)),
      ("unpaired_originals", .array(unpairedOriginals.sorted(by: PathOrder.less).map { .string($0) })),
      ("findings", .array(findings)),
    ])
  }

  package static func summary(files: [JSONValue], findings: [JSONValue], unpaired: Int) -> JSONValue {
    // One pass over the findings: counts by (id, severity), from which the others are summed.
    var tally: [FindingID: [Severity: Int]] = [:]
    for f in findings {
      guard let id = f["id"]?.stringValue.flatMap(FindingID.init(rawValue:)),
            let severity = f["severity"]?.stringValue.flatMap(Severity.init(rawValue:)) else { continue }
      tally[id, default: [:]][severity, default: 0] += 1
    }
    let severities = Array(Severity.allCases.reversed())
    return .object([
      ("files", .int(Int64(files.count))),
      ("pairs", .int(Int64(files.filter { ($0["original"] ?? .null) != .null }.count))),
      ("unpaired_originals", .int(Int64(unpaired))),
      ("findings", .int(Int64(findings.count))),
      ("by_severity", .object(severities.map { s in (s.rawValue, .int(Int64(tally.values.reduce(0) { $0 + ($1[s] ?? 0) }))) })),
      ("by_id", .object(FindingID.allCases.compactMap { id in
        tally[id].map { (id.rawValue, .int(Int64($0.values.reduce(0, +)))) }
      })),
      // Severity is per finding: the counts a summary table shows are by (id, severity).
      ("by_id_severity", .array(FindingID.allCases.flatMap { id in
        severities.compactMap { severity -> JSONValue? in
          guard let n = tally[id]?[severity] else { return nil }
          return .object([("id", .string(id.rawValue)), ("severity", .string(severity.rawValue)), ("count", .int(Int64(n)))])
        }
      })),
      ("files_with_gps", .int(Int64(files.filter { !($0["gps_carriers"]?.arrayValue ?? []).isEmpty }.count))),
    ])
  }


  public static func file(_ f: FileReport) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("output", .string(f.output)),
      ("original", .optional(f.original) { .string($0) }),
      ("descriptor", .optional(f.descriptor) { .string($0) }),
      ("format", .optional(f.format) { .string($0.rawValue) }),
      ("displayed", .optional(f.displayed, InspectJSON.size)),
      ("gps_carriers", .array(f.gpsCarriers.map { .string($0) })),
      ("gps_removed", .bool(f.gpsRemoved)),
      ("verdicts", verdicts(f.pixels)),
      ("findings", .array(f.findings.map(finding))),
    ]
    // A Live Photo: the video read with the still, one item with it (only then present).
    if let video = f.livePhotoVideo { members.insert(("live_photo_video", .string(video)), at: 3) }
    // Sidecars read with the output (only then present).
    if !f.sidecars.isEmpty {
      members.insert(("sidecars", .array(f.sidecars.map { .string($0) })), at: f.livePhotoVideo == nil ? 3 : 4)
    }
    // A git blob (audit --git, --staged): where history holds it (only then present).
    if let git = f.git { members.insert(("git", gitOrigin(git)), at: 1) }
    return .object(members)
  }

  /// The `git` member of a blob's file object; the content digest is not written.
  static func gitOrigin(_ g: GitBlobOrigin) -> JSONValue {
    .object([("commit", .optional(g.commit) { .string($0) }), ("path", .string(g.path)), ("blob", .string(g.blob)),
             ("paths_count", .int(Int64(g.paths.count))),
             ("paths", .array(g.paths.map { .string($0) })), ("commits_count", .int(Int64(g.commitsCount)))])
  }

  public static func verdicts(_ p: PixelVerdicts?) -> JSONValue {
    guard let p else { return .null }
    var members: [(String, JSONValue)] = [
      ("orientation", .optional(p.orientation) { v in
        .object([("verdict", .string(v.kind.rawValue)), ("displayed_as", .int(Int64(v.displayedAs.rawValue))),
                 ("score", .number(rounded(v.score))), ("margin", .number(rounded(v.margin))), ("summary", .string(v.summary))])
      }),
      ("crop", .optional(p.crop) { c in
        .object([("claimed", .optional(c.claimed, rect)), ("claimed_score", .number(rounded(c.claimedScore))),
                 ("estimated", .optional(c.estimated, rect)), ("estimated_score", .number(rounded(c.estimatedScore))),
                 ("matches", .bool(c.matches))])
      }),
      ("thumbnail", .optional(p.thumbnail) { t in
        .object([("matches", .bool(t.matches)), ("score", .number(rounded(t.score))), ("detail", .string(t.detail))])
      }),
      ("problem", .optional(p.problem) { .string($0) }),
    ]
    // More than one preview compared: each one, named (only then present; `thumbnail` sums them up).
    if p.thumbnails.count > 1 {
      members.insert(("previews", .array(p.thumbnails.map { t in
        .object([("path", .string(t.path)), ("role", .optional(t.role) { .string($0) }), ("matches", .bool(t.matches)),
                 ("score", .number(rounded(t.score))), ("detail", .string(t.detail))])
      })), at: 3)
    }
    return .object(members)
  }

  static func rect(_ r: PixelRect) -> JSONValue {
    .object([("x", .int(Int64(r.x))), ("y", .int(Int64(r.y))), ("width", .int(Int64(r.width))), ("height", .int(Int64(r.height)))])
  }

  /// Scores to 3 decimals, so reports do not churn on the last bits of a float.
  static func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

  /// A finding object: `evidence` as the finding has it (redacted unless `--reveal` revealed it),
  /// `fingerprint` when it hides values, and `redacted_evidence` when its evidence shows them
  /// (so a reader can redact it again). The values a redacted finding carries in memory
  /// (`revealedEvidence`) are never written.
  public static func finding(_ f: Finding) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(f.id.rawValue)),
      ("name", .string(f.id.name)),
      ("severity", .string(f.severity.rawValue)),
      ("file", .string(f.file)),
      ("carrier", .optional(f.carrier) { .string($0) }),
      ("tag", .optional(f.tag) { .string($0) }),
      ("evidence", .string(f.evidence)),
    ]
    if let fingerprint = f.fingerprint { members.append(("fingerprint", .string(fingerprint))) }
    if let redacted = f.redactedEvidence { members.append(("redacted_evidence", .string(redacted))) }
    // What the config and baseline decided (docs/config.md), when they were in effect.
    if let print = f.reportFingerprint { members.append(("fingerprints", .object([(ReportFingerprints.recipe, .string(print))]))) }
    if let s = f.suppression {
      members.append(("suppression", .object([("kind", .string("allow")), ("reason", .string(s.reason)), ("entry", .string(s.entry)),
                                              ("expires", .optional(s.expires) { .string($0) })])))
    }
    if let state = f.baseline { members.append(("baseline", .string(state.rawValue))) }
    return .object(members)
  }
}

extension ReportJSON {
  /// The run's config and baseline, when in effect: `config` {path, sha256, allowed} and
  /// `baseline` {path, matched, new, absent} (the JSON report's members, SARIF's run properties).
  static func gateMembers(_ gate: GateSummary?) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = []
    if let config = gate?.config {
      members.append(("config", .object([("path", .string(config.path)), ("sha256", .string(config.sha256)),
                                         ("allowed", .int(Int64(gate?.allowed ?? 0)))])))
    }
    if let baseline = gate?.baseline {
      members.append(("baseline", .object([("path", .string(baseline.path)), ("matched", .int(Int64(baseline.matched))),
                                           ("new", .int(Int64(baseline.new))), ("absent", .int(Int64(baseline.absent)))])))
    }
    return members
  }
}
