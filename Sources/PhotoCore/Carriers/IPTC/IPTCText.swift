/// Text decoding for IPTC-IIM strings. [IPTC-IIM 4.2 §1.5.4 (1:90 Coded Character Set)]
enum IPTCText {
  /// 1:90 value that declares UTF-8: ESC % G. [ISO 2022, ISO-IR 196]
  static let utf8Designator: [UInt8] = [0x1B, 0x25, 0x47]

  /// Decodes a string dataset. UTF-8 when 1:90 declared it; otherwise UTF-8 when the bytes are
  /// valid UTF-8, else Latin-1 with Windows-1252 for 0x80–0x9F (what Photoshop and ExifTool's
  /// default IPTC charset mean).
  package static func decode<C: Collection>(_ bytes: C, declaredUTF8: Bool) -> String where C.Element == UInt8 {
    if declaredUTF8 || isValidUTF8(bytes) { return String(decoding: bytes, as: UTF8.self) }
    return windows1252(bytes)
  }

  /// True when `bytes` is well-formed UTF-8.
  static func isValidUTF8<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
    if bytes.allSatisfy({ $0 < 0x80 }) { return true }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// Windows-1252: Latin-1 except 0x80–0x9F. [WHATWG Encoding, index-windows-1252]
  static func windows1252<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    var scalars = String.UnicodeScalarView()
    for b in bytes {
      let value = (0x80...0x9F).contains(b) ? cp1252High[Int(b) - 0x80] : UInt32(b)
      scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    return String(scalars)
  }

  /// Code points of 0x80...0x9F in Windows-1252 (undefined positions map to the C1 control).
  static let cp1252High: [UInt32] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
  ]
}
