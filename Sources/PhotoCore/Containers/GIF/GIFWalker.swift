import Bytes
/// The one GIF walker: header and logical screen descriptor, colour tables, every extension
/// (graphic control, comment, plain text, application: XMP, ICC, NETSCAPE loops, ImageMagick
/// IPTC) and every frame — its descriptor, colour table and LZW data, skipped sub-block by
/// sub-block — to the trailer. Comments and plain text are carriers the sweep reads; the XMP
/// packet is cut out of its application extension (without the magic trailer); unknown
/// extensions are opaque. [GIF89a; XMP Specification Part 3 1.1.2]
///
/// The walker locates carriers; it does not interpret XMP. Image data is never decoded here.
public enum GIFWalker {
  /// Most blocks (extensions and frames) walked.
  public static let maxBlocks = 200_000
  /// Most metadata bytes collected per file.
  public static let maxMetadataBytes = 64 << 20
  package static let format = "GIF"

  /// Walks the GIF in `range` of `source` (the whole source by default). Never throws: a file
  /// that is not a GIF comes back with `failure` set.
  public static func walk(_ source: any ByteSource, range: Range<Int>? = nil, mode: ReadMode = .metadata) -> LayoutTree {
    var walk = GIFWalk(source: source, range: range ?? 0..<source.count)
    walk.run()
    return walk.tree
  }

  /// The walk's carriers and facts; throws when the data is not a GIF.
  public static func scan(_ source: any ByteSource) throws(ContainerError) -> ContainerScan {
    try walk(source).scannedOrFailure()
  }
}

/// The state of one GIF walk.
struct GIFWalk {
  package let source: any ByteSource
  package let range: Range<Int>
  package var tree: LayoutTree
  package var window: GIFByteWindow
  var position: Int
  package var blocks = 0
  var frames = 0
  package var budget = GIFWalker.maxMetadataBytes
  /// XMP extensions framed as ordinary sub-blocks (told once).
  var missingTrailers = 0
  /// XMP extensions that hold only padding (told once).
  var emptyPackets = 0

  init(source: any ByteSource, range: Range<Int>) {
    self.source = source
    self.range = range
    position = range.lowerBound
    window = GIFByteWindow(source: source, limit: range.upperBound)
    tree = LayoutTree(format: .gif, source: source, range: range, scan: ContainerScan(format: .gif))
  }

  var upper: Int { range.upperBound }
  package mutating func warn(_ message: String) { tree.scan.warnings.append(message) }

  package func read(_ r: Range<Int>, _ what: String) throws(ContainerError) -> [UInt8] {
    do { return try source.exactBytes(in: r, what: "GIF \(what)") } catch { throw ContainerError(error, format: GIFWalker.format) }
  }

  package mutating func run() {
    do throws(ContainerError) {
      try header()
      try walkBlocks()
    } catch {
      if tree.nodes.isEmpty { tree.failure = error } else {
        warn("GIF could not be read past byte \(position): \(error)")
        leaveRest(note: "not read: \(error)")
      }
    }
    tree.scan.structureTags.append(MetadataTag(carrier: .unknown, group: "GIF", name: "FrameCount", value: .integer(Int64(frames))))
    if emptyPackets > 0 {
      warn("GIF has \(emptyPackets) XMP application extension\(emptyPackets == 1 ? "" : "s") holding no XMP (only padding)")
    }
    if missingTrailers > 0 {
      warn("GIF has \(missingTrailers) XMP application extension\(missingTrailers == 1 ? "" : "s") without the XMP magic trailer (the packet framed as sub-blocks); read as sub-blocks")
    }
  }

  mutating func leaveRest(note: String) {
    if position < upper { tree.nodes.append(.unexplained("junk", range: position..<upper, note: note)) }
    position = upper
  }

  /// Header, logical screen descriptor and global colour table. [GIF89a 17–19]
  private mutating func header() throws(ContainerError) {
    let head = try read(position..<min(position + 13, upper), "header")
    guard head.count >= 6, head.hasPrefix(Array(ascii: "GIF87a")) || head.hasPrefix(Array(ascii: "GIF89a")) else {
      throw .unsupported(reason: "not a GIF: the file does not start with GIF87a or GIF89a")
    }
    guard head.count == 13 else { throw .truncated(format: GIFWalker.format, what: "logical screen descriptor", offset: upper) }
    let width = Int(head[6]) | Int(head[7]) << 8, height = Int(head[8]) | Int(head[9]) << 8
    tree.nodes.append(LayoutNode("header", range: position..<position + 13,
                                 note: "\(String(decoding: head[0..<6], as: UTF8.self)), logical screen \(width)×\(height)"))
    if width > 0, height > 0 { tree.scan.storedSize = PixelSize(width: width, height: height) }
    tree.scan.structureTags = [
      MetadataTag(carrier: .unknown, group: "GIF", name: "ImageWidth", value: .integer(Int64(width))),
      MetadataTag(carrier: .unknown, group: "GIF", name: "ImageHeight", value: .integer(Int64(height))),
    ]
    position += 13
    try colourTable(packed: head[10], name: "global colour table")
  }

