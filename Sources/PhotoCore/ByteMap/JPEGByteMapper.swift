/// Maps every byte of a JPEG: each marker and segment (APPn named by payload), the entropy-coded
/// data of each scan (progressive files have many, with DHT between them), EOI, the MPF-indexed
/// secondary images (each mapped the same way, recursively up to `maxDepth`), and whatever
/// follows the last image: a trailer, left unaccounted. [ITU-T T.81 B.2–B.6; CIPA DC-007 5.2]
///
/// Reads segment headers and scan data in bounded chunks; lengths are never trusted past the end
/// of the image's range, and the walk gives up after `maxMarkers` markers.
enum JPEGByteMapper {
  /// Nesting of MPF images mapped: the primary (0), its MPF images (1), theirs (2).
  static let maxDepth = 2
  /// Most markers walked in one image (progressive files have tens; hostile ones millions).
  static let maxMarkers = 65_536

  /// What mapping one image found.
  struct ImageResult {
    /// Offset just past EOI, when EOI was reached.
    var endOfImage: Int?
    /// Where the walk stopped (EOI end, or where it gave up).
    var stoppedAt: Int
    /// The MP header offset and index of the image's APP2 MPF segment.
    var mpf: (header: Int, index: MPFIndex)?
  }

  /// Maps the JPEG filling `source` into `builder`.
  static func map(_ source: any ByteSource, into builder: inout ByteMapBuilder) {
    let fileSize = source.count
    let primary = mapImage(source, range: 0..<fileSize, prefix: [], depth: 0, into: &builder)
    let imageEnd = primary.endOfImage ?? primary.stoppedAt
    if let mpf = primary.mpf {
      mapSecondaryImages(source, mpf: mpf, after: imageEnd, limit: fileSize, prefix: [], depth: 1, into: &builder)
    }
    if imageEnd < fileSize {
      let note = primary.endOfImage == nil ? "after the last readable structure (no EOI)" : "after EOI"
      builder.hole(imageEnd..<fileSize, ["trailer"], note: note)
    }
  }

  /// Maps the images an MPF index lists (all but the primary, whose offset is 0).
  /// Offsets are relative to the MP header. [CIPA DC-007 5.2.3.3.4]
  static func mapSecondaryImages(_ source: any ByteSource, mpf: (header: Int, index: MPFIndex), after primaryEnd: Int,
                                 limit: Int, prefix: [String], depth: Int, into builder: inout ByteMapBuilder) {
    for warning in mpf.index.warnings { builder.warn(warning) }
    for entry in mpf.index.entries where entry.offset != 0 {
      let label = "MPF image \(entry.index)"
      let (start, overflow) = mpf.header.addingReportingOverflow(entry.offset)
      guard !overflow, start >= primaryEnd, start < limit else {
        builder.warn("\(label) (\(entry.typeName)) at MP offset \(entry.offset) lies outside the data after the image (bytes \(primaryEnd)–\(limit)); not mapped")
        continue
      }
      let end = entry.size > limit - start ? limit : start + entry.size
      if start + entry.size > limit {
        builder.warn("\(label) at byte \(start) declares \(entry.size) bytes but the file ends at byte \(limit)")
      }
      let head = (try? source.bytes(in: start..<min(start + 3, end))) ?? []
      guard head == [0xFF, 0xD8, 0xFF] else {
        builder.warn("\(label) at byte \(start) does not start with a JPEG SOI; not mapped")
        continue
      }
      let path = prefix + ["\(label)"]
      let result = mapImage(source, range: start..<end, prefix: path, depth: depth, into: &builder, role: entry.typeName)
      let imageEnd = result.endOfImage ?? result.stoppedAt
      if let nested = result.mpf, depth < maxDepth {
        mapSecondaryImages(source, mpf: nested, after: imageEnd, limit: end, prefix: path, depth: depth + 1, into: &builder)
      }
      if imageEnd < end {
        builder.hole(imageEnd..<end, path + ["after EOI"], note: "inside the size the MPF index gives, after the image's EOI")
      }
    }
  }

  /// Maps the JPEG stream in `range` from its SOI to its EOI. Never throws: a read error stops the
  /// walk with a warning (the rest stays unaccounted).
  static func mapImage(_ source: any ByteSource, range: Range<Int>, prefix: [String], depth: Int,
                       into builder: inout ByteMapBuilder, role: String? = nil) -> ImageResult {
    var result = ImageResult(endOfImage: nil, stoppedAt: range.lowerBound, mpf: nil)
    do throws(ByteError) {
      try walk(source, range: range, prefix: prefix, depth: depth, into: &builder, role: role, result: &result)
    } catch {
      builder.warn("JPEG \(prefix.isEmpty ? "" : prefix.joined(separator: " / ") + " ")could not be read: \(error)")
    }
    return result
  }

