import Bytes
import PhotoCore
/// `--format sarif`: a SARIF 2.1.0 log (docs/schema/sarif-schema-2.1.0.json, the OASIS schema)
/// with one run: the rules of every finding ID, one result per finding, and the invocation's
/// exit code. Each result names its file relative to the folder photoaudit ran in
/// (`%SRCROOT%`), a region (line 1: an image has no lines), and a fingerprint computed from
/// the file's bytes (`ReportFingerprints`), so GitHub code scanning keeps an alert across
/// renames. The message is the finding's evidence and nothing else.
public enum SARIFReport {
  /// The OASIS schema's URI (the `$schema` of the log).
  public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  /// What the log says beyond the report: the tool, where paths are relative to, the
  /// fingerprints, the documentation and how the run ended.
  public struct Run: Sendable {
    /// photoaudit's version ("0.2.0").
    public var toolVersion: String
    /// The absolute folder the report's relative paths are relative to (the current directory).
    public var base: String
    public var fingerprints: ReportFingerprints
    /// The absolute URL of docs/findings.md, for `helpUri`; nil: none.
    public var documentation: String?
    /// The exit status the run ends with, and its meaning.
    public var exitCode: Int32
    public var exitCodeDescription: String
    /// False when photoaudit could not do what it was asked (a usage error, an input of which
    /// nothing was read, a report not written, a signal); findings alone do not make it false.
    public var executionSuccessful: Bool

    public init(toolVersion: String, base: String, fingerprints: ReportFingerprints, documentation: String? = nil,
                exitCode: Int32, exitCodeDescription: String, executionSuccessful: Bool) {
      self.toolVersion = toolVersion
      self.base = base
      self.fingerprints = fingerprints
      self.documentation = documentation
      self.exitCode = exitCode
      self.exitCodeDescription = exitCodeDescription
      self.executionSuccessful = executionSuccessful
    }
  }

  /// The log as text (two-space indented JSON, a newline at the end).
  public static func render(_ report: AuditReport, run: Run) -> String {
    document(report, run: run).serialized() + "\n"
  }

  /// The log. [SARIF 2.1.0 3.13 sarifLog, 3.14 run]
  public static func document(_ report: AuditReport, run: Run) -> JSONValue {
    var results: [JSONValue] = []
    for (file, fingerprints) in zip(report.files, run.fingerprints.byFile) {
      for (finding, fingerprint) in zip(file.findings, fingerprints) {
        results.append(result(finding, fingerprint: fingerprint, base: run.base, git: file.git))
      }
    }
    var driver: [(String, JSONValue)] = [
      ("name", .string("photoaudit")),
      ("version", .string(run.toolVersion)),
      ("semanticVersion", .string(run.toolVersion)),
    ]
    if let documentation = run.documentation { driver.append(("informationUri", .string(documentation))) }
    driver.append(("rules", .array(SARIFRules.descriptors(documentation: run.documentation))))
    let invocation: JSONValue = .object([
      ("executionSuccessful", .bool(run.executionSuccessful)),
      ("exitCode", .int(Int64(run.exitCode))),
      ("exitCodeDescription", .string(run.exitCodeDescription)),
    ])
    return .object([
      ("$schema", .string(schemaURI)),
      ("version", .string("2.1.0")),
      ("runs", .array([.object([
        ("tool", .object([("driver", .object(driver))])),
        ("originalUriBaseIds", .object([(ArtifactURI.sourceRoot, .object([("uri", .string(ArtifactURI.baseURI(run.base)))]))])),
        ("invocations", .array([invocation])),
        ("results", .array(results)),
        ("properties", .object([
          ("command", .string(report.command)),
          ("files", .int(Int64(report.files.count))),
          ("fingerprintRecipe", .string(ReportFingerprints.recipe)),
        ] + gateProperties(report.gate))),
      ])])),
    ])
  }

  /// One finding. [3.27 result, 3.28 location, 3.29 physicalLocation, 3.30 region] A finding of
  /// a git blob (`audit --git`) is located at the blob's path (relative to the repository's top
  /// level), with its commit and blob id as properties.
  static func result(_ finding: Finding, fingerprint: String, base: String, git: GitBlobOrigin? = nil) -> JSONValue {
    let location = ArtifactURI(path: git?.path ?? finding.file, base: base)
    var artifact: [(String, JSONValue)] = [("uri", .string(location.uri))]
    if let id = location.uriBaseId { artifact.append(("uriBaseId", .string(id))) }
    var properties: [(String, JSONValue)] = [("severity", .string(finding.severity.rawValue))]
    if let carrier = finding.carrier { properties.append(("carrier", .string(carrier))) }
    if let tag = finding.tag { properties.append(("tag", .string(tag))) }
    if let git {
      if let commit = git.commit { properties.append(("commit", .string(commit))) }
      properties.append(("blob", .string(git.blob)))
    }
    var members: [(String, JSONValue)] = [
      ("ruleId", .string(finding.id.rawValue)),
      ("ruleIndex", .int(Int64(SARIFRules.index(finding.id)))),
      ("level", .string(SARIFRules.level(finding.severity))),
      ("message", .object([("text", .string(finding.evidence.isEmpty ? finding.id.explanation.summary : finding.evidence))])),
      ("locations", .array([.object([("physicalLocation", .object([
        ("artifactLocation", .object(artifact)),
        // An image has no lines; line 1 is where GitHub shows a file's alert. Byte offsets are
        // left out: a finding does not keep its carrier's byte range.
        ("region", .object([("startLine", .int(1))])),
      ]))])])),
      ("partialFingerprints", .object([(ReportFingerprints.recipe, .string(fingerprint))])),
    ]
    // An allow entry of the config accepts it: kept, suppressed, with the entry's reason.
    // [3.27.23 suppressions, 3.35 suppression]
    if let suppression = finding.suppression {
      members.append(("suppressions", .array([.object([("kind", .string("external")), ("status", .string("accepted")),
                                                       ("justification", .string(suppression.reason))])])))
      properties.append(("allowEntry", .string(suppression.entry)))
      if let expires = suppression.expires { properties.append(("allowExpires", .string(expires))) }
    }
    // Against `--baseline`. [3.27.24 baselineState]
    if let state = finding.baseline { members.append(("baselineState", .string(state.rawValue))) }
    members.append(("properties", .object(properties)))
    return .object(members)
  }

  /// The run's config and baseline, when in effect.
  static func gateProperties(_ gate: GateSummary?) -> [(String, JSONValue)] { ReportJSON.gateMembers(gate) }
}
