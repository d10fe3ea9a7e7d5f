/// The `diff` table shows tag values side by side: secret ones (`SecretTags`: GPS, place names,
/// serial numbers, owner names, prompts, text holding coordinates) show their markers unless
/// `--reveal` (the same fingerprint on both sides means the value did not change).
extension TagDiff {
  /// The diff with secret values replaced by their markers; unchanged with `reveal`.
  public func revealing(_ reveal: Bool) -> TagDiff {
    guard !reveal else { return self }
    var out = self
    out.changes = changes.map { change in
      switch change {
      case .removed(let tag): .removed(SecretTags.redacted(tag))
      case .added(let tag): .added(SecretTags.redacted(tag))
      case .changed(let from, let to):
        // A tag is secret when either side's value is (a caption that gained coordinates).
        SecretTags.isSecret(from) || SecretTags.isSecret(to)
          ? .changed(from: SecretTags.masked(from), to: SecretTags.masked(to)) : change
      }
    }
    return out
  }
}