  private mutating func colourTable(packed: UInt8, name: String) throws(ContainerError) {
    let length = GIFBlocks.colourTableLength(packed)
    guard length > 0 else { return }
    guard position + length <= upper else { throw .truncated(format: GIFWalker.format, what: name, offset: upper) }
    tree.nodes.append(LayoutNode(name, range: position..<position + length, note: "\(length / 3) colours"))
    position += length
  }

  private mutating func walkBlocks() throws(ContainerError) {
    while position < upper {
      guard blocks < GIFWalker.maxBlocks else {
        tree.markIncomplete("gif", "GIF has more than \(GIFWalker.maxBlocks) blocks; the rest was not read")
        tree.nodes.append(LayoutNode("unread blocks", range: position..<upper, note: "over the block limit", swept: true))
        position = upper
        return
      }
      blocks += 1
      let introducer = try read(position..<position + 1, "block")[0]
      switch introducer {
      case GIFBlocks.trailer:
        tree.nodes.append(LayoutNode("trailer", range: position..<position + 1, note: "end of the GIF"))
        position += 1
        tree.end = position
        return
      case GIFBlocks.extensionIntroducer: try extensionBlock()
      case GIFBlocks.imageSeparator: try image()
      default:
        warn("GIF has byte 0x\(Hex.byte(introducer)) at byte \(position) where a block should start; the rest was not read")
        leaveRest(note: "not a GIF block, and no trailer before it")
        return
      }
    }
    if frames == 0 { warn("GIF has no image") }
    warn("GIF ends at byte \(upper) without a trailer (0x3B): the file is truncated")
  }

  /// One frame: image descriptor, local colour table, LZW minimum code size and data. [GIF89a 20–22]
  private mutating func image() throws(ContainerError) {
    let start = position
    let descriptor = try read(position..<min(position + 10, upper), "image descriptor")
    guard descriptor.count == 10 else { throw .truncated(format: GIFWalker.format, what: "image descriptor", offset: upper) }
    frames += 1
    let width = Int(descriptor[5]) | Int(descriptor[6]) << 8, height = Int(descriptor[7]) | Int(descriptor[8]) << 8
    if tree.scan.storedSize == nil, width > 0, height > 0 { tree.scan.storedSize = PixelSize(width: width, height: height) }
    tree.nodes.append(LayoutNode("image descriptor \(frames)", range: start..<start + 10, note: "frame \(frames): \(width)×\(height)"))
    position += 10
    try colourTable(packed: descriptor[9], name: "local colour table \(frames)")
    guard position < upper else { throw .truncated(format: GIFWalker.format, what: "image data", offset: upper) }
    let dataStart = position
    let chain: GIFSubBlocks
    do { chain = try GIFSubBlocks.walk(&window, from: position + 1) } catch { throw ContainerError(error, format: GIFWalker.format) }
    tree.nodes.append(LayoutNode("image \(frames) data", range: dataStart..<chain.end, headerLength: 1,
                                 note: "LZW data in \(chain.count) sub-blocks" + (chain.truncated ? "; truncated" : "")))
    position = chain.end
    if chain.truncated { warn("GIF image \(frames) data ends early at byte \(upper) (no block terminator)") }
  }

