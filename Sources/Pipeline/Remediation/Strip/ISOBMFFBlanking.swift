import Bytes
import PhotoCore

/// The same-length edits of one ISOBMFF file: boxes renamed `free`, ranges zeroed, item data
/// rewritten; merged into a plan at the end (zeroed ranges joined, overlaps refused).
struct Blanking {
  let input: StripInput
  private var zeros: [Range<Int>] = []
  private var writes: [(range: Range<Int>, bytes: [UInt8])] = []
  private var removed: [String] = []
  private var kept: [String] = []
  /// Sample ranges of the tracks kept, which nothing may touch.
  private var keptSamples: [Range<Int>] = []
  /// Track numbers removed.
  private var droppedTracks: Set<Int> = []

  init(input: StripInput) { self.input = input }

  mutating func say(_ what: String?) {
    if let what, !removed.contains(what) { removed.append(what) }
  }

  /// True when the bytes of `range` are all zero.
  func isZero(_ range: Range<Int>) -> Bool { !input.slice(range).contains { $0 != 0 } }

  /// Zeroes `range` unless it is zero already.
  mutating func zero(_ range: Range<Int>, _ what: String?) {
    guard !range.isEmpty, !isZero(range) else { return }
    zeros.append(range)
    say(what)
  }

  /// The payload of the box of `node`: after its 8-byte header, or 16 with a 64-bit size (a
  /// leaf node's `headerLength` is not always the box header's).
  func payload(_ node: LayoutNode) -> Range<Int> {
    let start = node.range.lowerBound
    let header = input.slice(start..<start + 4).elementsEqual([0, 0, 0, 1]) ? 16 : 8
    return min(start + header, node.range.upperBound)..<node.range.upperBound
  }

  /// Makes `node` a `free` box: its type, and its payload (a `uuid` box's user type included)
  /// zeroed. Its size field (and a 64-bit size) stays.
  mutating func toFree(_ node: LayoutNode, _ what: String) {
    let start = node.range.lowerBound
    guard node.range.count >= 8 else { return }
    if !input.has(Array("free".utf8), at: start + 4) {
      writes.append((start + 4..<start + 8, Array("free".utf8)))
      say(what)
    }
    zero(payload(node), what)
  }

  /// The bytes of `node`'s content that no item extent (by `iloc`) or child node covers: zeroed.
  mutating func gaps(_ node: LayoutNode, _ name: String) {
    let extents = (input.tree.scan.heif?.locations.values.flatMap(\.extents) ?? []).map { $0.offset..<$0.offset + $0.length }
    let covered = (node.children.map(\.range) + extents).filter { $0.overlaps(node.contentRange) }
      .sorted { $0.lowerBound < $1.lowerBound }
    var cursor = node.contentRange.lowerBound
    for range in covered {
      if range.lowerBound > cursor { zero(cursor..<range.lowerBound, "bytes of \(name) no item references") }
      cursor = max(cursor, range.upperBound)
    }
    if cursor < node.range.upperBound { zero(cursor..<node.range.upperBound, "bytes of \(name) no item references") }
  }

  /// A HEIF `meta` box: the boxes that make the image stay; any other becomes `free`.
  mutating func heifMeta(_ meta: LayoutNode) throws(StripRefusal) {
    for child in meta.children {
      if child.name == "idat" { gaps(child, "'idat'") }
      if ISOBMFFStrip.heifMeta.contains(child.name) { continue }
      if child.name == "free" || child.name == "skip" {
        zero(payload(child), nil)
        continue
      }
      toFree(child, "'\(child.name)' in 'meta'")
    }
  }

  /// A `moov` box: `mvhd` stays; each track of pictures or sound stays without its `udta`,
  /// `meta` and `uuid` boxes; every other track, and `udta`, `meta`, unknown boxes, become `free`.
  mutating func movie(_ moov: LayoutNode) throws(StripRefusal) {
    let timed = Dictionary(input.tree.scan.timedTracks.compactMap { t in t.number.map { ($0, t) } }, uniquingKeysWith: { a, _ in a })
    var number = 0
    for child in moov.children {
      switch child.name {
      case "trak":
        number += 1
        if let track = timed[number] {
          guard track.unread == nil else {
            throw .unsure("the samples of its track \(number) ('\(track.handler)', '\(track.format)') are not all located: \(track.unread ?? "")")
          }
          let what = "track \(number) ('\(track.handler)'\(track.format.isEmpty ? "" : ", '\(track.format)'"))"
          toFree(child, what)
          for sample in track.samples { zero(sample, what) }
          droppedTracks.insert(number)
        } else {
          strip(inside: child, path: "track \(number)")
        }
      case _ where ISOBMFFStrip.movieBoxes.contains(child.name): continue
      case "mvex": throw .unsupported("it is a fragmented movie ('mvex'); strip rewrites movies whose samples are all listed in 'moov'")
      case "free", "skip": zero(payload(child), nil)
      default: toFree(child, "'\(child.name)' in 'moov'")
      }
    }
    // The Novatek GPS list's blocks are top-level `free` boxes, zeroed with them.
    for track in input.tree.scan.timedTracks where track.number == nil {
      for sample in track.samples { zero(sample, "Novatek GPS blocks") }
    }
    for node in input.tree.nodes where node.name == "mdat" {
      for child in node.children where child.name.hasPrefix("track ") && child.name.hasSuffix(" samples") {
        let n = Int(child.name.dropFirst(6).dropLast(8)) ?? 0
        if !droppedTracks.contains(n) { keptSamples.append(child.range) }
      }
    }
  }

