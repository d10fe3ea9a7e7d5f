import Bytes
import PhotoCore
/// The JSONL form of a report, written while the batch runs (SPEC "Scale",
/// docs/schema/report-v1-record.json): a first `shard` record saying which run wrote it, one
/// `file` record per input in path order, the `unpaired_original` records, and an `end` record
/// with the counts. A stream without its end record did not finish; `merge` refuses it and
/// `--resume` completes it.
public enum ReportStream {
  /// What the `shard` record says: enough to tell whether two streams may be merged (or one
  /// resumed) — the same command, tool version, policy and checks; a different shard.
  public struct Header: Sendable, Equatable {
    public var command: String
    /// K/N of a sharded run; nil for a run over all of its inputs.
    public var shard: Shard?
    /// "photoaudit 0.2.0".
    public var tool: String
    /// `policyDigest` of the policy in effect.
    public var policy: String
    /// Pixels compared (no `--no-pixels`).
    public var pixels: Bool
    /// `--max-pixels`.
    public var maxPixels: Int
    /// `--reveal`: the file records hold values beside their redacted evidence. Written only
    /// when true (`"reveal": true`); a record without it was written redacted.
    public var reveal: Bool
    /// `--fingerprints`: the file records' findings carry their `photoaudit/v1` fingerprint.
    /// Written only when true (`"fingerprints": true`).
    public var fingerprints: Bool

    public init(command: String, shard: Shard?, tool: String, policy: String, pixels: Bool, maxPixels: Int, reveal: Bool = false,
                fingerprints: Bool = false) {
      self.command = command
      self.shard = shard
      self.tool = tool
      self.policy = policy
      self.pixels = pixels
      self.maxPixels = maxPixels
      self.reveal = reveal
      self.fingerprints = fingerprints
    }

    /// The header of a record read back; nil when it is not a valid `shard` record.
    public init?(_ record: JSONValue) {
      guard record["type"]?.stringValue == "shard", let command = record["command"]?.stringValue,
            let tool = record["tool"]?.stringValue, let policy = record["policy"]?.stringValue,
            let pixels = record["checks"]?["pixels"]?.boolValue, let maxPixels = record["checks"]?["max_pixels"]?.intValue
      else { return nil }
      switch (record["k"]?.intValue, record["n"]?.intValue) {
      case (let k?, let n?):
        guard n >= 1, k >= 1, k <= n else { return nil }
        shard = Shard(index: k, count: n)
      case (nil, nil) where record["k"] == .null && record["n"] == .null:
        shard = nil
      default:
        return nil
      }
      self.command = command
      self.tool = tool
      self.policy = policy
      self.pixels = pixels
      self.maxPixels = maxPixels
      guard let reveal = Self.flag(record["reveal"]), let fingerprints = Self.flag(record["fingerprints"]) else { return nil }
      self.reveal = reveal
      self.fingerprints = fingerprints
    }

    /// A member written only when true: absent is false, anything but a boolean is invalid.
    private static func flag(_ value: JSONValue?) -> Bool? {
      switch value {
      case nil: false
      case .bool(let set)?: set
      default: nil
      }
    }

    /// The record, one line with its newline.
    public var line: String {
      ReportStream.line([
        ("type", .string("shard")), ("command", .string(command)),
        ("k", .optional(shard) { .int(Int64($0.index)) }), ("n", .optional(shard) { .int(Int64($0.count)) }),
        ("tool", .string(tool)), ("policy", .string(policy)),
        ("checks", .object([("pixels", .bool(pixels)), ("max_pixels", .int(Int64(maxPixels)))])),
      ] + (reveal ? [("reveal", .bool(true))] : []) + (fingerprints ? [("fingerprints", .bool(true))] : []))
    }

    /// The first member in which `other` differs from this header, ignoring the shard; nil when
    /// none does.
    public func difference(from other: Header) -> String? {
      if command != other.command { return "command (\(command), \(other.command))" }
      if tool != other.tool { return "tool (\(tool), \(other.tool))" }
      if policy != other.policy { return "policy (\(policy), \(other.policy))" }
      if pixels != other.pixels { return "checks.pixels (\(pixels), \(other.pixels))" }
      if maxPixels != other.maxPixels { return "checks.max_pixels (\(maxPixels), \(other.maxPixels))" }
      if reveal != other.reveal { return "reveal (\(reveal), \(other.reveal))" }
      if fingerprints != other.fingerprints { return "fingerprints (\(fingerprints), \(other.fingerprints))" }
      return nil
    }
  }

  /// A whole report as its stream, when it was collected first (`audit --report-dir` with
  /// `--format jsonl`): the same bytes as the stream written while running.
  public static func text(_ report: AuditReport, header: Header) -> String {
    let files = report.files.sorted { PathOrder.less($0.output, $1.output) }
    let originals = report.unpairedOriginals.sorted(by: PathOrder.less)
    return header.line + files.map { fileLine($0, command: header.command) }.joined()
      + originals.map { unpairedLine($0, command: header.command) }.joined()
      + endLine(command: header.command, inputs: files.count, unpairedOriginals: originals.count)
  }

  /// The record of one checked file.
  public static func fileLine(_ report: FileReport, command: String) -> String {
    fileLine(ReportJSON.file(report), command: command)
  }

  /// The record of a file object (as `merge` reads it back): byte-exact.
  public static func fileLine(_ file: JSONValue, command: String) -> String {
    guard case .object(let members) = file else { return "" }
    return line([("type", .string("file")), ("command", .string(command))] + members)
  }

  /// The record of an original left without an output.
  public static func unpairedLine(_ original: String, command: String) -> String {
    line([("type", .string("unpaired_original")), ("command", .string(command)), ("original", .string(original))])
  }

  /// The last record: how many inputs (file records) and unpaired originals the stream holds.
  public static func endLine(command: String, inputs: Int, unpairedOriginals: Int) -> String {
    line([("type", .string("end")), ("command", .string(command)), ("inputs", .int(Int64(inputs))),
          ("unpaired_originals", .int(Int64(unpairedOriginals)))])
  }

  /// A record with the schema first, on one line.
  package static func line(_ members: [(String, JSONValue)]) -> String {
    JSONValue.object([("schema", .string(ReportJSON.schema))] + members).serialized(pretty: false) + "\n"
  }

  /// "sha256:<hex>" of the policy's canonical form (disabled IDs and changed severities, sorted):
  /// equal policies written differently give the same digest.
  public static func policyDigest(_ policy: Policy) -> String {
    let disabled = policy.disabled.map(\.rawValue).sorted()
    let severities = policy.severities.map { ($0.key.rawValue, $0.value.rawValue) }.sorted { $0.0 < $1.0 }
    let canonical = JSONValue.object([
      ("disable", .array(disabled.map { .string($0) })),
      ("severity", .object(severities.map { ($0.0, .string($0.1)) })),
    ]).serialized(pretty: false)
    return "sha256:" + SHA256.hex(Array(canonical.utf8))
  }
}
