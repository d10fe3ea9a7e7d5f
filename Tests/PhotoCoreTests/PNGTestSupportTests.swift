import Bytes
import PhotoCore
import Testing

/// Builds PNG files chunk by chunk, with correct CRCs unless told otherwise.
enum PNGBuilder {
  static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
    let typeBytes = ISOBytes.ascii(type)
    let sum = crc ?? PNGCRC.checksum(typeBytes + data)
    return ISOBytes.u32(data.count) + typeBytes + data + ISOBytes.u32(Int(sum))
  }

  static func ihdr(width: Int = 4, height: Int = 3, depth: Int = 8, colorType: Int = 2, interlace: Int = 0) -> [UInt8] {
    chunk("IHDR", ISOBytes.u32(width) + ISOBytes.u32(height) + [UInt8(depth), UInt8(colorType), 0, 0, UInt8(interlace)])
  }

  /// IDAT holding a zlib stream of the (filtered) rows of a 4×3 RGB image.
  static var idat: [UInt8] { chunk("IDAT", ZlibFixture.stored([UInt8](repeating: 0, count: 3 * (1 + 4 * 3)))) }
  static let iend = chunk("IEND", [])

  /// A whole PNG: signature, IHDR, the given chunks, IDAT, IEND, then `trailer`.
  static func file(_ chunks: [[UInt8]] = [], after: [[UInt8]] = [], trailer: [UInt8] = []) -> [UInt8] {
    PNGWalker.signature + ihdr() + chunks.flatMap { $0 } + idat + after.flatMap { $0 } + iend + trailer
  }

  static func tEXt(_ keyword: String, _ text: String) -> [UInt8] {
    chunk("tEXt", ISOBytes.ascii(keyword) + [0] + Array(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }))
  }

  static func zTXt(_ keyword: String, _ text: [UInt8], stream: [UInt8]? = nil) -> [UInt8] {
    chunk("zTXt", ISOBytes.ascii(keyword) + [0, 0] + (stream ?? ZlibFixture.stored(text)))
  }

  static func iTXt(_ keyword: String, _ text: [UInt8], compressed: Bool = false) -> [UInt8] {
    chunk("iTXt", ISOBytes.ascii(keyword) + [0, compressed ? 1 : 0, 0] + ISOBytes.cString("") + ISOBytes.cString("")
          + (compressed ? ZlibFixture.stored(text) : text))
  }

  /// ImageMagick's raw profile text: "\nNAME\n   LENGTH\nHEX (72 digits a line)\n".
  static func rawProfile(_ name: String, _ bytes: [UInt8]) -> [UInt8] {
    let digits = Array("0123456789abcdef")
    let hex = bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined()
    var lines: [String] = []
    var rest = Substring(hex)
    while !rest.isEmpty { lines.append(String(rest.prefix(72))); rest = rest.dropFirst(72) }
    return ISOBytes.ascii("\n\(name)\n" + String(repeating: " ", count: 8 - String(bytes.count).count) + "\(bytes.count)\n"
                    + lines.joined(separator: "\n") + "\n")
  }
}

/// Hand-made zlib streams (RFC 1950/1951) for tests, so no compressor is needed.
enum ZlibFixture {
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
    return b << 16 | a
  }

  /// A zlib stream of stored (uncompressed) deflate blocks.
  static func stored(_ data: [UInt8], adler: Bool = true) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var chunks = stride(from: 0, to: data.count, by: 65535).map { Array(data[$0..<min($0 + 65535, data.count)]) }
    if chunks.isEmpty { chunks = [[]] }
    for (i, chunk) in chunks.enumerated() {
      out.append(i == chunks.count - 1 ? 1 : 0)
      let n = chunk.count
      out += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)] + chunk
    }
    return adler ? out + ISOBytes.u32(Int(adler32(data))) : out
  }

  /// A zlib stream that inflates to `count` zero bytes in about count/160 bytes: one fixed-Huffman
  /// block with a literal 0 and then <length 258, distance 1> matches. A decompression bomb.
  static func zeros(_ count: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)          // BFINAL
    bits.write(1, count: 2)          // BTYPE = 01, fixed Huffman
    bits.writeCode(0b0011_0000, length: 8)  // literal 0
    var remaining = count - 1
    while remaining >= 258 {
      bits.writeCode(0b1100_0101, length: 8)  // length code 285 = 258
      bits.writeCode(0, length: 5)            // distance code 0 = 1
      remaining -= 258
    }
    for _ in 0..<remaining { bits.writeCode(0b0011_0000, length: 8) }
    bits.writeCode(0, length: 7)     // end of block (256)
    let adler = UInt32(count % 65521) << 16 | 1
    return [0x78, 0x01] + bits.bytes + ISOBytes.u32(Int(adler))
  }

  struct BitWriter {
    var bytes: [UInt8] = []
    var bitCount = 0
    /// Writes `count` bits of `value`, least significant first (deflate header fields).
    mutating func write(_ value: Int, count: Int) {
      for i in 0..<count { push((value >> i) & 1) }
    }
    /// Writes a Huffman code, most significant bit first.
    mutating func writeCode(_ code: Int, length: Int) {
      for i in stride(from: length - 1, through: 0, by: -1) { push((code >> i) & 1) }
    }
    private mutating func push(_ bit: Int) {
      if bitCount % 8 == 0 { bytes.append(0) }
      if bit != 0 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
      bitCount += 1
    }
  }
}

@Suite struct PNGTestSupportTests {
  @Test func builtFilesAreReadWithoutWarnings() throws {
    let scan = try PNGWalker.scan(MemorySource(PNGBuilder.file()))
    #expect(scan.warnings.isEmpty, "\(scan.warnings)")
    #expect(scan.storedSize == PixelSize(width: 4, height: 3))
  }

  @Test func theBombIsSmall() {
    #expect(ZlibFixture.zeros(20 << 20).count < 200_000)
  }
}
