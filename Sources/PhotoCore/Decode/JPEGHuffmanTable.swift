/// One Huffman table of a JPEG (a DHT entry), built for decoding as T.81 Annex F describes:
/// for each code length the smallest and largest code and where its values start.
/// [T.81 B.2.4.2 (DHT), C.2 (code generation), F.2.2.3 (DECODE)]
struct JPEGHuffmanTable: Sendable, Equatable {
  /// HUFFVAL: the symbols in order of increasing code length.
  package var values: [UInt8]
  /// MINCODE, MAXCODE and VALPTR by code length 1…16 (index 0 unused); `maxCode` is -1 for a
  /// length without codes.
  var minCode = [Int](repeating: 0, count: 17)
  var maxCode = [Int](repeating: -1, count: 17)
  var valuePointer = [Int](repeating: 0, count: 17)

  /// Builds the table from BITS (codes of each length 1…16) and HUFFVAL; nil when the counts
  /// and the values do not agree, or the lengths claim more codes than fit (an over-full table).
  init?(counts: [Int], values: [UInt8]) {
    guard counts.count == 16, counts.reduce(0, +) == values.count, values.count <= 256 else { return nil }
    self.values = values
    var code = 0, k = 0
    for length in 1...16 {
      let n = counts[length - 1]
      if n > 0 {
        valuePointer[length] = k
        minCode[length] = code
        code += n
        k += n
        maxCode[length] = code - 1
        // Codes of `length` bits are below 2^length; with all 1s kept free. [C.2, Figure C.2]
        guard code <= 1 << length else { return nil }
      }
      code <<= 1
    }
  }
}

/// Reads the entropy-coded bytes of a scan bit by bit: 0xFF 0x00 is a data byte 0xFF; a marker
/// (0xFF then anything else) ends the data, after which zeros are read, as libjpeg does, and
/// `atMarker` says so. [T.81 F.1.2.3, F.2.2.5]
struct JPEGBitReader {
  package let bytes: [UInt8]
  /// The next byte to read.
  private(set) var position: Int
  private var buffer: UInt32 = 0
  private var bufferedBits = 0
  /// True once a bit was wanted past the data (a marker or the end of the file was reached).
  private(set) var ranOut = false

  init(_ bytes: [UInt8], at position: Int) {
    self.bytes = bytes
    self.position = position
  }

  /// Whether the next bytes are a marker (or the end of the file): the data ends here.
  var atMarker: Bool {
    guard position + 1 < bytes.count else { return true }
    return bytes[position] == 0xFF && bytes[position + 1] != 0x00
  }

  /// One bit; 0 past the data.
  mutating func bit() -> Int {
    if bufferedBits == 0 {
      guard !atMarker else {
        ranOut = true
        return 0
      }
      let byte = bytes[position]
      position += byte == 0xFF ? 2 : 1
      buffer = UInt32(byte)
      bufferedBits = 8
    }
    bufferedBits -= 1
    return Int((buffer >> UInt32(bufferedBits)) & 1)
  }

  /// `count` bits (at most 16), most significant first.
  mutating func bits(_ count: Int) -> Int {
    var value = 0
    for _ in 0..<count { value = value << 1 | bit() }
    return value
  }

  /// Drops the bits left of the current byte (the padding before a marker). [T.81 F.1.2.3]
  mutating func alignToByte() { bufferedBits = 0 }

  /// Decodes one symbol with `table`; nil when no code of 16 bits or fewer matches. [F.2.2.3]
  package mutating func decode(_ table: JPEGHuffmanTable) -> UInt8? {
    var code = bit()
    var length = 1
    while length <= 16 && code > table.maxCode[length] {
      code = code << 1 | bit()
      length += 1
    }
    guard length <= 16 else { return nil }
    let index = table.valuePointer[length] + code - table.minCode[length]
    return index >= 0 && index < table.values.count ? table.values[index] : nil
  }

  /// True when the bits left of the current byte are all 1s (or none are left): an encoder pads
  /// the last byte of a scan or restart interval with 1s, so data decoded to its end leaves only
  /// 1s. [T.81 F.1.2.3]
  var restIsPadding: Bool {
    let mask: UInt32 = (1 << UInt32(bufferedBits)) - 1
    return buffer & mask == mask
  }

  /// Skips to the next marker: how many bytes lay before it (0xFF fill bytes not counted), the
  /// marker's offset (`bytes.count` when the file ends first), and whether the bits left of the
  /// current byte were padding (`restIsPadding`). [T.81 B.1.1.2]
  mutating func skipToMarker() -> (skipped: Int, marker: Int, padded: Bool) {
    let padded = restIsPadding
    alignToByte()
    var skipped = 0
    while position < bytes.count {
      if bytes[position] == 0xFF {
        guard position + 1 < bytes.count else { break }
        let next = bytes[position + 1]
        if next == 0xFF {
          position += 1
          continue
        }
        if next != 0x00 { return (skipped, position, padded) }
        position += 2
        skipped += 2
        continue
      }
      position += 1
      skipped += 1
    }
    return (skipped, bytes.count, padded)
  }
}
