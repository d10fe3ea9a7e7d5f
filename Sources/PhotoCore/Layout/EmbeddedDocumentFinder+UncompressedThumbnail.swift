extension EmbeddedDocumentFinder {
  /// An uncompressed IFD1 thumbnail (Compression 1) is no document a walker reads: it is listed
  /// as an embedded thumbnail (`thumbnail`, `thumbnail#2`…) with its size, and, when it is 8-bit
  /// RGB with its strips in the block, a `.thumbnail` carrier holds its samples (the strips joined,
  /// at most `PreviewImage.maxBytes`) for PA005 to compare. Any other layout is listed by what it
  /// is, with no samples: PA005 names it as not compared (PA015). Its strips stay in the block's
  /// slack, swept like the rest of it. [EXIF 2.32 4.5.5]
  mutating func uncompressedThumbnail(_ thumbnail: UncompressedThumbnail, in carrier: Carrier) {
    let strips = thumbnail.strips ?? []
    let first = strips.first?.lowerBound ?? 0
    let (_, range, placement) = location(of: first..<(strips.last?.upperBound ?? first), in: carrier)
    let offset = placement == tree.placement ? tree.placement.reportedOffset(range.lowerBound) : carrier.offset
    var payload: [UInt8] = []
    if thumbnail.isRGB8, let needed = thumbnail.rgbByteCount, needed <= PreviewImage.maxBytes,
       strips.reduce(0, { $0 + $1.count }) >= needed {
      payload.reserveCapacity(needed)
      for strip in strips where payload.count < needed { payload += carrier.payload[strip.prefix(needed - payload.count)] }
    }
    let role = payload.isEmpty && thumbnail.isRGB8
      ? EmbeddedDocumentFinder.ifd1ThumbnailRole + " (uncompressed RGB, strips shorter than \(thumbnail.width)×\(thumbnail.height) pixels or over the size cap: not decoded)"
      : thumbnail.role
    let index = nextThumbnailIndex()
    tree.scan.embeddedImages.append(EmbeddedImage(
      kind: .thumbnail, item: index, offset: offset, length: payload.isEmpty ? range.count : payload.count, role: role,
      size: PixelSize(width: thumbnail.width, height: thumbnail.height), path: CarrierPath("thumbnail", index: index)))
    if !payload.isEmpty {
      tree.scan.carriers.append(Carrier(kind: .thumbnail, offset: offset, length: payload.count, note: role, payload: payload))
    }
  }
}
