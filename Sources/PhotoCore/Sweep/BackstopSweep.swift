import Bytes
import Codecs

/// The fail-closed sweep, a view of the layout tree: every stretch no decoder fully interprets —
/// unexplained bytes (after EOI or IEND, between segments, `mdat` bytes no item references,
/// non-zero `free` boxes, ICC bytes no tag covers), opaque segments, boxes and chunks, MakerNotes,
/// the slack of EXIF blocks (bytes no IFD entry points at), JPEG APPn segments no decoder reads
/// in full (`JPEGWalker.decodedInFull`), ICC tag data, and free text (comments) — is searched
/// for GPS signatures (`GPSSignatures`).
/// A hit is GPS for the file: carrier `raw-bytes` (under the document it is in) with its offset.
/// [SPEC "Fail closed"]
///
/// Structures a decoder reads (entropy-coded scans, item extents, IDAT, EXIF and XMP that parse)
/// are not swept: image data is never searched.
public enum BackstopSweep {
  /// Bytes searched at a time; consecutive pieces overlap so a signature across a boundary is found.
  static let pieceLength = 1 << 20
  /// Overlap of consecutive pieces (longer than any text signature).
  static let overlap = 128
  /// Most sweep hits reported per file.
  public static let maxHits = 16

  /// Adds what the sweep finds in `tree` to `metadata.gps`. Returns whether some byte of the
  /// file is unexplained (`hasUnexplainedBytes`), found on the way.
  @discardableResult
  public static func sweep(_ tree: LayoutTree, into metadata: inout PhotoMetadata) -> Bool {
    var fixes: [GPSFix] = []
    var unexplained = false
    for (path, document) in tree.documents() {
      let stretches = unexplainedStretches(of: document)
      if case .derived = document.placement {} else {
        unexplained = unexplained || stretches.contains(where: \.unexplained) || document.children.contains { $0.origin == .appended }
          || document.nodes.count > ByteMapBuilder.maxRegions / 2
      }
      for stretch in stretches where fixes.count < maxHits {
        for hit in find(in: document.source, range: stretch.range) where fixes.count < maxHits {
          let offset = document.placement.reportedOffset(stretch.range.lowerBound + hit.offset)
          fixes.append(fix(hit, path: path, offset: offset, place: stretch.place))
        }
      }
      LayoutNode.visit(document.nodes) { node, _, _ in
        guard fixes.count < maxHits, node.inflatedForSweep != nil || (node.isSwept && node.children.isEmpty) else { return }
        guard let stream = node.inflatedForSweep ?? compressedContent(of: node, in: document.source) else { return }
        let at = document.placement.reportedOffset(node.range.lowerBound)
        let place: (Int) -> String = node.inflatedForSweep != nil
          ? { "\(node.name) at byte \(at), inflated past the cap, at +\($0) of its text" }
          : { "\(node.name) at byte \(at), a zlib stream no decoder reads, at +\($0) of its inflated data" }
        let inflated = inflatedHits(document.source, stream)
        for hit in inflated.hits where fixes.count < maxHits {
          fixes.append(fix(hit, path: path, offset: at, place: place(hit.offset)))
        }
        if !inflated.complete {
          metadata.incomplete.append(IncompleteCheck(scope: path.appending(node.name).description,
                                                     reason: "\(node.name) at byte \(at) inflates to more than \(maxInflatedBytes >> 20) MiB; the rest was not searched for GPS"))
        }
      }
      for joined in document.joinedForSweep where fixes.count < maxHits {
        let at = document.placement.reportedOffset(joined.offset)
        for hit in joined.data.withUnsafeBytes({ GPSSignatures.find(in: $0) }) where fixes.count < maxHits {
          fixes.append(fix(hit, path: path, offset: at, place: "\(joined.name) at byte \(at), at +\(hit.offset) of its joined data"))
        }
      }
      for carrier in document.scan.carriers where carrier.kind == .comment && !carrier.payload.isEmpty {
        let hits = carrier.payload.withUnsafeBytes { GPSSignatures.find(in: $0) }
        for hit in hits where fixes.count < maxHits {
          let inPlace = carrier.payload.count == carrier.length
          let offset = document.placement.reportedOffset(carrier.offset + (inPlace ? hit.offset : 0))
          // A comment in a swept segment (a JPEG COM) was found by the stretch already.
          if fixes.contains(where: { $0.offset == offset && $0.path == path.appending("raw-bytes") }) { continue }
          fixes.append(fix(hit, path: path, offset: offset, place: carrier.note ?? "comment"))
        }
      }
    }
    metadata.gps += fixes
    return unexplained
  }

