import Bytes
/// One JUMBF box header: LBox (32-bit size, 1 = a 64-bit XLBox follows, 0 = to the end),
/// TBox. [ISO/IEC 19566-5 (JUMBF) A.2; ISO/IEC 15444-1 I.4]
struct JUMBFBox: Equatable {
  package var type: String
  package var offset: Int
  package var headerLength: Int
  /// End of the box, clamped to its container.
  package var end: Int
  /// The container ends before the box does.
  package var truncated: Bool

  var contentRange: Range<Int> { offset + headerLength..<end }

  /// The box at the start of `head` (its first 16 bytes or fewer), inside a container ending at
  /// `limit`; nil when the bytes are not a box header.
  package static func parse(_ head: [UInt8], offset: Int, limit: Int) -> JUMBFBox? {
    guard head.count >= 8 else { return nil }
    let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
    let typeBytes = head[4..<8]
    guard typeBytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    var length = size
    var headerLength = 8
    if size == 1 {
      guard head.count >= 16 else { return nil }
      var large: UInt64 = 0
      for byte in head[8..<16] { large = large << 8 | UInt64(byte) }
      guard large <= UInt64(Int.max / 2) else { return nil }
      length = Int(large)
      headerLength = 16
    } else if size == 0 {
      length = limit - offset
    }
    guard length >= headerLength else { return nil }
    let (declaredEnd, overflow) = offset.addingReportingOverflow(length)
    let truncated = overflow || declaredEnd > limit
    return JUMBFBox(type: String(decoding: typeBytes, as: UTF8.self), offset: offset, headerLength: headerLength,
                    end: truncated ? limit : declaredEnd, truncated: truncated)
  }
}

/// A JUMBF description box (`jumd`): the superbox's content type, label, ID and hash.
/// [ISO/IEC 19566-5 A.3]
struct JUMBFDescription: Equatable {
  /// The content type UUID, as 32 hex digits.
  package var type: String
  var toggles: UInt8
  package var label: String?

  /// Parses the description payload (at most `maxLabel` bytes of label).
  init?(_ payload: [UInt8], maxLabel: Int = 1024) {
    guard payload.count >= 17 else { return nil }
    type = payload[0..<16].map { Hex.byte($0) }.joined().lowercased()
    toggles = payload[16]
    label = nil
    // Toggles: bit 1 label present (NUL-terminated UTF-8). [A.3 Table A.2]
    if toggles & 0x02 != 0 {
      let rest = payload[17...].prefix(maxLabel)
      let text = rest.prefix { $0 != 0 }
      label = String(decoding: text, as: UTF8.self)
    }
  }

  /// The C2PA kind of the superbox, from the first four bytes of its type UUID ("c2pa", "c2ma",
  /// "c2as", "c2cl", "c2cs", "cbor", "json"…). [C2PA 2.1 11.1.4]
  var typeTag: String {
    let hex = Array(type.prefix(8))
    var out = ""
    for i in stride(from: 0, to: hex.count - 1, by: 2) {
      guard let byte = UInt8(String(hex[i..<i + 2]), radix: 16), byte >= 0x20, byte < 0x7F else { return type }
      out.append(Character(Unicode.Scalar(byte)))
    }
    return out
  }

  /// The embedded-file content type (a `bfdb` media type and a `bidb` payload). [A.5.8]
  static let embeddedFileType = "40cb0c32bb8a489da70b2ad6f47f4369"
}

/// The C2PA superbox kinds. [C2PA Technical Specification 2.1 11.1]
enum C2PABoxKind {
  package static let store = "c2pa"
  package static let manifest = "c2ma"
  static let updateManifest = "c2um"
  static let assertionStore = "c2as"
  package static let claim = "c2cl"
  package static let signature = "c2cs"
  static let credentials = "c2vc"
  static let databoxes = "c2db"
}
