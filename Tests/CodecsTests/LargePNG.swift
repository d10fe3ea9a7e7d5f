import Foundation

@testable import Codecs

/// Writes a large 8-bit gray PNG in a few hundred KB, for memory tests: pixel (x, y) =
/// x / 80 + y / 80 (0…248). Row 0 is stored as is, every other row with the Up filter (all its
/// filtered bytes equal: 1 where y / 80 steps, else 0), and the deflate stream is written by hand
/// with the fixed Huffman codes: runs become matches at distance 1. [RFC 1950, RFC 1951 3.2.6]
enum LargePNG {
  static func value(x: Int, y: Int) -> Int { x / 80 + y / 80 }

  /// The PNG file of `width × height`.
  static func make(width: Int, height: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(0x78, count: 8)  // zlib: deflate, 32K window
    bits.write(0x01, count: 8)  // no dictionary, fastest; (0x7801 % 31 == 0)
    var adler = Adler32()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman
    // Row 0: filter None, then the values as literals.
    bits.literal(0)
    adler.add(0, count: 1)
    for x in 0..<width {
      let v = value(x: x, y: 0)
      bits.literal(v)
      adler.add(v, count: 1)
    }
    for y in 1..<height {
      let d = value(x: 0, y: y) - value(x: 0, y: y - 1)
      bits.literal(2)  // filter Up
      bits.literal(d)
      adler.add(2, count: 1)
      adler.add(d, count: width)
      var remaining = width - 1  // the rest repeats the byte before: matches at distance 1
      while remaining > 0 {
        let length = remaining >= 258 ? 258 : remaining >= 3 ? min(remaining, 10) : 0
        if length == 0 {
          bits.literal(d)
          remaining -= 1
        } else {
          bits.length(length)
          bits.write(0, count: 5)  // distance code 0 = distance 1, no extra bits
          remaining -= length
        }
      }
    }
    bits.write(0, count: 7)  // end of block (code 256)
    var stream = bits.bytes()
    let checksum = adler.value
    stream += [UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 8 & 0xFF), UInt8(checksum & 0xFF)]
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", be32(width) + be32(height) + [8, 0, 0, 0, 0])
    var at = 0
    while at < stream.count {
      let n = min(1 << 20, stream.count - at)
      png += chunk("IDAT", Array(stream[at..<at + n]))
      at += n
    }
    png += chunk("IEND", [])
    return png
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return be32(data.count) + body + be32(Int(CRC32.update(0, body)))
  }

  static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

  /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
  struct BitWriter {
    private var out: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var filled = 0

    mutating func write(_ value: Int, count: Int) {
      accumulator |= UInt64(value) << UInt64(filled)
      filled += count
      while filled >= 8 {
        out.append(UInt8(accumulator & 0xFF))
        accumulator >>= 8
        filled -= 8
      }
    }

    /// A Huffman code of `count` bits, most significant bit first.
    mutating func code(_ code: Int, count: Int) {
      var reversed = 0
      for i in 0..<count { reversed |= (code >> i & 1) << (count - 1 - i) }
      write(reversed, count: count)
    }

    /// A literal byte with the fixed literal/length code.
    mutating func literal(_ v: Int) {
      if v < 144 { code(0x30 + v, count: 8) } else { code(0x190 + v - 144, count: 9) }
    }

    /// A match length of 3…10 (codes 257…264) or 258 (code 285), none with extra bits.
    mutating func length(_ n: Int) {
      if n == 258 { code(0xC0 + 5, count: 8) } else { code(n - 3 + 1, count: 7) }
    }

    mutating func bytes() -> [UInt8] {
      if filled > 0 { out.append(UInt8(accumulator & 0xFF)); accumulator = 0; filled = 0 }
      return out
    }
  }

  /// Adler-32 of runs of equal bytes, in closed form. [RFC 1950 8.2]
  struct Adler32 {
    private var a = 1, b = 0
    private let modulus = 65521

    mutating func add(_ v: Int, count n: Int) {
      // b gains a, a + v, a + 2v, … over the n bytes: n·a + v·n(n+1)/2.
      b = (b + (n % modulus) * a + v * ((n * (n + 1) / 2) % modulus)) % modulus
      a = (a + n * v) % modulus
    }

    var value: UInt32 { UInt32(b << 16 | a) }
  }
}
