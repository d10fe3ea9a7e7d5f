/// A bounds-checked reader of JPEG XL's bit-packed header fields: bits are read least
/// significant first within each byte, as the codestream and the `jbrd` bundle are written.
/// Reading past the end throws instead of trapping. [ISO/IEC 18181-1 B.2]
struct JXLBitReader {
  /// One distribution of a `U32` field. [ISO/IEC 18181-1 B.2.2]
  enum Distribution {
    /// The value itself.
    case value(UInt32)
    /// `n` bits.
    case bits(Int)
    /// `n` bits plus an offset.
    case bitsOffset(Int, UInt32)
  }

  /// The bytes read ran out.
  struct OutOfData: Error {}

  package let bytes: [UInt8]
  /// Bits consumed so far.
  private(set) var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Bits left.
  var remaining: Int { bytes.count * 8 - position }

  /// `n` (0…32) bits as an unsigned number.
  mutating func bits(_ n: Int) throws(OutOfData) -> UInt32 {
    guard n >= 0, n <= 32, n <= remaining else { throw OutOfData() }
    var value: UInt64 = 0
    for i in 0..<n {
      let bit = (bytes[(position + i) >> 3] >> UInt8((position + i) & 7)) & 1
      value |= UInt64(bit) << UInt64(i)
    }
    position += n
    return UInt32(truncatingIfNeeded: value)
  }

  package mutating func bool() throws(OutOfData) -> Bool { try bits(1) == 1 }

  /// A `U32` field: a 2-bit selector, then the selected distribution. [ISO/IEC 18181-1 B.2.2]
  mutating func u32(_ d0: Distribution, _ d1: Distribution, _ d2: Distribution, _ d3: Distribution) throws(OutOfData) -> UInt32 {
    let selector = try bits(2)
    switch [d0, d1, d2, d3][Int(selector)] {
    case .value(let v): return v
    case .bits(let n): return try bits(n)
    case .bitsOffset(let n, let offset): return try bits(n) &+ offset
    }
  }

  /// Skips to the next byte boundary.
  mutating func jumpToByteBoundary() { position = (position + 7) & ~7 }

  /// Whole bytes consumed (after `jumpToByteBoundary`).
  var byteOffset: Int { (position + 7) >> 3 }
}
