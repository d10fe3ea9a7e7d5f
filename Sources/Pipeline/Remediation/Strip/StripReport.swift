import Bytes
import PhotoCore

/// What `strip` says about its files: a block per file for people, or the
/// `photoaudit/strip/v1` JSON document (docs/schema/strip-v1.json). Both name structures,
/// finding IDs, carriers and tags, never a value.
public enum StripReport {
  public static let schema = "photoaudit/strip/v1"

  /// The word for a status ("would clean" under --dry-run).
  public static func word(_ r: StripResult) -> String {
    switch r.status {
    case .cleaned: r.dryRun ? "would clean" : "cleaned"
    case .unchanged: "clean"
    default: r.status.rawValue
    }
  }

  /// One block per file: the status and path, then what was removed, which leaks went with it,
  /// what was kept, notes, and the reason of a refusal.
  public static func table(_ results: [StripResult], style: TextStyle = .plain) -> String {
    let t = SafeText.plain
    let width = max(9, results.map { word($0).count }.max() ?? 0)
    let indent = String(repeating: " ", count: width + 2)
    var out = ""
    for r in results {
      let status = word(r).padding(toLength: width, withPad: " ", startingAt: 0)
      let coloured = switch r.status {
      case .cleaned: style.yellow(status)
      case .unchanged: style.green(status)
      default: style.red(status)
      }
      var head = t(r.path)
      if let format = r.format { head += " (\(format.rawValue.uppercased())" + (r.bytesAfter != r.bytesBefore ? ", \(r.bytesBefore) → \(r.bytesAfter) bytes)" : ")") }
      out += coloured + "  " + head + "\n"
      func line(_ label: String, _ items: [String]) {
        if !items.isEmpty { out += indent + label + ": " + t(items.joined(separator: "; ")) + "\n" }
      }
      line(r.dryRun ? "would remove" : "removed", r.removed)
      if r.status == .cleaned { line(r.dryRun ? "leaks it would remove" : "leaks removed", r.leaksBefore) }
      line("kept", r.kept)
      line("note", r.notes)
      if let reason = r.reason { out += indent + style.red(t(reason)) + "\n" }
    }
    return out
  }

  /// The end-of-run line: "strip: 3 files: 1 cleaned, 1 clean, 1 refused".
  public static func summary(_ results: [StripResult]) -> String {
    var counts: [(String, Int)] = []
    for r in results {
      let w = word(r)
      if let i = counts.firstIndex(where: { $0.0 == w }) { counts[i].1 += 1 } else { counts.append((w, 1)) }
    }
    return "\(ReportText.plural(results.count, "file")): " + counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
  }

  public static func json(_ results: [StripResult]) -> JSONValue {
    .object([
      ("schema", .string(schema)),
      ("dry_run", .bool(results.first?.dryRun ?? false)),
      ("files", .array(results.map { r in
        .object([
          ("path", .string(r.path)), ("status", .string(r.status.rawValue)),
          ("format", .optional(r.format) { .string($0.rawValue) }),
          ("bytes_before", .int(Int64(r.bytesBefore))), ("bytes_after", .int(Int64(r.bytesAfter))),
          ("removed", .array(r.removed.map { .string($0) })),
          ("leaks_removed", .array((r.status == .cleaned ? r.leaksBefore : []).map { .string($0) })),
          ("kept", .array(r.kept.map { .string($0) })), ("notes", .array(r.notes.map { .string($0) })),
          ("reason", .optional(r.reason) { .string($0) }),
          ("findings", .array(r.findings.map(ReportJSON.finding))),
        ])
      })),
    ])
  }
}
