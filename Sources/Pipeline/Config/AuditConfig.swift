import Bytes
import PhotoCore

/// `.photoaudit.json` (docs/config.md): the policy `--policy` would give, and the allow entries.
/// Strict: an unknown key, a wrong type, an entry without a reason or with an invalid date is a
/// problem naming where it is — a typo must never silently disable a gate.
public struct AuditConfig: Sendable, Equatable {
  /// The config's `"policy"`; nil when it has none.
  public var policy: Policy?
  public var allow: [AllowEntry] = []

  public init(policy: Policy? = nil, allow: [AllowEntry] = []) {
    self.policy = policy
    self.allow = allow
  }

  /// Most allow entries accepted.
  public static let maxEntries = 10_000

  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
    public init(reason: String) { self.reason = reason }
  }

  /// Parses a config document.
  public static func parse(_ bytes: [UInt8]) throws(Problem) -> AuditConfig {
    let document: JSONValue
    do { document = try JSONParser.parse(bytes) } catch {
      let (line, column) = position(of: error.offset, in: bytes)
      throw Problem(reason: "invalid JSON at line \(line), column \(column): \(error.reason)")
    }
    guard case .object(let members) = document else { throw Problem(reason: "must be a JSON object") }
    try unique(members, in: "the config")
    var config = AuditConfig()
    for (key, value) in members {
      switch key {
      case "$schema", "$comment": continue
      case "policy":
        do { config.policy = try Policy.parse(value) } catch { throw Problem(reason: "\(error)") }
      case "allow":
        guard let items = value.arrayValue else { throw Problem(reason: "'allow' must be a list of entries") }
        guard items.count <= maxEntries else { throw Problem(reason: "'allow' has more than \(maxEntries) entries") }
        for (index, item) in items.enumerated() { config.allow.append(try entry(item, index: index)) }
      default:
        throw Problem(reason: "unknown key '\(key)' (expected policy, allow)")
      }
    }
    return config
  }

  /// One allow entry.
  static func entry(_ value: JSONValue, index: Int) throws(Problem) -> AllowEntry {
    let name = "allow[\(index)]"
    guard case .object(let members) = value else { throw Problem(reason: "\(name) must be an object") }
    try unique(members, in: name)
    var path: PathGlob?, sha256: String?, id: FindingID?, carrier: String?, reason: String?, expires: String?
    for (key, member) in members {
      guard let text = member.stringValue else { throw Problem(reason: "\(name): '\(key)' must be a string") }
      switch key {
      case "path":
        do { path = try PathGlob(text) } catch { throw Problem(reason: "\(name): path '\(text)' \(error.reason)") }
      case "sha256":
        let hex = text.lowercased()
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
          throw Problem(reason: "\(name): sha256 must be 64 hex digits")
        }
        sha256 = hex
      case "id":
        guard let found = FindingID(code: text) else { throw Problem(reason: "\(name): unknown finding '\(text)'") }
        id = found
      case "carrier":
        guard !text.isEmpty else { throw Problem(reason: "\(name): carrier is empty") }
        carrier = text
      case "reason":
        reason = text
      case "expires":
        guard AllowEntry.isDate(text) else { throw Problem(reason: "\(name): expires '\(text)' is not a date YYYY-MM-DD") }
        expires = text
      default:
        throw Problem(reason: "\(name): unknown key '\(key)' (expected path, sha256, id, carrier, reason, expires)")
      }
    }
    guard path != nil || sha256 != nil else { throw Problem(reason: "\(name) needs a path or a sha256") }
    guard let reason, reason.contains(where: { !$0.isWhitespace }) else {
      throw Problem(reason: "\(name) has no reason: say why these findings are accepted")
    }
    return AllowEntry(index: index, path: path, sha256: sha256, id: id, carrier: carrier, reason: reason, expires: expires)
  }

  private static func unique(_ members: [(String, JSONValue)], in place: String) throws(Problem) {
    var seen: Set<String> = []
    for (key, _) in members where !seen.insert(key).inserted {
      throw Problem(reason: "\(place) has '\(key)' twice")
    }
  }

  /// Line and column (from 1; the column in bytes) of byte `offset`.
  static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1, start = 0
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
      line += 1
      start = i + 1
    }
    return (line, offset - start + 1)
  }
}
