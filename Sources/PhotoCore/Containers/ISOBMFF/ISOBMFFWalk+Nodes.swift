import Bytes
extension ISOBMFFWalk {
  /// What follows the type of a `free` box that is a Novatek GPS block ("freeGPS ").
  static let freeGPSMark: [UInt8] = Array("GPS ".utf8)
  /// Sample table boxes whose payloads locate a track's samples.
  static let sampleTableTypes: Set<String> = ["stsz", "stz2", "stco", "co64", "stsc"]
  /// The children of a HEIF `meta` box that `HEIFMetaParser` reads or that hold no data of
  /// their own (`dinf`'s data references, `grpl`'s entity groups). [ISO/IEC 23008-12 9.2]
  static let heifMetaBoxes: Set<String> = ["hdlr", "pitm", "iloc", "iinf", "iref", "iprp", "idat", "dinf", "grpl"]

  /// The node of a box read into memory (`meta` and everything in it).
  func node(_ loaded: LoadedBox, parent: String?) -> LayoutNode {
    let box = loaded.box
    let range = box.offset..<box.end
    let note = box.isTruncated ? "truncated: runs past the end of '\(parent ?? "file")'" : nil
    if box.type == "idat" {
      return LayoutNode("idat", range: range, headerLength: box.headerSize, note: note,
                        unexplainedContent: "bytes of 'idat' that no item references")
    }
    if parent == "meta", !Self.heifMetaBoxes.contains(box.type), ISOBMFFBoxTypes.isKnown(box.type, parent: parent) {
      // A known box a HEIF reader does not read here (QuickTime `udta`/`keys`/`ilst`, `xml `):
      // nothing decodes it, so its bytes are swept whole.
      return LayoutNode(box.type, range: range, headerLength: box.headerSize,
                        note: note ?? "not read in a HEIF 'meta' box", swept: true)
    }
    let head = Array(loaded.payload.prefix(8))
    if let childStart = ISOBMFFBoxTypes.childOffset(type: box.type, payloadHead: head), childStart <= loaded.payload.count {
      return LayoutNode(box.type, range: range, headerLength: box.headerSize + childStart, note: note,
                        unexplainedContent: "stray bytes in '\(box.type)' that are not a box",
                        children: loaded.children.map { node($0, parent: box.type) })
    }
    return leaf(box, head: head, parent: parent, note: note)
  }

  /// A box whose type holds no child boxes: known, or opaque (a `uuid` box named by its UUID).
  func leaf(_ box: ISOBMFFBox, head payloadHead: [UInt8], parent: String?, note: String?, uuid: [UInt8] = []) -> LayoutNode {
    let range = box.offset..<box.end
    if ISOBMFFBoxTypes.isKnown(box.type, parent: parent) {
      // XML in a `meta` box (`xml `, binary `bxml`) is documented but decoded by no one: swept.
      let undecoded = box.type == "xml " || box.type == "bxml"
      return LayoutNode(box.type, range: range, note: undecoded ? note ?? "XML no decoder reads" : note, swept: undecoded)
    }
    var what = "unknown box type '\(box.type)'"
    if box.type == "uuid", uuid.count == 16 { what = "uuid box " + uuid.map { Hex.byte($0) }.joined().lowercased() }
    return LayoutNode(box.type, range: range, headerLength: box.headerSize, kind: .opaque,
                      note: note.map { "\(what); \($0)" } ?? what)
  }