  /// Inside a kept track: `udta`, `meta` and `uuid` boxes at any depth become `free`.
  mutating func strip(inside node: LayoutNode, path: String) {
    for child in node.children {
      if child.name == "udta" || child.name == "meta" || child.name == "uuid" {
        toFree(child, "'\(child.name)' in \(path)")
      } else if !child.children.isEmpty, child.name != "stsd" {
        strip(inside: child, path: path)
      }
    }
  }

  /// HEIF items: Exif and XMP items rewritten in place, other `mime` and `uri ` items zeroed.
  mutating func items(_ heif: HEIFFile) throws(StripRefusal) {
    let primary = heif.primaryItemID
    let orientation = JPEGStrip.exifOrientation(input.metadata)
    for item in heif.items where !item.isImage {
      let metadataItem = item.isExif || item.type == "mime" || item.type == "uri "
      guard metadataItem else { continue }
      guard let location = heif.locations[item.id], !location.extents.isEmpty else { continue }  // no data
      guard location.problem == nil, location.constructionMethod != 2, location.dataReferenceIndex == 0,
            location.extents.allSatisfy({ $0.offset >= 0 && $0.offset + $0.length <= input.bytes.count }) else {
        throw .unsure("the data of its item \(item.id) ('\(item.type)') cannot be located in the file\(location.problem.map { ": \($0)" } ?? "")")
      }
      let length = location.length
      let content: [UInt8]
      let what: String
      if item.isExif {
        let describesPrimary = heif.references.contains { $0.type == "cdsc" && $0.from == item.id && $0.to.contains { $0 == primary } }
        content = StripBlocks.heifEXIF(orientation: describesPrimary ? orientation : nil, length: length) ?? []
        what = "Exif item \(item.id)"
        if describesPrimary, let orientation, content.count == length { kept.append("EXIF Orientation \(orientation) (in a minimal EXIF)") }
      } else if item.isXMP, item.contentEncoding == nil {
        // An HDR gain map's XMP of rendering fields only (no privacy field: PA010 at info) stays,
        // so the picture renders on HDR screens as before.
        let tags = input.metadata.tags.filter { $0.item == item.id && $0.carrier == .xmp }
        if SecondaryImageMetadataCheck.renderingOnly(tags) != nil {
          kept.append("XMP item \(item.id) (HDR gain-map rendering fields only)")
          continue
        }
        content = StripBlocks.emptyXMP(length: length) ?? []
        what = "XMP item \(item.id)"
      } else {
        content = []
        what = "'\(item.type.trimmingCharacters(in: .whitespaces))' item \(item.id)"
      }
      write(content.count == length ? content : [UInt8](repeating: 0, count: length), over: location.extents, what)
    }
  }

  /// Writes `content` over the item's extents in order (their lengths sum to its count).
  mutating func write(_ content: [UInt8], over extents: [HEIFExtent], _ what: String) {
    var at = 0
    for extent in extents where extent.length > 0 {
      let range = extent.offset..<extent.offset + extent.length
      let piece = Array(content[at..<at + extent.length])
      at += extent.length
      if !input.slice(range).elementsEqual(piece) {
        writes.append((range, piece))
        say(what)
      }
    }
  }

  /// Refuses when a zeroed range touches the samples of a track that stays.
  func checkSamples() throws(StripRefusal) {
    for zero in zeros {
      if let hit = keptSamples.first(where: { $0.overlaps(zero) }) {
        throw .unsure("bytes it would zero (\(zero.lowerBound)..<\(zero.upperBound)) overlap the samples of a track it keeps (\(hit.lowerBound)..<\(hit.upperBound))")
      }
    }
  }

  /// The edits: zeroed ranges joined, then each written range.
  func plan() -> StripPlan {
    var plan = StripPlan()
    var joined: [Range<Int>] = []
    for range in zeros.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = joined.last, range.lowerBound <= last.upperBound {
        joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        joined.append(range)
      }
    }
    for range in joined { plan.replace(range, with: [UInt8](repeating: 0, count: range.count), nil) }
    for write in writes { plan.replace(write.range, with: write.bytes, nil) }
    for what in removed { plan.note(removed: what) }
    plan.kept = kept
    return plan
  }
}