  static func fix(_ hit: GPSSignatures.Hit, path: CarrierPath, offset: Int, place: String) -> GPSFix {
    var fix = GPSFix(carrier: .rawBytes, latitude: hit.latitude, longitude: hit.longitude, path: path.appending("raw-bytes"))
    fix.offset = offset
    fix.signature = "\(hit.description) at byte \(offset) (\(place))"
    return fix
  }

  /// The stretches of one document the sweep reads, with where they are ("trailer: after EOI").
  /// A stretch of a document the sweep reads; `unexplained` when no structure explains it
  /// (unaccounted or opaque), not only "not decoded" (a MakerNote, ICC tag data).
  struct Stretch {
    package var range: Range<Int>
    package var place: String
    var unexplained: Bool
  }

  /// Every stretch of `document` no decoder fully interprets, with where it is.
  static func unexplainedStretches(of document: LayoutTree) -> [Stretch] {
    var out: [Stretch] = []
    collect(document.nodes, ancestors: [], into: &out)
    // Bytes of the document in no node and no embedded document.
    // (Embedded documents read in place share the document's source and placement.)
    var covered = document.nodes.map(\.range)
    for child in document.children where child.tree.placement == document.placement { covered.append(child.tree.range) }
    out += uncovered(document.range, by: covered).map { Stretch(range: $0, place: "bytes no structure explains", unexplained: true) }
    return out
  }

  /// The swept stretches of `nodes` and their descendants; names are built only for those.
  private static func collect(_ nodes: [LayoutNode], ancestors: [String], into out: inout [Stretch]) {
    for node in nodes {
      if node.isSwept || node.unexplainedContent != nil {
        let name = (ancestors + [node.name]).joined(separator: " / ")
        if node.isSwept, node.children.isEmpty {
          out.append(Stretch(range: node.range, place: node.note.map { "\(name): \($0)" } ?? name, unexplained: node.kind != .structure))
        } else {
          // The content no child covers.
          let place = node.unexplainedContent.map { "\(name): \($0)" } ?? name
          let unexplained = node.kind != .structure || node.unexplainedContent != nil
          out += uncovered(node.contentRange, by: node.children.map(\.range)).map { Stretch(range: $0, place: place, unexplained: unexplained) }
        }
      }
      if !node.children.isEmpty { collect(node.children, ancestors: ancestors + [node.name], into: &out) }
    }
  }

  /// True when some byte of the file is unaccounted or opaque in its byte map, or lies in a
  /// document appended after the image that holds it: what PA014 is about. False means the
  /// map is fully accounted and building it would find nothing to report. (`sweep` says the
  /// same on its way.)
  public static func hasUnexplainedBytes(_ tree: LayoutTree) -> Bool {
    var scratch = PhotoMetadata(path: "")
    return sweep(tree, into: &scratch)
  }

  /// The parts of `range` that none of `ranges` covers.
  static func uncovered(_ range: Range<Int>, by ranges: [Range<Int>]) -> [Range<Int>] {
    var gaps: [Range<Int>] = []
    var cursor = range.lowerBound
    for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where r.upperBound > cursor {
      if r.lowerBound > cursor { gaps.append(cursor..<min(r.lowerBound, range.upperBound)) }
      cursor = max(cursor, r.upperBound)
      if cursor >= range.upperBound { break }
    }
    if cursor < range.upperBound { gaps.append(cursor..<range.upperBound) }
    return gaps.filter { !$0.isEmpty }
  }

