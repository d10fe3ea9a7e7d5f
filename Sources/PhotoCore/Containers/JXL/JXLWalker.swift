import Bytes
/// The one JPEG XL walker: a bare codestream (`FF 0A`), or the ISOBMFF-shaped container
/// (signature box `JXL `, `ftyp` brand `jxl `) box by box — boxes read with the ISOBMFF box
/// header reader. The codestream (`jxlc`, or its parts in `jxlp` boxes) is image data, never
/// swept; its header gives the stored size and the orientation that governs display. Metadata
/// boxes are carriers: `Exif` (a 4-byte offset, then TIFF, as in HEIF), `xml ` (XMP), `jumb`
/// (JUMBF: C2PA manifest stores, walked by the JUMBF walker), and `brob` boxes, whose payload
/// is another box Brotli-compressed. `jbrd` (JPEG reconstruction data) is read for the JPEG
/// segments it keeps (`JPEGReconstructionData`). Unknown boxes are opaque (swept; PA014).
/// Boxes after the codestream are metadata too (the spec allows `Exif`/`xml ` after `jxlc`).
/// In `.complete` mode libjxl finds where the codestream ends, so data after it (inside `jxlc`
/// or after a bare codestream) is unexplained, not image data. [ISO/IEC 18181-2 (container),
/// ISO/IEC 18181-1 (codestream)]
///
/// The walker locates carriers; it does not interpret EXIF or XMP.
public enum JXLWalker {
  package static let format = "JPEG XL"
  /// The signature box: size 12, type `JXL `, content 0D 0A 87 0A. [ISO/IEC 18181-2 3.1]
  static let containerSignature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
  /// Most boxes walked in one file.
  public static let maxBoxes = 20_000
  /// Most metadata bytes read (or decompressed) per file.
  public static let maxMetadataBytes = 64 << 20
  /// Largest decompressed `brob` content or `jbrd` segment data (per box).
  public static let maxDecompressedBytes = BrotliCap.bytes
  /// Largest codestream handed to libjxl to find its end (`.complete` mode).
  public static let maxCodestreamBytes = 1 << 30
  /// Bytes of the codestream handed to libjxl for its headers in `.metadata` mode (ICC profile).
  public static let headerBytes = 1 << 20
  /// Largest image (stored pixels) whose codestream libjxl reads to its end in the walk: it skips
  /// frames without decoding them, except frames later frames refer to, which it decodes in
  /// memory; above this (the default `--max-pixels`) the end is not looked for (PA015).
  public static let maxCodestreamPixels = 200_000_000

  /// Walks the JPEG XL document in `range` of `source`. Never throws: what stops it is
  /// `failure` or an `IncompleteCheck`, with the structures found before kept.
  public static func walk(_ source: any ByteSource, range: Range<Int>? = nil, mode: ReadMode = .metadata) -> LayoutTree {
    var walk = JXLWalk(source: source, range: range ?? 0..<source.count, mode: mode)
    walk.run()
    return walk.tree
  }

  /// True when `head` starts a JPEG XL file: a bare codestream or the container's signature box.
  static func isJXL(_ head: [UInt8]) -> Bool {
    head.starts(with: JXLCodestreamHeader.signature) || head.starts(with: containerSignature)
  }
}

/// The cap on one Brotli stream's output, shared by `brob` and `jbrd`.
enum BrotliCap {
  package static let bytes = 16 << 20
}

/// The state of one JPEG XL walk.
struct JXLWalk {
  package let source: any ByteSource
  package let range: Range<Int>
  package let mode: ReadMode
  package var tree: LayoutTree
  var boxCount = 0
  package var budget = JXLWalker.maxMetadataBytes
  /// The codestream's pieces in file order: the bare codestream, the `jxlc` payload, or each
  /// `jxlp` part after its 4-byte index.
  package var codestream: [Range<Int>] = []
  /// `jxlp` parts seen, the index expected next, and whether the last one was flagged.
  var partsSeen = 0
  var lastPartSeen = false
  var sawJXLC = false
  /// Indices into `tree.nodes` of the codestream boxes, to place unexplained data after its end.
  var codestreamNodes: [Int] = []

  init(source: any ByteSource, range: Range<Int>, mode: ReadMode) {
    self.source = source
    self.range = range
    self.mode = mode
    tree = LayoutTree(format: .jxl, source: source, range: range, scan: ContainerScan(format: .jxl))
  }

  var upper: Int { range.upperBound }

  package mutating func warn(_ message: String) { tree.scan.warnings.append(message) }

  package func read(_ r: Range<Int>, _ what: String) throws(ContainerError) -> [UInt8] {
    do { return try source.exactBytes(in: r, what: "\(JXLWalker.format) \(what)") } catch { throw ContainerError(error, format: JXLWalker.format) }
  }

  package mutating func run() {
    do throws(ContainerError) {
      let head = try read(range.lowerBound..<min(range.lowerBound + 12, upper), "signature")
      if head.starts(with: JXLCodestreamHeader.signature) {
        codestream = [range]
        tree.nodes.append(LayoutNode("codestream", range: range, note: "bare JPEG XL codestream (image data)"))
        codestreamNodes = [0]
        tree.end = upper
      } else if head.elementsEqual(JXLWalker.containerSignature) {
        try boxes()
      } else {
        throw .unsupported(reason: "not a JPEG XL file: it starts with neither a codestream signature (FF 0A) nor a 'JXL ' signature box")
      }
      try readCodestream()
    } catch {
      tree.failure = error
    }
    if tree.end == nil { tree.end = upper }
    tree.scan.structureTags = structureTags()
  }

