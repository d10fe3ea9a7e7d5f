/// Which C2PA assertion tags name a place in words (PA006): every text of a `cai.location.*`
/// assertion (`cai.location.broad` holds `{"location": "Lisbon, Portugal"}`), and the place
/// fields of the assertions that borrow other schemas — schema.org `contentLocation`,
/// `locationCreated` and `spatialCoverage` (`stds.schema-org.CreativeWork`), IPTC
/// `LocationCreated`/`LocationShown` (`stds.iptc`, `c2pa.metadata`) — but their JSON-LD
/// bookkeeping (`@type` "Place", identifiers, URLs). Coordinates in any of them are GPS
/// (`C2PAAssertionDecoder.gps`, PA001); these are the words. Tags are data: one table each.
/// [CAI assertions `cai.location.broad`; C2PA 2.1 18.14, 18.15; schema.org CreativeWork]
enum C2PALocationText {
  /// Assertion labels whose every text is a place.
  static let assertionPrefixes = ["cai.location"]
  /// Flattened tag names (`C2PAAssertionDecoder.tags`) that start a place's fields.
  static let namePrefixes = ["ContentLocation", "LocationCreated", "LocationShown", "SpatialCoverage"]
  /// Field names that are bookkeeping, not a place.
  static let bookkeepingSuffixes = ["Type", "Identifier", "Id", "ID", "Url", "URL", "SameAs"]

  /// True when `tag` is a C2PA assertion's text naming a place.
  static func isLocationText(_ tag: MetadataTag) -> Bool {
    guard tag.carrier == .c2paAssertion, case .text(let text) = tag.value,
          !text.trimmingWhitespace().isEmpty else { return false }
    if bookkeepingSuffixes.contains(where: tag.name.hasSuffix) { return false }
    let label = tag.group.hasPrefix("C2PA:") ? tag.group.dropFirst(5) : ""
    return assertionPrefixes.contains(where: label.hasPrefix) || namePrefixes.contains(where: tag.name.hasPrefix)
  }
}