  /// Most inflated bytes the sweep reads from one stream past the decoders' cap.
  public static let maxInflatedBytes = 256 << 20

  /// Signatures in the inflated content of the zlib stream at `range` of `source` (offsets in
  /// the inflated text), read a piece at a time; `complete` is false when the stream inflates
  /// past `maxOutput` before enough hits were found, so its rest was not searched (PA015).
  static func inflatedHits(_ source: any ByteSource, _ range: Range<Int>,
                           maxOutput: Int = maxInflatedBytes) -> (hits: [GPSSignatures.Hit], complete: Bool) {
    guard let compressed = try? source.bytes(in: range) else { return ([], true) }
    var hits: [GPSSignatures.Hit] = []
    var tail: [UInt8] = []
    let (status, _) = Inflater.stream(compressed, maxOutput: maxOutput) { piece, offset in
      let window = tail + Array(piece)
      let base = offset - tail.count
      let found = window.withUnsafeBytes { GPSSignatures.find(in: $0) }
      hits += found.map { hit in
        var moved = hit
        moved.offset += base
        return moved
      }
      tail = Array(window.suffix(overlap))
      return hits.count < GPSSignatures.maxHits
    }
    // A signature across two pieces can be found twice.
    let unique = hits.reduce(into: [GPSSignatures.Hit]()) { out, hit in if !out.contains(where: { $0.offset == hit.offset }) { out.append(hit) } }
    // Stopped by the output cap, not by having found enough: the rest is unread.
    return (unique, status != .outputLimitReached || hits.count >= GPSSignatures.maxHits)
  }

  /// Bytes at the start of a swept node's content within which a zlib stream is looked for (a
  /// private chunk's flag byte, an `fdAT`'s sequence number, a short name before the stream).
  static let zlibSearchLength = 16

  /// The content of a swept node that no child covers from the first zlib header in its first
  /// `zlibSearchLength` bytes (a private chunk or segment holding compressed EXIF or text): the
  /// sweep of its raw bytes cannot see into it, so it is inflated and searched too. [RFC 1950 §2.2]
  static func compressedContent(of node: LayoutNode, in source: any ByteSource) -> Range<Int>? {
    let content = node.contentRange
    guard node.isSwept, node.children.isEmpty, content.count >= GPSSignatures.minimumLength else { return nil }
    let head = content.lowerBound..<min(content.upperBound, content.lowerBound + zlibSearchLength + 1)
    let start = (try? source.withBytes(in: head) { bytes -> Int? in
      (0..<bytes.count - 1).first { i in
        let method = bytes[i] & 0x0F, window = bytes[i] >> 4, noDictionary = bytes[i + 1] & 0x20 == 0
        return method == 8 && window <= 7 && noDictionary && (UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])) % 31 == 0
      }
    }) ?? nil
    return start.map { content.lowerBound + $0..<content.upperBound }
  }

  /// Signatures in `range` of `source`, read in overlapping pieces.
  static func find(in source: any ByteSource, range: Range<Int>) -> [GPSSignatures.Hit] {
    var hits: [GPSSignatures.Hit] = []
    var start = range.lowerBound
    while start < range.upperBound {
      let end = min(range.upperBound, start + pieceLength)
      let found = (try? source.withBytes(in: start..<min(range.upperBound, end + overlap)) { GPSSignatures.find(in: $0) }) ?? []
      // A hit in the overlap belongs to the next piece (it is found again there).
      hits += found.filter { start + $0.offset < end || end == range.upperBound }.map { hit in
        var moved = hit
        moved.offset += start - range.lowerBound
        return moved
      }
      start = end
    }
    return hits
  }
}
