/// Which flattened XMP tags are textual location (PA006) and which identify a person, a device
/// or a document lineage (PA007). Tags are data: one row per group.
enum XMPPrivacyFields {
  /// A group ("XMP-photoshop") and the names, or name prefixes, that match in it.
  struct Rule: Sendable {
    package var group: String
    package var names: Set<String> = []
    package var prefixes: [String] = []
    /// Names containing this are excluded (coordinates inside location structures go to GPS).
    var excluding: String?

    package func matches(_ tag: MetadataTag) -> Bool {
      guard tag.group == group else { return false }
      if let excluding, tag.name.contains(excluding) { return false }
      return names.contains(tag.name) || prefixes.contains { tag.name.hasPrefix($0) }
    }
  }

  /// Place names and codes. [IPTC Photo Metadata Standard 2019.1 (Location); Photoshop schema]
  package static let location = RuleSet([
    Rule(group: "XMP-photoshop", names: ["City", "State", "Country"]),
    Rule(group: "XMP-iptcCore", names: ["Location", "CountryCode"]),
    Rule(group: "XMP-iptcExt", prefixes: ["LocationCreated", "LocationShown"], excluding: "GPS"),
    Rule(group: "XMP-exif", names: ["GPSAreaInformation"]),
    Rule(group: "XMP-photomech", names: ["CountryCode"]),
    Rule(group: "XMP-dwc", names: [
      "DCContinent", "DCCountry", "DCCountryCode", "DCCounty", "DCHigherGeography", "DCIsland",
      "DCIslandGroup", "DCLocality", "DCMunicipality", "DCStateProvince", "DCVerbatimLocality",
      "DCWaterBody", "DCLocationRemarks",
    ]),
  ])

  /// Serial numbers, owner and author names, unique document IDs and edit history.
  package static let identifying = RuleSet([
    Rule(group: "XMP-xmpMM", names: ["DocumentID", "InstanceID", "OriginalDocumentID", "PreservedFileName"],
         prefixes: ["History", "DerivedFrom", "Ingredients", "ManagedFrom", "Manifest"]),
    Rule(group: "XMP-aux", names: ["SerialNumber", "LensSerialNumber", "OwnerName"]),
    Rule(group: "XMP-exifEX", names: ["BodySerialNumber", "LensSerialNumber", "CameraOwnerName"]),
    Rule(group: "XMP-exif", names: ["ImageUniqueID", "Artist", "Copyright"]),
    Rule(group: "XMP-tiff", names: ["Artist", "Copyright"]),
    Rule(group: "XMP-dc", names: ["Creator", "Rights", "Contributor", "Publisher"]),
    Rule(group: "XMP-photoshop", names: ["Credit", "AuthorsPosition", "CaptionWriter", "DocumentAncestors",
                                         "TransmissionReference"]),
    Rule(group: "XMP-xmpRights", names: ["Owner"]),
    Rule(group: "XMP-iptcCore", prefixes: ["Creator"]),
    Rule(group: "XMP-iptcExt", prefixes: ["PersonInImage", "ModelReleaseID", "PropertyReleaseID"]),
    Rule(group: "XMP-plus", prefixes: ["CopyrightOwner", "ImageCreator", "Licensor", "ImageSupplier"]),
    Rule(group: "XMP-mwg-rs", names: ["RegionName", "RegionPersonDisplayName"]),
    Rule(group: "XMP-pdf", names: ["Author"]),
  ])

  /// Rules indexed by group: a tag costs one lookup, not a string comparison per rule
  /// (measured: 12.6 M instructions of a 1,200-file scan).
  struct RuleSet: Sendable {
    let byGroup: [String: [Rule]]
    init(_ rules: [Rule]) { byGroup = Dictionary(grouping: rules, by: \.group) }
  }

  /// The tags a rule matches, in order, without empty values (looked at only for a match).
  package static func select(_ tags: [MetadataTag], _ rules: RuleSet) -> [MetadataTag] {
    tags.filter { t in
      guard let candidates = rules.byGroup[t.group] else { return false }
      return candidates.contains { $0.matches(t) } && !isEmpty(t.value)
    }
  }

  /// True for "" or a list of only "" (an empty structure says nothing).
  package static func isEmpty(_ v: TagValue) -> Bool {
    switch v {
    case .text(let s): s.trimmingXMLSpace.isEmpty
    case .list(let items): items.allSatisfy(isEmpty)
    default: false
    }
  }
}
