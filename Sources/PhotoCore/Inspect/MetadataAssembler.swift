/// Turns a container scan into the normalized model: decodes every carrier, follows embedded
/// images (thumbnail, MPF), and computes the composites (GPS per carrier, orientation, sizes).
struct MetadataAssembler {
  let source: any ByteSource
  let options: InspectOptions

  func assemble(_ scan: ContainerScan, into start: PhotoMetadata) -> PhotoMetadata {
    var m = start
    m.format = scan.format
    m.stored = scan.storedSize
    m.warnings = scan.warnings
    m.tags = scan.structureTags
    m.embeddedImages = scan.embeddedImages
    var primaryExifSeen = false
    for var carrier in scan.carriers {
      carrier.item = image(of: carrier, in: scan)
      m.carriers.append(carrier)
      switch carrier.kind {
      case .exif:
        let isPrimary = carrier.item == nil && !primaryExifSeen
        addExif(carrier, isPrimary: isPrimary, to: &m)
        if isPrimary { primaryExifSeen = true }
      case .mpf:
        addMPFImages(carrier, to: &m)
      default:
        break
      }
    }
    var normalized = scan
    normalized.carriers = scan.carriers.map { var c = $0; c.item = image(of: $0, in: scan); return c }
    decodeOtherCarriers(normalized, into: &m)
    resolveGeometry(scan, into: &m)
    if m.stored == nil, m.error == nil {
      m.error = scan.warnings.first.map { "no image size found: \($0)" } ?? "no image size found"
    }
    return m
  }

  /// EXIF: tags, GPS, orientation, MakerNote and the IFD1 thumbnail (with its own EXIF).
  func addExif(_ carrier: Carrier, isPrimary: Bool, to m: inout PhotoMetadata) {
    let contents = ExifDecoder.decode(carrier.payload, carrier: .exif, item: carrier.item)
    m.tags += contents.tags
    m.warnings += contents.warnings.map { "\(carrier.note ?? "EXIF"): \($0)" }
    record(contents.gps, in: &m)
    if isPrimary {
      m.orientation.exif = contents.orientation
      m.orientation.thumbnail = contents.thumbnailOrientation
    }
    if let note = contents.makerNote {
      let offset = note.offset.map { carrier.offset + $0 } ?? carrier.offset
      m.carriers.append(Carrier(kind: .makernote, offset: offset, length: note.length, item: carrier.item,
                                note: "\(note.vendor) MakerNote"))
    }
    if let thumb = contents.thumbnail {
      let offset = thumb.offset >= 0 ? carrier.offset + thumb.offset : carrier.offset
      m.carriers.append(Carrier(kind: .thumbnail, offset: offset, length: thumb.bytes.count, item: carrier.item,
                                note: "EXIF IFD1 thumbnail", payload: thumb.bytes))
      var image = EmbeddedImage(kind: .thumbnail, item: carrier.item, offset: offset, length: thumb.bytes.count,
                                role: "EXIF thumbnail", format: ImageFormat.sniff(Array(thumb.bytes.prefix(64))))
      if options.readEmbeddedImages, image.format == .jpeg,
         let inner = try? JPEGWalker.scan(MemorySource(thumb.bytes)) {
        image.size = inner.storedSize
        image.carrierKinds = inner.carriers.map(\.kind)
        for innerCarrier in inner.carriers where innerCarrier.kind == .exif {
          var fix = ExifDecoder.decode(innerCarrier.payload, carrier: .thumbnail, item: carrier.item).gps
          fix?.carrier = .thumbnail
          record(fix, in: &m)
        }
      }
      m.embeddedImages.append(image)
    }
  }

  /// MPF: each secondary image is a whole JPEG after the primary's EOI; read its own carriers.
  func addMPFImages(_ carrier: Carrier, to m: inout PhotoMetadata) {
    let index = MPFIndex.parse(carrier.payload, base: carrier.offset)
    m.warnings += index.warnings
    for entry in index.entries where entry.offset != 0 {
      let (start, overflow) = carrier.offset.addingReportingOverflow(entry.offset)
      guard !overflow, entry.size > 0, start < source.count, entry.size <= source.count - start else {
        m.warnings.append("MPF image \(entry.index) (\(entry.size) bytes at MP offset \(entry.offset)) lies outside the file")
        continue
      }
      m.carriers.append(Carrier(kind: .mpfImage, offset: start, length: entry.size, item: entry.index,
                                note: entry.typeName))
      var image = EmbeddedImage(kind: .mpfImage, item: entry.index, offset: start, length: entry.size,
                                role: entry.typeName)
      guard options.readEmbeddedImages else {
        m.embeddedImages.append(image)
        continue
      }
      do {
        let inner = try JPEGWalker.scan(source, range: start..<start + entry.size)
        image.format = .jpeg
        image.size = inner.storedSize
        image.carrierKinds = inner.carriers.map(\.kind)
        for var innerCarrier in inner.carriers where innerCarrier.kind != .mpf {
          innerCarrier.item = entry.index
          innerCarrier.note = "MPF image \(entry.index): " + (innerCarrier.note ?? "")
          m.carriers.append(innerCarrier)
          if innerCarrier.kind == .exif {
            let contents = ExifDecoder.decode(innerCarrier.payload, carrier: .mpfImage, item: entry.index)
            m.tags += contents.tags
            record(contents.gps, in: &m)
          }
        }
      } catch {
        m.warnings.append("MPF image \(entry.index) at byte \(start) is not a readable JPEG: \(error)")
      }
      m.embeddedImages.append(image)
    }
  }

  /// The image a carrier belongs to: nil for the primary image, else its HEIF item ID or MPF
  /// index. PNG holds one image; a HEIF metadata item belongs to the primary when it describes it.
  func image(of carrier: Carrier, in scan: ContainerScan) -> Int? {
    switch scan.format ?? .jpeg {
    case .png: return nil
    case .jpeg: return carrier.item
    case .heic, .heif, .avif:
      guard let primary = scan.primaryItemID else { return carrier.item }
      return carrier.describedItems.contains(primary) ? nil : carrier.item
    }
  }

  /// Files a GPS composite under "with coordinates" or "GPS tags without coordinates".
  func record(_ fix: GPSFix?, in m: inout PhotoMetadata) {
    guard let fix else { return }
    if fix.hasCoordinates { m.gps.append(fix) } else { m.gpsWithoutCoordinates.append(fix) }
  }
}
