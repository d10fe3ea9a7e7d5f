/// A part of a file photoaudit could not check: the reason a clean verdict is withheld.
///
/// Fail closed (SPEC "Fail closed"): every early stop — a size or inflate cap, `--max-pixels`,
/// a decoder's security limit, the time budget, a carrier that does not parse, pixels that do
/// not decode — is recorded here by whoever stopped, and becomes a PA015 finding (error).
public struct IncompleteCheck: Sendable, Equatable, Hashable, Codable {
  /// Where in the file: a carrier path ("exif", "mpf-image#2/xmp", "png/zTXt", "pixels").
  public var scope: String
  /// What stopped the check, as a sentence fragment a reviewer can act on
  /// ("inflated text is over the 16 MiB cap; the rest was not read").
  public var reason: String

  public init(scope: String, reason: String) {
    self.scope = scope
    self.reason = reason
  }
}
