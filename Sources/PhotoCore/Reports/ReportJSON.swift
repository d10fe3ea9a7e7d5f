/// The `photoaudit/report/v1` JSON document (docs/schema/report-v1.json) and its JSONL form.
public enum ReportJSON {
  public static let schema = "photoaudit/report/v1"

  public static func document(_ report: AuditReport) -> JSONValue {
    .object([
      ("schema", .string(schema)),
      ("command", .string(report.command)),
      ("summary", summary(report)),
      ("files", .array(report.files.map(file))),
      ("unpaired_originals", .array(report.unpairedOriginals.map { .string($0) })),
      ("findings", .array(report.findings.map(finding))),
    ])
  }

  /// One line per file: the file object with the schema name, for streaming and `merge`.
  public static func lines(_ report: AuditReport) -> String {
    var out = report.files.map { f -> String in
      guard case .object(let members) = file(f) else { return "" }
      return JSONValue.object([("schema", .string(schema)), ("type", .string("file"))] + members).serialized(pretty: false) + "\n"
    }.joined()
    for original in report.unpairedOriginals {
      out += JSONValue.object([("schema", .string(schema)), ("type", .string("unpaired_original")), ("original", .string(original))])
        .serialized(pretty: false) + "\n"
    }
    return out
  }

  public static func summary(_ report: AuditReport) -> JSONValue {
    .object([
      ("files", .int(Int64(report.files.count))),
      ("pairs", .int(Int64(report.files.filter { $0.original != nil }.count))),
      ("unpaired_originals", .int(Int64(report.unpairedOriginals.count))),
      ("findings", .int(Int64(report.findings.count))),
      ("by_severity", .object(Severity.allCases.reversed().map { ($0.rawValue, .int(Int64(report.count($0)))) })),
      ("by_id", .object(report.countsByID.map { ($0.0.rawValue, .int(Int64($0.1))) })),
      ("files_with_gps", .int(Int64(report.files.filter { !$0.gpsCarriers.isEmpty }.count))),
    ])
  }

  public static func file(_ f: FileReport) -> JSONValue {
    .object([
      ("output", .string(f.output)),
      ("original", .optional(f.original) { .string($0) }),
      ("descriptor", .optional(f.descriptor) { .string($0) }),
      ("format", .optional(f.format) { .string($0.rawValue) }),
      ("displayed", .optional(f.displayed, InspectJSON.size)),
      ("gps_carriers", .array(f.gpsCarriers.map { .string($0) })),
      ("gps_removed", .bool(f.gpsCarriers.isEmpty)),
      ("verdicts", verdicts(f.pixels)),
      ("findings", .array(f.findings.map(finding))),
    ])
  }

  public static func verdicts(_ p: PixelVerdicts?) -> JSONValue {
    guard let p else { return .null }
    return .object([
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
    ])
  }

  static func rect(_ r: PixelRect) -> JSONValue {
    .object([("x", .int(Int64(r.x))), ("y", .int(Int64(r.y))), ("width", .int(Int64(r.width))), ("height", .int(Int64(r.height)))])
  }

  /// Scores to 3 decimals, so reports do not churn on the last bits of a float.
  static func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

  public static func finding(_ f: Finding) -> JSONValue {
    .object([
      ("id", .string(f.id.rawValue)),
      ("name", .string(f.id.name)),
      ("severity", .string(f.severity.rawValue)),
      ("file", .string(f.file)),
      ("carrier", .optional(f.carrier) { .string($0) }),
      ("tag", .optional(f.tag) { .string($0) }),
      ("evidence", .string(f.evidence)),
    ])
  }
}
