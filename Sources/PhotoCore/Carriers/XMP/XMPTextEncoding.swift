/// XMP packets may be UTF-16 or UTF-32 (either byte order). [XMP Part 1 7.1; XML 1.0 F.1]
enum XMPTextEncoding {
  /// The packet transcoded to UTF-8 when it is UTF-16/32 (detected by BOM or by the `<` of the
  /// first markup), nil when it already is UTF-8 (or ASCII).
  static func transcodeToUTF8(_ b: [UInt8]) -> [UInt8]? {
    guard b.count >= 4 else { return nil }
    let head = (b[0], b[1], b[2], b[3])
    switch head {
    case (0x00, 0x00, 0xFE, 0xFF), (0x00, 0x00, 0x00, 0x3C): return utf32(b, bigEndian: true)
    case (0xFF, 0xFE, 0x00, 0x00), (0x3C, 0x00, 0x00, 0x00): return utf32(b, bigEndian: false)
    case (0xFE, 0xFF, _, _), (0x00, 0x3C, _, _): return utf16(b, bigEndian: true)
    case (0xFF, 0xFE, _, _), (0x3C, 0x00, _, _): return utf16(b, bigEndian: false)
    default: return nil
    }
  }

  static func utf16(_ b: [UInt8], bigEndian: Bool) -> [UInt8] {
    var units: [UInt16] = []
    units.reserveCapacity(b.count / 2)
    var i = 0
    while i + 1 < b.count {
      units.append(bigEndian ? UInt16(b[i]) << 8 | UInt16(b[i + 1]) : UInt16(b[i + 1]) << 8 | UInt16(b[i]))
      i += 2
    }
    if units.first == 0xFEFF { units.removeFirst() }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }

  static func utf32(_ b: [UInt8], bigEndian: Bool) -> [UInt8] {
    var out = String.UnicodeScalarView()
    var i = 0
    while i + 3 < b.count {
      let v = bigEndian
        ? UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
        : UInt32(b[i + 3]) << 24 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 1]) << 8 | UInt32(b[i])
      if v != 0xFEFF || !out.isEmpty { out.append(Unicode.Scalar(v) ?? "\u{FFFD}") }
      i += 4
    }
    return Array(String(out).utf8)
  }
}
