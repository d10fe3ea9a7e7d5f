/// Text that may hold secret values, built once in both forms: `redacted` (each value replaced
/// by its label and `‹redacted #fingerprint›`: safe to print anywhere) and `revealed` (the
/// values shown, for `--reveal` and `inspect`). A check writes its evidence as one
/// interpolation and cannot forget either form:
///
/// ```swift
/// let evidence: RedactableText = "\(carrier) GPSLatitude = \(secret: .degrees(latitude))"
/// // redacted: "exif GPSLatitude = ‹redacted #a1b2c3d4e5f6›", revealed: "exif GPSLatitude = 31.230416"
/// ```
///
/// Printed as a plain string (`"\(text)"`, `String(describing:)`) it gives the redacted form,
/// so text that reaches a report by another road is safe by default.
public struct RedactableText: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
  /// The text with every secret value replaced by its marker.
  public private(set) var redacted: String
  /// The text with the values.
  public private(set) var revealed: String
  /// The canonical forms of the secret values, in order (`SecretValue.canonical`).
  public private(set) var secrets: [String]

  /// Text without secrets.
  public init(plain: String) {
    redacted = plain
    revealed = plain
    secrets = []
  }

  /// A literal: text without secrets.
  public init(stringLiteral value: String) { self.init(plain: value) }

  /// An interpolation: both forms as `StringInterpolation` built them.
  public init(stringInterpolation: StringInterpolation) {
    redacted = stringInterpolation.redacted
    revealed = stringInterpolation.revealed
    secrets = stringInterpolation.secrets
  }

  /// One secret value alone.
  public static func secret(_ value: SecretValue) -> RedactableText { "\(secret: value)" }

  /// True when some value is hidden in `redacted`.
  public var holdsSecret: Bool { !secrets.isEmpty }

  /// The fingerprint of all the secret values together (`ValueFingerprint.of`); nil when there
  /// are none. One value's is the one its marker shows.
  public var fingerprint: String? { secrets.isEmpty ? nil : ValueFingerprint.of(secrets) }

  /// The redacted form: what `"\(text)"` prints.
  public var description: String { redacted }

  /// The text in the asked form.
  public func text(revealing: Bool) -> String { revealing ? revealed : redacted }

  /// Appends `other` (both forms).
  public mutating func append(_ other: RedactableText) {
    redacted += other.redacted
    revealed += other.revealed
    secrets += other.secrets
  }

  /// `a` then `b`, both forms.
  public static func + (a: RedactableText, b: RedactableText) -> RedactableText {
    var joined = a
    joined.append(b)
    return joined
  }

  /// `parts` joined by `separator`, as `[String].joined(separator:)`.
  public static func joined(_ parts: [RedactableText], separator: String) -> RedactableText {
    var out = RedactableText(plain: "")
    for (i, part) in parts.enumerated() {
      if i > 0 { out.append(RedactableText(plain: separator)) }
      out.append(part)
    }
    return out
  }

  /// Builds both forms. `\(x)` interpolates `x` as plain text in both (a `RedactableText` keeps
  /// its two forms); `\(secret: value)` puts the value in `revealed` and its marker in `redacted`.
  public struct StringInterpolation: StringInterpolationProtocol {
    var redacted = ""
    var revealed = ""
    var secrets: [String] = []

    /// Room for the literal parts in both forms.
    public init(literalCapacity: Int, interpolationCount: Int) {
      redacted.reserveCapacity(literalCapacity)
      revealed.reserveCapacity(literalCapacity)
    }

    /// Literal text, the same in both forms.
    public mutating func appendLiteral(_ literal: String) {
      redacted += literal
      revealed += literal
    }

    /// Plain text, the same in both forms.
    public mutating func appendInterpolation<T>(_ value: T) {
      appendLiteral(String(describing: value))
    }

    /// Text that has both forms already.
    public mutating func appendInterpolation(_ text: RedactableText) {
      redacted += text.redacted
      revealed += text.revealed
      secrets += text.secrets
    }

    /// A secret value: shown in `revealed`, its label and marker in `redacted`.
    public mutating func appendInterpolation(secret value: SecretValue) {
      redacted += value.redacted
      revealed += value.display
      secrets.append(value.canonical)
    }

    /// Secret text (a place name, a serial number): `SecretValue.text`.
    public mutating func appendInterpolation(secret text: String) {
      appendInterpolation(secret: SecretValue.text(text))
    }
  }
}
