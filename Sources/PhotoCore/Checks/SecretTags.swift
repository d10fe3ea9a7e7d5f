import Bytes
/// Which tag values are secret (SPEC "Reports": reports never spread the leak): where a report
/// shows a tag's value — the `diff` table, `inspect --redact` — a secret one is replaced by its
/// marker `‹redacted #fingerprint›`, and the findings about it (PA006, PA007) carry it as a
/// `\(secret:)` value.
///
/// Secret: every GPS tag (the GPS IFD but its version, XMP `exif:GPS…`, any name that says
/// latitude or longitude in any namespace: `XMPCoordinateNames`) — coordinates, altitude, the
/// time and date of the fix, speed, track and direction alike; QuickTime and 3GPP locations; place
/// names (PA006's names, C2PA place assertions); identifying fields (PA007's names: serial
/// numbers, owner, artist and creator names, unique IDs); image generators' prompts and workflows
/// (PA017); and any text that holds coordinates (`CoordinateText`). Not secret: sizes, orientation,
/// camera make and model, dates of capture, structure.
public enum SecretTags {
  /// Location tags of QuickTime, 3GPP and Apple's `mdta` keys that are no GPS coordinates by
  /// name. [ExifTool QuickTime.pm]
  static let quickTimeLocation = NameSet([
    "GPSCoordinates", "LocationInformation", "LocationName", "LocationBody", "LocationNote", "LocationRole", "LocationDate",
    "LocationAccuracyHorizontal",
  ])

  /// True when `tag`'s value must not be printed unless revealed.
  public static func isSecret(_ tag: MetadataTag) -> Bool {
    let name = tag.name
    if name == "GPSVersionID" { return false }
    if tag.group == "GPS" || name.hasPrefix("GPS") || name.hasPrefix("Gps") { return true }
    if LocationTextCheck.names.contains(name) || quickTimeLocation.contains(name) { return true }
    if CaptureSummary.identifyingNames.contains(name) { return true }
    if tag.carrier == .c2paAssertion, C2PALocationText.isLocationText(tag) { return true }
    if XMPCoordinateNames.classify(name) != nil { return true }
    if tag.carrier == .comment, GenerationMetadata.keywords[name] != nil { return true }
    return holdsSecretText(tag.value)
  }

  /// A text that holds coordinates, or a generator's prompt or workflow.
  static func holdsSecretText(_ value: TagValue) -> Bool {
    switch value {
    case .text(let text):
      if TextTagSweep.mayHoldCoordinates(text), !CoordinateText.find(in: text).isEmpty { return true }
      return text.utf8.count >= 4 && GenerationPrompt.classify(text) != nil
    case .list(let items): return items.contains(where: holdsSecretText)
    default: return false
    }
  }

  /// The value of `tag` as a secret: its first 100 characters shown when revealed, the whole
  /// value fingerprinted.
  public static func value(_ tag: MetadataTag) -> SecretValue {
    let full = tag.value.display
    return .text(String(full.prefix(100)), full: full)
  }

  /// `tag` with its value replaced by its marker when it is secret; unchanged otherwise.
  public static func redacted(_ tag: MetadataTag) -> MetadataTag {
    isSecret(tag) ? masked(tag) : tag
  }

  /// `tag` with its value replaced by its marker, secret or not.
  static func masked(_ tag: MetadataTag) -> MetadataTag {
    var out = tag
    out.value = .text(ValueFingerprint.marker(value(tag).fingerprint))
    return out
  }

  /// `m` with the value of every secret tag replaced by its marker (`inspect --redact`): the
  /// views made from tags (location, identifying fields, `--all`) show markers then. GPS fixes
  /// and generator prompts are not tags: their renderings redact them.
  public static func redacted(_ m: PhotoMetadata) -> PhotoMetadata {
    var out = m
    for index in out.tags.indices where isSecret(out.tags[index]) { out.tags[index] = redacted(out.tags[index]) }
    return out
  }
}
