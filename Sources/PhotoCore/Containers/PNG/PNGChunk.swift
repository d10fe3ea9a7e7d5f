import Bytes
/// One PNG chunk as found in the file. [PNG (Third Edition) 5.3]
public struct PNGChunk: Sendable, Equatable, CustomStringConvertible {
  /// The four-letter type ("IHDR", "eXIf", "zTXt"…).
  public var type: String
  /// 0-based position in the file's chunk sequence.
  public var index: Int
  /// Absolute offset of the chunk (its length field).
  public var offset: Int
  /// Length of the data field.
  public var length: Int
  /// The CRC matched (nil when the chunk's data was not read, e.g. IDAT, or it is truncated).
  public var crcValid: Bool?
  /// The file ends inside the chunk.
  public var isTruncated: Bool

  public init(type: String, index: Int, offset: Int, length: Int, crcValid: Bool? = nil, isTruncated: Bool = false) {
    self.type = type
    self.index = index
    self.offset = offset
    self.length = length
    self.crcValid = crcValid
    self.isTruncated = isTruncated
  }

  /// Absolute offset of the data field.
  public var dataOffset: Int { offset + 8 }
  /// Absolute offset just past the CRC.
  public var end: Int { offset + 12 + length }
  /// Bit 5 of the first letter: ancillary (lower case) rather than critical. [5.4]
  public var isAncillary: Bool { type.first?.isLowercase ?? false }

  public var description: String { "\(type) at \(offset) (\(length) bytes)" }
}

/// CRC-32 as PNG computes it over the chunk type and data (ISO 3309 / ITU-T V.42 polynomial,
/// reflected, initial and final XOR 0xFFFFFFFF). [PNG (Third Edition) 5.5, Annex D]
/// The specification's sample code, a byte at a time: the reference the tests check
/// zlib's `crc32_z` (`Codecs.CRC32`, what the walkers use) against.
public enum PNGCRC {
  package static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// The CRC of `bytes`, continuing from `crc` (start with 0).
  public static func checksum<C: Collection>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 where C.Element == UInt8 {
    var c = crc ^ 0xFFFF_FFFF
    for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }
}

/// The IHDR fields. [PNG (Third Edition) 11.2.1]
public struct PNGHeader: Sendable, Equatable {
  public var width: Int
  public var height: Int
  public var bitDepth: Int
  /// 0 greyscale, 2 truecolour, 3 indexed, 4 greyscale + alpha, 6 truecolour + alpha.
  public var colorType: Int
  public var compression: Int
  public var filter: Int
  /// 0 none, 1 Adam7.
  public var interlace: Int

  public init(width: Int, height: Int, bitDepth: Int, colorType: Int, compression: Int = 0, filter: Int = 0, interlace: Int = 0) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    self.compression = compression
    self.filter = filter
    self.interlace = interlace
  }

  /// Parses the 13-byte IHDR data.
  init(_ data: [UInt8], offset: Int) throws(ByteError) {
    var r = ByteReader(data, base: offset, what: "PNG IHDR chunk")
    width = Int(try r.u32be())
    height = Int(try r.u32be())
    bitDepth = Int(try r.u8())
    colorType = Int(try r.u8())
    compression = Int(try r.u8())
    filter = Int(try r.u8())
    interlace = Int(try r.u8())
  }

  /// Problems with the field values (zero size, impossible depth/colour combination).
  var problems: [String] {
    var list: [String] = []
    if width == 0 || height == 0 || width > 0x7FFF_FFFF || height > 0x7FFF_FFFF {
      list.append("PNG IHDR size \(width)×\(height) is invalid")
    }
    let allowed: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
    if let depths = allowed[colorType] {
      if !depths.contains(bitDepth) { list.append("PNG IHDR bit depth \(bitDepth) is invalid for colour type \(colorType)") }
    } else {
      list.append("PNG IHDR colour type \(colorType) is invalid")
    }
    if interlace > 1 { list.append("PNG IHDR interlace method \(interlace) is invalid") }
    return list
  }
}
