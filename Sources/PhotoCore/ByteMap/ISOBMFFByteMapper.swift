/// Maps every byte of a HEIF/AVIF (ISOBMFF) file: every box, nested (ftyp, meta and its children,
/// iprp/ipco and each property, iinf/infe, iloc, iref, idat, mdat, moov…); inside `mdat` and
/// `idat` the extents `iloc` gives each item ("item 1 hvc1"). Unaccounted: bytes of `mdat`/`idat`
/// no item references, non-zero content of `free`/`skip` boxes (all-zero content is padding), and
/// whatever follows the last box. [ISO/IEC 14496-12 4.2, 8.1.1, 8.1.2, 8.11.3; ISO/IEC 23008-12]
///
/// The box tree is walked here with bounded header reads (payloads are never loaded, except to
/// confirm that a `free` box is all zeros); item locations come from `HEIFWalker.parse`.
enum ISOBMFFByteMapper {
  /// What one walk has seen so far.
  struct Context {
    var boxes = 0
    /// Payloads where item data may lie: mdat, idat (and free/skip, in case an item points there).
    var dataBoxes: [(range: Range<Int>, path: [String])] = []
    /// The sample tables of each track (`stbl`) met so far, and of the one being walked.
    var tracks: [ISOBMFFTrackSamples] = []
    var currentTrack: ISOBMFFTrackSamples?
  }

  /// Sample table boxes whose payloads locate a track's samples.
  static let sampleTableTypes: Set<String> = ["stsz", "stz2", "stco", "co64", "stsc"]

  /// Maps the ISOBMFF file filling `source` into `builder`.
  static func map(_ source: any ByteSource, heif: HEIFFile? = nil, into builder: inout ByteMapBuilder) {
    var context = Context()
    do throws(ByteError) {
      try walk(source, range: 0..<source.count, depth: 1, parent: nil, path: [], into: &builder, context: &context)
    } catch {
      builder.warn("HEIF box walk stopped: \(error)")
    }
    mapItemExtents(source, heif: heif, dataBoxes: context.dataBoxes, into: &builder)
    mapTrackSamples(source, context: context, into: &builder)
  }

  /// Walks the boxes in `range` (a file or a container's children).
  static func walk(_ source: any ByteSource, range: Range<Int>, depth: Int, parent: String?, path: [String],
                   into builder: inout ByteMapBuilder, context: inout Context) throws(ByteError) {
    var position = range.lowerBound
    let upper = range.upperBound
    let place = parent.map { "in '\($0)'" } ?? "in the file"
    while position < upper {
      guard context.boxes < ISOBMFFLimits.maxBoxes, !builder.isFull else {
        builder.warn("HEIF has more than \(ISOBMFFLimits.maxBoxes) boxes; the rest was not mapped")
        return
      }
      let head = try source.bytes(in: position..<min(position + ISOBMFFBox.maxHeaderLength, upper))
      let leftover = parent == nil ? ["trailer"] : path + ["stray bytes"]
      switch ISOBMFFBox.parseHeader(head, offset: position, limit: upper, depth: depth) {
      case .partial:
        builder.hole(position..<upper, leftover, note: "\(upper - position) bytes after the last box \(place), too few for a box")
        return
      case .invalid(let reason):
        builder.hole(position..<upper, leftover, note: "not a box (\(reason)), after the last box \(place)")
        builder.warn("HEIF data at byte \(position) \(place) is not a box: \(reason)")
        return
      case .box(let box, let declaredEnd):
        // Bytes whose "type" is not printable, or a truncated box of a type that cannot be at the
        // top level, are not a box: something appended (a JPEG, say).
        let implausible = !ISOBMFFBox.isPlausibleType(head)
          || (box.isTruncated && parent == nil && !HEIFWalker.topLevelTypes.contains(box.type))
        guard !implausible else {
          builder.hole(position..<upper, leftover, note: "not a box, after the last box \(place)")
          return
        }
        context.boxes += 1
        var note: String?
        if box.isTruncated {
          note = "truncated: declares \(declaredEnd - position) bytes, \(parent.map { "'\($0)'" } ?? "the file") ends at byte \(upper)"
          builder.warn("HEIF '\(box.type)' box at byte \(position) \(note ?? "")")
        }
        try mapBox(box, head: head, source: source, depth: depth, parent: parent, path: path + [box.type], note: note,
                   into: &builder, context: &context)
        position = box.end
      }
    }
  }

