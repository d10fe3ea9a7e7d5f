import Bytes
import PhotoCore

/// The findings of an earlier report given with `--baseline` (docs/config.md): their
/// `photoaudit/v1` fingerprints, read from a JSON report (`findings[].fingerprints`), a JSONL
/// stream (its file records' findings) or a SARIF log (`results[].partialFingerprints`). A
/// finding whose fingerprint is among them is unchanged; never matched by line or path alone.
public struct Baseline: Sendable, Equatable {
  /// The fingerprints, each with how many findings of the baseline have it.
  public var fingerprints: [String: Int]
  /// Findings the baseline holds.
  public var findings: Int

  public struct Problem: Error, Equatable, CustomStringConvertible {
    /// What kind of report it is not.
    public enum Kind: Sendable, Equatable {
      /// Not a report that can be read as a baseline at all.
      case unreadable
      /// A report whose findings carry no fingerprint (written without them).
      case noFingerprints
    }

    public var reason: String
    public var kind: Kind
    public var description: String { reason }
    public init(reason: String, kind: Kind = .unreadable) {
      self.reason = reason
      self.kind = kind
    }
  }

  public init(fingerprints: [String: Int], findings: Int) {
    self.fingerprints = fingerprints
    self.findings = findings
  }

  /// Reads a baseline document. A document that is none of the three, or whose findings carry
  /// no fingerprint (a report of an older photoaudit, a SARIF log of another tool), is a problem;
  /// a report without findings is an empty baseline.
  public static func parse(_ bytes: [UInt8]) throws(Problem) -> Baseline {
    var prints: [String?] = []
    if let document = try? JSONParser.parse(bytes) {
      if let runs = document["runs"]?.arrayValue, document["version"]?.stringValue == "2.1.0" {
        for run in runs {
          for result in run["results"]?.arrayValue ?? [] {
            prints.append(result["partialFingerprints"]?[ReportFingerprints.recipe]?.stringValue)
          }
        }
      } else if document["schema"]?.stringValue == ReportJSON.schema, let findings = document["findings"]?.arrayValue {
        prints = findings.map(fingerprint)
      } else {
        throw Problem(reason: "is neither a photoaudit JSON report, a JSONL stream nor a SARIF log")
      }
    } else {
      // JSONL: one record a line.
      var sawHeader = false
      for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: true).enumerated() {
        let record: JSONValue
        do { record = try JSONParser.parse(Array(line)) } catch {
          throw Problem(reason: number == 0 ? "is not JSON: \(error)" : "line \(number + 1): \(error)")
        }
        guard record["schema"]?.stringValue == ReportJSON.schema else {
          throw Problem(reason: "line \(number + 1) is not a photoaudit/report/v1 record")
        }
        if record["type"]?.stringValue == "shard" { sawHeader = true }
        guard record["type"]?.stringValue == "file" else { continue }
        prints += (record["findings"]?.arrayValue ?? []).map(fingerprint)
      }
      guard sawHeader else { throw Problem(reason: "is neither a photoaudit JSON report, a JSONL stream nor a SARIF log") }
    }
    guard !prints.contains(where: { $0 == nil }) else {
      throw Problem(reason: "has findings without a \(ReportFingerprints.recipe) fingerprint", kind: .noFingerprints)
    }
    var counts: [String: Int] = [:]
    for print in prints.compactMap({ $0 }) { counts[print, default: 0] += 1 }
    return Baseline(fingerprints: counts, findings: prints.count)
  }

  /// The fingerprint of a report's finding object.
  static func fingerprint(_ finding: JSONValue) -> String? {
    finding["fingerprints"]?[ReportFingerprints.recipe]?.stringValue
  }
}
