import Bytes
/// Bounds-checked reads of a TIFF-shaped file from its `ByteSource`: IFD tables and the numbers
/// the walk follows (pointers, strip offsets), classic or BigTIFF, in the file's byte order.
/// Every offset is checked against the file and every count against a cap before anything is
/// read or allocated. Offsets in the file count from its header, at `base` in `source`; the
/// ranges this returns are in `source` (the header at `base`, the file ending at `end`).
/// [TIFF 6.0 §2; BigTIFF]
struct TIFFFileReader {
  package let source: any ByteSource
  package let header: TIFFFileHeader
  /// Where the header is in `source`, and where the file ends.
  package let base: Int
  package let end: Int

  init(source: any ByteSource, header: TIFFFileHeader, range: Range<Int>? = nil) {
    self.source = source
    self.header = header
    self.base = range?.lowerBound ?? 0
    self.end = range?.upperBound ?? source.count
  }

  /// Most entries read from one IFD (a classic IFD may declare 65,535).
  static let maxEntries = 4096
  /// Most numbers read from one entry (strip and tile offsets of one image).
  static let maxNumbers = 1 << 20

  /// Bytes of the file, from its header on.
  package var count: Int { end - base }

  /// Bytes per component of each TIFF type; nil for an unknown type. [TIFF 6.0 §2 "Types";
  /// TIFF TN1 (13 IFD); BigTIFF (16 LONG8, 17 SLONG8, 18 IFD8)]
  package static func size(ofType type: UInt16) -> Int? {
    switch type {
    case 1, 2, 6, 7: 1
    case 3, 8: 2
    case 4, 9, 11, 13: 4
    case 5, 10, 12, 16, 17, 18: 8
    default: nil
    }
  }

  /// An unsigned integer of `size` bytes (2, 4 or 8) at `at` of `bytes`, in the file's order.
  func uint(_ bytes: [UInt8], at: Int, size: Int) -> UInt64? {
    guard at >= 0, size > 0, at + size <= bytes.count else { return nil }
    var value: UInt64 = 0
    for k in 0..<size {
      value = value << 8 | UInt64(bytes[at + (header.bigEndian ? k : size - 1 - k)])
    }
    return value
  }

  /// The bytes at `range` of the file (offsets from its header), clamped to it.
  package func read(_ range: Range<Int>) -> [UInt8]? {
    guard range.lowerBound >= 0, range.lowerBound <= count else { return nil }
    return try? source.bytes(in: base + range.lowerBound..<base + min(range.upperBound, count))
  }

  /// `range` of the file (offsets from its header) in `source`.
  package func place(_ range: Range<Int>) -> Range<Int> { base + range.lowerBound..<base + range.upperBound }

  /// The IFD at `offset`: its entries (at most `maxEntries`) and the offset of the next IFD
  /// (nil when zero or unreadable); the table's and the values' ranges are in `source`. Fails
  /// with a sentence when the table does not lie in the file.
  package func directory(at offset: Int) -> Result<(entries: [TIFFFileLayout.Entry], table: Range<Int>, next: Int?, cut: String?), TIFFReadProblem> {
    guard offset >= (header.isBig ? 16 : 8) else {
      return .failure(TIFFReadProblem("offset \(offset) points into the \(header.isBig ? 16 : 8)-byte header"))
    }
    guard offset < count else {
      return .failure(TIFFReadProblem("offset \(offset) lies outside the file (\(count) bytes)"))
    }
    guard let countBytes = read(offset..<offset + header.countSize), countBytes.count == header.countSize,
          let declared = uint(countBytes, at: 0, size: header.countSize) else {
      return .failure(TIFFReadProblem("the entry count at offset \(offset) lies outside the file"))
    }
    guard declared > 0 else { return .failure(TIFFReadProblem("the IFD at offset \(offset) declares no entries")) }
    let wanted = Int(min(declared, UInt64(Self.maxEntries)))
    let start = offset + header.countSize
    let available = (count - start) / header.entrySize
    let readCount = min(wanted, available)
    guard readCount > 0 else { return .failure(TIFFReadProblem("the IFD at offset \(offset) ends with the file before its first entry")) }
    guard let table = self.read(start..<start + readCount * header.entrySize), table.count == readCount * header.entrySize else {
      return .failure(TIFFReadProblem("the IFD at offset \(offset) could not be read"))
    }
    var entries: [TIFFFileLayout.Entry] = []
    entries.reserveCapacity(readCount)
    for k in 0..<readCount {
      entries.append(entry(table, at: k * header.entrySize, fieldOffset: start + k * header.entrySize))
    }
    var cut: String?
    if declared > UInt64(readCount) {
      cut = declared > UInt64(Self.maxEntries) && readCount == Self.maxEntries
        ? "declares \(declared) entries; only the first \(Self.maxEntries) were read"
        : "declares \(declared) entries; the file ends after \(readCount)"
    }
    let nextAt = start + Int(min(declared, UInt64(count))) * header.entrySize
    var next: Int?
    if cut == nil, let bytes = self.read(nextAt..<nextAt + header.offsetSize), bytes.count == header.offsetSize,
       let value = uint(bytes, at: 0, size: header.offsetSize), value != 0 {
      next = value > UInt64(Int.max) ? Int.max : Int(value)
    }
    let tableEnd = cut == nil ? min(nextAt + header.offsetSize, count)   : start + readCount * header.entrySize
    return .success((entries, place(offset..<tableEnd), next, cut))
  }

