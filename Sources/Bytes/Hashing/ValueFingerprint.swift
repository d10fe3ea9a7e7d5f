#if canImport(Glibc)
import Glibc
#endif

/// The short fingerprint a redacted report prints in place of a secret value (coordinates, a
/// place name, a serial number, a prompt): 12 hex digits of HMAC-SHA256 of the value's canonical
/// form (`SecretValue.canonical`) under a key. The same value gives the same fingerprint in every
/// run, on every machine with the same key, so a reviewer can tell "the same place as before"
/// and a baseline can match it — without the value.
///
/// The key is `PHOTOAUDIT_FINGERPRINT_KEY` when set and not empty (a team secret), else a key
/// built into photoaudit. With the built-in key anyone can compute fingerprints of candidate
/// values: coordinates printed to 6 decimals over a small area (a city block is ~10⁶ candidates)
/// are found by trying them all, and so are short names. A team key no outsider knows makes the
/// fingerprint unguessable (docs/redaction.md).
public enum ValueFingerprint {
  /// The environment variable that sets the key.
  public static let keyVariable = "PHOTOAUDIT_FINGERPRINT_KEY"

  /// The key built into photoaudit: public, so fingerprints are stable everywhere without
  /// setup (and guessable: see above).
  public static let builtInKey = Array("photoaudit value fingerprint v1".utf8)

  /// Hex digits in a fingerprint: 48 bits, so two different values of a report coincide with
  /// odds below one in 10¹⁰ among a thousand values.
  public static let length = 12

  /// The key in effect in this process (read once; worker processes inherit the variable).
  public static let currentKey: [UInt8] = {
    guard let raw = getenv(keyVariable) else { return builtInKey }
    let text = String(cString: raw)
    return text.isEmpty ? builtInKey : Array(text.utf8)
  }()

  /// True when the key comes from `PHOTOAUDIT_FINGERPRINT_KEY`.
  public static var usesTeamKey: Bool { currentKey != builtInKey }

  /// `currentKey` made ready once (its pad blocks hashed).
  static let currentHMACKey = HMACSHA256.Key(currentKey)

  /// The fingerprint of one canonical value (or of several, joined by newlines: what a
  /// finding's `fingerprint` covers), under `key`.
  public static func of(_ canonical: String, key: [UInt8] = currentKey) -> String {
    let ready = key == currentKey ? currentHMACKey : HMACSHA256.Key(key)
    var text = canonical
    let mac = text.withUTF8 { ready.mac(UnsafeRawBufferPointer($0)) }
    return SHA256.hex(digest: mac, prefix: length / 2)
  }

  /// The fingerprint of several canonical values together, in order; one value's is its own.
  public static func of(_ canonicals: [String], key: [UInt8] = currentKey) -> String {
    of(canonicals.joined(separator: "\n"), key: key)
  }

  /// What a report prints in place of a value: `‹redacted #a1b2c3d4e5f6›` (single guillemets,
  /// U+2039 and U+203A; grep for `redacted #`).
  public static func marker(_ fingerprint: String) -> String { "‹redacted #\(fingerprint)›" }
}
