/// The record directory of a FLIR FFF file (the data of a FLIR JPEG's APP1 segments joined, or
/// a bare .fff/.seq frame): a 64-byte header ("FFF\0" or "AFF\0", creator, format version,
/// directory offset and entry count), then 32-byte entries each naming a record by type and
/// placing it by offset and length from the start of the data. The header's byte order is the
/// one in which the version reads 100–199 (FLIR APP1 data is big-endian, .fff files
/// little-endian). [ExifTool FLIR.pm ProcessFLIR, "FLIR file header" and "FLIR record entry"]
public struct FFFDirectory: Sendable, Equatable {
  /// Header bytes.
  public static let headerLength = 0x40
  /// Bytes of one directory entry.
  public static let entryLength = 0x20
  /// Most entries read; a directory that claims more is not read (PA015). Files seen hold 14–20.
  public static let maxEntries = 4096

  /// Record types. [ExifTool FLIR.pm %FLIR::FFF]
  public enum RecordType {
    public static let rawData: UInt16 = 0x01
    public static let embeddedImage: UInt16 = 0x0E
    public static let cameraInfo: UInt16 = 0x20
    public static let paletteInfo: UInt16 = 0x22
    public static let textInfo: UInt16 = 0x23
    public static let gpsInfo: UInt16 = 0x2B
  }

  /// One record the directory lists.
  public struct Record: Sendable, Equatable {
    /// Record type (`RecordType`); 0 marks an empty entry, which is skipped.
    public var type: UInt16
    /// Record version as written (ExifTool has seen 0x64–0x104).
    public var version: UInt32
    /// Where the record's bytes are in the FFF data; nil when the entry points outside it.
    public var range: Range<Int>?
    /// Offset and length as the entry gives them.
    public var offset: UInt32, length: UInt32
  }

  /// "FFF" or "AFF".
  public var signature: String
  /// True when the header and directory are big-endian.
  public var bigEndian: Bool
  /// The format version (100–199).
  public var version: UInt32
  /// The non-empty entries, in directory order.
  public var records: [Record]

  /// Why a directory could not be read: each is a sentence fragment for a PA015 reason.
  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    case notFFF
    case unknownVersion(UInt32)
    case directoryOutside(offset: UInt32, entries: UInt32, size: Int)
    case tooManyEntries(UInt32)

    public var description: String {
      switch self {
      case .notFFF: "the FLIR data does not start with an FFF header (\"FFF\\0\" or \"AFF\\0\" and 64 bytes)"
      case .unknownVersion(let v): "the FFF header gives format version \(v) in either byte order (known: 100–199)"
      case .directoryOutside(let offset, let entries, let size):
        "the FFF record directory (\(entries) entries at offset \(offset)) lies outside the \(size) bytes of FLIR data"
      case .tooManyEntries(let n): "the FFF record directory lists \(n) entries, over the limit of \(FFFDirectory.maxEntries)"
      }
    }
  }

  /// Reads the header and record directory of `data`.
  public static func read(_ data: [UInt8]) throws(Failure) -> FFFDirectory {
    guard data.count >= headerLength, data[1] == 0x46, data[2] == 0x46, data[3] == 0,
          data[0] == 0x46 || data[0] == 0x41 else { throw .notFFF }
    var bigEndian = true
    var version = u32(data, 0x14, bigEndian: true)
    if !(100..<200).contains(version) {
      bigEndian = false
      version = u32(data, 0x14, bigEndian: false)
      guard (100..<200).contains(version) else { throw .unknownVersion(u32(data, 0x14, bigEndian: true)) }
    }
    let offset = u32(data, 0x18, bigEndian: bigEndian)
    let count = u32(data, 0x1C, bigEndian: bigEndian)
    guard count <= maxEntries else { throw .tooManyEntries(count) }
    // UInt64 arithmetic: offset + count × 32 cannot overflow.
    guard UInt64(offset) + UInt64(count) * UInt64(entryLength) <= UInt64(data.count) else {
      throw .directoryOutside(offset: offset, entries: count, size: data.count)
    }
    var records: [Record] = []
    for index in 0..<Int(count) {
      let entry = Int(offset) + index * entryLength
      let type = u16(data, entry, bigEndian: bigEndian)
      guard type != 0 else { continue }
      let recordOffset = u32(data, entry + 0x0C, bigEndian: bigEndian)
      let recordLength = u32(data, entry + 0x10, bigEndian: bigEndian)
      let end = UInt64(recordOffset) + UInt64(recordLength)
      let range = end <= UInt64(data.count) ? Int(recordOffset)..<Int(end) : nil
      records.append(Record(type: type, version: u32(data, entry + 4, bigEndian: bigEndian), range: range,
                            offset: recordOffset, length: recordLength))
    }
    return FFFDirectory(signature: data[0] == 0x46 ? "FFF" : "AFF", bigEndian: bigEndian, version: version, records: records)
  }

  /// The records of `type`, in directory order.
  public func records(_ type: UInt16) -> [Record] { records.filter { $0.type == type } }

  // Callers check the bounds first.
  static func u16(_ d: [UInt8], _ at: Int, bigEndian: Bool) -> UInt16 {
    let a = UInt16(d[at]), b = UInt16(d[at + 1])
    return bigEndian ? a << 8 | b : b << 8 | a
  }

  static func u32(_ d: [UInt8], _ at: Int, bigEndian: Bool) -> UInt32 {
    var value: UInt32 = 0
    for i in 0..<4 { value = value << 8 | UInt32(d[at + (bigEndian ? i : 3 - i)]) }
    return value
  }
}
