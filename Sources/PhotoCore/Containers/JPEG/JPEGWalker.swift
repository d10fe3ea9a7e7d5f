import Bytes
/// The one JPEG walker: every marker segment from SOI on, with its byte range and name (APPn by
/// its signature), the carriers of the APPn and COM segments with their payloads, and the frame
/// header. In `.metadata` mode it stops at the first SOS (scan data is never read); in
/// `.complete` mode it follows the entropy-coded data of every scan to EOI, so the layout tree
/// covers the whole image and knows where trailing data starts. [ITU-T T.81 B.1–B.6]
///
/// The walker locates carriers; it does not interpret EXIF, XMP or IPTC. Lengths are never
/// trusted past the end of the range; junk between segments is skipped to the next marker, as
/// libjpeg and ExifTool do.
public enum JPEGWalker {
  /// Most markers walked in one image (progressive files have tens; hostile ones millions).
  public static let maxSegments = 65_536
  /// Most metadata payload bytes read from one JPEG.
  public static let maxMetadataBytes = 64 << 20
  /// Carriers whose segments a decoder reads in full, or sweeps itself where it cannot: EXIF
  /// (IFDs, values, thumbnail, MakerNote and slack), XMP (an XMP packet that does not parse is
  /// swept), ICC (bytes no tag covers are swept), C2PA (the JUMBF walk) and FLIR (its chunks'
  /// data is swept joined: `EmbeddedDocumentFinder.flirData`). Every other APPn is swept whole:
  /// its bytes are small next to the picture's.
  static let decodedInFull: Set<CarrierKind> = [.exif, .xmp, .xmpExtended, .icc, .c2pa, .flir]

  /// Walks the JPEG in `range` of `source` (the whole source by default). Never throws: a file
  /// that is not a JPEG comes back with `failure` set.
  public static func walk(_ source: any ByteSource, range: Range<Int>? = nil, mode: ReadMode = .metadata) -> LayoutTree {
    var walk = JPEGWalk(source: source, range: range ?? 0..<source.count, mode: mode)
    walk.run()
    return walk.tree
  }

  /// The metadata walk's carriers and facts; throws when the data is not a JPEG.
  public static func scan(_ source: any ByteSource, range: Range<Int>? = nil) throws(ContainerError) -> ContainerScan {
    try walk(source, range: range).scannedOrFailure()
  }

  /// Bytes searched for a marker after junk before giving up.
  static let maxResyncBytes = 1 << 20

  /// Offset of the next 0xFF that starts a marker (not 0xFF00 stuffing, not fill) after `start`.
  static func nextMarker(in source: any ByteSource, from start: Int, limit: Int) throws(ByteError) -> Int? {
    let end = min(limit, start + maxResyncBytes)
    var chunkStart = start + 1
    while chunkStart < end {
      let chunk = try source.bytes(in: chunkStart..<min(end, chunkStart + 4096) + 1)
      guard chunk.count >= 2 else { return nil }
      for i in 0..<chunk.count - 1 where chunk[i] == 0xFF && chunk[i + 1] != 0x00 && chunk[i + 1] != 0xFF {
        return chunkStart + i
      }
      chunkStart += chunk.count - 1
    }
    return nil
  }

  static func frameTags(_ frame: JPEGFrameHeader) -> [MetadataTag] {
    func tag(_ name: String, _ value: TagValue) -> MetadataTag {
      MetadataTag(carrier: .unknown, group: "File", name: name, value: value)
    }
    var tags = [
      tag("ImageWidth", .integer(Int64(frame.width))), tag("ImageHeight", .integer(Int64(frame.height))),
      tag("EncodingProcess", .integer(Int64(frame.marker - 0xC0))),
      tag("BitsPerSample", .integer(Int64(frame.precision))),
      tag("ColorComponents", .integer(Int64(frame.components))),
    ]
    if frame.components == 3, let luma = frame.sampling.first {
      tags.append(tag("YCbCrSubSampling", .text("\(luma.h) \(luma.v)")))
    }
    return tags
  }
}

/// The state of one JPEG walk.
struct JPEGWalk {
  package let source: any ByteSource
  package let range: Range<Int>
  package let mode: ReadMode
  package var tree: LayoutTree
  var position: Int
  package var budget = JPEGWalker.maxMetadataBytes
  package var scans = 0

