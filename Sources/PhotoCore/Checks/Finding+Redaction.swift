/// The two forms of a finding's evidence (SPEC "Reports": reports never spread the leak).
/// Findings come out of the checks redacted: `evidence` names where the value is and its
/// fingerprint. `revealed()` is the one step `--reveal` takes before any rendering; `redacted()`
/// drops the values again, also from a finding read back from a report written with them.
extension Finding {
  /// True when the evidence hides values (or shows them, after `revealed()`).
  public var holdsSecret: Bool { fingerprint != nil || revealedEvidence != nil || redactedEvidence != nil }

  /// The finding with its values in `evidence` (and the redacted text kept in
  /// `redactedEvidence`); unchanged when it hides none or is revealed already.
  public func revealed() -> Finding {
    guard let values = revealedEvidence else { return self }
    var out = self
    out.redactedEvidence = evidence
    out.evidence = values
    out.revealedEvidence = nil
    return out
  }

  /// The finding without its values: `evidence` redacted, nothing else holding them.
  public func redacted() -> Finding {
    var out = self
    out.revealedEvidence = nil
    if let safe = redactedEvidence {
      out.evidence = safe
      out.redactedEvidence = nil
    }
    return out
  }

  /// The finding in the asked form.
  public func revealing(_ reveal: Bool) -> Finding { reveal ? revealed() : redacted() }

  /// `prefix` put before the evidence in every form ("IMG_0001.xmp: " for a sidecar's).
  public mutating func prefixEvidence(_ prefix: String) {
    evidence = prefix + evidence
    revealedEvidence = revealedEvidence.map { prefix + $0 }
    redactedEvidence = redactedEvidence.map { prefix + $0 }
  }
}
