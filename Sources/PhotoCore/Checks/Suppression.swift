/// Why a finding is accepted without counting toward `--fail-on`: an allow entry of the config
/// (`.photoaudit.json`, docs/config.md) matched it. The finding stays in every report that lists
/// suppressed findings (JSON, JSONL, SARIF); the others count it.
public struct Suppression: Sendable, Equatable, Hashable, Codable {
  /// The entry's reason, as the config says it (SARIF `justification`).
  public var reason: String
  /// The entry, as `allow[N]` (N from 0, in the config's order).
  public var entry: String
  /// The entry's last day (YYYY-MM-DD, UTC); nil when it does not expire.
  public var expires: String?

  public init(reason: String, entry: String, expires: String? = nil) {
    self.reason = reason
    self.entry = entry
    self.expires = expires
  }
}

/// A finding against the baseline report given with `--baseline` (SARIF `baselineState`).
public enum BaselineState: String, Sendable, Equatable, Hashable, Codable {
  /// Not in the baseline: it counts toward `--fail-on`.
  case new
  /// In the baseline (same `photoaudit/v1` fingerprint): it does not count.
  case unchanged
}