  private static func walk(_ source: any ByteSource, range: Range<Int>, prefix: [String], depth: Int,
                           into builder: inout ByteMapBuilder, role: String?, result: inout ImageResult) throws(ByteError) {
    let upper = range.upperBound
    var position = range.lowerBound
    let soi = try source.bytes(in: position..<min(position + 2, upper))
    guard soi == [0xFF, JPEGMarker.soi] else {
      builder.warn("JPEG at byte \(position) has no SOI marker")
      return
    }
    builder.claim(position..<position + 2, prefix + ["SOI"], note: role)
    position += 2
    result.stoppedAt = position
    var scans = 0
    var markers = 0
    let headLength = 4 + JPEGAppSignatures.sniffLength
    while position < upper {
      markers += 1
      guard markers <= maxMarkers else {
        builder.warn("JPEG has more than \(maxMarkers) markers; stopped mapping at byte \(position)")
        return
      }
      let head = try source.bytes(in: position..<min(position + headLength, upper))
      guard head.count >= 2 else {
        builder.warn("JPEG ends inside a marker at byte \(position)")
        return
      }
      if head[0] != 0xFF || head[1] == 0x00 {
        // Not a marker: junk between segments, skipped to the next marker. [T.81 B.1.1.2]
        guard let resolved = try? JPEGWalker.nextMarker(in: source, from: position, limit: upper) else {
          builder.hole(position..<upper, prefix + ["junk"], note: "not a marker, and no marker follows")
          builder.warn("JPEG has no marker at byte \(position)")
          return
        }
        builder.hole(position..<resolved, prefix + ["junk"], note: "bytes between segments that are not a marker")
        builder.warn("JPEG has \(resolved - position) bytes that are not a marker at byte \(position)")
        position = resolved
        result.stoppedAt = position
        continue
      }
      if head[1] == 0xFF {
        // Fill bytes: 0xFF runs before a marker. [T.81 B.1.1.2]
        var fill = 1
        while fill + 1 < head.count, head[fill + 1] == 0xFF { fill += 1 }
        builder.claim(position..<position + fill, prefix + ["fill"], note: "0xFF fill bytes before a marker")
        position += fill
        continue
      }
      let marker = head[1]
      let payloadHead = Array(head.dropFirst(4))
      var (name, kind, note) = JPEGSegmentNames.name(marker: marker, head: JPEGMarker.isStandalone(marker) ? [] : payloadHead)
      if JPEGMarker.isStandalone(marker) {
        builder.claim(position..<position + 2, prefix + [name], kind: kind, note: note)
        position += 2
        result.stoppedAt = position
        if marker == JPEGMarker.eoi {
          result.endOfImage = position
          return
        }
        continue
      }
      guard head.count >= 4 else {
        builder.claim(position..<upper, prefix + [name], kind: kind, note: "truncated: no length field")
        builder.warn("JPEG \(name) at byte \(position) has no length field")
        result.stoppedAt = upper
        return
      }
      let length = Int(head[2]) << 8 | Int(head[3])
      guard length >= 2 else {
        builder.warn("JPEG \(name) at byte \(position) has an impossible length \(length); stopped mapping")
        return
      }
      if marker == JPEGMarker.sos {
        scans += 1
        name = "SOS (scan \(scans))"
      }
      let segmentEnd = position + 2 + length
      guard segmentEnd <= upper else {
        builder.claim(position..<upper, prefix + [name], kind: kind, note: "truncated: declares \(length) bytes")
        builder.warn("JPEG \(name) at byte \(position) declares \(length) bytes but the data ends at byte \(upper)")
        result.stoppedAt = upper
        return
      }
      builder.claim(position..<segmentEnd, prefix + [name], kind: kind, note: note, header: 4)
      if marker == 0xE2, result.mpf == nil, payloadHead.hasPrefix([UInt8](ascii: "MPF\0")), depth <= maxDepth {
        let header = position + 8  // FF E2, length, "MPF\0" [CIPA DC-007 5.2.1]
        let payload = try source.bytes(in: header..<segmentEnd)
        result.mpf = (header, MPFIndex.parse(payload, base: header))
      }
      position = segmentEnd
      result.stoppedAt = position
      if marker == JPEGMarker.sos {
        let scan = try JPEGEntropyScanner.scan(source, from: position, limit: upper)
        if scan.end > position {
          let restarts = scan.restarts > 0 ? ", \(scan.restarts) restart markers" : ""
          builder.claim(position..<scan.end, prefix + ["scan \(scans) data"], note: "entropy-coded data\(restarts)")
        }
        position = scan.end
        result.stoppedAt = position
        guard scan.foundMarker else {
          builder.warn("JPEG ends inside the data of scan \(scans) (no EOI)")
          return
        }
      }
    }
    builder.warn("JPEG ends at byte \(upper) without an EOI marker")
  }
}