  init(source: any ByteSource, range: Range<Int>, mode: ReadMode) {
    self.source = source
    self.range = range
    self.mode = mode
    position = range.lowerBound
    tree = LayoutTree(format: .jpeg, source: source, range: range, scan: ContainerScan(format: .jpeg))
  }

  var upper: Int { range.upperBound }

  package mutating func warn(_ message: String) { tree.scan.warnings.append(message) }

  package mutating func add(_ node: LayoutNode) { tree.nodes.append(node) }

  /// Everything from `position` to the end is unexplained, for `note`.
  mutating func leaveRest(_ name: String, note: String) {
    if position < upper { add(.unexplained(name, range: position..<upper, note: note)) }
    position = upper
  }

  package mutating func run() {
    do throws(ByteError) {
      try walkMarkers()
    } catch {
      if tree.nodes.isEmpty {
        tree.failure = ContainerError(error, format: "JPEG")
      } else {
        warn("JPEG could not be read past byte \(position): \(error)")
        leaveRest("unread", note: "not read: \(error)")
      }
    }
    if budget < 0 {
      tree.markIncomplete("jpeg", "metadata over \(JPEGWalker.maxMetadataBytes) bytes; the rest was not read")
    }
  }

  private mutating func walkMarkers() throws(ByteError) {
    let soi = try source.exactBytes(in: position..<min(position + 2, upper), what: "start of image")
    guard soi == [0xFF, JPEGMarker.soi] else {
      tree.failure = .malformed(format: "JPEG", what: "start of image", offset: position, reason: "no SOI marker")
      return
    }
    add(LayoutNode("SOI", range: position..<position + 2))
    position += 2
    var markers = 0
    let headLength = 4 + JPEGAppSignatures.sniffLength
    while position < upper {
      markers += 1
      guard markers <= JPEGWalker.maxSegments else {
        tree.markIncomplete("jpeg", "JPEG has more than \(JPEGWalker.maxSegments) segments; stopped reading at byte \(position)")
        leaveRest("unread", note: "not read: over the segment limit")
        return
      }
      let head = try source.bytes(in: position..<min(position + headLength, upper))
      guard head.count >= 2 else {
        warn("JPEG ends inside a marker at byte \(position)")
        leaveRest("junk", note: "a partial marker at the end")
        return
      }
      if head[0] != 0xFF || head[1] == 0x00 {
        try skipJunk(found: head[0])
        continue
      }
      if head[1] == 0xFF {
        // Fill bytes: 0xFF runs before a marker. [T.81 B.1.1.2]
        var fill = 1
        while fill + 1 < head.count, head[fill + 1] == 0xFF { fill += 1 }
        add(LayoutNode("fill", range: position..<position + fill, note: "0xFF fill bytes before a marker"))
        position += fill
        continue
      }
      guard try segment(marker: head[1], head: head) else { return }
    }
    if mode == .complete { warn("JPEG ends at byte \(upper) without an EOI marker") }
    else { warn("JPEG ends at byte \(upper) before any image data (no SOS marker)") }
  }

  /// Junk between segments: skipped to the next marker as libjpeg and ExifTool do. [T.81 B.1.1.2]
  private mutating func skipJunk(found byte: UInt8) throws(ByteError) {
    guard let next = try JPEGWalker.nextMarker(in: source, from: position, limit: upper) else {
      warn("JPEG has no marker at byte \(position) (found 0x\(Hex.byte(byte))) and none after it; stopped reading")
      leaveRest("junk", note: "not a marker, and no marker follows")
      return
    }
    warn("JPEG has \(next - position) unknown bytes at byte \(position) before the next marker; skipped")
    add(.unexplained("junk", range: position..<next, note: "bytes between segments that are not a marker"))
    position = next
  }

