import Codecs

/// Maps every byte of a PNG: the signature, then every chunk (length, type, data, CRC), the CRC
/// of each checked — IDAT included — and noted when wrong; anything after IEND is unaccounted.
/// Chunk types nobody registered are opaque. [PNG (Third Edition) 5.2–5.6, 11; PNG extensions 1.6]
enum PNGByteMapper {
  /// Bytes read at a time when checking a chunk's CRC.
  static let chunkLength = 1 << 20

  /// Registered chunk types, and private ones in wide use (Apple iDOT/CgBI, ImageMagick vpAg/caNv).
  static let knownTypes: Set<String> = [
    "IHDR", "PLTE", "IDAT", "IEND",  // critical [11.2]
    "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCV", "cLLI",  // [11.3.2]
    "tEXt", "zTXt", "iTXt",  // [11.3.3]
    "bKGD", "hIST", "pHYs", "sPLT", "eXIf", "tIME",  // [11.3.4–11.3.6]
    "acTL", "fcTL", "fdAT",  // APNG [11.3.7]
    "oFFs", "pCAL", "sCAL", "gIFg", "gIFx", "gIFt", "sTER", "dSIG", "fRAc",  // PNG extensions 1.6
    "iDOT", "CgBI", "vpAg", "caNv", "orNT", "JDAT", "JSEP",
  ]

  /// Maps the PNG filling `source` into `builder`.
  static func map(_ source: any ByteSource, into builder: inout ByteMapBuilder) {
    do throws(ByteError) {
      try walk(source, into: &builder)
    } catch {
      builder.warn("PNG chunk walk stopped: \(error)")
    }
  }

  private static func walk(_ source: any ByteSource, into builder: inout ByteMapBuilder) throws(ByteError) {
    let fileSize = source.count
    guard try source.bytes(in: 0..<8) == PNGWalker.signature else {
      builder.warn("PNG signature missing")
      return
    }
    builder.claim(0..<8, ["signature"])
    var position = 8
    var count = 0
    var badCRCs = 0
    while position < fileSize {
      count += 1
      guard count <= PNGWalker.maxChunks, !builder.isFull else {
        builder.warn("PNG has more than \(PNGWalker.maxChunks) chunks; the rest was not mapped")
        return
      }
      guard fileSize - position >= 12 else {
        builder.hole(position..<fileSize, ["trailer"], note: "\(fileSize - position) bytes, too few for a chunk, and no IEND before them")
        builder.warn("PNG ends at byte \(position) without an IEND chunk")
        return
      }
      let header = try source.bytes(in: position..<position + 8)
      let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
      let typeBytes = Array(header[4..<8])
      // Four ASCII letters; a length of at most 2^31 − 1. [5.3]
      guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }), length <= 0x7FFF_FFFF else {
        builder.hole(position..<fileSize, ["trailer"], note: "not a chunk, and no IEND before it")
        builder.warn("PNG data at byte \(position) is not a chunk")
        return
      }
      let type = String(decoding: typeBytes, as: UTF8.self)
      let known = knownTypes.contains(type)
      let end = position + 12 + length
      guard end <= fileSize else {
        builder.claim(position..<fileSize, [type], kind: known ? .structure : .opaque,
                      note: "truncated: declares \(length) data bytes")
        builder.warn("PNG \(type) chunk at byte \(position) declares \(length) bytes but the file ends at byte \(fileSize)")
        return
      }
      var notes: [String] = []
      if try !crcMatches(source, chunkAt: position, length: length, type: typeBytes) {
        notes.append("bad CRC")
        badCRCs += 1
        if badCRCs <= 20 { builder.warn("PNG \(type) chunk at byte \(position) has a bad CRC") }
      }
      if !known { notes.append("unregistered chunk type") }
      builder.claim(position..<end, [type], kind: known ? .structure : .opaque,
                    note: notes.isEmpty ? nil : notes.joined(separator: "; "), header: 8)
      position = end
      if type == "IEND" {
        if position < fileSize { builder.hole(position..<fileSize, ["trailer"], note: "after IEND") }
        return
      }
    }
    builder.warn("PNG has no IEND chunk")
  }

  /// Computes the CRC over type and data, reading the data in bounded chunks. [5.3]
  static func crcMatches(_ source: any ByteSource, chunkAt offset: Int, length: Int, type: [UInt8]) throws(ByteError) -> Bool {
    var register = CRC32.update(0, type)
    var position = offset + 8
    let dataEnd = position + length
    while position < dataEnd {
      let (read, updated) = try source.withBytes(in: position..<min(dataEnd, position + chunkLength)) { piece in
        (piece.count, CRC32.update(register, piece))
      }
      guard read > 0 else { return false }
      register = updated
      position += read
    }
    let stored = try source.bytes(in: dataEnd..<dataEnd + 4)
    guard stored.count == 4 else { return false }
    let expected = UInt32(stored[0]) << 24 | UInt32(stored[1]) << 16 | UInt32(stored[2]) << 8 | UInt32(stored[3])
    return register == expected
  }
}
