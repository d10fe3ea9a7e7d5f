/// CRC-32 (ISO 3309, reflected polynomial 0xEDB88320) computed eight bytes at a time
/// ("slicing-by-8"), so checking the CRC of every PNG chunk, IDAT included, runs near memory
/// speed. Gives the same values as `PNGCRC.checksum`. [PNG (Third Edition) 5.5, Annex D]
enum CRC32Slicing {
  /// Eight 256-entry tables, flattened: entry n of table k is at k * 256 + n.
  static let tables: [UInt32] = {
    var t = [UInt32](repeating: 0, count: 8 * 256)
    for n in 0..<256 {
      var c = UInt32(n)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      t[n] = c
    }
    for k in 1..<8 {
      for n in 0..<256 {
        let previous = t[(k - 1) * 256 + n]
        t[k * 256 + n] = (previous >> 8) ^ t[Int(previous & 0xFF)]
      }
    }
    return t
  }()

  /// The running register before any byte (the CRC's initial value, inverted).
  static let start: UInt32 = 0xFFFF_FFFF

  /// The final CRC from a running register.
  static func finish(_ register: UInt32) -> UInt32 { register ^ 0xFFFF_FFFF }

  /// Feeds `bytes` into the running register.
  static func update(_ register: UInt32, _ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { data in
      tables.withUnsafeBufferPointer { table in update(register, data, table) }
    }
  }

  private static func update(_ register: UInt32, _ data: UnsafeBufferPointer<UInt8>,
                             _ t: UnsafeBufferPointer<UInt32>) -> UInt32 {
    guard let base = data.baseAddress else { return register }
    var c = register
    var p = base
    var n = data.count
    while n >= 8 {
      let one = (UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24) ^ c
      let two = UInt32(p[4]) | UInt32(p[5]) << 8 | UInt32(p[6]) << 16 | UInt32(p[7]) << 24
      c = t[7 * 256 + Int(one & 0xFF)] ^ t[6 * 256 + Int((one >> 8) & 0xFF)]
        ^ t[5 * 256 + Int((one >> 16) & 0xFF)] ^ t[4 * 256 + Int(one >> 24)]
        ^ t[3 * 256 + Int(two & 0xFF)] ^ t[2 * 256 + Int((two >> 8) & 0xFF)]
        ^ t[1 * 256 + Int((two >> 16) & 0xFF)] ^ t[Int(two >> 24)]
      p += 8
      n -= 8
    }
    while n > 0 {
      c = t[Int((c ^ UInt32(p.pointee)) & 0xFF)] ^ (c >> 8)
      p += 1
      n -= 1
    }
    return c
  }
}
