import Bytes
import Codecs
/// The one PNG walker: every chunk from the signature to IEND with its byte range, the data of
/// metadata chunks read and their carriers located (`eXIf`, XMP and raw profiles in text chunks,
/// other text as comments, `iCCP`). CRCs are checked for what is read; in `.complete` mode for
/// every chunk, IDAT included (in bounded pieces). Chunk types nobody registered are opaque.
/// [PNG (Third Edition) 5, 11; PNG extensions 1.6]
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
  /// In `.metadata` mode, chunks other than metadata are read (for their CRC) only up to this
  /// size; IDAT never.
  public static let maxCheckedChunkBytes = 1 << 20
  /// Metadata chunk types whose data is read. [11.3]
  static let metadataTypes: Set<String> = ["IHDR", "eXIf", "tEXt", "zTXt", "iTXt", "iCCP", "caBX"]
  /// Chunks walked after IEND (ExifTool reads them there). [ExifTool PNG.pm]
  static let textAfterEndTypes: Set<String> = ["eXIf", "tEXt", "zTXt", "iTXt"]
  /// Bytes read at a time when checking a large chunk's CRC.
  static let crcPieceLength = 1 << 20

  /// Registered chunk types, and private ones in wide use (Apple iDOT/CgBI, ImageMagick vpAg/caNv).
  static let knownTypes: Set<String> = [
    "IHDR", "PLTE", "IDAT", "IEND",  // critical [11.2]
    "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCV", "cLLI",  // [11.3.2]
    "tEXt", "zTXt", "iTXt",  // [11.3.3]
    "bKGD", "hIST", "pHYs", "sPLT", "eXIf", "tIME",  // [11.3.4–11.3.6]
    "acTL", "fcTL", "fdAT",  // APNG [11.3.7]
    "oFFs", "pCAL", "sCAL", "gIFg", "gIFx", "gIFt", "sTER", "dSIG", "fRAc",  // PNG extensions 1.6
    "iDOT", "CgBI", "vpAg", "caNv", "orNT", "JDAT", "JSEP",
    "caBX",  // C2PA manifest store (JUMBF) [C2PA 2.1 A.3.3]
  ]

  /// Known chunks not swept: image data (IDAT, fdAT, JNG's JDAT: pixels are never searched),
  /// chunks a decoder reads in full or sweeps itself — text (comments, inflated past the cap),
  /// eXIf (IFDs, values, slack), iCCP (the profile's own unexplained bytes), caBX (the JUMBF
  /// walk) — and IEND (empty). Every other known chunk is swept: a `tIME` may declare 7 bytes
  /// or 7,000.
  static let readInFull: Set<String> = ["IDAT", "fdAT", "JDAT", "IEND", "tEXt", "zTXt", "iTXt", "eXIf", "iCCP", "caBX"]

  /// Data lengths of the fixed-layout chunks shorter than any GPS signature
  /// (`GPSSignatures.minimumLength`): one of these at its own length is not searched, one
  /// declaring another length is. Longer fixed layouts (IHDR, pHYs, cHRM, fcTL…) are searched:
  /// their bytes are whatever the writer put there. [PNG 3rd ed. 11.3]
  static let shortFixedLengths: [String: Int] = ["tIME": 7, "gAMA": 4, "sRGB": 1, "cICP": 4, "sTER": 1]

  /// True when no decoder reads the known chunk `type` of `length` data bytes in full.
  static func isSwept(_ type: String, length: Int) -> Bool {
    !readInFull.contains(type) && shortFixedLengths[type] != length
  }

  package static let format = "PNG"

  /// Walks the PNG in `range` of `source` (the whole source by default). Never throws: a file
  /// that is not a PNG comes back with `failure` set.
  public static func walk(_ source: any ByteSource, range: Range<Int>? = nil, mode: ReadMode = .metadata) -> LayoutTree {
    var walk = PNGWalk(source: source, range: range ?? 0..<source.count, mode: mode)
    walk.run()
    return walk.tree
  }

  /// The metadata walk's carriers and facts; throws when the data is not a PNG.
  public static func scan(_ source: any ByteSource) throws(ContainerError) -> ContainerScan {
    try walk(source).scannedOrFailure()
  }

  /// IHDR facts, group "PNG".
  static func structureTags(_ header: PNGHeader, chunkCount: Int) -> [MetadataTag] {
    func tag(_ name: String, _ value: Int) -> MetadataTag {
      MetadataTag(carrier: .unknown, group: "PNG", name: name, value: .integer(Int64(value)))
    }
    return [
      tag("ImageWidth", header.width), tag("ImageHeight", header.height), tag("BitDepth", header.bitDepth),
      tag("ColorType", header.colorType), tag("Compression", header.compression), tag("Filter", header.filter),
      tag("Interlace", header.interlace), tag("ChunkCount", chunkCount),
    ]
  }

  /// Computes the CRC over type and data, reading the data in bounded pieces. [5.3]
  static func crcMatches(_ source: any ByteSource, chunk: PNGChunk, type: [UInt8]) throws(ByteError) -> Bool {
    var register = CRC32.update(0, type)
    var position = chunk.dataOffset
    let dataEnd = position + chunk.length
    while position < dataEnd {
      let (read, updated) = try source.withBytes(in: position..<min(dataEnd, position + crcPieceLength)) { piece in
        (piece.count, CRC32.update(register, piece))
      }
      guard read > 0 else { return false }
      register = updated
      position += read
    }
    return try storedCRC(source, chunk) == register
  }

  static func storedCRC(_ source: any ByteSource, _ chunk: PNGChunk) throws(ByteError) -> UInt32? {
    let stored = try source.bytes(in: chunk.end - 4..<chunk.end)
    guard stored.count == 4 else { return nil }
    return UInt32(stored[0]) << 24 | UInt32(stored[1]) << 16 | UInt32(stored[2]) << 8 | UInt32(stored[3])
  }

  package static func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 0x0F)]])
  }
}