  /// One extension: its label, then sub-blocks. [GIF89a 23–26]
  private mutating func extensionBlock() throws(ContainerError) {
    let start = position
    guard position + 2 <= upper else { throw .truncated(format: GIFWalker.format, what: "extension", offset: upper) }
    let label = try read(position + 1..<position + 2, "extension label")[0]
    var name = GIFBlocks.extensionNames[label] ?? "extension 0x\(Hex.byte(label))"
    var application: String?
    var dataStart = position + 2
    if label == 0xFF, let size = try window(dataStart), size == 11, dataStart + 12 <= upper {
      let identifier = try read(dataStart + 1..<dataStart + 12, "application identifier")
      application = String(decoding: identifier.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
      dataStart += 12
    }
    let known = GIFBlocks.applications[application ?? ""]
    // Every extension's data is joined (within the budget): a decoder reads it, or the sweep does.
    let collect = max(0, min(budget, 16 << 20))
    let chain: GIFSubBlocks
    do { chain = try GIFSubBlocks.walk(&window, from: dataStart, collect: collect) } catch { throw ContainerError(error, format: GIFWalker.format) }
    position = chain.end
    if chain.truncated { warn("GIF \(name) at byte \(start) ends early at byte \(upper) (no block terminator)") }
    var node = LayoutNode(name, range: start..<chain.end, headerLength: dataStart - start)
    if let application { name += " '\(application)'"; node.name = name }
    switch (label, known?.carrier) {
    case (0xFE, _), (0x01, _):
      // Free text: a comment carrier; the sweep reads its joined text (coordinates can hide in
      // it), and the raw bytes too when the text was too long to read whole.
      node.swept = chain.capped
      var comment = Carrier(kind: .comment, offset: dataStart, length: chain.end - dataStart, note: "GIF \(name) at byte \(start)", payload: chain.data)
      comment.comment = .gifExtension
      add(comment, capped: chain.capped, name: name, at: start)
    case (0xFF, .xmp?):
      try xmp(start: start, dataStart: dataStart, chain: chain, node: &node)
    case (0xFF, let kind?):
      node.note = known?.name
      node.swept = chain.capped
      add(Carrier(kind: kind, offset: dataStart, length: chain.end - dataStart, note: "GIF \(name) at byte \(start)", payload: chain.data),
          capped: chain.capped, name: name, at: start)
    case (0xFF, nil) where known != nil, (0xF9, _):
      node.note = known?.name
      sweepJoined(chain, node: &node, name: name, at: start)
    default:
      node.kind = .opaque
      node.note = application.map { "unknown application extension '\($0)'" } ?? "unknown extension label 0x\(Hex.byte(label))"
      sweepJoined(chain, node: &node, name: name, at: start)
    }
    tree.nodes.append(node)
  }

  /// An extension no decoder reads (a graphic control block, a NETSCAPE loop count, an unknown
  /// one) whose sub-blocks may hold more than their fields: the sweep reads their joined data,
  /// and the raw bytes too when the data was past the cap (then the file is not fully checked).
  private mutating func sweepJoined(_ chain: GIFSubBlocks, node: inout LayoutNode, name: String, at start: Int) {
    budget -= chain.data.count
    if !chain.data.isEmpty { tree.joinedForSweep.append(.init(name: name, offset: start, data: chain.data)) }
    if chain.capped {
      node.swept = true
      tree.markIncomplete("gif", "GIF \(name) at byte \(start) holds more than the metadata read per block; the rest was swept, not read")
    }
  }

  /// The byte at `offset`, through the window.
  private mutating func window(_ offset: Int) throws(ContainerError) -> UInt8? {
    do { return try window.byte(offset) } catch { throw ContainerError(error, format: GIFWalker.format) }
  }

  /// An XMP application extension: the packet is the raw bytes up to the magic trailer (its
  /// "sub-block lengths" are the packet's own characters). Without the trailer, the writer
  /// framed the packet as ordinary sub-blocks: their data is the packet. [XMP Part 3 1.1.2]
  private mutating func xmp(start: Int, dataStart: Int, chain: GIFSubBlocks, node: inout LayoutNode) throws(ContainerError) {
    let trailerLength = GIFBlocks.xmpMagicTrailer.count
    let end = chain.end
    var payload: [UInt8]
    var place: Range<Int>?
    if end - dataStart >= trailerLength, end - dataStart - trailerLength <= budget,
       try read(end - trailerLength..<end, "XMP magic trailer") == GIFBlocks.xmpMagicTrailer {
      node.note = "XMP packet and its magic trailer"
      place = dataStart..<end - trailerLength
      payload = try read(dataStart..<end - trailerLength, "XMP packet")
    } else if !chain.capped {
      node.note = "XMP packet in sub-blocks (no magic trailer)"
      payload = chain.data
      missingTrailers += 1
    } else {
      tree.markIncomplete("xmp", "GIF XMP packet at byte \(start) is past the metadata read per block; not read")
      node.swept = true
      return
    }
    budget -= payload.count
    guard !GIFBlocks.isEmptyPacket(payload) else {
      emptyPackets += 1
      node.note = (node.note ?? "") + ", empty (only padding)"
      return
    }
    var carrier = Carrier(kind: .xmp, offset: dataStart, length: end - dataStart, note: "GIF XMP application extension at byte \(start)", payload: payload)
    carrier.sourceRange = place
    if let place { carrier.length = place.count }
    tree.scan.carriers.append(carrier)
  }

  private mutating func add(_ carrier: Carrier, capped: Bool, name: String, at start: Int) {
    budget -= carrier.payload.count
    if capped {
      tree.markIncomplete(carrier.kind == .comment ? "comment" : carrier.kind.rawValue,
                          "GIF \(name) at byte \(start) holds more than the metadata read per block (16 MiB, \(GIFWalker.maxMetadataBytes >> 20) MiB per file); the rest was swept, not decoded")
    }
    tree.scan.carriers.append(carrier)
  }
}
