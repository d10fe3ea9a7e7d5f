import Bytes
import Codecs

/// A decoded `tEXt`, `zTXt` or `iTXt` chunk: keyword and text, inflated when compressed.
/// [PNG (Third Edition) 11.3.3]
struct PNGTextChunk: Sendable, Equatable {
  var keyword: String
  /// The text as UTF-8 (tEXt/zTXt Latin-1 converted), decompressed.
  package var text: [UInt8]
  /// The raw text bytes as stored after decompression (Latin-1 for tEXt/zTXt, UTF-8 for iTXt):
  /// what hex-encoded raw profiles are decoded from.
  package var raw: [UInt8]
  /// iTXt language tag and translated keyword.
  var language: String?
  var translatedKeyword: String?
  var compressed: Bool
  /// Absolute offset of the text (compressed or not) in the file.
  var textOffset: Int
  /// Set when inflating did not complete (truncated, corrupt or over the cap).
  var inflateStatus: Inflater.Status?

  /// Decodes the data of a text chunk of `type` at absolute `offset`. Compressed text is inflated
  /// with at most `maxOutput` bytes of output. Throws on a chunk too short for its fields.
  init(type: String, data: [UInt8], offset: Int, maxOutput: Int) throws(ByteError) {
    var r = ByteReader(data, base: offset, what: "PNG \(type) chunk")
    // Keyword: 1–79 Latin-1 bytes, then a NUL. [11.3.3.2]
    let keywordBytes = try PNGTextChunk.field(&r, limit: 79)
    keyword = PNGTextChunk.latin1(keywordBytes)
    language = nil
    translatedKeyword = nil
    inflateStatus = nil
    switch type {
    case "zTXt":
      let method = try r.u8()  // 0 = zlib deflate [11.3.3.3]
      compressed = true
      textOffset = offset + r.position
      let result = PNGTextChunk.inflate(r.readRest(), method: method, maxOutput: maxOutput)
      raw = result.bytes
      inflateStatus = result.isComplete ? nil : result.status
      text = PNGTextChunk.latin1ToUTF8(raw)
    case "iTXt":
      let flag = try r.u8()
      let method = try r.u8()
      language = PNGTextChunk.latin1(try PNGTextChunk.field(&r, limit: 1024))
      translatedKeyword = String(decoding: try PNGTextChunk.field(&r, limit: 4096), as: UTF8.self)
      compressed = flag != 0
      textOffset = offset + r.position
      let rest = r.readRest()
      if compressed {
        let result = PNGTextChunk.inflate(rest, method: method, maxOutput: maxOutput)
        raw = result.bytes
        inflateStatus = result.isComplete ? nil : result.status
      } else {
        raw = rest
      }
      text = raw
    default:  // tEXt
      compressed = false
      textOffset = offset + r.position
      raw = r.readRest()
      text = PNGTextChunk.latin1ToUTF8(raw)
    }
  }

  /// A NUL-terminated field of at most `limit` bytes (the NUL is consumed).
  package static func field(_ r: inout ByteReader, limit: Int) throws(ByteError) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
      let b = try r.u8()
      if b == 0 { return bytes }
      if bytes.count >= limit { throw .truncated(what: "PNG text keyword (no NUL within \(limit) bytes)", offset: r.base + r.position, needed: 1) }
      bytes.append(b)
    }
  }

  static func inflate(_ data: [UInt8], method: UInt8, maxOutput: Int) -> Inflater.Result {
    guard method == 0 else { return Inflater.Result(bytes: [], status: .corrupt("compression method \(method) is not zlib"), consumed: 0) }
    return Inflater.inflate(data, maxOutput: maxOutput, wrapping: .zlib)
  }

  static func latin1(_ bytes: [UInt8]) -> String { String(bytes.map { Character(Unicode.Scalar($0)) }) }
  static func latin1ToUTF8(_ bytes: [UInt8]) -> [UInt8] {
    bytes.allSatisfy { $0 < 0x80 } ? bytes : Array(latin1(bytes).utf8)
  }
}

/// ImageMagick's "Raw profile type NAME" text: "\nNAME\n   LENGTH\nHEX…" with the hex split over
/// lines of 72 digits. Decodes the hex into the profile bytes. [ImageMagick coders/png.c]
public enum PNGRawProfile {
  /// The decoded bytes and the problem, if the text did not hold `LENGTH` bytes of valid hex.
  /// Never allocates more than the hex present allows, whatever LENGTH says.
  public static func decode(_ text: [UInt8]) -> (bytes: [UInt8], problem: String?) {
    var i = 0
    func skipWhitespace() { while i < text.count, [0x0A, 0x0D, 0x20, 0x09].contains(text[i]) { i += 1 } }
    skipWhitespace()
    // Profile name, up to the end of its line.
    while i < text.count, text[i] != 0x0A { i += 1 }
    skipWhitespace()
    var length = 0
    var digits = 0
    while i < text.count, (0x30...0x39).contains(text[i]), digits < 12 {
      length = length * 10 + Int(text[i] - 0x30)
      digits += 1
      i += 1
    }
    guard digits > 0 else { return ([], "raw profile has no length line") }
    // Never trust the length for the allocation: at most one byte per two hex digits present.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(length, (text.count - i) / 2))
    var high: UInt8?
    var invalid = 0
    while i < text.count, bytes.count < length {
      let c = text[i]
      i += 1
      let nibble: UInt8
      switch c {
      case 0x30...0x39: nibble = c - 0x30
      case 0x61...0x66: nibble = c - 0x61 + 10
      case 0x41...0x46: nibble = c - 0x41 + 10
      case 0x0A, 0x0D, 0x20, 0x09: continue
      default: invalid += 1; continue
      }
      if let h = high {
        bytes.append(h << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
    var problem: String?
    if bytes.count < length { problem = "raw profile declares \(length) bytes but holds \(bytes.count)" }
    if invalid > 0 { problem = (problem.map { $0 + "; " } ?? "") + "\(invalid) non-hex characters skipped" }
    return (bytes, problem)
  }
}
