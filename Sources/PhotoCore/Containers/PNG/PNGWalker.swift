import Codecs
/// Walks a PNG's chunks, reading the data of metadata chunks only (never IDAT), checking CRCs of
/// what it reads, and locating every carrier: `eXIf`, XMP and raw profiles in text chunks,
/// other text as comments, `iCCP`, and bytes after `IEND`. [PNG (Third Edition) 5]
///
/// The walker locates carriers; it does not interpret EXIF or XMP. Compressed text is inflated
/// through `Inflater` with a hard cap per chunk and per file.
public enum PNGWalker {
  /// The 8-byte PNG signature. [5.2]
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// Most chunks walked.
  public static let maxChunks = 200_000
  /// Most bytes one compressed chunk may inflate to.
  public static let maxInflatedChunkBytes = 16 << 20
  /// Most metadata bytes (read or inflated) per file.
  public static let maxMetadataBytes = 64 << 20
  /// Chunks other than metadata are read (for their CRC) only up to this size; IDAT never.
  public static let maxCheckedChunkBytes = 1 << 20
  /// Metadata chunk types whose data is read. [11.3]
  static let metadataTypes: Set<String> = ["IHDR", "eXIf", "tEXt", "zTXt", "iTXt", "iCCP"]

  static let format = "PNG"

  /// What the walk found: every chunk, IHDR, where IEND ends, and problems.
  public struct Layout: Sendable {
    public var chunks: [PNGChunk] = []
    public var header: PNGHeader?
    /// Absolute offset just past IEND's CRC, when IEND was reached.
    public var endOfImage: Int?
    public var warnings: [String] = []
  }

  /// Scans a PNG: IHDR size and fields, every carrier, and trailing bytes.
  public static func scan(_ source: any ByteSource) throws(ContainerError) -> ContainerScan {
    var scan = ContainerScan(format: .png)
    var budget = maxMetadataBytes
    let layout = try walk(source) { chunk, data, warnings throws(ContainerError) in
      if let carrier = try carrier(for: chunk, data: data, budget: &budget, warnings: &warnings) {
        scan.carriers.append(carrier)
      }
    }
    scan.warnings = layout.warnings
    if let header = layout.header {
      scan.storedSize = PixelSize(width: header.width, height: header.height)
      scan.structureTags = structureTags(header, layout: layout)
    }
    if let end = layout.endOfImage, end < source.count {
      let length = min(source.count - end, maxInflatedChunkBytes, max(budget, 0))
      if length < source.count - end {
        scan.warnings.append("PNG has \(source.count - end) bytes after IEND; only the first \(length) were read")
      }
      let bytes = try read(source, end..<end + length, "data after IEND")
      scan.carriers.append(Carrier(kind: .trailer, offset: end, length: source.count - end, note: "after IEND", payload: bytes))
      scan.warnings.append("PNG has \(source.count - end) bytes after IEND")
    }
    return scan
  }

