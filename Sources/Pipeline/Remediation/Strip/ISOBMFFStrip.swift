import Bytes
import PhotoCore

/// `strip` of HEIF/HEIC/AVIF and MOV/MP4: blanked in place, never moved. Removing a box would
/// shift the offsets that `iloc` (HEIF item data) and `stco`/`co64` (movie samples) hold, so
/// every change keeps its length:
/// - an `Exif` item becomes a valid minimal TIFF (the Orientation only, when the primary image's
///   was 2–8), zero-padded; an XMP item an empty XMP packet padded with whitespace (XMP's own
///   padding), unless it holds only an HDR gain map's rendering fields (kept, as PA010 judges
///   them); any other `mime` or `uri ` item is zeroed;
/// - bytes of `mdat`/`idat` no item references are zeroed (HEIF; in a movie the picture and
///   sound samples are not all located, so its `mdat` gaps are left to the leak scan);
/// - a box that carries metadata becomes a `free` box with its payload zeroed: `udta` and
///   QuickTime `meta` (anywhere in `moov`), `uuid` boxes (XMP, C2PA…), boxes HEIF readers do not
///   read in `meta` (`xml `, `keys`…), unknown top-level boxes (a HEIF's `mpvd` Motion Photo
///   video), and every track that is not pictures or sound (timed metadata — GPMF, camm, mebx,
///   djmd —, text, subtitles, chapters, timecode), whose samples in `mdat` are zeroed too;
/// - `free`/`skip` boxes get zero content (a Novatek `freeGPS ` block among them);
/// - bytes after the last box are cut (no offset points there), and so are the boxes at the end
///   of the file that would become `free` and that no item or sample lies in (`cut`).
/// Fragmented movies (`moof`) are refused. [ISO/IEC 14496-12 4.2, 8.1.2, 8.11; ISO/IEC 23008-12]
enum ISOBMFFStrip {
  /// HEIF `meta` children that make the image (kept); every other one becomes `free`.
  static let heifMeta: Set<String> = ["hdlr", "pitm", "iloc", "iinf", "iref", "iprp", "idat", "dinf", "grpl"]
  /// `moov` children kept (tracks are decided one by one).
  static let movieBoxes: Set<String> = ["mvhd", "iods"]
  /// Top-level boxes of movie fragments.
  static let fragmentBoxes: Set<String> = ["moof", "mfra", "sidx", "ssix", "styp", "prft", "emsg", "mvex"]

  static func plan(_ input: StripInput) throws(StripRefusal) -> StripPlan {
    var blank = Blanking(input: input)
    let tree = input.tree
    let isMovie = tree.nodes.contains { $0.name == "moov" }
    let (end, tail) = cut(input)
    for node in tree.nodes where node.range.lowerBound < end {
      if node.kind == .unaccounted {
        blank.zero(node.range, "bytes that are not a box")
        continue
      }
      switch node.name {
      case "ftyp": continue
      case "meta" where tree.scan.heif != nil: try blank.heifMeta(node)
      case "mdat": if !isMovie { blank.gaps(node, "'mdat'") }
      case "moov": try blank.movie(node)
      case "free", "skip", "wide": blank.zero(blank.payload(node), nil)
      case _ where fragmentBoxes.contains(node.name):
        throw .unsupported("it is a fragmented movie ('\(node.name)' box); strip rewrites movies whose samples are all listed in 'moov'")
      default: blank.toFree(node, describe(node))
      }
    }
    if let heif = tree.scan.heif { try blank.items(heif) }
    try blank.checkSamples()
    var plan = blank.plan()
    for node in tail where !(isFree(node) && blank.isZero(blank.payload(node))) { plan.note(removed: describe(node)) }
    let last = tree.end ?? input.bytes.count
    if last < input.bytes.count {
      for document in StripRewriter.documents(in: tree, within: last..<input.bytes.count) { plan.note(removed: "\(document) after the last box") }
      plan.note(removed: "\(input.bytes.count - last) bytes after the last box")
    }
    plan.drop(end..<input.bytes.count, nil)
    if input.metadata.carriers.contains(where: { $0.kind == .icc && $0.document.isRoot }) { plan.kept.append("ICC profile") }
    if input.metadata.orientation.irot != nil || input.metadata.orientation.imir != nil { plan.kept.append("irot/imir (orientation)") }
    return plan
  }

  /// Where the file can end: before the top-level boxes at its end that strip would free anyway
  /// (a HEIF's `mpvd` Motion Photo video, a `uuid` XMP or C2PA box, `free` boxes) when no item
  /// and no track sample lies in them, so no offset points there — those are cut off rather
  /// than zeroed (a Motion Photo HEIC loses its video's size too). A tail of `free` boxes that
  /// are zero already is left as it is. Returns the end and the boxes cut.
  static func cut(_ input: StripInput) -> (end: Int, tail: [LayoutNode]) {
    let tree = input.tree
    let last = tree.end ?? input.bytes.count
    let placed = StripCodedData.placed(tree)
      + (tree.scan.heif?.locations.values.flatMap(\.extents) ?? []).map { $0.offset..<$0.offset + $0.length }
      + tree.scan.timedTracks.flatMap(\.samples)
    var tail: [LayoutNode] = []
    for node in tree.nodes.reversed() where node.range.lowerBound < last {
      guard node.kind != .unaccounted, !kept.contains(node.name), !fragmentBoxes.contains(node.name),
            !placed.contains(where: { $0.overlaps(node.range) }) else { break }
      tail.insert(node, at: 0)
    }
    let blank = Blanking(input: input)
    guard let first = tail.first, tail.contains(where: { !(isFree($0) && blank.isZero(blank.payload($0))) }) else {
      return (last, [])
    }
    return (first.range.lowerBound, tail)
  }

  /// Top-level boxes that are part of the picture or the movie: never cut.
  static let kept: Set<String> = ["ftyp", "meta", "mdat", "moov", "idat"]

  static func isFree(_ node: LayoutNode) -> Bool { ["free", "skip", "wide"].contains(node.name) }

  /// What a top-level box freed is, for the report.
  static func describe(_ node: LayoutNode) -> String {
    switch node.name {
    case "mpvd": "Motion Photo video ('mpvd')"
    case "uuid": node.note?.contains("C2PA") == true || node.note?.contains("c2pa") == true ? "C2PA manifest ('uuid')" : "'uuid' box"
    default: "'\(node.name)' box"
    }
  }
}
