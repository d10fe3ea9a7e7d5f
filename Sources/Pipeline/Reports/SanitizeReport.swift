import Bytes
/// The sanitize summary (`photoaudit/sanitize/v1`, docs/schema/sanitize-v1.json): one row per
/// input, in input order.
public enum SanitizeReport {
  /// The aligned table; `advice` adds what to do to a failure's reason ("(use --force)"). The
  /// last column is coloured when `style` says so: red for a failure or an error, yellow for
  /// other findings, green for none (TextTable pads by characters, so only the last column).
  public static func table(_ results: [SanitizeResult], style: TextStyle = .plain, advice: (SanitizeResult) -> String = { _ in "" }) -> String {
    let t = SafeText.plain
    return TextTable(headers: ["input", "output", "size", "gps_removed", "findings"], rows: results.map { r in
      let size = r.descriptor.flatMap { d in d["width"]?.intValue.flatMap { w in d["height"]?.intValue.map { "\(w)×\($0)" } } } ?? "—"
      var findings: String
      if let error = r.error {
        findings = style.red("failed: " + t(reason(r, error)) + advice(r))
      } else if r.findings.isEmpty {
        findings = style.green("none")
      } else {
        let text = r.findings.map { "\($0.id.rawValue) \(t($0.evidence))" }.joined(separator: "; ")
        findings = r.findings.contains { $0.severity == .error } || r.gpsRemoved == false ? style.red(text) : style.yellow(text)
      }
      return [t(r.input), r.output.map(t) ?? "—", size, r.gpsRemoved.map { $0 ? "true" : "FALSE" } ?? "—",
              findings + (r.notes.isEmpty ? "" : " (" + t(r.notes.joined(separator: "; ")) + ")")]
    }).render()
  }

  /// A failure without the input's path in front (the row already names it).
  package static func reason(_ r: SanitizeResult, _ error: String) -> String {
    error.hasPrefix(r.input + ": ") ? String(error.dropFirst(r.input.count + 2)) : error
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
