import Bytes
/// The one ISOBMFF walker, for HEIC, HEIF and AVIF files and for other ISOBMFF documents (an
/// MP4 after a JPEG's EOI): every box with its byte range, nested (the `meta` box is read into
/// memory and its children parsed into items, locations, references and properties; other
/// containers such as `moov` are walked by their headers), the extents `iloc` gives each item
/// inside `mdat`/`idat`, and — in `.complete` mode — the chunks of each track's samples and the
/// content of `free` boxes. Metadata items (Exif, XMP) are read; image data never is.
/// [ISO/IEC 14496-12; ISO/IEC 23008-12]
///
/// The walker locates carriers; it does not interpret EXIF or XMP.
public enum ISOBMFFWalker {
  /// Walks the ISOBMFF document in `range` of `source` (the whole source by default). Never
  /// throws: what stops it (not ISOBMFF, no `meta` in a HEIF, a cap) is `failure` or an
  /// `IncompleteCheck`, with the boxes found before it kept.
  /// `format`: what the sniffer recognised; a QuickTime movie (`.mov`) may start without `ftyp`.
  public static func walk(_ source: any ByteSource, range: Range<Int>? = nil, mode: ReadMode = .metadata,
                          format: DocumentFormat? = nil) -> LayoutTree {
    var walk = ISOBMFFWalk(source: source, range: range ?? 0..<source.count, mode: mode)
    walk.formatHint = format
    walk.run()
    return walk.tree
  }
}

/// The state of one ISOBMFF walk.
struct ISOBMFFWalk {
  package let source: any ByteSource
  package let range: Range<Int>
  package let mode: ReadMode
  package var tree: LayoutTree
  var state = ISOBMFFWalkState()
  var position: Int
  var boxes: [ISOBMFFBox] = []
  package var meta: LoadedBox?
  var ftyp: [UInt8]?
  /// The sample tables of each track (`stbl`) met so far, and of the one being walked.
  var tracks: [ISOBMFFTrackSamples] = []
  var currentTrack: ISOBMFFTrackSamples?
  /// What `moov` says (tracks, matrices) and the QuickTime/MP4 metadata boxes found on the way.
  var movie = MovieCollector()
  /// The format the sniffer recognised, if any (a QuickTime movie without `ftyp`).
  var formatHint: DocumentFormat?

  init(source: any ByteSource, range: Range<Int>, mode: ReadMode) {
    self.source = source
    self.range = range
    self.mode = mode
    position = range.lowerBound
    tree = LayoutTree(format: .isobmff, source: source, range: range)
  }

  var upper: Int { range.upperBound }

  package mutating func run() {
    do throws(ContainerError) {
      try topLevelBoxes()
      try finish()
    } catch {
      tree.failure = error
    }
    finishMovie()
    tree.scan.warnings = state.warnings + tree.scan.warnings
    if tree.end == nil { tree.end = position }
  }

  package func read(_ r: Range<Int>, _ what: String) throws(ContainerError) -> [UInt8] {
    do { return try source.exactBytes(in: r, what: what) } catch { throw ContainerError(error, format: label) }
  }