  /// One entry of a table read at `fieldOffset` in the file.
  private func entry(_ table: [UInt8], at k: Int, fieldOffset: Int) -> TIFFFileLayout.Entry {
    let tag = UInt16(uint(table, at: k, size: 2) ?? 0)
    let type = UInt16(uint(table, at: k + 2, size: 2) ?? 0)
    let countSize = header.isBig ? 8 : 4
    let rawCount = uint(table, at: k + 4, size: countSize) ?? 0
    let field = k + 4 + countSize
    let fieldInFile = fieldOffset + 4 + countSize
    let count = rawCount > UInt64(Int32.max) ? Int(Int32.max) : Int(rawCount)
    var entry = TIFFFileLayout.Entry(tag: tag, type: type, count: count, value: nil, isInline: false)
    guard let size = Self.size(ofType: type) else {
      entry.problem = "has the unknown TIFF type \(type)"
      return entry
    }
    let (total, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow, rawCount <= UInt64(Int32.max) else {
      entry.problem = "declares \(rawCount) values of \(size) bytes, more than a file can hold"
      return entry
    }
    if total <= header.offsetSize {
      entry.isInline = true
      entry.value = place(fieldInFile..<fieldInFile + total)
      return entry
    }
    guard let pointer = uint(table, at: field, size: header.offsetSize), pointer <= UInt64(self.count),
          total <= self.count - Int(pointer) else {
      entry.problem = "has \(total) bytes of value at offset \(uint(table, at: field, size: header.offsetSize) ?? 0), outside the file (\(self.count) bytes)"
      return entry
    }
    entry.value = place(Int(pointer)..<Int(pointer) + total)
    return entry
  }

  /// The unsigned integer values of `entry` (BYTE, SHORT, LONG, IFD, LONG8, IFD8), at most
  /// `limit`; nil when it has another type, more values than `limit`, or its value is unreadable.
  func numbers(_ entry: TIFFFileLayout.Entry?, limit: Int = 64) -> [Int]? {
    guard let entry, let value = entry.value, entry.count <= limit,
          let size = Self.size(ofType: entry.type), [1, 3, 4, 13, 16, 18].contains(entry.type),
          let bytes = try? source.bytes(in: value), bytes.count == value.count else { return nil }
    return (0..<entry.count).compactMap { k in uint(bytes, at: k * size, size: size).map { $0 > UInt64(Int.max) ? Int.max : Int($0) } }
  }

  /// The first value of `entry` as a number.
  package func number(_ entry: TIFFFileLayout.Entry?) -> Int? { numbers(entry, limit: 1)?.first ?? numbers(entry, limit: 16)?.first }

  /// The bytes of `entry`'s value, when it holds at most `limit` bytes.
  package func bytes(_ entry: TIFFFileLayout.Entry?, limit: Int) -> [UInt8]? {
    guard let value = entry?.value, value.count <= limit, let bytes = try? source.bytes(in: value), bytes.count == value.count else { return nil }
    return bytes
  }
}

/// Why a structure of a TIFF file could not be read, as a sentence fragment.
struct TIFFReadProblem: Error, Sendable, Equatable {
  package var text: String
  init(_ text: String) { self.text = text }
}
