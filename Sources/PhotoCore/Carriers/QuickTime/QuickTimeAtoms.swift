/// Small readers shared by the QuickTime metadata decoders: the child boxes of a payload, the
/// value of an iTunes/QuickTime `data` atom, 3GPP strings. Every length is bounds-checked.
/// [ISO/IEC 14496-12 4.2; Apple QTFF "Metadata" (well-known types); 3GPP TS 26.244 8]
enum QuickTimeAtoms {
  /// Most child boxes read from one payload.
  static let maxChildren = 4096

  /// One child box: its type as text and as the raw 32-bit code (an `ilst` key index), and its payload.
  struct Child {
    package var type: String
    package var code: UInt32
    package var payload: ArraySlice<UInt8>
  }

  /// The child boxes in `bytes`, in order, until the end or bytes that are not a box (then
  /// `complete` is false).
  static func children(of bytes: ArraySlice<UInt8>) -> (boxes: [Child], complete: Bool) {
    var out: [Child] = []
    var i = bytes.startIndex
    while i < bytes.endIndex {
      guard out.count < maxChildren, bytes.endIndex - i >= 8 else { return (out, false) }
      var size = Int(u32(bytes, i))
      var header = 8
      if size == 1 {
        guard bytes.endIndex - i >= 16 else { return (out, false) }
        let large = UInt64(u32(bytes, i + 8)) << 32 | UInt64(u32(bytes, i + 12))
        guard large <= UInt64(bytes.endIndex - i) else { return (out, false) }
        size = Int(large)
        header = 16
      } else if size == 0 {
        size = bytes.endIndex - i
      }
      guard size >= header, size <= bytes.endIndex - i else { return (out, false) }
      out.append(Child(type: ISOBMFFBox.fourCC(bytes[i + 4..<i + 8]), code: u32(bytes, i + 4), payload: bytes[i + header..<i + size]))
      i += size
    }
    return (out, true)
  }

  /// Big-endian u32 at `i` (the caller checked the bounds).
  static func u32(_ bytes: ArraySlice<UInt8>, _ i: Int) -> UInt32 {
    UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
  }

  /// The value of a `data` atom's payload: type indicator (type set 0, then a 3-byte well-known
  /// type), locale, value. Text types become text, number types numbers, the rest binary.
  static func dataValue(_ payload: ArraySlice<UInt8>) -> TagValue? {
    guard payload.count >= 8 else { return nil }
    let start = payload.startIndex
    let type = Int(u32(payload, start) & 0x00FF_FFFF)
    let value = payload[(start + 8)...]
    switch type {
    case 1, 4: return .text(text(value))
    case 2, 5: return .text(utf16(value))
    case 21, 65, 66, 67, 74: return signed(value).map { .integer($0) } ?? .binary(count: value.count)
    case 22, 75, 76, 77, 78: return unsigned(value).map { .integer($0) } ?? .binary(count: value.count)
    case 23 where value.count == 4:
      return .real(Double(Float(bitPattern: u32(value, value.startIndex))))
    case 24 where value.count == 8:
      let bits = UInt64(u32(value, value.startIndex)) << 32 | UInt64(u32(value, value.startIndex + 4))
      return .real(Double(bitPattern: bits))
    default:
      // Type 0 ("no type") or a private type holding plain text: shown as text so its text is
      // searched (`TextTagSweep`) — an ISO 6709 string under a private key is a location.
      let printable = value.count >= 8 && value.allSatisfy { (0x20...0x7E).contains($0) }
      return printable ? .text(text(value)) : .binary(count: value.count)
    }
  }

  /// A big-endian signed integer of 1, 2, 3, 4 or 8 bytes.
  package static func signed(_ bytes: ArraySlice<UInt8>) -> Int64? {
    guard [1, 2, 3, 4, 8].contains(bytes.count), let raw = unsigned(bytes) else { return nil }
    let shift = 64 - bytes.count * 8
    return (raw << shift) >> shift  // sign-extended
  }

  /// A big-endian unsigned integer of 1 to 8 bytes (as Int64 bits).
  package static func unsigned(_ bytes: ArraySlice<UInt8>) -> Int64? {
    guard (1...8).contains(bytes.count) else { return nil }
    return Int64(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
  }

  /// UTF-8 text, trailing NULs dropped, at most 4096 bytes.
  package static func text(_ bytes: ArraySlice<UInt8>) -> String {
    var end = bytes.endIndex
    while end > bytes.startIndex, bytes[end - 1] == 0 { end -= 1 }
    return String(decoding: bytes[bytes.startIndex..<min(end, bytes.startIndex + 4096)], as: UTF8.self)
  }

  /// Mac Roman text (old QuickTime user data), trailing NULs dropped. [Apple "MacRoman" mapping]
  static func macRoman(_ bytes: ArraySlice<UInt8>) -> String? {
    var end = bytes.endIndex
    while end > bytes.startIndex, bytes[end - 1] == 0 { end -= 1 }
    var text = ""
    for byte in bytes[bytes.startIndex..<min(end, bytes.startIndex + 4096)] {
      text.unicodeScalars.append(byte < 0x80 ? Unicode.Scalar(byte) : macRomanHigh[Int(byte) - 0x80])
    }
    return text
  }

  /// Mac Roman 0x80–0xFF.
  static let macRomanHigh = Array("ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u{00A0}ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\u{F8FF}ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ".unicodeScalars)

  /// UTF-16 text (big-endian unless a byte-order mark says otherwise), at most 2048 units.
  static func utf16(_ bytes: ArraySlice<UInt8>) -> String {
    var units: [UInt16] = []
    var i = bytes.startIndex
    var little = false
    if bytes.count >= 2, bytes[i] == 0xFF, bytes[i + 1] == 0xFE { little = true; i += 2 }
    else if bytes.count >= 2, bytes[i] == 0xFE, bytes[i + 1] == 0xFF { i += 2 }
    while i + 1 < bytes.endIndex, units.count < 2048 {
      let unit = little ? UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i]) : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
      if unit == 0 { break }
      units.append(unit)
      i += 2
    }
    return String(decoding: units, as: UTF16.self)
  }

  /// The 3GPP string at `i` (moved past it): null-terminated UTF-8, or UTF-16 after a byte-order mark.
  /// [3GPP TS 26.244 8.3]
  static func string3GPP(_ bytes: ArraySlice<UInt8>, _ i: inout Int) -> String {
    if bytes.endIndex - i >= 2, bytes[i] == 0xFE && bytes[i + 1] == 0xFF || bytes[i] == 0xFF && bytes[i + 1] == 0xFE {
      var end = i + 2
      while end + 1 < bytes.endIndex, !(bytes[end] == 0 && bytes[end + 1] == 0) { end += 2 }
      let text = utf16(bytes[i..<min(end, bytes.endIndex)])
      i = min(end + 2, bytes.endIndex)
      return text
    }
    var end = i
    while end < bytes.endIndex, bytes[end] != 0 { end += 1 }
    let text = self.text(bytes[i..<end])
    i = min(end + 1, bytes.endIndex)
    return text
  }
}
