/// A value a report must not print unless asked (`--reveal`): coordinates, an altitude, the time
/// of a GPS fix, a place name, a serial number, an owner's name, a prompt. It has the text people
/// read when it is revealed (`display`), the canonical form its fingerprint is computed from
/// (`canonical`: the same value written by two carriers in two ways gives one fingerprint), and
/// optionally a label the redacted text keeps in its place ("latitude/longitude").
public struct SecretValue: Sendable, Hashable {
  /// The value as people read it ("latitude 31.230416, longitude 121.473701", "Shanghai").
  public var display: String
  /// The canonical form, kind first ("position 31.230416,121.473701", "text Shanghai").
  public var canonical: String
  /// Words the redacted text shows before the marker ("latitude/longitude"); nil for none.
  public var label: String?

  /// A value shown as `display`, fingerprinted from `canonical`, redacted as `label` and its marker.
  public init(display: String, canonical: String, label: String? = nil) {
    self.display = display
    self.canonical = canonical
    self.label = label
  }

  /// The fingerprint of the value (`ValueFingerprint`, under the key in effect).
  public var fingerprint: String { ValueFingerprint.of(canonical) }

  /// What the redacted text shows: the label, then `‹redacted #fingerprint›`.
  public var redacted: String { (label.map { $0 + " " } ?? "") + ValueFingerprint.marker(fingerprint) }

  /// Degrees as reports print them: 6 decimals (about 0.1 m), the precision EXIF rationals,
  /// XMP's degrees-and-minutes and ISO 6709 strings share for one fix — so the same position
  /// read from EXIF and from XMP has one canonical form (a carrier that stores fewer decimals,
  /// say an ISO 6709 string of 4, gives another).
  public static func degreesText(_ value: Double) -> String { CFormat.fixed(value, places: 6) }

  /// A position: "latitude 31.230416, longitude 121.473701" (either may be missing), redacted as
  /// "latitude/longitude ‹redacted #…›".
  public static func position(latitude: Double?, longitude: Double?) -> SecretValue {
    var parts: [String] = []
    if let latitude { parts.append("latitude \(degreesText(latitude))") }
    if let longitude { parts.append("longitude \(degreesText(longitude))") }
    let canonical = "position " + [latitude, longitude].map { $0.map(degreesText) ?? "?" }.joined(separator: ",")
    let label = latitude != nil && longitude != nil ? "latitude/longitude" : latitude != nil ? "latitude" : "longitude"
    return SecretValue(display: parts.joined(separator: ", "), canonical: canonical, label: label)
  }

  /// A number of degrees alone ("31.230416"): a coordinate out of range, say.
  public static func degrees(_ value: Double) -> SecretValue {
    SecretValue(display: degreesText(value), canonical: "degrees " + degreesText(value))
  }

  /// A number read where a coordinate should be but out of its range ("231.2304°"): maybe a
  /// coordinate written in the wrong place, so secret too. Shown as Swift prints the number.
  public static func outOfRange(_ value: Double) -> SecretValue {
    SecretValue(display: "\(value)°", canonical: "degrees " + degreesText(value))
  }

  /// An altitude as `display` shows it ("12.5 m"): canonical to 0.1 m.
  public static func altitude(_ metres: Double, display: String) -> SecretValue {
    SecretValue(display: display, canonical: "altitude " + CFormat.fixed(metres, places: 1))
  }

  /// The time of a fix ("2025-01-01T02:20:30Z").
  public static func time(_ text: String) -> SecretValue {
    SecretValue(display: text, canonical: "time " + text.trimmingWhitespace())
  }

  /// Text: a place name, a serial number, an owner's name, a prompt, coordinates as written in
  /// a caption. `display` may be an excerpt of `full` (the fingerprint covers the whole value).
  public static func text(_ display: String, full: String? = nil) -> SecretValue {
    SecretValue(display: display, canonical: "text " + (full ?? display).trimmingWhitespace())
  }
}
