import Bytes
/// Finds the documents embedded in one walked document and has them walked: the thumbnail of
/// each EXIF block (with the block's IFDs added to the layout) and the JPEG previews in its
/// MakerNote and slack, JFXX thumbnails, each ICC profile, each MPF
/// image, and documents in the data after the end of the image. What the trailing data holds
/// beyond them stays unexplained ("trailer").
struct EmbeddedDocumentFinder {
  package var tree: LayoutTree
  var children: ChildWalker

  init(tree: LayoutTree, children: ChildWalker) {
    self.tree = tree
    self.children = children
  }

  /// The role of an EXIF IFD1 thumbnail walked as a child.
  static let ifd1ThumbnailRole = "EXIF IFD1 thumbnail"

  mutating func findAll() {
    exifBlocks()
    tiffImages()
    jfxxThumbnails()
    iccProfiles()
    mpfImages()
    heifImageItems()
    motionPhotos()
    c2paStores()
    c2paEmbeddedFiles()
    flirData()
    jpegReconstruction()
    trailingDocuments()
  }

  // MARK: - Walking a child

  /// Walks the document at `range` of `source` and adds it as a child named `name`; returns it.
  @discardableResult
  package mutating func add(_ name: String, index: Int? = nil, format: DocumentFormat, source: any ByteSource, range: Range<Int>,
                    placement: FilePlacement, origin: EmbeddedDocument.Origin, role: String?,
                    imageKind: CarrierKind?) -> LayoutTree? {
    let step = CarrierPath.Step(name, index: index)
    switch children.walk(format, source: source, range: range, placement: placement, endsAtItsEnd: origin == .appended) {
    case .success(let walked):
      tree.children.append(EmbeddedDocument(step: step, origin: origin, role: role, imageKind: imageKind, tree: walked))
      return walked
    case .failure(let reason):
      tree.markIncomplete(step.description, reason.text)
      return nil
    }
  }

  /// The next index for a child named `name`, or nil for the first one ("thumbnail", then "thumbnail#2").
  func nextIndex(_ name: String) -> Int? {
    let count = tree.children.filter { $0.step.name == name }.count
    return count == 0 ? nil : count + 1
  }

  // MARK: - EXIF blocks

  /// Each EXIF block: its IFDs and MakerNote as nodes inside the structure that holds it, the
  /// JPEG previews in its MakerNote and slack (`vendorPreviews`) and its IFD1 thumbnail as child
  /// documents.
  mutating func exifBlocks() {
    for (index, carrier) in tree.scan.carriers.enumerated() where carrier.kind == .exif && carrier.payload.count >= 8 {
      guard let structure = TIFFStructure.parse(carrier.payload) else { continue }
      tree.scan.carriers[index].tiff = structure
      let slack = structure.slack(length: carrier.payload.count)
      if let place = carrier.sourceRange {
        LayoutNode.attach(structure.nodes(base: place.lowerBound, length: carrier.payload.count, slack: slack), inside: place,
                          to: &tree.nodes)
      }
      vendorPreviews(structure, slack: slack, in: carrier)
      if let uncompressed = structure.uncompressedThumbnail { uncompressedThumbnail(uncompressed, in: carrier) }
      guard let thumbnail = structure.thumbnail else { continue }
      let (source, range, placement) = location(of: thumbnail, in: carrier)
      let head = carrier.payload[thumbnail].prefix(3)
      guard head.elementsEqual([0xFF, 0xD8, 0xFF]) else {
        // Not an image a walker reads: listed as a thumbnail, its bytes swept.
        tree.scan.warnings.append("\(carrier.note ?? "EXIF"): the IFD1 thumbnail at offset \(thumbnail.lowerBound) is not a JPEG")
        if placement == tree.placement {
          LayoutNode.attach([LayoutNode("thumbnail", range: range, note: "IFD1 thumbnail, not a JPEG", swept: true)], inside: range,
                            to: &tree.nodes)
        }
        tree.scan.carriers.append(Carrier(kind: .thumbnail, offset: placement == tree.placement ? range.lowerBound : carrier.offset, length: range.count,
                                          note: "EXIF IFD1 thumbnail, not a JPEG", payload: Array(carrier.payload[thumbnail])))
        continue
      }
      add("thumbnail", index: nextIndex("thumbnail"), format: .jpeg, source: source, range: range, placement: placement,
          origin: .embedded, role: Self.ifd1ThumbnailRole, imageKind: .thumbnail)
    }
  }

  /// Where `part` of a carrier's payload is: in place in the document's source, or in the
  /// payload itself when that was decoded.
  package func location(of part: Range<Int>, in carrier: Carrier) -> (any ByteSource, Range<Int>, FilePlacement) {
    if let place = carrier.sourceRange {
      return (tree.source, place.lowerBound + part.lowerBound..<place.lowerBound + part.upperBound, tree.placement)
    }
    let via = carrier.note ?? carrier.kind.rawValue
    return (MemorySource(carrier.payload), part, .derived(anchor: tree.placement.reportedOffset(carrier.offset), via: via))
  }

  // MARK: - ICC profiles

  /// Each ICC profile: JPEG APP2 chunks joined, PNG iCCP inflated, HEIF `colr` in place.
  mutating func iccProfiles() {
    let icc = tree.scan.carriers.filter { $0.kind == .icc && !$0.payload.isEmpty }
    guard !icc.isEmpty else { return }
    if tree.format == .jpeg {
      jpegICC(icc)
      return
    }
    for carrier in icc {
      let (source, range, placement) = location(of: 0..<carrier.payload.count, in: carrier)
      add("icc", index: nextIndex("icc"), format: .icc, source: source, range: range, placement: placement,
          origin: .embedded, role: carrier.note, imageKind: nil)
    }
  }