  /// Maps one box: a data box's header plus a hole for its payload, a container's header plus
  /// its children, or a leaf whole.
  static func mapBox(_ box: ISOBMFFBox, head: [UInt8], source: any ByteSource, depth: Int, parent: String?,
                     path: [String], note: String?, into builder: inout ByteMapBuilder, context: inout Context) throws(ByteError) {
    let header = box.offset..<box.payloadOffset
    let payload = box.payloadRange
    switch box.type {
    case "mdat", "idat":
      builder.claim(header, path, note: join("box header", note))
      builder.hole(payload, path, note: "bytes of '\(box.type)' that no item references")
      context.dataBoxes.append((payload, path))
    case "free", "skip":
      // Free space: its content is irrelevant, so non-zero content is something left behind. [8.1.2]
      if !payload.isEmpty, ByteSniffer.isUniform(source, payload, 0) {
        builder.claim(box.offset..<box.end, path, note: join("zero padding", note))
      } else {
        builder.claim(header, path, note: join("box header", note))
        builder.hole(payload, path, note: "non-zero content of a '\(box.type)' box (free space)")
        context.dataBoxes.append((payload, path))
      }
    default:
      let payloadHead = Array(head.dropFirst(box.headerSize).prefix(8))
      if depth < ISOBMFFLimits.maxDepth, let childStart = ISOBMFFBoxTypes.childOffset(type: box.type, payloadHead: payloadHead),
         box.payloadOffset + childStart <= box.end {
        let childrenStart = box.payloadOffset + childStart
        builder.claim(box.offset..<childrenStart, path, note: join("box header", note))
        if box.type == "stbl" { context.currentTrack = ISOBMFFTrackSamples() }
        try walk(source, range: childrenStart..<box.end, depth: depth + 1, parent: box.type, path: path,
                 into: &builder, context: &context)
        if box.type == "stbl", let track = context.currentTrack {
          context.tracks.append(track)
          context.currentTrack = nil
        }
      } else if ISOBMFFBoxTypes.isKnown(box.type, parent: parent) {
        if parent == "stbl", sampleTableTypes.contains(box.type), context.currentTrack?.tables[box.type] == nil {
          context.currentTrack?.tables[box.type] = payload
        }
        builder.claim(box.offset..<box.end, path, note: note)
      } else {
        var what = "unknown box type '\(box.type)'"
        if box.type == "uuid", head.count >= box.headerSize {
          what = "uuid box " + head[(box.headerSize - 16)..<box.headerSize].map { JPEGWalker.hex($0) }.joined().lowercased()
        }
        builder.claim(box.offset..<box.end, path, kind: .opaque, note: join(what, note), header: box.headerSize)
      }
    }
  }

  /// Claims the extents `iloc` gives each item, named after the box they lie in.
  static func mapItemExtents(_ source: any ByteSource, heif: HEIFFile? = nil, dataBoxes: [(range: Range<Int>, path: [String])],
                             into builder: inout ByteMapBuilder) {
    let file: HEIFFile
    do {
      file = try heif ?? HEIFWalker.parse(source)
    } catch {
      if !dataBoxes.isEmpty { builder.warn("HEIF items could not be read (\(error)); item data stays unaccounted") }
      return
    }
    var outside: [Int] = []
    for id in file.locations.keys.sorted() {
      guard let location = file.locations[id] else { continue }
      let type = file.item(id).map { $0.type.isEmpty ? "infe v\($0.infeVersion)" : $0.type } ?? "undeclared"
      let single = location.extents.count == 1
      for (index, extent) in location.extents.enumerated() where extent.length > 0 {
        let name = "item \(id) \(type)" + (single ? "" : " extent \(index)")
        let (end, overflow) = extent.offset.addingReportingOverflow(extent.length)
        guard !overflow else { continue }
        if let container = dataBoxes.first(where: { $0.range.contains(extent.offset) }) {
          builder.claim(extent.offset..<end, container.path + [name])
        } else {
          outside.append(id)
          builder.claim(extent.offset..<end, [name], note: "item data outside any mdat or idat box")
        }
      }
    }
    if !outside.isEmpty {
      let ids = Array(Set(outside)).sorted().prefix(8).map(String.init).joined(separator: ", ")
      builder.warn("HEIF item(s) \(ids) have data outside any 'mdat' or 'idat' box")
    }
  }

  /// Claims the chunks of each track's samples (image sequences), named by track.
  static func mapTrackSamples(_ source: any ByteSource, context: Context, into builder: inout ByteMapBuilder) {
    for (index, track) in context.tracks.enumerated() {
      let name = "track \(index + 1) samples"
      guard let ranges = track.chunkRanges(source) else {
        builder.warn("HEIF track \(index + 1): its sample tables could not be read; its samples stay unaccounted")
        continue
      }
      for range in ranges {
        if let container = context.dataBoxes.first(where: { $0.range.contains(range.lowerBound) }) {
          builder.claim(range, container.path + [name])
        } else {
          builder.claim(range, [name], note: "sample data outside any mdat box")
        }
      }
    }
  }

  static func join(_ a: String, _ b: String?) -> String { b.map { "\(a); \($0)" } ?? a }
}
