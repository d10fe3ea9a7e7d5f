/// The small blocks `strip` writes in place of what it removes: a minimal EXIF (a TIFF header and
/// an IFD0 holding only the Orientation, or nothing) and an empty XMP packet, each padded to a
/// given length where the file's offsets must not move.
enum StripBlocks {
  /// TIFF tag Orientation. [TIFF 6.0 p. 36; EXIF 2.3 4.6.4]
  static let orientationTag: UInt16 = 0x0112
  /// TIFF type SHORT.
  static let shortType: UInt16 = 3

  /// A big-endian TIFF block whose IFD0 holds only `Orientation` (when given: 2…8), with no
  /// next IFD: 26 bytes, or 14 without an entry. [TIFF 6.0 section 2]
  static func minimalTIFF(orientation: Int?) -> [UInt8] {
    var out: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]  // "MM", 42, IFD0 at 8
    if let orientation, (2...8).contains(orientation) {
      out += be16(1)
      out += be16(orientationTag) + be16(shortType) + be32(1) + be16(UInt16(orientation)) + [0, 0]
    } else {
      out += be16(0)
    }
    out += be32(0)  // no IFD1
    return out
  }

  /// The JPEG APP1 segment "Exif\0\0" + `minimalTIFF(orientation:)`. [EXIF 2.3 4.5.4]
  static func jpegEXIF(orientation: Int) -> [UInt8] {
    let payload = Array("Exif".utf8) + [0, 0] + minimalTIFF(orientation: orientation)
    return [0xFF, 0xE1] + be16(UInt16(payload.count + 2)) + payload
  }

  /// The payload of a HEIF `Exif` item of exactly `length` bytes: a 4-byte offset (0) to the
  /// TIFF header, the minimal TIFF, zeros; nil when it does not fit. [ISO/IEC 23008-12 A.2.1]
  static func heifEXIF(orientation: Int?, length: Int) -> [UInt8]? {
    let tiff = minimalTIFF(orientation: orientation)
    let block = [0, 0, 0, 0] + (4 + tiff.count <= length ? tiff : minimalTIFF(orientation: nil))
    guard block.count <= length else { return nil }
    return block + [UInt8](repeating: 0, count: length - block.count)
  }

  /// An XMP packet of exactly `length` bytes that says nothing: the packet wrapper around an
  /// empty `x:xmpmeta`, padded with spaces and newlines inside the wrapper (XMP's own padding,
  /// XMP Part 1 7.3.2); without the wrapper when it does not fit; nil below 37 bytes.
  static func emptyXMP(length: Int) -> [UInt8]? {
    let meta = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
    let head = Array("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n".utf8)
    let tail = Array("<?xpacket end=\"w\"?>".utf8)
    if head.count + meta.count + 1 + tail.count <= length {
      return head + meta + padding(length - head.count - meta.count - tail.count) + tail
    }
    guard meta.count <= length else { return nil }
    return meta + padding(length - meta.count)
  }

  /// `count` bytes of whitespace: spaces, a newline every 100 (as XMP writers pad).
  static func padding(_ count: Int) -> [UInt8] {
    (0..<count).map { ($0 + 1) % 100 == 0 || $0 == count - 1 ? 0x0A : 0x20 }
  }

  static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
  static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
}