  /// The container's boxes, one after the other, until its end or bytes that are not a box.
  private mutating func boxes() throws(ContainerError) {
    var position = range.lowerBound
    walk: while position < upper {
      let head = try read(position..<min(position + ISOBMFFBox.maxHeaderLength, upper), "box header")
      switch ISOBMFFBox.parseHeader(head, offset: position, limit: upper, depth: 1) {
      case .partial:
        warn("JPEG XL file ends with \(upper - position) bytes that are not a whole box header, at byte \(position)")
        break walk
      case .invalid(let reason):
        warn("JPEG XL data at byte \(position) is not a box (\(reason)); \(upper - position) bytes after the last box")
        break walk
      case .box(let box, let declaredEnd):
        guard ISOBMFFBox.isPlausibleType(head) else {
          warn("JPEG XL data at byte \(position) is not a box; \(upper - position) bytes after the last box")
          break walk
        }
        guard boxCount < JXLWalker.maxBoxes else {
          tree.markIncomplete("jxl", "JPEG XL has more than \(JXLWalker.maxBoxes) boxes; the rest was not read")
          tree.nodes.append(LayoutNode("unread boxes", range: position..<upper, note: "over the box limit", swept: true))
          position = upper
          break walk
        }
        boxCount += 1
        var note: String?
        if box.isTruncated {
          note = "truncated: declares \(declaredEnd - box.offset) bytes, the file ends at byte \(upper)"
          warn("JPEG XL '\(box.type)' box at byte \(box.offset) declares \(declaredEnd - box.offset) bytes but the file ends at byte \(upper): the file is truncated")
        }
        if boxCount == 2, box.type != "ftyp" {
          warn("JPEG XL container has no 'ftyp' box after its signature (found '\(box.type)' at byte \(box.offset))")
        }
        tree.nodes.append(try self.box(box, note: note))
        position = box.end
      }
    }
    tree.end = position
  }

  /// The node of one top-level box, its carrier or codestream part recorded on the way.
  private mutating func box(_ box: ISOBMFFBox, note: String?) throws(ContainerError) -> LayoutNode {
    let whole = box.offset..<box.end
    switch box.type {
    case "JXL ":
      guard boxCount == 1 else { return unknown(box, note: "a second signature box") }
      return LayoutNode("JXL ", range: whole, note: "JPEG XL signature box")
    case "ftyp":
      let bytes = try read(box.payloadRange.lowerBound..<min(box.end, box.payloadRange.lowerBound + 4), "'ftyp' box")
      if !bytes.elementsEqual("jxl ".utf8) {
        warn("JPEG XL 'ftyp' box has major brand '\(ISOBMFFBox.fourCC(bytes))', not 'jxl '")
      }
      return LayoutNode("ftyp", range: whole, note: note)
    case "jxll":
      return LayoutNode("jxll", range: whole, note: note ?? "conformance level")
    case "jxlc":
      if sawJXLC || partsSeen > 0 { warn("JPEG XL has a second codestream box ('jxlc' at byte \(box.offset)); ignored by readers") }
      if !sawJXLC, partsSeen == 0 {
        codestream = [box.payloadRange]
        codestreamNodes = [tree.nodes.count]
      }
      sawJXLC = true
      return LayoutNode("jxlc", range: whole, headerLength: box.headerSize, note: note ?? "codestream (image data)")
    case "jxlp":
      return try codestreamPart(box, note: note)
    case "Exif", "xml ", "jumb":
      return try metadataBox(box, type: box.type, note: note)
    case "brob":
      return try compressedBox(box, note: note)
    case "jbrd":
      return try reconstructionData(box, note: note)
    case "free", "skip":
      return freeSpace(box, note: note)
    default:
      return unknown(box, note: note)
    }
  }

  /// A box of a type no JPEG XL reader interprets: opaque, swept, and PA014.
  package func unknown(_ box: ISOBMFFBox, note: String?) -> LayoutNode {
    let what = "unknown box type '\(box.type)'"
    return LayoutNode(box.type, range: box.offset..<box.end, headerLength: box.headerSize, kind: .opaque,
                      note: note.map { "\(what); \($0)" } ?? what)
  }

  /// `free`/`skip`: free space; zero padding is explained, other content is not. [ISO 14496-12 8.1.2]
  func freeSpace(_ box: ISOBMFFBox, note: String?) -> LayoutNode {
    let payload = box.payloadRange
    if mode == .complete, !payload.isEmpty, ByteSniffer.isUniform(source, payload, 0) {
      return LayoutNode(box.type, range: box.offset..<box.end, note: note.map { "zero padding; \($0)" } ?? "zero padding")
    }
    return LayoutNode(box.type, range: box.offset..<box.end, headerLength: box.headerSize, note: note,
                      unexplainedContent: "content of a '\(box.type)' box (free space)")
  }

  /// Facts of the structure, as tags: the stored size, the codestream orientation.
  func structureTags() -> [MetadataTag] {
    func tag(_ name: String, _ value: Int) -> MetadataTag {
      MetadataTag(carrier: .unknown, group: "JXL", name: name, value: .integer(Int64(value)))
    }
    var tags: [MetadataTag] = []
    if let size = tree.scan.storedSize { tags += [tag("ImageWidth", size.width), tag("ImageHeight", size.height)] }
    if let orientation = tree.scan.codestreamOrientation { tags.append(tag("Orientation", orientation)) }
    return tags
  }
}
