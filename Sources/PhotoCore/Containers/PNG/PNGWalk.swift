import Bytes
import Codecs

/// The state of one PNG walk (`PNGWalker.walk`).
struct PNGWalk {
  package let source: any ByteSource
  package let range: Range<Int>
  package let mode: ReadMode
  package var tree: LayoutTree
  var position: Int
  package var chunks: [PNGChunk] = []
  package var header: PNGHeader?
  package var budget = PNGWalker.maxMetadataBytes
  var readBudget = PNGWalker.maxMetadataBytes
  var capReported = false
  var sawIDAT = false
  /// An `acTL` came before the image data: `fdAT` chunks are frames a decoder reads.
  var sawACTL = false
  /// IEND was read; only metadata chunks are walked after it.
  var sawIEND = false
  var badCRCs = 0
  /// The zlib stream of the chunk being walked, when inflating it stopped at the cap.
  var cappedStream: Range<Int>?

  init(source: any ByteSource, range: Range<Int>, mode: ReadMode) {
    self.source = source
    self.range = range
    self.mode = mode
    position = range.lowerBound
    tree = LayoutTree(format: .png, source: source, range: range, scan: ContainerScan(format: .png))
  }

  var upper: Int { range.upperBound }

  package mutating func warn(_ message: String) { tree.scan.warnings.append(message) }

  package mutating func run() {
    do throws(ContainerError) {
      try walkChunks()
    } catch {
      if chunks.isEmpty { tree.failure = error }
      else {
        warn("PNG could not be read past byte \(position): \(error)")
        leaveRest(note: "not read: \(error)")
      }
    }
    if let header {
      tree.scan.storedSize = PixelSize(width: header.width, height: header.height)
      tree.scan.structureTags = PNGWalker.structureTags(header, chunkCount: chunks.count)
    }
  }

  /// What follows `position` is not a chunk: unexplained, as data after the last chunk.
  mutating func leaveRest(note: String) {
    if position < upper { tree.nodes.append(.unexplained("trailer", range: position..<upper, note: note)) }
    position = upper
  }

  package func read(_ r: Range<Int>, _ what: String) throws(ContainerError) -> [UInt8] {
    do { return try source.exactBytes(in: r, what: "PNG \(what)") } catch { throw ContainerError(error, format: PNGWalker.format) }
  }

  private mutating func walkChunks() throws(ContainerError) {
    guard try read(position..<min(position + 8, upper), "signature") == PNGWalker.signature else {
      throw .unsupported(reason: "not a PNG: the file does not start with the PNG signature")
    }
    tree.nodes.append(LayoutNode("signature", range: position..<position + 8))
    position += 8
    while position < upper {
      guard chunks.count < PNGWalker.maxChunks else {
        tree.markIncomplete("png", "PNG has more than \(PNGWalker.maxChunks) chunks; the rest was not read")
        tree.nodes.append(LayoutNode("unread chunks", range: position..<upper, note: "over the chunk limit", swept: true))
        position = upper
        return
      }
      guard upper - position >= 8 else {
        guard !chunks.isEmpty else { throw .truncated(format: PNGWalker.format, what: "a chunk header", offset: position) }
        warn("PNG ends inside a chunk header at byte \(position) (no IEND): the file is truncated")
        leaveRest(note: "\(upper - position) bytes, too few for a chunk, and no IEND before them")
        return
      }
      if sawIEND, !metadataChunkFollows() {
        tree.end = position
        return
      }
      guard try chunk() else { return }
    }
    if sawIEND { tree.end = position } else { warn("PNG has no IEND chunk: the file is truncated") }
  }