  /// The node of a box outside `meta`, its children walked by their headers from the source.
  mutating func boxNodes(_ box: ISOBMFFBox, head: [UInt8], depth: Int, parent: String?, note: String?) -> [LayoutNode] {
    let range = box.offset..<box.end
    switch box.type {
    case "mdat", "idat":
      return [LayoutNode(box.type, range: range, headerLength: box.headerSize, note: note,
                         unexplainedContent: "bytes of '\(box.type)' that no item references")]
    case "free", "skip":
      // Free space: its content is irrelevant, so non-zero content is something left behind. [8.1.2]
      let payload = box.payloadRange
      if isMovie, depth == 1, box.type == "free", payload.count >= 4,
         (try? source.bytes(in: payload.lowerBound..<payload.lowerBound + 4)) == Self.freeGPSMark {
        // A dashcam's `freeGPS ` block: GPS records, decoded as telemetry (`NovatekGPS`).
        movie.freeGPSBoxes.append(range)
        return [LayoutNode(box.type, range: range, headerLength: box.headerSize,
                           note: ["Novatek 'freeGPS ' block", note].compactMap { $0 }.joined(separator: "; "))]
      }
      if mode == .complete, !payload.isEmpty, ByteSniffer.isUniform(source, payload, 0) {
        return [LayoutNode(box.type, range: range, note: note.map { "zero padding; \($0)" } ?? "zero padding")]
      }
      let content = mode == .complete ? "non-zero content of a '\(box.type)' box (free space)" : "content of a '\(box.type)' box (free space), not read"
      return [LayoutNode(box.type, range: range, headerLength: box.headerSize, note: note, unexplainedContent: content)]
    default:
      let payloadHead = Array(head.dropFirst(box.headerSize).prefix(8))
      if depth < ISOBMFFLimits.maxDepth, let childStart = ISOBMFFBoxTypes.childOffset(type: box.type, payloadHead: payloadHead),
         box.payloadOffset + childStart <= box.end {
        if box.type == "stbl" { currentTrack = ISOBMFFTrackSamples(handler: movie.currentHandler, number: movie.currentTrackNumber) }
        enterMovieBox(box)
        let children = childBoxes(box.payloadOffset + childStart..<box.end, depth: depth + 1, parent: box.type)
        if box.type == "stbl", var track = currentTrack {
          track.readDescriptions(source)
          tracks.append(track)
          currentTrack = nil
        }
        leaveMovieBox(box, parent: parent, content: box.payloadOffset + childStart..<box.end, children: children)
        return [LayoutNode(box.type, range: range, headerLength: box.headerSize + childStart, note: note,
                           unexplainedContent: "stray bytes in '\(box.type)' that are not a box", children: children)]
      }
      if parent == "stbl", Self.sampleTableTypes.contains(box.type), currentTrack?.tables[box.type] == nil {
        currentTrack?.tables[box.type] = box.payloadRange
      }
      if parent == "stbl", box.type == "stsd", currentTrack?.descriptions == nil { currentTrack?.descriptions = box.payloadRange }
      let uuid = box.type == "uuid" && head.count >= box.headerSize ? Array(head[(box.headerSize - 16)..<box.headerSize]) : []
      if uuid == ISOBMFFWalk.c2paUUID { return [c2paBox(box, note: note)] }
      if let node = movieLeaf(box, parent: parent, note: note, uuid: uuid) { return [node] }
      return [leaf(box, head: payloadHead, parent: parent, note: note, uuid: uuid)]
    }
  }

  /// The boxes in `range` (a container's children), by their headers. What is not a box is left
  /// to the container's unexplained content.
  mutating func childBoxes(_ range: Range<Int>, depth: Int, parent: String) -> [LayoutNode] {
    var nodes: [LayoutNode] = []
    var cursor = range.lowerBound
    while cursor < range.upperBound {
      guard let head = try? source.bytes(in: cursor..<min(cursor + ISOBMFFBox.maxHeaderLength, range.upperBound)) else { break }
      guard case .box(let box, let declaredEnd) = ISOBMFFBox.parseHeader(head, offset: cursor, limit: range.upperBound, depth: depth),
            ISOBMFFBox.isPlausibleType(head) else {
        state.warn("'\(parent)' has \(range.upperBound - cursor) bytes at byte \(cursor) that are not a box")
        break
      }
      guard state.boxCount < ISOBMFFLimits.maxBoxes else {
        tree.markIncomplete("isobmff", "\(label) number of boxes exceeds the limit of \(ISOBMFFLimits.maxBoxes); the rest was not read")
        break
      }
      state.boxCount += 1
      var note: String?
      if box.isTruncated {
        note = "truncated: declares \(declaredEnd - cursor) bytes, '\(parent)' ends at byte \(range.upperBound)"
        state.warn("\(label) '\(box.type)' box at byte \(cursor) \(note ?? "")")
      }
      nodes += boxNodes(box, head: head, depth: depth, parent: parent, note: note)
      cursor = box.end
    }
    return nodes
  }
}
