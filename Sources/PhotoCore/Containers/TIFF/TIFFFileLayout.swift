/// What the walk of a whole TIFF-shaped file found (TIFF, BigTIFF, DNG, the TIFF-based camera
/// raws): every IFD — the IFD chain, SubIFDs (tag 330) at any depth, and the Exif, GPS and
/// Interop IFDs of each — with where each entry's value lies in the file, and for every image
/// directory where its pixels are (strips, tiles, a JPEG). Values are not decoded here: the
/// model decodes the metadata directories (`MetadataAssembler+TIFF`), the layout names the
/// bytes, the pixel decoders pick a picture (`TIFFPicture`).
/// [TIFF 6.0 §2, §8; TIFF Technical Note 1 (SubIFDs); BigTIFF; DNG 1.7 §4–6; CIPA DC-008 4.6]
struct TIFFFileLayout: Sendable, Equatable {
  /// One IFD entry. [TIFF 6.0 §2 "IFD Entry"; BigTIFF: 20-byte entries]
  struct Entry: Sendable, Equatable {
    package var tag: UInt16
    package var type: UInt16
    package var count: Int
    /// The value's bytes in the file: inline in the entry, or at its offset. Nil when it does not
    /// lie in the file, its size overflows, or the type is unknown (`problem` says which).
    package var value: Range<Int>?
    /// True when the value is held in the entry itself (4 bytes or fewer; 8 in BigTIFF).
    var isInline: Bool
    /// Why `value` is nil.
    package var problem: String?
  }

  /// What an IFD holds.
  enum DirectoryKind: Sendable, Equatable {
    /// An image: IFD0 and its chain, SubIFDs. [TIFF 6.0 §8]
    case image
    /// The Exif IFD (tag 0x8769). [EXIF 2.32 4.6.3]
    case exif
    /// The GPS IFD (tag 0x8825). [EXIF 2.32 4.6.6]
    case gps
    /// The Interoperability IFD (tag 0xA005). [EXIF 2.32 4.6.7]
    case interop
  }

  /// One IFD.
  struct Directory: Sendable, Equatable {
    /// As ExifTool names it: "IFD0", "IFD1", "SubIFD", "SubIFD1", "ExifIFD", "GPS", "InteropIFD";
    /// a second Exif or GPS IFD (of another page) is "ExifIFD2", "GPS2".
    package var name: String
    package var kind: DirectoryKind
    /// Where its table starts.
    package var offset: Int
    /// The table: count, entries, next-IFD offset (clipped to the file).
    package var table: Range<Int>
    package var entries: [Entry]
    /// The directory that points at it (an index into `directories`); nil for IFD0.
    package var parent: Int?
    /// The page it describes: 0 for IFD0 and what hangs from it, 1 for IFD1…
    package var page: Int

    package func entry(_ tag: UInt16) -> Entry? { entries.first { $0.tag == tag } }
  }

  package var header: TIFFFileHeader
  /// Every IFD read, in the order met.
  var directories: [Directory] = []
  /// The image directories' facts, by index into `directories`.
  package var images: [Int: TIFFImageDirectory] = [:]
  /// Pointers that do not lead to a readable IFD, caps reached, values outside the file: each is
  /// a part of the file that was not read (PA015), as a sentence.
  var unread: [String] = []
  /// Things that did not stop the walk (an IFD chain that loops back).
  package var warnings: [String] = []

  /// The directory named `name`.
  package func directory(_ name: String) -> Directory? { directories.first { $0.name == name } }

  /// Directory indices of the image directories, in walk order.
  var imageIndices: [Int] { directories.indices.filter { directories[$0].kind == .image } }

  /// The tags that point at other structures of the file (IFDs, pixels, metadata blocks): the
  /// walker reads them, the layout names what they point at. [TIFF 6.0 §8; EXIF 2.32; DNG 1.7]
  package enum Tag {
    static let newSubfileType: UInt16 = 0x00FE
    static let imageWidth: UInt16 = 0x0100
    static let imageLength: UInt16 = 0x0101
    static let bitsPerSample: UInt16 = 0x0102
    static let compression: UInt16 = 0x0103
    static let photometric: UInt16 = 0x0106
    package static let make: UInt16 = 0x010F
    static let stripOffsets: UInt16 = 0x0111
    package static let orientation: UInt16 = 0x0112
    static let samplesPerPixel: UInt16 = 0x0115
    static let rowsPerStrip: UInt16 = 0x0116
    static let stripByteCounts: UInt16 = 0x0117
    static let planarConfiguration: UInt16 = 0x011C
    static let freeOffsets: UInt16 = 0x0120
    static let tileWidth: UInt16 = 0x0142
    static let tileLength: UInt16 = 0x0143
    static let tileOffsets: UInt16 = 0x0144
    static let tileByteCounts: UInt16 = 0x0145
    static let subIFDs: UInt16 = 0x014A
    static let sampleFormat: UInt16 = 0x0153
    static let jpegTables: UInt16 = 0x015B
    static let jpegInterchangeFormat: UInt16 = 0x0201
    static let jpegInterchangeFormatLength: UInt16 = 0x0202
    package static let xmp: UInt16 = 0x02BC
    static let iptc: UInt16 = 0x83BB
    static let photoshop: UInt16 = 0x8649
    static let exifIFD: UInt16 = 0x8769
    package static let icc: UInt16 = 0x8773
    static let gpsIFD: UInt16 = 0x8825
    static let makerNote: UInt16 = 0x927C
    static let interopIFD: UInt16 = 0xA005
    static let dngVersion: UInt16 = 0xC612
    static let dngPrivateData: UInt16 = 0xC634
  }
}