  /// Walks the chunk at `position`; false when the walk ends with it.
  private mutating func chunk() throws(ContainerError) -> Bool {
    let header = try read(position..<position + 8, "chunk header")
    let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
    let typeBytes = Array(header[4..<8])
    let type = String(decoding: typeBytes, as: UTF8.self)
    // Chunk types are four ASCII letters; lengths at most 2^31 − 1. [5.3]
    guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
      if chunks.isEmpty { throw .malformed(format: PNGWalker.format, what: "chunk", offset: position, reason: "type is not four letters") }
      warn("PNG data at byte \(position) is not a chunk (type bytes \(typeBytes.map { PNGWalker.hex($0) }.joined(separator: " "))); the rest of the file was not read")
      leaveRest(note: "not a chunk, and no IEND before it")
      return false
    }
    guard length <= 0x7FFF_FFFF else {
      if chunks.isEmpty { throw .malformed(format: PNGWalker.format, what: "\(type) chunk", offset: position, reason: "length \(length) is over 2^31 − 1") }
      warn("PNG \(type) chunk at byte \(position) has invalid length \(length); the rest of the file was not read")
      leaveRest(note: "not a chunk, and no IEND before it")
      return false
    }
    var chunk = PNGChunk(type: type, index: chunks.count, offset: position, length: length)
    if chunks.isEmpty, type != "IHDR" {
      // Not a valid PNG, but its chunks may still carry metadata: read on. [5.6]
      warn("PNG starts with a \(type) chunk, not IHDR: the image is invalid")
    }
    if chunk.end > upper {
      chunk.isTruncated = true
      if chunks.isEmpty {
        tree.nodes.append(node(chunk))
        throw .truncated(format: PNGWalker.format, what: "\(type) chunk", offset: upper)
      }
      warn("PNG \(type) chunk at byte \(position) declares \(length) bytes but the file ends at byte \(upper): truncated")
    }
    try readData(&chunk, typeBytes: typeBytes)
    if type == "IDAT" { sawIDAT = true }
    if type == "acTL", !sawIDAT { sawACTL = true }
    var chunkNode = node(chunk)
    chunkNode.inflatedForSweep = cappedStream
    cappedStream = nil
    tree.nodes.append(chunkNode)
    chunks.append(chunk)
    if chunk.isTruncated {
      position = upper
      return false
    }
    position = chunk.end
    if type == "IEND" {
      tree.end = position
      sawIEND = true
      return metadataChunkFollows()
    }
    if sawIEND {
      warn("PNG has a \(type) chunk after IEND at byte \(chunk.offset); decoders stop at IEND, but ExifTool reads it (it is read here)")
    }
    return true
  }

  /// True when a whole text or eXIf chunk starts at `position`: after IEND, ExifTool reads such
  /// chunks (XMP in an `iTXt` there is shown), so the walk reads them too; any other bytes
  /// after IEND are a trailer.
  func metadataChunkFollows() -> Bool {
    guard upper - position >= 12, let header = try? source.bytes(in: position..<position + 8) else { return false }
    let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
    let type = String(decoding: header[4..<8], as: UTF8.self)
    return PNGWalker.textAfterEndTypes.contains(type) && length <= upper - position - 12
  }

  /// The chunk's layout node: known types are structures, others opaque; CRC and truncation
  /// noted. A known chunk no decoder reads in full (`PNGWalker.isSwept`) is swept: its
  /// declared length, not its type, says how many bytes it holds.
  func node(_ chunk: PNGChunk) -> LayoutNode {
    var notes: [String] = []
    if chunk.isTruncated { notes.append("truncated: declares \(chunk.length) data bytes") }
    if chunk.crcValid == false { notes.append("bad CRC") }
    let known = PNGWalker.knownTypes.contains(chunk.type)
    if !known { notes.append("unregistered chunk type") }
    return LayoutNode(chunk.type, range: chunk.offset..<min(chunk.end, upper), headerLength: 8, kind: known ? .structure : .opaque,
                      note: notes.isEmpty ? nil : notes.joined(separator: "; "),
                      swept: known && (PNGWalker.isSwept(chunk.type, length: chunk.length) || isStrayFrame(chunk)))
  }

  /// An `fdAT` without an `acTL` before the image data: no decoder shows it (a PNG without
  /// `acTL` is a still image), so its bytes are not image data but bytes no one reads: swept.
  /// [PNG 3rd ed. 11.3.7]
  func isStrayFrame(_ chunk: PNGChunk) -> Bool {
    chunk.type == "fdAT" && !sawACTL
  }

  /// Reads what the mode asks of the chunk's data: metadata chunks (under the per-file cap) and
  /// small chunks for their CRC; in `.complete` mode every CRC but image data's, large chunks in
  /// pieces. (IDAT and fdAT hold pixels, whose integrity is the decoder's to check: libpng
  /// verifies their CRCs when it decodes them.)
  private mutating func readData(_ chunk: inout PNGChunk, typeBytes: [UInt8]) throws(ContainerError) {
    let type = chunk.type
    let isMetadata = PNGWalker.metadataTypes.contains(type)
    let isImageData = type == "IDAT" || type == "fdAT"
    let small = chunk.length <= PNGWalker.maxCheckedChunkBytes
    guard isMetadata || (small && !isImageData) else {
      if mode == .complete, !chunk.isTruncated, !isImageData {
        do { chunk.crcValid = try PNGWalker.crcMatches(source, chunk: chunk, type: typeBytes) } catch {
          throw ContainerError(error, format: PNGWalker.format)
        }
        noteCRC(chunk)
      }
      return
    }
    // Metadata chunks are read up to what is left of the per-file cap: a file of huge text
    // chunks costs at most `maxMetadataBytes` of reading and memory.
    let readable = min(chunk.length, max(upper - chunk.dataOffset, 0))
    let capped = isMetadata && type != "IHDR"
    let take = capped ? min(readable, readBudget) : readable
    if take < readable, !capReported {
      capReported = true  // once: a file of 100,000 text chunks gets one message
      tree.markIncomplete("png", "PNG \(type) chunk at byte \(chunk.offset) holds \(chunk.length) bytes; only the first \(take) were read, and no metadata chunk after it: the \(PNGWalker.maxMetadataBytes >> 20) MiB metadata cap per file is reached")
    }
    if capped { readBudget -= take }
    let data = try read(chunk.dataOffset..<chunk.dataOffset + take, "\(type) chunk")
    if !chunk.isTruncated, take == readable {
      let expected: UInt32?
      do { expected = try PNGWalker.storedCRC(source, chunk) } catch { throw ContainerError(error, format: PNGWalker.format) }
      chunk.crcValid = CRC32.update(CRC32.update(0, typeBytes), data) == expected
      noteCRC(chunk)
    }
    if type == "IHDR" {
      readHeader(chunk, data)
    } else if isMetadata, take > 0 || readable == 0 {
      if type == "eXIf", sawIDAT {
        warn("PNG eXIf chunk comes after IDAT; some readers ignore it (it is read here)")
      }
      locateCarrier(chunk, data: data)
    }
  }

  private mutating func noteCRC(_ chunk: PNGChunk) {
    guard chunk.crcValid == false else { return }
    badCRCs += 1
    if badCRCs <= 20 { warn("PNG \(chunk.type) chunk at byte \(chunk.offset) has a bad CRC") }
  }

  private mutating func readHeader(_ chunk: PNGChunk, _ data: [UInt8]) {
    if header != nil {
      warn("PNG has a second IHDR chunk at byte \(chunk.offset); ignored")
    } else if chunk.length != 13 || chunk.isTruncated {
      warn("PNG IHDR chunk at byte \(chunk.offset) has \(chunk.length) bytes, 13 needed: no image size")
    } else {
      header = try? PNGHeader(data, offset: chunk.dataOffset)
      tree.scan.warnings += header?.problems ?? []
    }
  }

  private mutating func locateCarrier(_ chunk: PNGChunk, data: [UInt8]) {
    var warnings: [String] = []
    let before = tree.incomplete.count
    defer {
      // Text over the inflate cap: the sweep reads the rest of the stream.
      let capped = PNGWalker.describe(.outputLimitReached)
      if tree.incomplete.count > before, tree.incomplete.last?.reason.contains(capped) == true,
         let carrier = tree.scan.carriers.last, carrier.offset >= chunk.dataOffset, carrier.offset + carrier.length <= chunk.end {
        cappedStream = carrier.offset..<carrier.offset + carrier.length
      }
    }
    guard var carrier = PNGWalker.carrier(for: chunk, data: data, budget: &budget, warnings: &warnings,
                                          incomplete: &tree.incomplete) else {
      tree.scan.warnings += warnings
      return
    }
    tree.scan.warnings += warnings
    if carrier.kind == .exif || carrier.kind == .c2pa, carrier.payload.count == carrier.length {
      carrier.sourceRange = carrier.offset..<carrier.offset + carrier.length
    }
    tree.scan.carriers.append(carrier)
  }
}
