/// Decodes the typed data of one ICC tag: the text types fully, a few small types as values,
/// everything else summarised as binary. [ICC.1:2010 10 (tag type definitions)]
enum ICCTagValue {
  /// One record of a multiLocalizedUnicodeType.
  struct LocalizedRecord: Sendable, Equatable {
    var language: String
    var country: String
    package var text: String
    /// "de-DE" as ExifTool appends it to the tag name.
    var languageTag: String { "\(language.lowercased())-\(country.uppercased())" }
    /// English (US) or a code that is not two letters + two letters: the plain tag name.
    var isEnglishOrUntagged: Bool {
      let ok = language.count == 2 && country.count == 2
        && (language + country).allSatisfy { $0.isASCII && $0.isLetter }
      return !ok || (language.lowercased() == "en" && country.uppercased() == "US")
    }
  }

  package enum Decoded: Sendable, Equatable {
    case value(TagValue)
    case localized([LocalizedRecord])

    /// The text a user reads: the English record, else the first one.
    var preferredText: String? {
      switch self {
      case .value(.text(let s)): return s
      case .value: return nil
      case .localized(let recs):
        return (recs.first { $0.isEnglishOrUntagged } ?? recs.first)?.text
      }
    }
  }

  package static func decode(_ slice: ArraySlice<UInt8>) -> Decoded {
    guard slice.count >= 8 else { return .value(.binary(count: slice.count)) }
    let type = String(decoding: slice.prefix(4), as: UTF8.self)
    switch type {
    case "desc", "text", "mluc", "sig ", "dtim", "XYZ ":
      let d = Array(slice)
      switch type {
      case "desc": return textDescription(d).map { .value(.text($0)) } ?? .value(.binary(count: d.count))
      case "text": return .value(.text(latinOrUTF8(d[8...].prefix { $0 != 0 })))
      case "mluc": return .localized(multiLocalized(d))
      case "sig ": return d.count >= 12 ? .value(.text(String(decoding: d[8..<12], as: UTF8.self))) : .value(.binary(count: d.count))
      case "dtim": return dateTime(d).map { .value(.text($0)) } ?? .value(.binary(count: d.count))
      default: return .value(.text(xyz(d)))
      }
    default:
      return .value(.binary(count: slice.count))
    }
  }

  /// textDescriptionType (ICC v2): ASCII count (with its NUL) and ASCII; falls back to the
  /// Unicode part when the ASCII part is empty. [ICC.1:2001-04 6.5.17]
  static func textDescription(_ d: [UInt8]) -> String? {
    guard d.count >= 12 else { return nil }
    let count = Int(ICCProfileDecoder.u32(d, 8))
    guard count <= d.count - 12 else { return nil }
    let ascii = latinOrUTF8(d[12..<12 + count].prefix { $0 != 0 })
    if !ascii.isEmpty { return ascii }
    let u = 12 + count
    guard u + 8 <= d.count else { return ascii }
    let chars = Int(ICCProfileDecoder.u32(d, u + 4))
    guard chars <= (d.count - u - 8) / 2 else { return ascii }
    return utf16BE(d[(u + 8)..<(u + 8 + 2 * chars)])
  }

  /// Most records read from one multiLocalizedUnicodeType (real profiles have about 30).
  static let maxLocalizedRecords = 256

  /// multiLocalizedUnicodeType (ICC v4): records of language, country, length and offset
  /// (from the start of the tag) of UTF-16BE text. [ICC.1:2010 10.15]
  static func multiLocalized(_ d: [UInt8]) -> [LocalizedRecord] {
    guard d.count >= 16 else { return [] }
    let count = Int(ICCProfileDecoder.u32(d, 8)), recordSize = Int(ICCProfileDecoder.u32(d, 12))
    guard recordSize >= 12 else { return [] }
    var records: [LocalizedRecord] = []
    for k in 0..<min(count, (d.count - 16) / recordSize, maxLocalizedRecords) {
      let at = 16 + k * recordSize
      let length = Int(ICCProfileDecoder.u32(d, at + 4)), offset = Int(ICCProfileDecoder.u32(d, at + 8))
      guard offset <= d.count, length <= d.count - offset else { continue }
      records.append(LocalizedRecord(
        language: String(decoding: d[at..<at + 2], as: UTF8.self), country: String(decoding: d[at + 2..<at + 4], as: UTF8.self),
        text: utf16BE(d[offset..<offset + length])))
    }
    return records
  }

  /// dateTimeNumber as "YYYY:MM:DD hh:mm:ss". [ICC.1:2010 4.2]
  static func dateTime(_ d: [UInt8]) -> String? {
    guard d.count >= 20 else { return nil }
    let v = (0..<6).map { Int(ICCProfileDecoder.u16(d, 8 + 2 * $0)) }
    return "\(pad(v[0], 4)):\(pad(v[1], 2)):\(pad(v[2], 2)) \(pad(v[3], 2)):\(pad(v[4], 2)):\(pad(v[5], 2))"
  }

  /// XYZType: triples of s15Fixed16Number. [ICC.1:2010 10.31]
  static func xyz(_ d: [UInt8]) -> String {
    var parts: [String] = []
    var at = 8
    while at + 4 <= d.count {
      parts.append(fixed(Int32(bitPattern: ICCProfileDecoder.u32(d, at))))
      at += 4
    }
    return parts.joined(separator: " ")
  }

  /// An s15Fixed16Number rounded to 5 decimals as ExifTool prints it ("0.9642", "1").
  static func fixed(_ raw: Int32) -> String {
    let v = (Double(raw) / 65536 * 100_000).rounded() / 100_000
    return v == v.rounded() ? String(Int(v)) : String(v)
  }

  static func utf16BE(_ bytes: ArraySlice<UInt8>) -> String {
    var units: [UInt16] = []
    var i = bytes.startIndex
    while i + 1 < bytes.endIndex {
      units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
      i += 2
    }
    while units.last == 0 { units.removeLast() }
    return String(decoding: units, as: UTF16.self)
  }

  /// ASCII text; UTF-8 when valid, else Latin-1.
  static func latinOrUTF8<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    IPTCText.isValidUTF8(bytes) ? String(decoding: bytes, as: UTF8.self)
      : String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  static func pad(_ n: Int, _ width: Int) -> String { XMPValueParsing.pad(n, width) }
}
