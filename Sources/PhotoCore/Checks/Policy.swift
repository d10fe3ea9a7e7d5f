import Bytes
/// A JSON policy: `{"disable": ["PA007"], "severity": {"PA011": "error", "location-text": "info"}}`.
public struct Policy: Sendable, Equatable, Codable {
  public var disabled: Set<FindingID> = []
  public var severities: [FindingID: Severity] = [:]
  public init() {}

  public struct Problem: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { "policy: \(reason)" }
  }

  /// Parses a policy document.
  public static func parse(_ bytes: [UInt8]) throws(Problem) -> Policy {
    let doc: JSONValue
    do { doc = try JSONParser.parse(bytes) } catch { throw Problem(reason: "\(error)") }
    return try parse(doc)
  }

  /// Parses a policy object (a config's `"policy"`).
  public static func parse(_ doc: JSONValue) throws(Problem) -> Policy {
    guard case .object(let members) = doc else { throw Problem(reason: "must be a JSON object") }
    var policy = Policy()
    for (key, value) in members {
      switch key {
      case "disable":
        guard let items = value.arrayValue else { throw Problem(reason: "'disable' must be a list of finding IDs") }
        for item in items {
          guard let code = item.stringValue, let id = FindingID(code: code) else {
            throw Problem(reason: "unknown finding '\(item.stringValue ?? "\(item)")' in 'disable'")
          }
          policy.disabled.insert(id)
        }
      case "severity":
        guard case .object(let pairs) = value else { throw Problem(reason: "'severity' must map finding IDs to info, warning or error") }
        for (code, level) in pairs {
          guard let id = FindingID(code: code) else { throw Problem(reason: "unknown finding '\(code)' in 'severity'") }
          guard let s = level.stringValue.flatMap(Severity.init(rawValue:)) else {
            throw Problem(reason: "severity of \(code) must be info, warning or error")
          }
          policy.severities[id] = s
        }
      default:
        throw Problem(reason: "unknown key '\(key)' (expected disable, severity)")
      }
    }
    return policy
  }

  /// Drops disabled findings and sets policy severities.
  public func apply(_ findings: [Finding]) -> [Finding] {
    findings.compactMap { f in
      guard !disabled.contains(f.id) else { return nil }
      var f = f
      if let s = severities[f.id] { f.severity = s }
      return f
    }
  }
}