  /// The profile of a JPEG's APP2 chunks (each payload: sequence number, count, data). [ICC.1:2010 B.4]
  mutating func jpegICC(_ chunks: [Carrier]) {
    let (profile, _) = ICCChunks.assemble(chunks.map { ICCChunks.app2Signature + $0.payload })
    guard let profile else { return }  // the decoder reports why
    var bySequence: [Int: Carrier] = [:]
    for chunk in chunks where chunk.payload.count >= 2 && bySequence[Int(chunk.payload[0])] == nil {
      bySequence[Int(chunk.payload[0])] = chunk
    }
    let ordered = bySequence.keys.sorted().compactMap { bySequence[$0] }
    let pieces = ordered.compactMap { $0.sourceRange.map { $0.lowerBound + 2..<$0.upperBound } }
    if pieces.count == 1, let only = pieces.first, only.count == profile.count {
      add("icc", format: .icc, source: tree.source, range: only, placement: tree.placement, origin: .embedded,
          role: "ICC profile in APP2", imageKind: nil)
    } else {
      let placement = pieces.count == ordered.count ? tree.placement.joining(pieces)
        : .derived(anchor: ordered.first?.offset ?? 0, via: "ICC profile joined from APP2 segments")
      add("icc", format: .icc, source: MemorySource(profile), range: 0..<profile.count, placement: placement,
          origin: .embedded, role: "ICC profile in \(ordered.count) APP2 segments", imageKind: nil)
    }
  }

  // MARK: - HEIF image items

  /// HEIF thumbnails and auxiliary items coded as JPEG: whole JPEGs (with their own APPn
  /// segments) in the item's extents. (HEVC and AV1 items are coded pictures, not containers:
  /// they are listed as embedded images, with the metadata items that describe them.)
  mutating func heifImageItems() {
    guard let file = tree.scan.heif else { return }
    for image in tree.scan.embeddedImages where image.format == .jpeg {
      guard let id = image.item, let location = file.locations[id], location.isReadable else { continue }
      let ranges = location.extents.map { $0.offset..<$0.offset + $0.length }
      guard (try? tree.source.bytes(in: ranges[0].lowerBound..<ranges[0].lowerBound + 3)) == [0xFF, 0xD8, 0xFF] else { continue }
      if ranges.count == 1 {
        add(image.kind.rawValue, index: id, format: .jpeg, source: tree.source, range: ranges[0], placement: tree.placement,
            origin: .embedded, role: image.role, imageKind: image.kind)
      } else if location.length <= TIFFWalker.maxBytes,
                let bytes = try? ranges.flatMap({ range throws(ByteError) in try tree.source.bytes(in: range) }) {
        add(image.kind.rawValue, index: id, format: .jpeg, source: MemorySource(bytes), range: 0..<bytes.count,
            placement: tree.placement.joining(ranges), origin: .embedded, role: image.role, imageKind: image.kind)
      }
    }
  }

  // MARK: - MPF images

  /// The images an MPF index lists after the primary: whole JPEGs at offsets from the MP header.
  /// [CIPA DC-007 5.2.3.3]
  mutating func mpfImages() {
    guard tree.format == .jpeg,
          let carrier = tree.scan.carriers.first(where: { $0.kind == .mpf }), let header = carrier.sourceRange?.lowerBound
    else { return }
    let index = MPFIndex.parse(carrier.payload, base: carrier.offset)
    tree.scan.warnings += index.warnings
    if index.unreadEntries > 0 {
      tree.markIncomplete("mpf-image", "the MPF index lists \(index.unreadEntries) images past the limit of \(MPFIndex.maxEntries); not read")
    }
    let after = carrier.sourceRange?.upperBound ?? header
    var taken: [Range<Int>] = []
    for entry in index.entries where entry.offset != 0 {
      let label = "MPF image \(entry.index)"
      let (start, overflow) = header.addingReportingOverflow(entry.offset)
      guard !overflow, start >= after, start < tree.range.upperBound, entry.size > 0 else {
        tree.scan.warnings.append("\(label) (\(entry.size) bytes at MP offset \(entry.offset)) lies outside the file")
        continue
      }
      let end = entry.size > tree.range.upperBound - start ? tree.range.upperBound : start + entry.size
      if end < start + entry.size {
        tree.scan.warnings.append("\(label) at byte \(tree.placement.reportedOffset(start)) declares \(entry.size) bytes but the file ends at byte \(tree.placement.reportedOffset(end))")
      }
      guard !taken.contains(where: { $0.overlaps(start..<end) }) else {
        tree.scan.warnings.append("\(label) at byte \(tree.placement.reportedOffset(start)) overlaps another MPF image; not read twice")
        continue
      }
      guard (try? tree.source.bytes(in: start..<min(start + 3, end))) == [0xFF, 0xD8, 0xFF] else {
        tree.scan.warnings.append("\(label) at byte \(tree.placement.reportedOffset(start)) does not start with a JPEG SOI; not read")
        continue
      }
      taken.append(start..<end)
      add("mpf-image", index: entry.index, format: .jpeg, source: tree.source, range: start..<end, placement: tree.placement,
          origin: .indexed, role: entry.typeName, imageKind: .mpfImage)
    }
  }
}
