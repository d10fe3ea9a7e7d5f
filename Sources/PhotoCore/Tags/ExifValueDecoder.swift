import Bytes
import Foundation

/// Turns a raw TIFF field (type code, count, bytes in the block's byte order) into a `TagValue`.
/// [TIFF 6.0 section 2 "Types"; EXIF 2.32 4.6.2]
enum ExifValueDecoder {
  /// TIFF field type codes.
  enum FieldType: UInt16 {
    case byte = 1, ascii, short, long, rational, sbyte, undefined, sshort, slong, srational, float, double
    /// Bytes per component.
    package var size: Int {
      switch self {
      case .byte, .ascii, .sbyte, .undefined: 1
      case .short, .sshort: 2
      case .long, .slong, .float: 4
      case .rational, .srational, .double: 8
      }
    }
  }

  /// Longest BYTE/UNDEFINED array shown as numbers or text; longer ones are summarised.
  static let maxInlineBytes = 64

  package static func decode(format: UInt16, components: Int, data: [UInt8], bigEndian: Bool) -> TagValue {
    guard let type = FieldType(rawValue: format) else { return .binary(count: data.count) }
    let count = min(components, data.count / type.size)
    var reader = ByteReader(data, what: "EXIF value")
    func u16() -> UInt16 { (try? reader.u16(bigEndian: bigEndian)) ?? 0 }
    func u32() -> UInt32 { (try? reader.u32(bigEndian: bigEndian)) ?? 0 }
    var items: [TagValue] = []
    switch type {
    case .ascii:
      return .text(asciiText(data))
    case .undefined:
      if let text = printableText(data) { return .text(text) }
      if data.count > maxInlineBytes { return .binary(count: data.count) }
      items = data.prefix(count).map { .integer(Int64($0)) }
    case .byte:
      if data.count > maxInlineBytes { return .binary(count: data.count) }
      items = data.prefix(count).map { .integer(Int64($0)) }
    case .sbyte:
      if data.count > maxInlineBytes { return .binary(count: data.count) }
      items = data.prefix(count).map { .integer(Int64(Int8(bitPattern: $0))) }
    case .short: items = (0..<count).map { _ in .integer(Int64(u16())) }
    case .sshort: items = (0..<count).map { _ in .integer(Int64(Int16(bitPattern: u16()))) }
    case .long: items = (0..<count).map { _ in .integer(Int64(u32())) }
    case .slong: items = (0..<count).map { _ in .integer(Int64(Int32(bitPattern: u32()))) }
    case .rational:
      items = (0..<count).map { _ in rational(Double(u32()), Double(u32())) }
    case .srational:
      items = (0..<count).map { _ in
        rational(Double(Int32(bitPattern: u32())), Double(Int32(bitPattern: u32())))
      }
    case .float: items = (0..<count).map { _ in .real(Double(Float(bitPattern: u32()))) }
    case .double:
      items = (0..<count).map { _ in
        let hi = UInt64(u32()), lo = UInt64(u32())
        return .real(Double(bitPattern: bigEndian ? hi << 32 | lo : lo << 32 | hi))
      }
    }
    if items.count > 256 { return .binary(count: data.count) }
    return items.count == 1 ? items[0] : .list(items)
  }

  /// A rational as a real; a zero denominator is "undef" as ExifTool shows it.
  static func rational(_ numerator: Double, _ denominator: Double) -> TagValue {
    denominator == 0 ? .text(numerator == 0 ? "undef" : "inf") : .real(numerator / denominator)
  }

  /// ASCII text up to the first NUL, trailing spaces removed.
  static func asciiText(_ data: [UInt8]) -> String {
    let end = data.firstIndex(of: 0) ?? data.count
    let text = String(decoding: data[..<end], as: UTF8.self)
    return text.trimmingWhitespace()
  }

  /// Text when every byte is printable ASCII (e.g. ExifVersion "0232"), else nil.
  static func printableText(_ data: [UInt8]) -> String? {
    guard !data.isEmpty, data.count <= maxInlineBytes else { return nil }
    let trimmed = data.prefix { $0 != 0 }
    guard !trimmed.isEmpty, trimmed.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
          data[trimmed.count...].allSatisfy({ $0 == 0 }) else { return nil }
    return String(decoding: trimmed, as: UTF8.self)
  }

  /// EXIF UserComment (and GPSProcessingMethod, GPSAreaInformation): an 8-byte character
  /// code, then the text. [EXIF 2.32 4.6.5 table 9, 4.6.6]
  static func userComment(_ data: [UInt8]) -> TagValue {
    guard data.count >= 8 else { return .text(asciiText(data)) }
    let code = data.prefix(8)
    let body = Array(data.dropFirst(8))
    if code.elementsEqual([0x55, 0x4E, 0x49, 0x43, 0x4F, 0x44, 0x45, 0x00]) {  // "UNICODE\0"
      return .text(utf16Text(body, bigEndian: body.first == 0))
    }
    return .text(asciiText(body.map { $0 == 0 ? 0x20 : $0 }).trimmingWhitespace())
  }

  /// Windows XP tags (XPComment...): UCS-2 little-endian. [Microsoft, ExifTool Exif.pm]
  static func utf16Text(_ data: [UInt8], bigEndian: Bool = false) -> String {
    var units: [UInt16] = []
    var i = 0
    while i + 1 < data.count {
      let unit = bigEndian ? UInt16(data[i]) << 8 | UInt16(data[i + 1]) : UInt16(data[i + 1]) << 8 | UInt16(data[i])
      if unit == 0 { break }
      units.append(unit)
      i += 2
    }
    return String(decoding: units, as: UTF16.self)
  }
}
