import Bytes
/// PA010: MPF secondary images or non-primary HEIF items that carry metadata of their own.
///
/// Error, except for metadata that holds no privacy field: an image whose only metadata is XMP
/// made of gain-map rendering fields (Apple's `HDRGainMap:HDRGainMapVersion`, which
/// `exiftool -all=` leaves in every iPhone 12+ HEIC, and the Adobe/ISO `hdrgm:` parameters) with
/// numeric values is info. Any other carrier (EXIF, IPTC…), any other field (GPS, names, dates)
/// or an XMP packet that gave no fields at all (unreadable, so unproven) keeps it an error.
package struct SecondaryImageMetadataCheck: Check {
  package var ids: [FindingID] { [.secondaryImageMetadata] }
  static let metadataKinds: Set<CarrierKind> = [.exif, .xmp, .iptc, .photoshop, .makernote]
  /// XMP fields that only say how to render a gain map: group → names. Values must be numbers.
  static let renderingFields: [String: Set<String>] = [
    "XMP-HDRGainMap": ["HDRGainMapVersion", "HDRGainMapHeadroom"],
    "XMP-hdrgm": ["Version", "BaseRenditionIsHDR", "GainMapMin", "GainMapMax", "Gamma", "OffsetSDR", "OffsetHDR",
                  "HDRCapacityMin", "HDRCapacityMax"],
  ]

  package func findings(for s: CheckSubject) -> [Finding] {
    s.output.embeddedImages.filter { $0.kind != .thumbnail }.compactMap { image in
      let kinds = image.carrierKinds.filter(Self.metadataKinds.contains).uniqued()
      guard !kinds.isEmpty else { return nil }
      let name = image.path.description
      let place = "\(name)\(image.role.map { " (\($0))" } ?? "") at byte \(image.offset)"
      if kinds == [.xmp], let fields = Self.renderingOnly(Self.tags(of: image, in: s.output)) {
        return Finding(.secondaryImageMetadata, file: s.output.path, carrier: name,
                       evidence: "\(place) carries xmp with gain-map rendering fields only (\(fields)): no privacy field",
                       severity: .info)
      }
      return Finding(.secondaryImageMetadata, file: s.output.path, carrier: name,
                     evidence: "\(place) carries \(kinds.map(\.rawValue).joined(separator: ", "))")
    }
  }

  /// The metadata tags of an embedded image: an MPF image's carry its index; a HEIF item's
  /// metadata items (`cdsc` references to it) carry their own item IDs.
  package static func tags(of image: EmbeddedImage, in m: PhotoMetadata) -> [MetadataTag] {
    guard let item = image.item else { return [] }
    var items: Set<Int> = [item]
    for carrier in m.carriers where carrier.describedItems.contains(item) {
      if let id = carrier.item { items.insert(id) }
    }
    return m.tags.filter { tag in tag.item.map(items.contains) == true && metadataKinds.contains(tag.carrier) }
  }

  /// "HDRGainMapVersion = 65536" when every tag is a numeric rendering field (the XMP toolkit
  /// name aside, if it holds no coordinates) and there is at least one; nil otherwise.
  package static func renderingOnly(_ tags: [MetadataTag]) -> String? {
    var fields: [String] = []
    for tag in tags {
      if tag.group == "XMP-x", tag.name == "XMPToolkit", CoordinateText.find(in: tag.value.display).isEmpty { continue }
      guard renderingFields[tag.group]?.contains(tag.name) == true, tag.value.number != nil else { return nil }
      fields.append("\(tag.name) = \(tag.value.display)")
    }
    return fields.isEmpty ? nil : fields.joined(separator: ", ")
  }
}
