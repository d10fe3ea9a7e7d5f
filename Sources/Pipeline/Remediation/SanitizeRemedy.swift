/// What the user can change so that an input sanitize refused is sanitized. Remediation states
/// it; the command line words it as its option ("use --trim …").
public enum SanitizeRemedy: String, Sendable, Equatable, Codable {
  /// The lossless profile refused a size that is not a whole number of MCUs: trimming the
  /// partial edge blocks would make it.
  case trimEdges
  /// The pixels do not decode cleanly: accepting the damage writes what decodes.
  case acceptDamage
}
