import Bytes
/// The one WebP walker: the RIFF header and every chunk with its byte range (padding included),
/// the frames of an animation (`ANMF`) with their own chunks, the carriers of the metadata
/// chunks (`EXIF`, `XMP `, `ICCP`, `C2PA`) with their payloads, and the picture size (VP8X
/// canvas, else the VP8/VP8L frame header). Data after the RIFF size is trailing data.
/// Chunk types nobody registered are opaque (swept); coded pixels (`VP8 `, `VP8L`, `ALPH`) are
/// never read. [RFC 9649 (WebP Image Format) 2]
///
/// The walker locates carriers; it does not interpret EXIF or XMP.
public enum WebPWalker {
  /// Most chunks walked (frames' chunks included).
  public static let maxChunks = 100_000
  /// Most metadata bytes read per file.
  public static let maxMetadataBytes = 64 << 20
  package static let format = "WebP"

  /// Walks the WebP in `range` of `source` (the whole source by default). Never throws: a file
  /// that is not a WebP comes back with `failure` set.
  public static func walk(_ source: any ByteSource, range: Range<Int>? = nil, mode: ReadMode = .metadata) -> LayoutTree {
    var walk = WebPWalk(source: source, range: range ?? 0..<source.count)
    walk.run()
    return walk.tree
  }

  /// The metadata walk's carriers and facts; throws when the data is not a WebP.
  public static func scan(_ source: any ByteSource) throws(ContainerError) -> ContainerScan {
    try walk(source).scannedOrFailure()
  }
}

/// The state of one WebP walk.
struct WebPWalk {
  package let source: any ByteSource
  package let range: Range<Int>
  package var tree: LayoutTree
  var chunkCount = 0
  package var budget = WebPWalker.maxMetadataBytes
  var extended: WebPChunks.ExtendedHeader?
  var frameSize: (width: Int, height: Int)?
  var frames = 0
  package var seen: Set<String> = []

  init(source: any ByteSource, range: Range<Int>) {
    self.source = source
    self.range = range
    tree = LayoutTree(format: .webp, source: source, range: range, scan: ContainerScan(format: .webp))
  }

  package mutating func warn(_ message: String) { tree.scan.warnings.append(message) }

  package func read(_ r: Range<Int>, _ what: String) throws(ContainerError) -> [UInt8] {
    do { return try source.exactBytes(in: r, what: "WebP \(what)") } catch { throw ContainerError(error, format: WebPWalker.format) }
  }

  package mutating func run() {
    do throws(ContainerError) {
      try walkFile()
    } catch {
      tree.failure = error
    }
    if let extended {
      tree.scan.storedSize = PixelSize(width: extended.canvasWidth, height: extended.canvasHeight)
    } else if let frameSize {
      tree.scan.storedSize = PixelSize(width: frameSize.width, height: frameSize.height)
    }
    if tree.failure == nil, tree.scan.storedSize == nil { warn("WebP has no VP8X, VP8 or VP8L chunk that gives the picture size") }
    tree.scan.structureTags = structureTags()
  }

  private mutating func walkFile() throws(ContainerError) {
    let start = range.lowerBound
    let header = try read(start..<min(start + 12, range.upperBound), "RIFF header")
    guard header.count == 12, header.hasPrefix(Array(ascii: "RIFF")), header[8..<12].elementsEqual("WEBP".utf8) else {
      throw .unsupported(reason: "not a WebP: the file does not start with a RIFF header of form WEBP")
    }
    let declared = WebPChunks.u32le(header, 4)
    // RIFF size counts the form type and the chunks. [RFC 9649 2.5]
    var end = start + 8 + declared
    if declared < 4 || end > range.upperBound {
      warn("WebP RIFF header declares \(declared) bytes but the file holds \(range.upperBound - start - 8) after it: the file is truncated or the size is wrong")
      end = range.upperBound
    }
    tree.nodes.append(LayoutNode("RIFF header", range: start..<start + 12, note: "RIFF size \(declared), form WEBP"))
    tree.nodes += try chunks(in: start + 12..<end, frame: nil)
    tree.end = end
    checkFlags()
  }