  /// Walks the chunks from the signature to IEND (or the end of the file), calling `visit` with
  /// the data of every metadata chunk whose CRC was checked (a bad CRC is a warning; the data is
  /// still visited, since a privacy audit must see it).
  public static func walk(_ source: any ByteSource,
                          visit: (PNGChunk, [UInt8], inout [String]) throws(ContainerError) -> Void = { _, _, _ in })
    throws(ContainerError) -> Layout {
    let head = try read(source, 0..<min(8, source.count), "signature")
    guard head == signature else {
      throw .unsupported(reason: "not a PNG: the file does not start with the PNG signature")
    }
    var layout = Layout()
    var position = 8
    var sawIDAT = false
    var readBudget = maxMetadataBytes
    var capReported = false
    while position < source.count {
      guard layout.chunks.count < maxChunks else {
        layout.warnings.append("PNG has more than \(maxChunks) chunks; the rest was not read")
        return layout
      }
      guard source.count - position >= 8 else {
        try truncatedEnd(&layout, at: position, "a chunk header")
        return layout
      }
      let header = try read(source, position..<position + 8, "chunk header")
      let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
      let typeBytes = Array(header[4..<8])
      let type = String(decoding: typeBytes, as: UTF8.self)
      // Chunk types are four ASCII letters; lengths at most 2^31 − 1. [5.3]
      guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
        if layout.chunks.isEmpty { throw .malformed(format: format, what: "chunk", offset: position, reason: "type is not four letters") }
        layout.warnings.append("PNG data at byte \(position) is not a chunk (type bytes \(typeBytes.map { hex($0) }.joined(separator: " "))); the rest of the file was not read")
        return layout
      }
      guard length <= 0x7FFF_FFFF else {
        if layout.chunks.isEmpty { throw .malformed(format: format, what: "\(type) chunk", offset: position, reason: "length \(length) is over 2^31 − 1") }
        layout.warnings.append("PNG \(type) chunk at byte \(position) has invalid length \(length); the rest of the file was not read")
        return layout
      }
      var chunk = PNGChunk(type: type, index: layout.chunks.count, offset: position, length: length)
      if layout.chunks.isEmpty, type != "IHDR" {
        // Not a valid PNG, but its chunks may still carry metadata: read on. [5.6]
        layout.warnings.append("PNG starts with a \(type) chunk, not IHDR: the image is invalid")
      }
      let available = source.count - chunk.dataOffset
      if chunk.end > source.count {
        chunk.isTruncated = true
        if layout.chunks.isEmpty { throw .truncated(format: format, what: "\(type) chunk", offset: source.count) }
        layout.warnings.append("PNG \(type) chunk at byte \(position) declares \(length) bytes but the file ends at byte \(source.count): truncated")
      }
      let isMetadata = metadataTypes.contains(type)
      let wantsData = isMetadata || (type != "IDAT" && type != "fdAT" && length <= maxCheckedChunkBytes)
      if wantsData {
        // Metadata chunks are read up to what is left of the per-file cap: a file of huge text
        // chunks costs at most `maxMetadataBytes` of reading and memory.
        let readable = min(length, max(available, 0))
        let take = isMetadata && type != "IHDR" ? min(readable, readBudget) : readable
        if take < readable, !capReported {
          capReported = true  // once: a file of 100,000 text chunks gets one message
          layout.warnings.append("PNG \(type) chunk at byte \(position) holds \(length) bytes; only the first \(take) were read, and no metadata chunk after it: the \(maxMetadataBytes >> 20) MiB metadata cap per file is reached")
        }
        if isMetadata && type != "IHDR" { readBudget -= take }
        let data = try read(source, chunk.dataOffset..<chunk.dataOffset + take, "\(type) chunk")
        if !chunk.isTruncated, take == readable {
          let stored = try read(source, chunk.dataOffset + length..<chunk.end, "\(type) CRC")
          let expected = UInt32(stored[0]) << 24 | UInt32(stored[1]) << 16 | UInt32(stored[2]) << 8 | UInt32(stored[3])
          chunk.crcValid = CRC32.update(CRC32.update(0, typeBytes), data) == expected
          if chunk.crcValid == false {
            layout.warnings.append("PNG \(type) chunk at byte \(position) has a bad CRC")
          }
        }
        if type == "IHDR" {
          if layout.header != nil {
            layout.warnings.append("PNG has a second IHDR chunk at byte \(position); ignored")
          } else if length != 13 || chunk.isTruncated {
            layout.warnings.append("PNG IHDR chunk at byte \(position) has \(length) bytes, 13 needed: no image size")
          } else {
            layout.header = try? PNGHeader(data, offset: chunk.dataOffset)
            layout.warnings += layout.header?.problems ?? []
          }
        } else if isMetadata, take > 0 || readable == 0 {
          if type == "eXIf", sawIDAT {
            layout.warnings.append("PNG eXIf chunk comes after IDAT; some readers ignore it (it is read here)")
          }
          try visit(chunk, data, &layout.warnings)
        }
      }
      if type == "IDAT" { sawIDAT = true }
      layout.chunks.append(chunk)
      if chunk.isTruncated { return layout }
      position = chunk.end
      if type == "IEND" {
        layout.endOfImage = position
        return layout
      }
    }
    layout.warnings.append("PNG has no IEND chunk: the file is truncated")
    return layout
  }

  /// The file ends inside a chunk header: fatal before the first chunk, a warning after.
  static func truncatedEnd(_ layout: inout Layout, at position: Int, _ what: String) throws(ContainerError) {
    guard !layout.chunks.isEmpty else { throw .truncated(format: format, what: what, offset: position) }
    layout.warnings.append("PNG ends inside \(what) at byte \(position) (no IEND): the file is truncated")
  }

  /// IHDR facts, group "PNG".
  static func structureTags(_ header: PNGHeader, layout: Layout) -> [MetadataTag] {
    func tag(_ name: String, _ value: Int) -> MetadataTag {
      MetadataTag(carrier: .unknown, group: "PNG", name: name, value: .integer(Int64(value)))
    }
    return [
      tag("ImageWidth", header.width), tag("ImageHeight", header.height), tag("BitDepth", header.bitDepth),
      tag("ColorType", header.colorType), tag("Compression", header.compression), tag("Filter", header.filter),
      tag("Interlace", header.interlace), tag("ChunkCount", layout.chunks.count),
    ]
  }

  static func read(_ source: any ByteSource, _ range: Range<Int>, _ what: String) throws(ContainerError) -> [UInt8] {
    do { return try source.exactBytes(in: range, what: "PNG \(what)") } catch { throw ContainerError(error, format: format) }
  }

  static func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 0x0F)]])
  }
}
