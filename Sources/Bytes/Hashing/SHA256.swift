/// SHA-256 (FIPS 180-4), for stable content-derived IDs (`media_id`). Foundation on Linux has
/// no digest API and no outside packages are allowed, so this small implementation is ours;
/// it is checked against the FIPS test vectors.
public enum SHA256 {
  package static let k: [UInt32] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]

  /// The 32-byte digest of `data`. Whole blocks are hashed in place; only the last one or
  /// two blocks are copied for padding, so hashing a 48 MP photo adds no second copy of it.
  public static func digest(_ data: [UInt8]) -> [UInt8] {
    var stream = Stream()
    stream.update(data)
    return stream.finish()
  }

  /// The whole 64-byte blocks of `data` into the state `h` (8 words). [FIPS 180-4 6.2.2]
  /// Every block of a call runs in one loop on local words and a scratch schedule, eight
  /// rounds unrolled: per-block calls on checked arrays cost 84 instructions a byte (4.0 G for
  /// the 48 MB a corpus SARIF report hashes).
  static func compress(blocks data: UnsafeRawBufferPointer, _ h: inout [UInt32]) {
    precondition(h.count == 8)
    let count = data.count / 64
    guard count > 0, let base = data.baseAddress else { return }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    var (h0, h1, h2, h3, h4, h5, h6, h7) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      k.withUnsafeBufferPointer { k in
        for n in 0..<count {
          let block = bytes + n * 64
          for i in 0..<16 {
            let b = block + i * 4
            w[i] = UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
          }
          for i in 16..<64 {
            let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] &>> 3)
            let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] &>> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
          }
          var (a, b, c, d, e, f, g, hh) = (h0, h1, h2, h3, h4, h5, h6, h7)
          // Eight rounds a turn, the words renamed instead of moved.
          for i in stride(from: 0, to: 64, by: 8) {
            round(a, b, c, &d, e, f, g, &hh, k[i] &+ w[i])
            round(hh, a, b, &c, d, e, f, &g, k[i + 1] &+ w[i + 1])
            round(g, hh, a, &b, c, d, e, &f, k[i + 2] &+ w[i + 2])
            round(f, g, hh, &a, b, c, d, &e, k[i + 3] &+ w[i + 3])
            round(e, f, g, &hh, a, b, c, &d, k[i + 4] &+ w[i + 4])
            round(d, e, f, &g, hh, a, b, &c, k[i + 5] &+ w[i + 5])
            round(c, d, e, &f, g, hh, a, &b, k[i + 6] &+ w[i + 6])
            round(b, c, d, &e, f, g, hh, &a, k[i + 7] &+ w[i + 7])
          }
          h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= hh
        }
      }
    }
    h = [h0, h1, h2, h3, h4, h5, h6, h7]
  }

  /// One round: `d` and `h` take their new values (the others are renamed by the caller).
  @inline(__always) private static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32,
                                              _ g: UInt32, _ h: inout UInt32, _ kw: UInt32) {
    let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ (g ^ (e & (f ^ g))) &+ kw  // Ch(e, f, g)
    d &+= t1
    h = t1 &+ (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) | (c & (a | b)))  // Maj(a, b, c)
  }

  /// Lower-case hex of the digest.
  public static func hex(_ data: [UInt8]) -> String {
    hex(digest: digest(data))
  }

  /// Rotate right. Masking shifts (`&>>`): the checked `>>` of a variable amount tests for ≥ 32
  /// and keeps the compiler from emitting one `ror` (it cost 0.8 G of the 48 MB above).
  @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x &>> n | x &<< (32 &- n) }
}