  /// The chunks in `span` (the file's, or one animation frame's), as nodes.
  package mutating func chunks(in span: Range<Int>, frame: Int?) throws(ContainerError) -> [LayoutNode] {
    var nodes: [LayoutNode] = []
    var position = span.lowerBound
    while position < span.upperBound {
      guard chunkCount < WebPWalker.maxChunks else {
        tree.markIncomplete("webp", "WebP has more than \(WebPWalker.maxChunks) chunks; the rest was not read")
        nodes.append(LayoutNode("unread chunks", range: position..<span.upperBound, note: "over the chunk limit", swept: true))
        return nodes
      }
      guard span.upperBound - position >= 8 else {
        warn("WebP ends with \(span.upperBound - position) bytes at byte \(position) that are not a whole chunk header")
        nodes.append(.unexplained("partial chunk header", range: position..<span.upperBound, note: "too few bytes for a chunk"))
        return nodes
      }
      chunkCount += 1
      let head = try read(position..<position + 8, "chunk header")
      var type = WebPChunks.typeName(head[0..<4])
      let size = WebPChunks.u32le(head, 4)
      if let meant = WebPChunks.misspelt[type] {
        // Some writers end the FourCC with NUL instead of a space: the packet is there all the
        // same (ExifTool shows it as an unknown chunk), so it is read.
        warn("WebP chunk at byte \(position) has type \(type) (hex), meant as '\(meant)'; read as such (spec-following readers ignore it)")
        type = meant
      }
      let dataStart = position + 8
      var dataEnd = dataStart + size
      var note = WebPChunks.names[type]
      if dataEnd > span.upperBound {
        warn("WebP '\(type)' chunk at byte \(position) declares \(size) bytes but \(frame == nil ? "the file" : "its frame") ends at byte \(span.upperBound)")
        dataEnd = span.upperBound
        note = (note.map { $0 + "; " } ?? "") + "truncated: declares \(size) bytes"
      }
      // An odd size is followed by one padding byte. [RFC 9649 2.4]
      let chunkEnd = min(dataEnd + (size & 1), span.upperBound)
      var node = LayoutNode(type, range: position..<chunkEnd, headerLength: 8, note: note)
      try chunk(type, data: dataStart..<dataEnd, node: &node, frame: frame)
      nodes.append(node)
      position = chunkEnd
    }
    return nodes
  }

  /// Reads what one chunk needs: its header fields, or its payload as a carrier.
  private mutating func chunk(_ type: String, data: Range<Int>, node: inout LayoutNode, frame: Int?) throws(ContainerError) {
    seen.insert(type)
    // Fixed-size headers read in part: whatever their declared size holds past the fields is swept.
    if type == "VP8X" || type == "ANIM" { node.swept = true }
    switch type {
    case "VP8X":
      guard frame == nil, extended == nil else {
        warn("WebP has a second or misplaced VP8X chunk at byte \(node.range.lowerBound); ignored")
        return
      }
      guard let header = WebPChunks.ExtendedHeader(try read(data.lowerBound..<min(data.upperBound, data.lowerBound + 10), "VP8X chunk")) else {
        warn("WebP VP8X chunk at byte \(node.range.lowerBound) is shorter than 10 bytes")
        return
      }
      extended = header
      node.note = "extended format header: canvas \(header.canvasWidth)×\(header.canvasHeight), \(header.flagNames)"
    case "VP8 ", "VP8L":
      guard frameSize == nil else { return }
      let head = try read(data.lowerBound..<min(data.upperBound, data.lowerBound + 10), "\(type) chunk")
      frameSize = type == "VP8L" ? WebPChunks.losslessSize(head) : WebPChunks.lossySize(head)
      if frameSize == nil { warn("WebP '\(type)' chunk at byte \(node.range.lowerBound) has no valid frame header") }
    case "ANMF":
      try animationFrame(data: data, node: &node)
    case "EXIF", "XMP ", "ICCP", "C2PA":
      try metadata(type, data: data, node: node)
    case "ALPH", "ANIM":
      break
    default:
      node.kind = .opaque
      node.note = "unknown chunk type '\(type)'"
    }
  }