  /// Walks the segment of `marker` at `position`; false when the walk ends with it.
  private mutating func segment(marker: UInt8, head: [UInt8]) throws(ByteError) -> Bool {
    let standalone = JPEGMarker.isStandalone(marker)
    var (name, kind, note) = JPEGSegmentNames.name(marker: marker, head: standalone ? [] : Array(head.dropFirst(4)))
    if standalone {
      add(LayoutNode(name, range: position..<position + 2, kind: kind, note: note))
      position += 2
      if marker == JPEGMarker.eoi {
        tree.end = position
        return false
      }
      return true
    }
    guard head.count >= 4 else {
      warn("JPEG \(JPEGMarker.name(marker)) at byte \(position) has no length field")
      add(LayoutNode(name, range: position..<upper, kind: kind, note: "truncated: no length field"))
      position = upper
      return false
    }
    let length = Int(head[2]) << 8 | Int(head[3])
    guard length >= 2 else {
      warn("JPEG \(JPEGMarker.name(marker)) at byte \(position) has an impossible length \(length)")
      leaveRest("junk", note: "after a segment of impossible length \(length)")
      return false
    }
    if marker == JPEGMarker.sos {
      scans += 1
      name = "SOS (scan \(scans))"
    }
    var segment = JPEGSegment(marker: marker, offset: position, payloadOffset: position + 4, payloadLength: length - 2)
    let truncated = segment.payloadOffset + segment.payloadLength > upper
    if truncated {
      warn("JPEG \(segment.name) at byte \(position) claims \(length) bytes but the file ends at byte \(upper)")
      segment.payloadLength = max(0, upper - segment.payloadOffset)
      note = "truncated: declares \(length) bytes"
    }
    let end = segment.payloadOffset + segment.payloadLength
    var node = LayoutNode(name, range: position..<end, headerLength: 4, kind: kind, note: note)
    try locateCarrier(in: segment, node: &node)
    add(node)
    if JPEGMarker.isStartOfFrame(marker), tree.scan.storedSize == nil, !truncated { try readFrame(segment) }
    position = end
    if truncated { return false }
    if marker == JPEGMarker.sos {
      guard mode == .complete else { return false }
      return try entropyCodedData()
    }
    return true
  }

  /// The carrier an APPn or COM segment holds, with its payload read (within the budget). A
  /// segment whose bytes no decoder reads in full is swept: free text (a comment may hold
  /// coordinates), and APPn segments that are only named (a vendor's block, a JFXX thumbnail,
  /// "Exif" in APP3, a JFIF thumbnail) — any of them can carry a JPEG with EXIF GPS.
  private mutating func locateCarrier(in segment: JPEGSegment, node: inout LayoutNode) throws(ByteError) {
    let carrier = try JPEGSegmentClassifier.classify(segment, in: source, budget: &budget)
    if JPEGMarker.isApplication(segment.marker) || segment.marker == JPEGMarker.com {
      node.swept = !JPEGWalker.decodedInFull.contains(carrier?.kind ?? .unknown)
    }
    guard var carrier else { return }
    carrier.sourceRange = carrier.payload.count == carrier.length ? carrier.offset..<carrier.offset + carrier.length : nil
    tree.scan.carriers.append(carrier)
  }

  private mutating func readFrame(_ segment: JPEGSegment) throws(ByteError) {
    let payload = try source.bytes(in: segment.payloadOffset..<segment.payloadOffset + segment.payloadLength)
    do {
      let frame = try JPEGFrameHeader.parse(marker: segment.marker, payload: payload, at: segment.payloadOffset)
      tree.scan.storedSize = PixelSize(width: frame.width, height: frame.height)
      tree.scan.structureTags = JPEGWalker.frameTags(frame)
    } catch {
      warn("\(error)")
    }
  }

  /// The entropy-coded data after an SOS header, up to the next marker. [T.81 B.2.1, F.1.2.3]
  private mutating func entropyCodedData() throws(ByteError) -> Bool {
    let scan = try JPEGEntropyScanner.scan(source, from: position, limit: upper)
    if scan.end > position {
      let restarts = scan.restarts > 0 ? ", \(scan.restarts) restart markers" : ""
      add(LayoutNode("scan \(scans) data", range: position..<scan.end, note: "entropy-coded data\(restarts)"))
    }
    position = scan.end
    guard scan.foundMarker else {
      warn("JPEG ends inside the data of scan \(scans) (no EOI)")
      return false
    }
    return true
  }
}
