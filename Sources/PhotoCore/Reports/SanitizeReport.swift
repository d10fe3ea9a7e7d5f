/// The sanitize summary: one row per input, in input order.
public enum SanitizeReport {
  public static func table(_ results: [SanitizeResult]) -> String {
    TextTable(headers: ["input", "output", "size", "gps_removed", "findings"], rows: results.map { r in
      let size = r.descriptor.flatMap { d in d["width"]?.intValue.flatMap { w in d["height"]?.intValue.map { "\(w)×\($0)" } } } ?? "—"
      let findings = r.error.map { "failed: \($0)" }
        ?? (r.findings.isEmpty ? "none" : r.findings.map { "\($0.id.rawValue) \($0.evidence)" }.joined(separator: "; "))
      return [r.input, r.output ?? "—", size, r.gpsRemoved.map { $0 ? "true" : "FALSE" } ?? "—", findings + (r.notes.isEmpty ? "" : " (" + r.notes.joined(separator: "; ") + ")")]
    }).render()
  }

  public static func json(_ results: [SanitizeResult]) -> JSONValue {
    .object([
      ("schema", .string("photoaudit/sanitize/v1")),
      ("files", .array(results.map { r in
        .object([
          ("input", .string(r.input)), ("output", .optional(r.output) { .string($0) }),
          ("descriptor_path", .optional(r.descriptorPath) { .string($0) }), ("descriptor", r.descriptor ?? .null),
          ("gps_removed", .optional(r.gpsRemoved) { .bool($0) }), ("bytes_in", .int(Int64(r.bytesIn))),
          ("bytes_out", .int(Int64(r.bytesOut))), ("notes", .array(r.notes.map { .string($0) })),
          ("findings", .array(r.findings.map(ReportJSON.finding))), ("error", .optional(r.error) { .string($0) }),
        ])
      })),
    ])
  }
}