  /// An ANMF chunk: its 16-byte header, then the frame's own chunks as children.
  private mutating func animationFrame(data: Range<Int>, node: inout LayoutNode) throws(ContainerError) {
    frames += 1
    let head = try read(data.lowerBound..<min(data.upperBound, data.lowerBound + WebPChunks.frameHeaderLength), "ANMF header")
    guard let frame = WebPChunks.FrameHeader(head) else {
      warn("WebP ANMF chunk at byte \(node.range.lowerBound) is shorter than its 16-byte header")
      return
    }
    node.note = "animation frame \(frames): \(frame.width)×\(frame.height) at \(frame.x),\(frame.y)"
    node.headerLength = 8 + WebPChunks.frameHeaderLength
    node.unexplainedContent = "bytes of an animation frame that are not a chunk"
    node.children = try chunks(in: data.lowerBound + WebPChunks.frameHeaderLength..<data.upperBound, frame: frames)
  }

  /// A metadata chunk: its payload read (within the per-file budget) as a carrier.
  private mutating func metadata(_ type: String, data: Range<Int>, node: LayoutNode) throws(ContainerError) {
    let take = min(data.count, max(0, budget))
    budget -= data.count
    if take < data.count {
      tree.markIncomplete("webp", "WebP '\(type)' chunk at byte \(node.range.lowerBound) is past the \(WebPWalker.maxMetadataBytes >> 20) MiB metadata cap per file; not read")
      return
    }
    let payload = try read(data, "'\(type)' chunk")
    let label = "WebP '\(type)' chunk at byte \(node.range.lowerBound)"
    var carrier: Carrier
    switch type {
    case "EXIF":
      // The chunk holds a TIFF block; some writers put "Exif\0\0" before it (ExifTool:
      // "Improper EXIF header").
      if payload.hasPrefix(PNGWalker.exifHeader) {
        warn("\(label) starts with \"Exif\\0\\0\" before the TIFF header (not allowed by the WebP container spec); skipped it")
        carrier = Carrier(kind: .exif, offset: data.lowerBound + 6, length: data.count - 6, note: label + " (with Exif\\0\\0 prefix)",
                          payload: Array(payload.dropFirst(6)))
      } else {
        carrier = Carrier(kind: .exif, offset: data.lowerBound, length: data.count, note: label, payload: payload)
      }
    case "XMP ": carrier = Carrier(kind: .xmp, offset: data.lowerBound, length: data.count, note: label, payload: payload)
    case "ICCP": carrier = Carrier(kind: .icc, offset: data.lowerBound, length: data.count, note: label, payload: payload)
    default: carrier = Carrier(kind: .c2pa, offset: data.lowerBound, length: data.count, note: label, payload: payload)
    }
    carrier.sourceRange = carrier.offset..<carrier.offset + carrier.length
    tree.scan.carriers.append(carrier)
  }

  /// The VP8X flags and the chunks present should agree; readers that trust the flags skip
  /// what they do not announce (the walk reads it all the same).
  private mutating func checkFlags() {
    guard let extended else { return }
    let pairs: [(Bool, String, String)] = [
      (extended.hasEXIF, "EXIF", "EXIF"), (extended.hasXMP, "XMP ", "XMP"), (extended.hasICC, "ICCP", "ICC"),
      (extended.isAnimated, "ANIM", "animation"),
    ]
    for (flag, type, name) in pairs where flag != seen.contains(type) {
      warn(flag ? "WebP VP8X announces \(name) but the file has no '\(type)' chunk"
                : "WebP has a '\(type)' chunk but VP8X does not announce \(name): some readers ignore it (it is read here)")
    }
  }

  func structureTags() -> [MetadataTag] {
    func tag(_ name: String, _ value: Int) -> MetadataTag {
      MetadataTag(carrier: .unknown, group: "RIFF", name: name, value: .integer(Int64(value)))
    }
    var tags: [MetadataTag] = []
    if let size = tree.scan.storedSize { tags += [tag("ImageWidth", size.width), tag("ImageHeight", size.height)] }
    if let extended { tags.append(tag("WebP_Flags", Int(extended.flags))) }
    if frames > 0 { tags.append(tag("FrameCount", frames)) }
    return tags
  }
}
