import Bytes
/// PA006: textual location (city, country, sub-location) left in XMP, IPTC or a C2PA assertion.
struct LocationTextCheck: Check {
  package var ids: [FindingID] { [.locationText] }

  /// Tag names holding a place name. [IPTC-IIM 2:90–2:101; IPTC Core/Ext; photoshop:]
  package static let names = NameSet([
    "City", "State", "Country", "CountryCode", "Location", "Sub-location", "Province-State",
    "Country-PrimaryLocationName", "Country-PrimaryLocationCode", "LocationCreatedCity",
    "LocationCreatedSublocation", "LocationCreatedProvinceState", "LocationCreatedCountryName",
    "LocationCreatedCountryCode", "LocationShownCity", "LocationShownSublocation",
    "LocationShownProvinceState", "LocationShownCountryName", "LocationShownCountryCode", "LocationName",
  ])

  /// Place names in the tags: the named fields, and C2PA assertions naming a place without
  /// coordinates (`C2PALocationText`: `cai.location.broad`, schema.org `contentLocation`).
  /// (Picked by index, as `CaptureSummary.filled`: `filter` copies every tag.)
  static func locationTags(_ tags: [MetadataTag]) -> [MetadataTag] {
    var out: [MetadataTag] = []
    for index in tags.indices
    where (names.contains(tags[index].name) && !CaptureSummary.isEmpty(tags[index].value))
      || (tags[index].carrier == .c2paAssertion && C2PALocationText.isLocationText(tags[index])) {
      out.append(tags[index])
    }
    return out
  }

  package func findings(for s: CheckSubject) -> [Finding] {
    Self.locationTags(s.output.tags).map { tag in
      Finding(.locationText, file: s.output.path, carrier: tag.document.appending(tag.carrier.rawValue).description, tag: "\(tag.group):\(tag.name)",
              evidence: "\(tag.group):\(tag.name) = \(secret: SecretTags.value(tag))")
    }
  }
}

/// PA007: serial numbers, owner/artist names, unique IDs, XMP history left in the output.
struct IdentifyingFieldsCheck: Check {
  package var ids: [FindingID] { [.identifyingFields] }

  package func findings(for s: CheckSubject) -> [Finding] {
    CaptureSummary.identifying(s.output).map { tag in
      Finding(.identifyingFields, file: s.output.path, carrier: tag.document.appending(tag.carrier.rawValue).description, tag: "\(tag.group):\(tag.name)",
              evidence: "\(tag.group):\(tag.name) = \(secret: SecretTags.value(tag))")
    }
  }
}
