/// The header of a TIFF-shaped file: byte order, the magic number that says which dialect it
/// is, where the first IFD is, and how long the header is. Classic TIFF and the camera raws
/// built on it share the 8-byte header (a Canon CR2 adds 8 bytes after it); BigTIFF has a
/// 16-byte header and 64-bit offsets. [TIFF 6.0 §2 "Image File Header"; BigTIFF (Aware Systems,
/// libtiff `tiff.h` TIFF_BIGTIFF_VERSION); Canon CR2 (ExifTool CanonRaw.pm, dcraw); Panasonic
/// RW2 and Olympus ORF headers (ExifTool PanasonicRaw.pm, Olympus.pm)]
struct TIFFFileHeader: Sendable, Equatable {
  /// The dialect the magic number names.
  enum Dialect: Sendable, Equatable {
    /// 42: TIFF 6.0 (and DNG, CR2, NEF, ARW, PEF… which are TIFF files).
    case classic
    /// 43: BigTIFF, 64-bit offsets and counts.
    case big
    /// 0x55: Panasonic RW2/RWL (a TIFF with Panasonic's tags in IFD0).
    case panasonic
    /// "RO" (0x4F52) or "RS" (0x5352): Olympus ORF.
    case olympus
  }

  package var bigEndian: Bool
  var dialect: Dialect
  /// The offset of IFD0.
  var firstIFD: Int
  /// Bytes of the header: 8, 16 for BigTIFF and CR2.
  package var length: Int
  /// A Canon CR2: "CR", major version 2 after the TIFF header. [ExifTool CanonRaw.pm]
  var isCR2: Bool
  /// CR2: the offset of the raw IFD (IFD3), which the header names too.
  var cr2RawIFD: Int?

  /// True with 64-bit offsets and 20-byte entries.
  var isBig: Bool { dialect == .big }
  /// Bytes of an IFD's entry count, of one entry and of the next-IFD offset.
  var countSize: Int { isBig ? 8 : 2 }
  var entrySize: Int { isBig ? 20 : 12 }
  var offsetSize: Int { isBig ? 8 : 4 }

  /// Magic numbers. [TIFF 6.0 §2; BigTIFF; ExifTool]
  static let classicMagic: UInt16 = 42
  static let bigMagic: UInt16 = 43
  static let panasonicMagic: UInt16 = 0x55
  static let olympusMagics: Set<UInt16> = [0x4F52, 0x5352]
  /// Bytes `parse` needs.
  static let neededBytes = 16

  /// Reads the header at the start of `head`; nil when it is not a TIFF-shaped file's.
  package static func parse(_ head: [UInt8]) -> TIFFFileHeader? {
    guard head.count >= 8 else { return nil }
    let bigEndian: Bool
    switch (head[0], head[1]) {
    case (0x49, 0x49): bigEndian = false
    case (0x4D, 0x4D): bigEndian = true
    default: return nil
    }
    func u16(_ at: Int) -> UInt16 {
      bigEndian ? UInt16(head[at]) << 8 | UInt16(head[at + 1]) : UInt16(head[at + 1]) << 8 | UInt16(head[at])
    }
    func u32(_ at: Int) -> Int {
      let b = (0..<4).map { Int(head[at + $0]) }
      return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
    }
    let magic = u16(2)
    switch magic {
    case bigMagic:
      // Bytesize of offsets (8) and a zero word, then the 64-bit offset of IFD0.
      guard head.count >= 16, u16(4) == 8, u16(6) == 0 else { return nil }
      var offset: UInt64 = 0
      for k in 0..<8 {
        let byte = UInt64(head[8 + (bigEndian ? k : 7 - k)])
        offset = offset << 8 | byte
      }
      guard offset <= UInt64(Int.max) else { return nil }
      return TIFFFileHeader(bigEndian: bigEndian, dialect: .big, firstIFD: Int(offset), length: 16, isCR2: false)
    case classicMagic, panasonicMagic:
      let dialect: Dialect = magic == classicMagic ? .classic : .panasonic
      let isCR2 = dialect == .classic && head.count >= 16 && head[8] == 0x43 && head[9] == 0x52 && head[10] == 2
      return TIFFFileHeader(bigEndian: bigEndian, dialect: dialect, firstIFD: u32(4), length: isCR2 ? 16 : 8, isCR2: isCR2,
                            cr2RawIFD: isCR2 ? u32(12) : nil)
    default:
      guard olympusMagics.contains(magic) else { return nil }
      return TIFFFileHeader(bigEndian: bigEndian, dialect: .olympus, firstIFD: u32(4), length: 8, isCR2: false)
    }
  }

  /// What the header says the file is, for the layout: "TIFF header (II, 42)".
  package var name: String {
    let order = bigEndian ? "MM" : "II"
    switch dialect {
    case .classic: return isCR2 ? "CR2 header (\(order), 42, \"CR\" 2)" : "TIFF header (\(order), 42)"
    case .big: return "BigTIFF header (\(order), 43)"
    case .panasonic: return "Panasonic RW2 header (\(order), 0x55)"
    case .olympus: return "Olympus ORF header (\(order))"
    }
  }
}
