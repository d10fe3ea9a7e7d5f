import Bytes
import Foundation

/// The byte map as a report: the `map` member of `inspect --map --format json` (documented in
/// docs/schema/inspect-v1.json) and the aligned table of `inspect --map`.
public enum ByteMapReport {
  /// The `map` JSON object: sizes, accounted fraction, every region, warnings. With `redact`
  /// (`inspect --redact`), the text excerpts of regions show their markers.
  public static func json(_ map: ByteMap, redact: Bool = false) -> JSONValue {
    .object([
      ("format", .optional(map.format) { .string($0.rawValue) }),
      ("file_size", .int(Int64(map.fileSize))),
      ("accounted_bytes", .int(Int64(map.accountedBytes))),
      ("accounted_fraction", .number(map.accountedFraction)),
      ("fully_accounted", .bool(map.isFullyAccounted)),
      ("regions", .array(map.regions.map { region($0, redact: redact) })),
      ("documents", .array(map.documents.map(document))),
      ("warnings", .array(map.warnings.map { .string($0) })),
    ])
  }

  package static func document(_ d: ByteMap.Document) -> JSONValue {
    .object([
      ("path", .string(d.path)),
      ("origin", .string(d.origin.rawValue)),
      ("format", .string(d.format)),
      ("role", .optional(d.role) { .string($0) }),
      ("ranges", .array(d.ranges.map { .object([("offset", .int(Int64($0.lowerBound))), ("length", .int(Int64($0.count)))]) })),
    ])
  }

  package static func region(_ r: ByteRegion, redact: Bool = false) -> JSONValue {
    .object([
      ("offset", .int(Int64(r.offset))),
      ("length", .int(Int64(r.length))),
      ("path", .array(r.path.map { .string($0) })),
      ("kind", .string(r.kind.rawValue)),
      ("note", .optional(r.note) { .string($0) }),
      ("content", .optional(r.content) { c in
        .object([("kind", .string(c.kind.rawValue)), ("at", .int(Int64(c.at))), ("description", .string(redact ? c.evidence.redacted : c.description))])
      }),
    ])
  }

  /// "99.87 % accounted (3310 of 3378 bytes); 1 unaccounted region (68 bytes)".
  public static func summary(_ map: ByteMap) -> String {
    var text = "\(percent(map.accountedFraction)) accounted (\(map.accountedBytes) of \(map.fileSize) bytes)"
    let unaccounted = map.unaccounted
    if !unaccounted.isEmpty {
      let count = unaccounted.count
      text += "; \(count) unaccounted region\(count == 1 ? "" : "s") (\(map.unaccountedBytes) bytes)"
    }
    let opaque = map.opaque.count
    if opaque > 0 { text += "; \(opaque) opaque structure\(opaque == 1 ? "" : "s")" }
    return text
  }

  /// The map as an aligned table (offset, length, kind, structure path, notes), indented.
  public static func table(_ map: ByteMap, style: TextStyle = .plain, indent: Int = 2, redact: Bool = false) -> String {
    let rows = map.regions.map { r -> [String] in
      var notes = [r.note, r.content.map { redact ? $0.evidence.redacted : $0.description }].compactMap { $0 }
      if r.kind != .structure, r.content?.isHiddenPayload == true { notes = notes.map(style.red) }
      // Colour only in the last column: TextTable pads by character count, escapes included.
      let kind = r.kind == .structure ? "" : r.kind == .opaque ? "opaque" : "UNACCOUNTED"
      return [String(r.offset), String(r.length), kind, r.pathText, notes.joined(separator: "; ")]
    }
    return TextTable(headers: ["offset", "length", "kind", "structure", "notes"], rows: rows).render(indent: indent)
  }

  /// Two decimals, but never "100.00 %" for a map with any unaccounted byte (nor "0.00 %" for
  /// one with any accounted byte).
  static func percent(_ fraction: Double) -> String {
    var value = (fraction * 10_000).rounded() / 100
    if value >= 100, fraction < 1 { value = 99.99 }
    if value <= 0, fraction > 0 { value = 0.01 }
    return String(format: "%.2f %%", value)
  }
}
