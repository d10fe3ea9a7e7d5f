import Bytes
import PhotoCore
/// SARIF `tool.driver.rules`: one reporting descriptor per finding ID, from the one findings
/// table (`FindingID`, `FindingExplanation`), with what GitHub code scanning reads: id, name,
/// short and full description, help (text and Markdown), the default level, tags and, for the
/// findings about what a file leaks or whether it was checked at all, `security-severity`.
/// [SARIF 2.1.0 3.49 reportingDescriptor; GitHub "SARIF support for code scanning"]
public enum SARIFRules {
  /// GitHub's score of a privacy finding (0.0–10.0; GitHub shows ≥ 9.0 critical, 7.0–8.9 high,
  /// 4.0–6.9 medium, 0.1–3.9 low). Findings not listed are about correctness (orientation, crop,
  /// claims of size, damage): tagged `correctness`, shown at their level, no score.
  public static func securitySeverity(_ id: FindingID) -> String? {
    switch id {
    case .gpsPresent, .gpsClaimFalse: "8.0"  // where the person was, to a few metres
    case .thumbnailLeak: "7.5"  // cropped-out content or GPS in a preview
    case .secondaryImageMetadata: "7.0"  // a second image's full EXIF, GPS included
    case .locationText: "5.5"  // a place named in text
    case .identifyingFields, .unaccountedBytes, .unreadable, .incompleteCheck: "5.0"  // a person or device; hidden data; not checked
    case .generationMetadata: "4.0"  // prompts can hold names and places
    case .provenanceManifest: "3.0"  // a manifest (its GPS is also PA001)
    default: nil
    }
  }

  /// SARIF's level of a severity: error, warning, note. [3.27.10]
  public static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  /// The descriptors, in `FindingID` order (a result's `ruleIndex` is its ID's index here).
  /// `documentation` is the absolute URL of docs/findings.md; without one there is no `helpUri`
  /// (SARIF's helpUri is an absolute URI, and photoaudit has no published home yet).
  public static func descriptors(documentation: String?) -> [JSONValue] {
    FindingID.allCases.map { descriptor($0, documentation: documentation) }
  }

  /// The index of `id` in `descriptors`.
  public static func index(_ id: FindingID) -> Int { FindingID.allCases.firstIndex(of: id) ?? 0 }

  static func descriptor(_ id: FindingID, documentation: String?) -> JSONValue {
    let e = id.explanation
    let score = securitySeverity(id)
    var members: [(String, JSONValue)] = [
      ("id", .string(id.rawValue)),
      ("name", .string(id.name)),
      ("shortDescription", .object([("text", .string(FindingDocs.capitalized(e.summary)))])),
      ("fullDescription", .object([("text", .string(e.meaning))])),
    ]
    if let documentation { members.append(("helpUri", .string(documentation + "#" + FindingDocs.anchor(id)))) }
    members += [
      ("help", .object([("text", .string(helpText(id))), ("markdown", .string(helpMarkdown(id)))])),
      ("defaultConfiguration", .object([("level", .string(level(id.defaultSeverity)))])),
    ]
    var properties: [(String, JSONValue)] = [
      ("tags", .array((score == nil ? ["correctness"] : ["security", "privacy"]).map { .string($0) })),
    ]
    if let score { properties.append(("security-severity", .string(score))) }
    members.append(("properties", .object(properties)))
    return .object(members)
  }

  /// Plain help: what it means, why it matters, how to fix it.
  static func helpText(_ id: FindingID) -> String {
    let e = id.explanation
    return "\(e.meaning)\n\nWhy it matters: \(e.why)\n\nHow to fix it: \(e.fix)\n\n`photoaudit explain \(id.rawValue)` prints this; docs/findings.md#\(FindingDocs.anchor(id)) has it with an example."
  }

  /// The same in Markdown (the texts are written in Markdown already: code in backticks).
  static func helpMarkdown(_ id: FindingID) -> String {
    let e = id.explanation
    return "**\(id.rawValue) \(id.name)** — \(e.summary).\n\n**What it means.** \(e.meaning)\n\n**Why it matters.** \(e.why)\n\n"
      + "**How to fix it.** \(e.fix)\n\n`photoaudit explain \(id.rawValue)` prints this; `docs/findings.md#\(FindingDocs.anchor(id))` has it with an example."
  }
}
