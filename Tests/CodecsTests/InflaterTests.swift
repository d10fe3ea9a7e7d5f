import Codecs
import Foundation
import Testing

/// zlib inflate with a hard output cap: complete, capped, truncated and corrupt streams.
@Suite struct InflaterTests {
  // MARK: - Hand-made streams (RFC 1950/1951/1952), so no compressor is needed.

  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
    return b << 16 | a
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      c ^= UInt32(byte)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return c ^ 0xFFFF_FFFF
  }

  static func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
  static func le32(_ v: UInt32) -> [UInt8] { [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: v >> $0) } }

  /// Bare deflate data made of stored blocks.
  static func storedBlocks(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var chunks = stride(from: 0, to: data.count, by: 65535).map { Array(data[$0..<min($0 + 65535, data.count)]) }
    if chunks.isEmpty { chunks = [[]] }
    for (i, chunk) in chunks.enumerated() {
      let n = chunk.count
      out += [i == chunks.count - 1 ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)] + chunk
    }
    return out
  }

  static func zlib(_ data: [UInt8]) -> [UInt8] { [0x78, 0x01] + storedBlocks(data) + be32(adler32(data)) }
  static func gzip(_ data: [UInt8]) -> [UInt8] {
    [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + storedBlocks(data) + le32(crc32(data)) + le32(UInt32(data.count))
  }

  /// A zlib stream of `count` zeros in about count/160 bytes (fixed Huffman, <258, 1> matches).
  static func zeros(_ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var bitCount = 0
    func push(_ bit: Int) {
      if bitCount % 8 == 0 { bytes.append(0) }
      if bit != 0 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
      bitCount += 1
    }
    func code(_ value: Int, _ length: Int) { for i in stride(from: length - 1, through: 0, by: -1) { push((value >> i) & 1) } }
    push(1); push(1); push(0)              // BFINAL, BTYPE = 01 (LSB first)
    code(0b0011_0000, 8)                   // literal 0
    var remaining = count - 1
    while remaining >= 258 { code(0b1100_0101, 8); code(0, 5); remaining -= 258 }
    for _ in 0..<remaining { code(0b0011_0000, 8) }
    code(0, 7)                             // end of block
    return [0x78, 0x01] + bytes + be32(UInt32(count % 65521) << 16 | 1)
  }

  static let text = Array("The quick brown fox jumps over the lazy dog. ".utf8) + (0..<2000).map { UInt8($0 % 251) }

  // MARK: - Tests

  @Test(arguments: [Inflater.Wrapping.zlib, .automatic])
  func inflatesACompleteStream(_ wrapping: Inflater.Wrapping) {
    let stream = Self.zlib(Self.text)
    let result = Inflater.inflate(stream, wrapping: wrapping)
    #expect(result.bytes == Self.text && result.status == .complete && result.isComplete)
    #expect(result.consumed == stream.count)
  }

  @Test func inflatesRawAndGzip() {
    #expect(Inflater.inflate(Self.storedBlocks(Self.text), wrapping: .raw).bytes == Self.text)
    let gz = Inflater.inflate(Self.gzip(Self.text), wrapping: .automatic)
    #expect(gz.bytes == Self.text && gz.status == .complete)
    // A gzip stream is not zlib.
    #expect(Inflater.inflate(Self.gzip(Self.text), wrapping: .zlib).status != .complete)
  }

  @Test func aBombStopsAtTheCap() {
    let bomb = Self.zeros(64 << 20)
    #expect(bomb.count < 600_000)
    let result = Inflater.inflate(bomb, maxOutput: 1 << 20)
    #expect(result.status == .outputLimitReached)
    #expect(result.bytes.count == 1 << 20 && result.bytes.allSatisfy { $0 == 0 })
    #expect(result.consumed < bomb.count)
  }

  @Test func theBombInflatesCompletelyWithoutACap() {
    let result = Inflater.inflate(Self.zeros(5_000_000), maxOutput: 5_000_000)
    #expect(result.status == .complete && result.bytes.count == 5_000_000)
  }

  /// Output exactly at the cap is complete; one byte more is over it.
  @Test(arguments: [(1000, 1000, Inflater.Status.complete), (1000, 999, .outputLimitReached), (1000, 1001, .complete),
                    (0, 0, .complete), (70_000, 65_536, .outputLimitReached), (70_000, 70_000, .complete)])
  func capBoundaries(_ size: Int, _ cap: Int, _ status: Inflater.Status) {
    let data = (0..<size).map { UInt8($0 % 7) }
    let result = Inflater.inflate(Self.zlib(data), maxOutput: cap)
    #expect(result.status == status)
    #expect(result.bytes == Array(data.prefix(cap)))
  }

  @Test func aMissingChecksumIsTruncatedInputWithAllTheData() {
    let result = Inflater.inflate(Array(Self.zlib(Self.text).dropLast(4)))
    #expect(result.status == .truncatedInput && result.bytes == Self.text)
  }

  @Test func corruptDataReportsZlibsMessage() {
    var stream = Self.zlib(Self.text)
    stream[0] = 0x79  // bad header check
    guard case .corrupt(let message) = Inflater.inflate(stream).status else {
      Issue.record("a bad header was not reported as corrupt")
      return
    }
    #expect(!message.isEmpty)
    let badBlock: [UInt8] = [0x78, 0x01, 0x07, 0xFF, 0xFF]  // BTYPE = 11 (reserved)
    #expect(Inflater.inflate(badBlock).status != .complete)
  }

  @Test func emptyAndTinyInputs() {
    #expect(Inflater.inflate([]).status == .truncatedInput)
    #expect(Inflater.inflate([0x78]).status == .truncatedInput)
    #expect(Inflater.inflate(Self.zlib([])).status == .complete)
    #expect(Inflater.inflate(Self.zlib(Self.text), maxOutput: -5).bytes.isEmpty)
  }

  /// Every prefix and every single-byte corruption of a stream: never traps, and what comes out
  /// of a prefix is a prefix of the real output.
  @Test func prefixAndCorruptionSweep() {
    let stream = Self.zlib(Self.text)
    for n in 0..<stream.count {
      let result = Inflater.inflate(Array(stream.prefix(n)))
      #expect(result.status != .complete)
      #expect(Self.text.starts(with: result.bytes))
    }
    for i in 0..<stream.count {
      var copy = stream
      copy[i] ^= 0x5A
      _ = Inflater.inflate(copy, maxOutput: 10_000)
    }
  }

  @Test func libraryVersionIsZlibs() {
    #expect(Inflater.libraryVersion.first?.isNumber == true)
  }
}
