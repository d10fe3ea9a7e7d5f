import PhotoCore

/// One entry of a config's `allow` list (docs/config.md): which findings it accepts — by the
/// file's path glob or its SHA-256, optionally narrowed to one finding ID and one carrier — why,
/// and until when.
public struct AllowEntry: Sendable, Equatable {
  /// Its place in the list, from 0 (`allow[N]` in messages and reports).
  public var index: Int
  /// Files by path, relative to the config's folder.
  public var path: PathGlob?
  /// Files by content: lower-case hex SHA-256 of the file's bytes.
  public var sha256: String?
  /// Only this finding; nil: any.
  public var id: FindingID?
  /// Only findings of this carrier, or of a carrier inside it (`mpf-image` also accepts
  /// `mpf-image#2/exif`); nil: any.
  public var carrier: String?
  /// Why the findings are accepted (required, never empty).
  public var reason: String
  /// The last day the entry allows (YYYY-MM-DD, UTC); nil: it does not expire.
  public var expires: String?

  public init(index: Int, path: PathGlob? = nil, sha256: String? = nil, id: FindingID? = nil, carrier: String? = nil,
              reason: String, expires: String? = nil) {
    self.index = index
    self.path = path
    self.sha256 = sha256
    self.id = id
    self.carrier = carrier
    self.reason = reason
    self.expires = expires
  }

  /// "allow[3]".
  public var name: String { "allow[\(index)]" }

  /// What it names, for messages: `path "legacy/**", PA006, carrier xmp`.
  public var label: String {
    var parts: [String] = []
    if let path { parts.append("path \"\(path.text)\"") }
    if let sha256 { parts.append("sha256 \(sha256.prefix(12))…") }
    if let id { parts.append(id.rawValue) }
    if let carrier { parts.append("carrier \(carrier)") }
    return parts.joined(separator: ", ")
  }

  /// True when today (YYYY-MM-DD, UTC) is after `expires`: the entry no longer allows.
  public func isExpired(today: String) -> Bool { expires.map { today > $0 } ?? false }

  /// True when the entry accepts `finding`, whose file is at `relativePath` below the config's
  /// folder (nil: outside it) and has content digest `digest` (nil: not read). Path and SHA-256,
  /// when both are given, must both match.
  public func matches(_ finding: Finding, relativePath: String?, digest: String?) -> Bool {
    if let id, finding.id != id { return false }
    if let carrier, !Self.carrier(carrier, contains: finding.carrier) { return false }
    if let path {
      guard let relativePath, path.matches(relativePath) else { return false }
    }
    if let sha256 {
      guard digest == sha256 else { return false }
    }
    return true
  }

  /// The entry's carrier is the finding's, or a carrier it is inside: a prefix ending at a `/`
  /// (`c2pa` and `c2pa/c2pa-assertion#1`) or a `#` (`mpf-image` and `mpf-image#2`).
  static func carrier(_ entry: String, contains carrier: String?) -> Bool {
    guard let carrier else { return false }
    guard carrier.hasPrefix(entry) else { return false }
    if carrier.count == entry.count { return true }
    let next = carrier[carrier.index(carrier.startIndex, offsetBy: entry.count)]
    return next == "/" || next == "#"
  }

  /// True for a valid calendar date written YYYY-MM-DD.
  public static func isDate(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
    let digits = bytes.enumerated().filter { $0.offset != 4 && $0.offset != 7 }.map(\.element)
    guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
    let number = { (range: Range<Int>) in range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) } }
    let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
    guard (1...12).contains(month), day >= 1 else { return false }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return day <= days
  }
}
