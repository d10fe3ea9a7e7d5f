import Bytes
/// Coordinates written into decoded text fields: a caption, a description, a comment, a title,
/// a keyword ("37.331686, -122.030656", "lat: 37.33, lon: -122.03", "37°19'54\"N 122°1'50\"W").
/// Decoders turn these fields into tags, so the byte sweep (`BackstopSweep`), which searches only
/// what no decoder interprets, never sees them; this sweep searches every text value of every
/// carrier of every document with `CoordinateText`.
/// A hit is GPS for the file (PA001), in the carrier that holds the tag ("exif", "xmp",
/// "thumbnail/exif"), named by the tag. [SPEC "Fail closed": GPS in every carrier]
public enum TextTagSweep {
  /// Most hits reported per file.
  public static let maxHits = 16

  /// Degrees within which two fixes are the same place (~11 m of latitude).
  static let sameCoordinates = 1e-4

  /// Text shorter than this holds no coordinates (the shortest, "1.23,4.56" with labels or
  /// "1.234,5.678", takes 9 or more).
  static let minimumLength = 9

  /// Adds a GPS fix to `metadata.gps` for each coordinate found in the text of `metadata.tags`,
  /// unless the same coordinates are already reported for the same document in the same carrier
  /// (a GPS tag decoded twice) or by the byte sweep (a comment it searched).
  public static func sweep(into metadata: inout PhotoMetadata) {
    var fixes: [GPSFix] = []
    for index in metadata.tags.indices where fixes.count < maxHits && mayHoldCoordinates(metadata.tags[index].value) {
      let tag = metadata.tags[index]
      forEachText(tag.value) { text in
        guard mayHoldCoordinates(text) else { return }
        for match in CoordinateText.find(in: text) where fixes.count < maxHits {
          let fix = Self.fix(match, in: text, tag: tag)
          guard !metadata.gps.contains(where: { sameEvidence($0, fix, document: tag.document) }),
                !fixes.contains(where: { sameEvidence($0, fix, document: tag.document) }) else { continue }
          fixes.append(fix)
        }
      }
    }
    metadata.gps += fixes
  }

  package static func fix(_ match: CoordinateText.Match, in text: String, tag: MetadataTag) -> GPSFix {
    var fix = GPSFix(carrier: tag.carrier, item: tag.item, latitude: match.latitude, longitude: match.longitude, path: tag.path)
    let written = String(decoding: Array(text.utf8)[match.range].prefix(80), as: UTF8.self)
    fix.signature = "\(match.form.rawValue) \"\(secret: .text(written))\" in the text of \(tag.group):\(tag.name)"
    fix.tag = "\(tag.group):\(tag.name)"
    return fix
  }

  /// The cheap test before the search: some text of `value` may hold coordinates.
  static func mayHoldCoordinates(_ value: TagValue) -> Bool {
    switch value {
    case .text(let text): mayHoldCoordinates(text)
    case .list(let items): items.contains(where: mayHoldCoordinates)
    default: false
    }
  }

  /// The cheap test before the search: at least `minimumLength` bytes, four digits, and a dot,
  /// a sign, a degree sign or an apostrophe (minutes in "37 deg 19' 54\" N")
  /// ("2024:05:04 10:11:12", "Apple", "iPhone 13" are not searched).
  static func mayHoldCoordinates(_ text: String) -> Bool {
    guard text.utf8.count >= minimumLength else { return false }
    var digits = 0, marks = false
    for b in text.utf8 {
      if b >= 0x30 && b <= 0x39 {
        digits += 1
      } else if b == UInt8(ascii: ".") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == 0xB0 || b == 0xBA || b == 0x27 {
        marks = true
      }
      if digits >= 4 && marks { return true }
    }
    return false
  }

  /// Calls `body` with each text in `value` (a list's items too).
  static func forEachText(_ value: TagValue, _ body: (String) -> Void) {
    switch value {
    case .text(let text): body(text)
    case .list(let items): for item in items { forEachText(item, body) }
    default: break
    }
  }

  /// True when `existing` already reports `new`'s coordinates in the same document, from the
  /// same carrier or from the byte sweep: within `sameCoordinates` degrees, as text rounds the
  /// decoded value ("Lat=40.67999" for 3GPP `loci`'s 40.679993).
  static func sameEvidence(_ existing: GPSFix, _ new: GPSFix, document: CarrierPath) -> Bool {
    guard existing.carrier == new.carrier || existing.carrier == .rawBytes,
          existing.path.description.hasPrefix(document.description),
          let lat = existing.latitude, let lon = existing.longitude, let newLat = new.latitude, let newLon = new.longitude else { return false }
    return abs(lat - newLat) < sameCoordinates && abs(lon - newLon) < sameCoordinates
  }
}
