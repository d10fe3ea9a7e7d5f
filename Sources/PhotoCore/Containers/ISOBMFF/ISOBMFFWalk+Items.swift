extension ISOBMFFWalk {
  /// Boxes whose content is item or sample data.
  static let dataBoxes: Set<String> = ["mdat", "idat", "free", "skip"]

  /// After the boxes: a HEIF's items are read from `meta` (carriers, facts) and their extents —
  /// and in `.complete` mode the tracks' samples — placed inside the boxes that hold them.
  package mutating func finish() throws(ContainerError) {
    tree.end = position
    guard ftyp != nil || isMovie else { throw .truncated(format: label, what: "'ftyp' box", offset: range.lowerBound) }
    if mode == .complete { placeTrackSamples() }
    guard var file = tree.scan.heif else { return }  // not a HEIF: boxes only
    guard let meta else {
      throw .malformed(format: label, what: "file", offset: range.lowerBound,
                       reason: "no top-level 'meta' box (\(file.majorBrand) file without HEIF items)")
    }
    HEIFMetaParser.parse(meta: meta, into: &file, file: range, state: &state)
    HEIFWalker.reportLocationProblems(file, state: &state)
    file.boxes = boxes
    file.trailer = position < upper ? position..<upper : nil
    HEIFWalker.validate(&file, state: &state)
    file.warnings = state.warnings
    let outsideMeta = tree.scan.carriers  // located in boxes outside 'meta' (the C2PA 'uuid' box)
    tree.scan = try HEIFWalker.makeScan(file, source: source, incomplete: &tree.incomplete)
    tree.scan.carriers += outsideMeta
    state.warnings = []  // in the scan's warnings now (`file.warnings` first)
    placeItemExtents(file)
  }

  /// Each item's extents as nodes inside the `mdat`/`idat` (or `free`) box that holds them;
  /// extents outside every box are nodes of their own. The data of an item no decoder reads
  /// (`isUndecoded`) is swept.
  mutating func placeItemExtents(_ file: HEIFFile) {
    var extents: [LayoutNode] = []
    for id in file.locations.keys.sorted() {
      guard let location = file.locations[id] else { continue }
      let item = file.item(id)
      // An emptied metadata item (an extent of length 0, "to the end") claims no bytes.
      if let item, !item.isImage, location.extents.contains(where: \.toEnd) { continue }
      let type = item.map { $0.type.isEmpty ? "infe v\($0.infeVersion)" : $0.type } ?? "undeclared"
      let single = location.extents.count == 1
      let swept = isUndecoded(item, id: id)
      for (index, extent) in location.extents.enumerated() where extent.length > 0 {
        let (end, overflow) = extent.offset.addingReportingOverflow(extent.length)
        guard !overflow else { continue }
        extents.append(LayoutNode("item \(id) \(type)" + (single ? "" : " extent \(index)"), range: extent.offset..<end,
                                  note: swept ? "data no decoder reads" : nil, swept: swept))
      }
    }
    place(extents, outside: "item data outside any mdat or idat box", warning: "item(s)")
  }

  /// The chunks of each track's samples (image sequences, movies), inside the `mdat` that holds
  /// them. Chunk offsets count from the start of the document (an MP4 inside a Motion Photo);
  /// what lies outside the document is not placed.
  mutating func placeTrackSamples() {
    var chunks: [LayoutNode] = []
    var outside = 0
    for (index, track) in tracks.enumerated() {
      guard let ranges = track.chunkRanges(source) else {
        state.warn("\(label) track \(index + 1): its sample tables could not be read; its samples stay unaccounted")
        continue
      }
      // Decided once a track (a string switch over the format), not once a chunk.
      let swept = track.isSwept(format: track.formats.first)
      let note = swept ? "'\(track.handler ?? "")' track: samples no decoder reads"
        : track.isTimed ? "'\(track.handler ?? "")' track: '\(track.formats.first ?? "")' samples, decoded" : nil
      for chunk in ranges {
        let base = range.lowerBound
        guard chunk.upperBound <= Int.max - base, chunk.lowerBound + base < upper else {
          outside += 1
          continue
        }
        let placed = chunk.lowerBound + base..<min(chunk.upperBound + base, upper)
        if placed.upperBound < chunk.upperBound + base { outside += 1 }
        chunks.append(LayoutNode("track \(index + 1) samples", range: placed, note: note, swept: swept))
      }
    }
    if outside > 0 {
      state.warn("\(label) sample data of \(outside) chunk(s) lies past the end of the file")
      // A movie whose samples are not all there is cut short: unreadable, never clean.
      if isMovie, tree.failure == nil { tree.failure = .truncated(format: label, what: "sample data", offset: upper) }
    }
    place(chunks, outside: "sample data outside any mdat box", warning: "track samples")
  }

  /// Puts data nodes inside the data boxes that hold them; the others at the top with `outside`.
  package mutating func place(_ nodes: [LayoutNode], outside: String, warning: String) {
    guard !nodes.isEmpty else { return }
    var left = LayoutNode.attachSorted(nodes, to: &tree.nodes) { Self.dataBoxes.contains($0.name) }
    guard !left.isEmpty else { return }
    for index in left.indices { left[index].note = outside }
    state.warn("\(label) \(warning) at byte \(left[0].range.lowerBound)\(left.count > 1 ? " and \(left.count - 1) more" : "") lie outside any 'mdat' or 'idat' box")
    tree.nodes = (tree.nodes + left).sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// True when no decoder reads item `id`'s data: an item `iinf` does not declare, one of a type
  /// that is neither an image, `Exif` nor XMP (a `mime` item of another content type, a `uri `
  /// item, a private type), or an `Exif` item without a TIFF header where it should be (zlib
  /// data, say). Image data is never swept; XMP is decoded (inflated when its `infe` says so).
  func isUndecoded(_ item: HEIFItem?, id: Int) -> Bool {
    guard let item else { return true }
    if item.isImage || item.isXMP { return false }
    guard item.isExif else { return true }
    let tiffHeaders: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]
    return !tree.scan.carriers.contains { $0.item == id && $0.kind == .exif && tiffHeaders.contains(Array($0.payload.prefix(4))) }
  }
}
