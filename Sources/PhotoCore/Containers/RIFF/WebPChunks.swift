import Bytes
/// The chunks of a WebP file and what their headers say. [RFC 9649 (WebP Image Format) 2.5–2.7]
enum WebPChunks {
  /// Chunk types and what they are, for the layout.
  package static let names: [String: String] = [
    "VP8 ": "lossy image data (VP8 key frame)",
    "VP8L": "lossless image data (VP8L)",
    "VP8X": "extended format header",
    "ALPH": "alpha data",
    "ANIM": "animation parameters",
    "ANMF": "animation frame",
    "ICCP": "ICC profile",
    "EXIF": "EXIF metadata",
    "XMP ": "XMP metadata",
    "C2PA": "C2PA manifest store (JUMBF)",
  ]

  /// Misspelt metadata FourCCs seen in the wild (by their hex) and the type they mean.
  static let misspelt: [String: String] = ["584D5000": "XMP "]

  /// Chunks whose payload is coded pixels: read by the decoder, never swept (like IDAT).
  static let imageData: Set<String> = ["VP8 ", "VP8L", "ALPH"]

  /// The VP8X flags. [RFC 9649 2.7.1]
  struct ExtendedHeader: Equatable {
    var flags: UInt8
    var canvasWidth: Int
    var canvasHeight: Int

    var hasICC: Bool { flags & 0x20 != 0 }
    var hasAlpha: Bool { flags & 0x10 != 0 }
    var hasEXIF: Bool { flags & 0x08 != 0 }
    var hasXMP: Bool { flags & 0x04 != 0 }
    var isAnimated: Bool { flags & 0x02 != 0 }

    /// Parses the 10 bytes of a VP8X payload: flags, 3 reserved bytes, canvas width − 1 and
    /// height − 1 as 24-bit little-endian numbers.
    init?(_ data: [UInt8]) {
      guard data.count >= 10 else { return nil }
      flags = data[0]
      canvasWidth = WebPChunks.u24(data, 4) + 1
      canvasHeight = WebPChunks.u24(data, 7) + 1
    }

    /// "ICC, EXIF, XMP, animation" — the flags that are set.
    var flagNames: String {
      let names = [(hasICC, "ICC"), (hasAlpha, "alpha"), (hasEXIF, "EXIF"), (hasXMP, "XMP"), (isAnimated, "animation")]
        .filter(\.0).map(\.1)
      return names.isEmpty ? "no flags" : names.joined(separator: ", ")
    }
  }

  /// The picture size in a `VP8 ` payload: a key frame's 3-byte frame tag, the start code
  /// 9D 01 2A, then 14-bit width and height (the top 2 bits are upscaling). [RFC 6386 9.1, 19.1]
  static func lossySize(_ data: [UInt8]) -> (width: Int, height: Int)? {
    guard data.count >= 10, data[0] & 1 == 0, data[3] == 0x9D, data[4] == 0x01, data[5] == 0x2A else { return nil }
    let width = (Int(data[6]) | Int(data[7]) << 8) & 0x3FFF
    let height = (Int(data[8]) | Int(data[9]) << 8) & 0x3FFF
    return width > 0 && height > 0 ? (width, height) : nil
  }

  /// The picture size in a `VP8L` payload: signature 0x2F, then width − 1 and height − 1 in
  /// 14 bits each, little-endian bit order. [RFC 9649 3.2]
  static func losslessSize(_ data: [UInt8]) -> (width: Int, height: Int)? {
    guard data.count >= 5, data[0] == 0x2F else { return nil }
    let bits = UInt32(data[1]) | UInt32(data[2]) << 8 | UInt32(data[3]) << 16 | UInt32(data[4]) << 24
    let width = Int(bits & 0x3FFF) + 1
    let height = Int((bits >> 14) & 0x3FFF) + 1
    guard bits >> 29 == 0 else { return nil }  // version must be 0
    return (width, height)
  }

  /// An ANMF frame header: offset (× 2), size, duration, flags. [RFC 9649 2.7.1.1]
  struct FrameHeader: Equatable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    /// Parses the first 16 bytes of an ANMF payload.
    init?(_ data: [UInt8]) {
      guard data.count >= 16 else { return nil }
      x = WebPChunks.u24(data, 0) * 2
      y = WebPChunks.u24(data, 3) * 2
      width = WebPChunks.u24(data, 6) + 1
      height = WebPChunks.u24(data, 9) + 1
    }
  }

  /// Bytes of an ANMF header before its frame's chunks.
  static let frameHeaderLength = 16

  static func u24(_ data: [UInt8], _ at: Int) -> Int {
    Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16
  }

  static func u32le(_ data: [UInt8], _ at: Int) -> Int {
    Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24
  }

  /// A printable rendering of a chunk type ("EXIF", "XMP ", or its bytes in hex).
  static func typeName(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? String(decoding: bytes, as: UTF8.self)
      : bytes.map { Hex.byte($0) }.joined()
  }
}