  /// The boxes of the document, one after the other, until its end or bytes that are not a box.
  private mutating func topLevelBoxes() throws(ContainerError) {
    walk: while position < upper {
      let head = try read(position..<min(position + ISOBMFFBox.maxHeaderLength, upper), "box header")
      switch ISOBMFFBox.parseHeader(head, offset: position, limit: upper, depth: 1) {
      case .partial:
        if boxes.isEmpty { throw .truncated(format: label, what: "box header", offset: position) }
        state.warn("\(label) file ends with \(upper - position) bytes that are not a whole box header, at byte \(position)")
        break walk
      case .invalid(let reason):
        if boxes.isEmpty { throw .malformed(format: label, what: "box header", offset: position, reason: reason) }
        state.warn("\(label) data at byte \(position) is not a box (\(reason)); \(upper - position) bytes after the last box")
        break walk
      case .box(var box, let declaredEnd):
        if boxes.isEmpty, box.type != "ftyp" {
          guard formatHint == .mov, VideoBrands.firstAtomsWithoutBrand.contains(box.type) else {
            throw .unsupported(reason: "not an ISOBMFF image: the file does not start with an 'ftyp' box")
          }
          tree.format = .mov  // a QuickTime movie from before 'ftyp' [QTFF]
          tree.scan.format = .mov
        }
        // After the first boxes, bytes whose "type" is not printable, or a truncated box of a
        // type that cannot be at the top level, are not a box: something appended (a JPEG, say).
        let plausible = ISOBMFFBox.isPlausibleType(head) && (!box.isTruncated || HEIFWalker.topLevelTypes.contains(box.type))
        if !plausible, meta != nil || box.isTruncated || !isHEIF {
          state.warn("\(label) data at byte \(position) is not a box; \(upper - position) bytes after the last box")
          break walk
        }
        if box.isTruncated {
          if isMovie, box.type != "ftyp" {
            // What is there is read (its metadata counts), then the movie is unreadable: a
            // truncated 'moov' or 'mdat' is never a clean verdict.
            guard countBox() else { break walk }
            try topLevelBox(&box, head: head, declaredEnd: declaredEnd)
            boxes.append(box)
            position = upper
            throw .truncated(format: label, what: "'\(box.type)' box", offset: upper)
          }
          if box.type == "ftyp" || box.type == "meta" {
            tree.nodes.append(LayoutNode(box.type, range: box.offset..<box.end, headerLength: box.headerSize,
                                         note: "truncated: declares \(declaredEnd - box.offset) bytes, the file ends at byte \(upper)"))
            position = upper
            throw .truncated(format: label, what: "'\(box.type)' box", offset: upper)
          }
          state.warn("\(label) '\(box.type)' box at byte \(position) declares \(declaredEnd - position) bytes but the file ends at byte \(upper): the file is truncated")
        }
        guard countBox() else { break walk }
        try topLevelBox(&box, head: head, declaredEnd: declaredEnd)
        boxes.append(box)
        position = box.end
      }
    }
  }

  /// Counts a box against the cap; false (with the rest of the file left unread) over it.
  mutating func countBox() -> Bool {
    do throws(ContainerError) {
      try state.countBox()
      return true
    } catch {
      tree.markIncomplete("isobmff", "\(error); the rest was not read")
      tree.nodes.append(LayoutNode("unread boxes", range: position..<upper, note: "over the box limit", swept: true))
      position = upper
      return false
    }
  }

  private mutating func topLevelBox(_ box: inout ISOBMFFBox, head: [UInt8], declaredEnd: Int) throws(ContainerError) {
    let note = box.isTruncated ? "truncated: declares \(declaredEnd - box.offset) bytes, the file ends at byte \(upper)" : nil
    switch box.type {
    case "ftyp":
      if ftyp == nil {
        let bytes = try read(box.offset..<min(box.end, box.offset + 4096), "'ftyp' box")
        ftyp = bytes
        brands(bytes)
      }
      tree.nodes.append(LayoutNode("ftyp", range: box.offset..<box.end, note: note))
    case "meta" where meta == nil && isHEIF:
      let loaded = try HEIFWalker.loadMeta(box, source: source, state: &state)
      box.children = loaded.box.children
      meta = loaded
      tree.nodes.append(node(loaded, parent: nil))
    case "meta" where meta != nil:
      state.warn("\(label) file has a second top-level 'meta' box at byte \(box.offset); ignored")
      tree.nodes.append(contentsOf: boxNodes(box, head: head, depth: 1, parent: nil, note: note))
    default:
      if !HEIFWalker.topLevelTypes.contains(box.type) {
        state.warn("\(label) file has an unexpected top-level '\(box.type)' box at byte \(box.offset) (\(box.size) bytes)")
      }
      tree.nodes.append(contentsOf: boxNodes(box, head: head, depth: 1, parent: nil, note: note))
    }
  }

  /// Reads the brands: HEIF, HEIC and AVIF files get their items read; MOV and MP4 their
  /// movie metadata; other ISOBMFF documents are walked as boxes only.
  private mutating func brands(_ bytes: [UInt8]) {
    if let video = ImageFormat.isobmffImageFormat(bytes), video.isVideo {
      tree.format = DocumentFormat(video)
      tree.scan.format = video
      return
    }
    do throws(ContainerError) {
      let file = try HEIFWalker.brands(bytes)
      tree.format = DocumentFormat(file.format)
      tree.scan.heif = file
    } catch {
      if HEIFWalker.isLowOverhead(bytes) { tree.failure = error }
    }
  }
}
