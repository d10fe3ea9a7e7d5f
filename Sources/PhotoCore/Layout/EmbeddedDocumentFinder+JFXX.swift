extension EmbeddedDocumentFinder {
  /// JFIF extension thumbnails (APP0 "JFXX\0"). One coded as a JPEG is walked as a child
  /// "thumbnail" (role "JFXX thumbnail"), like the IFD1 thumbnail, so its own EXIF is read
  /// ("thumbnail/exif") and PA005 compares it with the image; its segment is then no longer
  /// swept as a whole. A raw one (palette or RGB pixels) stays a swept carrier and is listed as
  /// an embedded thumbnail with its size, for the same comparison. [JFIF 1.02]
  mutating func jfxxThumbnails() {
    guard tree.format == .jpeg else { return }
    var walked: [Int] = []
    for (position, carrier) in tree.scan.carriers.enumerated() where carrier.kind == .thumbnail {
      guard let place = carrier.sourceRange, place.lowerBound >= JFXXThumbnail.signature.count,
            (try? tree.source.bytes(in: place.lowerBound - JFXXThumbnail.signature.count..<place.lowerBound)) == JFXXThumbnail.signature
      else { continue }
      guard let thumbnail = JFXXThumbnail.parse(carrier.payload) else {
        tree.scan.warnings.append("\(carrier.note ?? JFXXThumbnail.role): the JFXX thumbnail is not one JFIF 1.02 describes (unknown extension code or too short)")
        continue
      }
      let index = nextThumbnailIndex()
      guard thumbnail.coding == .jpeg else {
        tree.scan.embeddedImages.append(EmbeddedImage(
          kind: .thumbnail, item: index, offset: tree.placement.reportedOffset(place.lowerBound), length: place.count,
          role: "\(JFXXThumbnail.role) (\(thumbnail.coding == .rgb ? "RGB" : "palette") pixels)", size: thumbnail.size,
          path: CarrierPath("thumbnail", index: index)))
        continue
      }
      let range = place.lowerBound + thumbnail.data.lowerBound..<place.upperBound
      guard (try? tree.source.bytes(in: range.lowerBound..<min(range.lowerBound + 3, range.upperBound))) == [0xFF, 0xD8, 0xFF] else {
        tree.scan.warnings.append("\(carrier.note ?? JFXXThumbnail.role): the JFXX thumbnail says JPEG but does not start with a JPEG SOI")
        continue
      }
      guard add("thumbnail", index: index, format: .jpeg, source: tree.source, range: range, placement: tree.placement,
                origin: .embedded, role: JFXXThumbnail.role, imageKind: .thumbnail) != nil else { continue }
      // The walked JPEG is explained by its own document; the segment's other bytes stay swept.
      LayoutNode.attach([LayoutNode("JPEG thumbnail", range: range, note: "walked as \(CarrierPath("thumbnail", index: index))")],
                        inside: range, to: &tree.nodes)
      walked.append(position)
    }
    // The child lists it (a `.thumbnail` carrier with its bytes), as for the IFD1 thumbnail.
    for position in walked.reversed() { tree.scan.carriers.remove(at: position) }
  }

  /// The index of the next thumbnail of this document, nil for the first ("thumbnail", then
  /// "thumbnail#2"): walked ones and raw ones count.
  func nextThumbnailIndex() -> Int? {
    let count = tree.children.filter { $0.step.name == "thumbnail" }.count
      + tree.scan.embeddedImages.filter { $0.kind == .thumbnail && $0.path.steps.first?.name == "thumbnail" }.count
    return count == 0 ? nil : count + 1
  }
}
