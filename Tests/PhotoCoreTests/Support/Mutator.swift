/// A deterministic byte mutator for hostile-input tests: the same seed always produces the same
/// inputs, so any failure is reproducible from its seed and index alone (`mutate --target T
/// --index N` in `Fuzz/`, or the `MutationTests` message).
///
/// Mutations are the ones that break parsers of length-prefixed formats: bit flips, byte sets to
/// boundary values, inserted and deleted ranges, duplicated ranges (deeper nesting, repeated
/// segments), 16/32/64-bit length fields smashed to boundary values in either byte order,
/// truncation, and splices of two seeds.
///
/// This file is shared with the `Fuzz/` package by a symbolic link; it depends on nothing.
struct Mutator {
  /// One mutation step.
  enum Operation: String, CaseIterable, Sendable {
    case bitFlip, byteSet, insertRange, deleteRange, duplicateRange, smashLength, truncate, splice
  }

  /// Inputs never grow past this many bytes more than their seed.
  static let maxGrowth = 64 << 10

  /// Boundary values written by `byteSet`.
  static let interestingBytes: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF, 0x20, 0x3C, 0x26]
  /// Boundary values written over length fields by `smashLength`.
  static let interestingLengths: [UInt64] = [
    0, 1, 2, 7, 8, 9, 15, 16, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF, 0x1_0000,
    0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF, 0x7FFF_FFFF_FFFF_FFFF,
  ]

  var rng: SplitMix64

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  /// The seed of input `index` of a run seeded with `runSeed` for `stream` (e.g. a target name):
  /// inputs can be regenerated one by one, in any order.
  static func inputSeed(runSeed: UInt64, stream: String, index: Int) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a 64
    for byte in stream.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
    var mix = SplitMix64(seed: runSeed ^ h ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
    return mix.next()
  }

  /// Applies one to four random operations to `input`; `donors` feed `splice`.
  mutating func mutate(_ input: [UInt8], donors: [[UInt8]] = []) -> (bytes: [UInt8], operations: [Operation]) {
    var bytes = input
    var applied: [Operation] = []
    let steps = 1 + Int(rng.next() % 4)
    for _ in 0..<steps {
      let operation = Operation.allCases[Int(rng.next() % UInt64(Operation.allCases.count))]
      apply(operation, to: &bytes, donors: donors)
      applied.append(operation)
    }
    if bytes.count > input.count + Self.maxGrowth { bytes.removeLast(bytes.count - input.count - Self.maxGrowth) }
    return (bytes, applied)
  }

  /// Applies `operation` once.
  mutating func apply(_ operation: Operation, to bytes: inout [UInt8], donors: [[UInt8]]) {
    switch operation {
    case .bitFlip:
      guard !bytes.isEmpty else { return }
      let flips = 1 + Int(rng.next() % 8)
      for _ in 0..<flips {
        let i = index(in: bytes.count)
        bytes[i] ^= 1 << UInt8(rng.next() % 8)
      }
    case .byteSet:
      guard !bytes.isEmpty else { return }
      let i = index(in: bytes.count)
      bytes[i] = rng.next() % 3 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : pick(Self.interestingBytes)
    case .insertRange:
      let at = rng.next() % 4 == 0 ? bytes.count : index(in: bytes.count + 1)
      let length = 1 + Int(rng.next() % (rng.next() % 8 == 0 ? 4096 : 32))
      let fill: UInt8? = rng.next() % 2 == 0 ? pick(Self.interestingBytes) : nil
      let inserted = (0..<length).map { _ in fill ?? UInt8(truncatingIfNeeded: rng.next()) }
      bytes.insert(contentsOf: inserted, at: at)
    case .deleteRange:
      guard !bytes.isEmpty else { return }
      let start = index(in: bytes.count)
      let length = 1 + Int(rng.next() % UInt64(min(bytes.count - start, rng.next() % 4 == 0 ? 4096 : 64)))
      bytes.removeSubrange(start..<start + length)
    case .duplicateRange:
      guard !bytes.isEmpty else { return }
      let start = index(in: bytes.count)
      let length = 1 + Int(rng.next() % UInt64(min(bytes.count - start, 1024)))
      let copies = 1 + Int(rng.next() % 4)
      let chunk = Array(bytes[start..<start + length])
      let at = index(in: bytes.count + 1)
      for _ in 0..<copies { bytes.insert(contentsOf: chunk, at: at) }
    case .smashLength:
      let width = [2, 4, 4, 8][Int(rng.next() % 4)]
      guard bytes.count >= width else { return }
      // Length fields sit at even offsets more often than not: favour them.
      var at = index(in: bytes.count - width + 1)
      if rng.next() % 2 == 0 { at &= ~1 }
      var value = pick(Self.interestingLengths)
      if rng.next() % 4 == 0 { value = UInt64(bytes.count) &+ UInt64(bitPattern: Int64(rng.next() % 17) - 8) }
      let bigEndian = rng.next() % 2 == 0
      for k in 0..<width {
        let shift = UInt64(8 * (bigEndian ? width - 1 - k : k))
        bytes[at + k] = UInt8(truncatingIfNeeded: value >> shift)
      }
    case .truncate:
      guard !bytes.isEmpty else { return }
      bytes.removeLast(bytes.count - index(in: bytes.count))
    case .splice:
      guard !donors.isEmpty else { return apply(.duplicateRange, to: &bytes, donors: []) }
      let donor = donors[Int(rng.next() % UInt64(donors.count))]
      guard !donor.isEmpty else { return }
      let cut = index(in: bytes.count + 1)
      let from = index(in: donor.count)
      let length = min(donor.count - from, 1 + Int(rng.next() % 8192))
      bytes = Array(bytes[..<cut]) + donor[from..<from + length]
    }
  }

  /// A uniformly chosen index below `count` (`count` > 0).
  mutating func index(in count: Int) -> Int { Int(rng.next() % UInt64(max(count, 1))) }

  mutating func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
}

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough to drive mutations; the
/// same seed gives the same sequence on every platform.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
