import Bytes
/// Reads a GIF's bytes through a window, so the walk over thousands of data sub-blocks costs one
/// source read per 64 KiB, not one per sub-block.
struct GIFByteWindow {
  package let source: any ByteSource
  package let limit: Int
  private var start = 0
  private var bytes: [UInt8] = []
  package static let length = 64 << 10

  init(source: any ByteSource, limit: Int) {
    self.source = source
    self.limit = limit
  }

  /// The byte at `offset`, nil past the end.
  package mutating func byte(_ offset: Int) throws(ByteError) -> UInt8? {
    guard offset < limit, offset >= 0 else { return nil }
    if offset < start || offset >= start + bytes.count {
      start = offset
      bytes = try source.bytes(in: offset..<min(limit, offset + Self.length))
      guard !bytes.isEmpty else { return nil }
    }
    return bytes[offset - start]
  }
}

/// A chain of data sub-blocks (a length byte 1–255, that many bytes, … a zero byte) as walked:
/// where it ends, and its data joined when asked for. [GIF89a 15]
struct GIFSubBlocks {
  /// Offset just past the block terminator (or the end of the file when it is missing).
  package var end: Int
  /// True when the file ends before the terminator.
  package var truncated: Bool
  /// Number of data sub-blocks.
  package var count: Int
  /// The data bytes (without length bytes), when collected; at most the collection cap.
  package var data: [UInt8]
  /// The data was longer than the collection cap.
  var capped: Bool

  /// Walks the chain starting at `offset` (its first length byte). With `collect` > 0, the data
  /// of the sub-blocks is joined, up to `collect` bytes.
  static func walk(_ window: inout GIFByteWindow, from offset: Int, collect: Int = 0) throws(ByteError) -> GIFSubBlocks {
    var position = offset
    var count = 0
    var data: [UInt8] = []
    var capped = false
    while true {
      guard let length = try window.byte(position) else {
        return GIFSubBlocks(end: window.limit, truncated: true, count: count, data: data, capped: capped)
      }
      position += 1
      if length == 0 { return GIFSubBlocks(end: position, truncated: false, count: count, data: data, capped: capped) }
      count += 1
      let blockEnd = position + Int(length)
      if collect > 0, !capped {
        let take = min(blockEnd, window.limit) - position
        if data.count + take > collect { capped = true } else {
          data += try window.source.bytes(in: position..<position + take)
        }
      }
      guard blockEnd <= window.limit else {
        return GIFSubBlocks(end: window.limit, truncated: true, count: count, data: data, capped: capped)
      }
      position = blockEnd
    }
  }
}

/// The blocks of a GIF and the application extensions that carry metadata. [GIF89a 17–26;
/// XMP Specification Part 3 1.1.2; ICC.1 (ICCRGBG1012); ExifTool GIF.pm]
enum GIFBlocks {
  static let extensionIntroducer: UInt8 = 0x21
  static let imageSeparator: UInt8 = 0x2C
  static let trailer: UInt8 = 0x3B

  /// Extension labels. [GIF89a 23–26]
  static let extensionNames: [UInt8: String] = [
    0xF9: "graphic control extension", 0xFE: "comment extension", 0x01: "plain text extension", 0xFF: "application extension",
  ]

  /// Application identifiers (8 bytes + 3 authentication bytes) and what they hold.
  static let applications: [String: (name: String, carrier: CarrierKind?)] = [
    "XMP DataXMP": ("XMP packet", .xmp),
    "ICCRGBG1012": ("ICC profile", .icc),
    "NETSCAPE2.0": ("animation loop count (NETSCAPE2.0)", nil),
    "ANIMEXTS1.0": ("animation loop count (ANIMEXTS1.0)", nil),
    "MGKIPTC0000": ("IPTC-IIM (ImageMagick)", .iptc),
    "MGK8BIM0000": ("Photoshop resources (ImageMagick)", .photoshop),
  ]

  /// The XMP "magic trailer" after a GIF's XMP packet: 0x01, 0xFF down to 0x00, then the block
  /// terminator. It makes a sub-block reader that lands anywhere in it stop at the terminator.
  /// [XMP Part 3 1.1.2]
  static let xmpMagicTrailer: [UInt8] = [0x01] + (0...255).reversed().map { UInt8($0) } + [0x00]

  /// True when `packet` holds nothing but whitespace and `<?xpacket …?>` processing
  /// instructions (a padding-only packet, ExifTool's "Empty XMP").
  static func isEmptyPacket(_ packet: [UInt8]) -> Bool {
    var i = 0
    while i < packet.count {
      let byte = packet[i]
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0 { i += 1; continue }
      guard packet[i...].starts(with: Array("<?xpacket".utf8)) else { return false }
      guard let close = ByteSearch.firstIndex(of: Array("?>".utf8)[...], in: Array(packet[i...])) else { return false }
      i += close + 2
    }
    return true
  }

  /// Size of a colour table from a packed field whose bit 7 says it is present. [GIF89a 18, 20]
  static func colourTableLength(_ packed: UInt8) -> Int {
    packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 0x07) + 1)
  }
}