/// The pixel facts of one image directory: size, coding, and where its pixels lie.
/// [TIFF 6.0 §3–§8, §15 (tiles), §22 (JPEG); TIFF Technical Note 2]
struct TIFFImageDirectory: Sendable, Equatable {
  package var width: Int?
  package var height: Int?
  /// Compression (1 none, 5 LZW, 6 old JPEG, 7 JPEG, 8 Deflate, 32773 PackBits, vendors' codes).
  var compression: Int
  var photometric: Int?
  var bitsPerSample: [Int]
  var samplesPerPixel: Int
  var planar: Int
  /// NewSubfileType: bit 0 a reduced-resolution version of another image, bit 1 a page.
  var newSubfileType: Int
  /// The strips or tiles in order, clipped to the file; nil when the offsets and byte counts are
  /// missing or do not pair up.
  var striles: [Range<Int>]?
  /// True for tiles, false for strips.
  var tiled: Bool
  /// RowsPerStrip, or the tile size.
  var rowsPerStrip: Int?
  var tileWidth: Int?
  var tileLength: Int?
  /// A JPEG the directory points at (JPEGInterchangeFormat/Length), clipped to the file.
  package var jpeg: Range<Int>?
  /// JPEGTables is present: its JPEG strips are abbreviated streams, no whole JPEGs.
  var hasJPEGTables: Bool
  /// Sensor data by where it is, whatever its tags say: a CR2's raw IFD (the header names it),
  /// IFD0 of a Panasonic or Olympus raw.
  var isRawByPlace = false

  /// True for a reduced-resolution version of another image (a preview, a thumbnail).
  var isReduced: Bool { newSubfileType & 1 != 0 }

  /// Photometric interpretations that are sensor data, not a picture: CFA, LinearRaw. [DNG 1.7]
  static let rawPhotometrics: Set<Int> = [32803, 34892]
  /// Compressions that only the camera makers' raw decoders read. [ExifTool Exif.pm Compression]
  static let vendorRawCompressions: Set<Int> = [262, 32767, 32769, 32770, 32772, 32867, 34316, 34713, 34826, 34828, 34830, 65000, 65535]

  /// True when the directory holds sensor data (CFA, linear raw, a vendor's raw compression).
  var isRawSensorData: Bool {
    isRawByPlace || photometric.map(Self.rawPhotometrics.contains) == true || Self.vendorRawCompressions.contains(compression)
  }

  /// Its pixel count, when its size is known.
  package var pixelCount: Int? {
    guard let width, let height, width > 0, height > 0 else { return nil }
    let (count, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? nil : count
  }

  /// "1536×1024, Compression 7 (JPEG), RGB".
  package var summary: String {
    let size = width.flatMap { w in height.map { "\(w)×\($0)" } } ?? "size unknown"
    return "\(size), Compression \(compression)\(Self.compressionName(compression).map { " (\($0))" } ?? "")"
  }

  /// Names of the compressions met in practice. [TIFF 6.0 §3, TIFF TN2, ExifTool Exif.pm]
  static func compressionName(_ code: Int) -> String? {
    switch code {
    case 1: "uncompressed"
    case 2: "CCITT RLE"
    case 3: "CCITT Group 3"
    case 4: "CCITT Group 4"
    case 5: "LZW"
    case 6: "old-style JPEG"
    case 7: "JPEG"
    case 8, 32946: "Deflate"
    case 34712: "JPEG 2000"
    case 34887, 34892: "lossy JPEG"
    case 34925: "LZMA"
    case 50000: "Zstandard"
    case 50001: "WebP"
    case 52546: "JPEG XL"
    case 32773: "PackBits"
    case 32767: "Sony ARW"
    case 32769: "Epson packed raw"
    case 32770, 32772: "Samsung SRW"
    case 34713: "Nikon NEF compressed"
    case 34316, 34826, 34828, 34830: "Panasonic raw"
    case 32867: "Kodak KDC"
    case 262: "Kodak 262"
    case 65000: "Kodak DCR"
    case 65535: "Pentax PEF compressed"
    default: nil
    }
  }
}
