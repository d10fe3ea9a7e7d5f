/// Turns a layout tree into the normalized model: decodes every carrier of every document,
/// computes the composites (GPS per carrier, orientation, sizes), and files what the embedded
/// documents carry under their carrier paths ("thumbnail/exif", "mpf-image#2/xmp").
struct MetadataAssembler {
  package let options: InspectOptions

  /// The model of a file from its tree.
  package func assemble(_ tree: LayoutTree, into start: PhotoMetadata) -> PhotoMetadata {
    var m = assembleDocument(tree, into: start)
    if let failure = tree.failure, m.error == nil { m.error = "\(failure)" }
    // A sidecar is a metadata file: it has no pixels and no size.
    if m.stored == nil, m.error == nil, m.format?.isSidecar != true {
      m.error = tree.scan.warnings.first.map { "no image size found: \($0)" } ?? "no image size found"
    }
    return m
  }

  /// One document and, below it, its embedded documents.
  func assembleDocument(_ tree: LayoutTree, into start: PhotoMetadata) -> PhotoMetadata {
    let scan = tree.scan
    var m = start
    m.format = scan.format
    m.stored = scan.storedSize
    m.warnings = scan.warnings
    m.tags = scan.structureTags
    m.embeddedImages = scan.embeddedImages
    m.incomplete = tree.incomplete
    m.motionPhoto = scan.motionPhoto
    var primaryExifSeen = false
    var normalized = scan
    normalized.carriers = scan.carriers.map { var c = $0; c.item = image(of: $0, in: scan); c.document = describedImage(c, in: scan); return c }
    for var carrier in normalized.carriers {
      carrier.offset = tree.placement.reportedOffset(carrier.offset)
      m.carriers.append(carrier)
      if carrier.kind == .exif {
        let isPrimary = carrier.item == nil && !primaryExifSeen
        addExif(carrier, isPrimary: isPrimary, to: &m)
        if isPrimary { primaryExifSeen = true }
      }
    }
    if let tiffFile = scan.tiffFile { decodeTIFFFile(tiffFile, tree: tree, into: &m) }
    decodeOtherCarriers(normalized, into: &m)
    if !scan.timedTracks.isEmpty { decodeTimedTracks(tree, into: &m) }
    if let store = scan.c2pa { decodeC2PA(store, tree: tree, carriers: normalized.carriers, into: &m) }
    decodeFLIR(normalized.carriers, placement: tree.placement, into: &m)
    resolveGeometry(scan, into: &m)
    // A thumbnail no walker reads (not a JPEG) is listed all the same (a raw JFXX thumbnail
    // is listed by the walk already, with its size).
    for carrier in m.carriers where carrier.kind == .thumbnail
      && !m.embeddedImages.contains(where: { $0.kind == .thumbnail && $0.offset == carrier.offset }) {
      m.embeddedImages.append(EmbeddedImage(kind: .thumbnail, item: nil, offset: carrier.offset, length: carrier.length,
                                            role: carrier.note, format: ImageFormat.sniff(Array(carrier.payload.prefix(64)))))
    }
    for child in tree.children where options.readEmbeddedImages {
      let sub = assembleDocument(child.tree, into: PhotoMetadata(path: m.path))
      merge(sub, of: child, into: &m)
    }
    return m
  }

  /// EXIF: tags, GPS, orientation and the MakerNote. (The IFD1 thumbnail is an embedded
  /// document of the tree, read on its own.)
  func addExif(_ carrier: Carrier, isPrimary: Bool, to m: inout PhotoMetadata) {
    let structure = carrier.tiff ?? TIFFStructure.parse(carrier.payload)
    let contents = ExifDecoder.decode(carrier.payload, structure: structure, carrier: .exif, item: carrier.item)
    m.tags += carrier.document.isRoot ? contents.tags : contents.tags.map { var tag = $0; tag.document = carrier.document; return tag }
    m.warnings += contents.warnings.map { "\(carrier.note ?? "EXIF"): \($0)" }
    m.incomplete += contents.incomplete.map { IncompleteCheck(scope: carrier.path.description, reason: $0) }
    var fix = contents.gps?.inDocument(carrier.document)
    fix?.offset = carrier.offset
    record(fix, in: &m)
    var makerNoteFix = contents.makerNoteGPS?.inDocument(carrier.document)
    makerNoteFix?.offset = carrier.offset
    record(makerNoteFix, in: &m)
    if isPrimary {
      m.orientation.exif = contents.orientation
      m.orientation.thumbnail = contents.thumbnailOrientation
    }
    if let note = contents.makerNote {
      let offset = note.offset.map { carrier.offset + $0 } ?? carrier.offset
      m.carriers.append(Carrier(kind: .makernote, offset: offset, length: note.length, item: carrier.item,
                                note: "\(note.vendor) MakerNote"))
    }
  }

  /// The image a carrier belongs to: nil for the primary image, else its HEIF item ID or MPF
  /// index. PNG holds one image; a HEIF metadata item belongs to the primary when it describes it.
  package func image(of carrier: Carrier, in scan: ContainerScan) -> Int? {
    switch scan.format {
    case .png, .webp, .gif, .jxl, .mov, .mp4, .xmp, .takeoutJSON, nil:
      // One image: carriers number only trailing documents and C2PA boxes.
      switch carrier.kind {
      case .trailer, .c2paAssertion, .c2paClaim: return carrier.item
      default: return nil
      }
    case .jpeg, .tiff, .dng, .raw: return carrier.item
    case .heic, .heif, .avif:
      guard carrier.kind != .trailer, let primary = scan.primaryItemID else { return carrier.item }
      return carrier.describedItems.contains(primary) ? nil : carrier.item
    }
  }

  /// The embedded image a HEIF metadata item describes when it is not the primary (a thumbnail
  /// or auxiliary item): the document of its carrier path ("thumbnail#2" for "thumbnail#2/exif#5").
  func describedImage(_ carrier: Carrier, in scan: ContainerScan) -> CarrierPath {
    guard scan.format?.isHEIFFamily == true, carrier.item != nil, carrier.document.isRoot,
          let image = scan.embeddedImages.first(where: { image in image.item.map(carrier.describedItems.contains) ?? false })
    else { return carrier.document }
    return image.path
  }

  /// Files a GPS composite under "locates the photo" or "GPS tags without coordinates".
  package func record(_ fix: GPSFix?, in m: inout PhotoMetadata) {
    guard let fix else { return }
    if fix.locates { m.gps.append(fix) } else { m.gpsWithoutCoordinates.append(fix) }
  }
}
