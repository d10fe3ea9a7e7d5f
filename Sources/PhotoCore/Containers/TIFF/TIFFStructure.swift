/// The structure of a TIFF/EXIF block as our own bounds-checked walk reads it: the IFDs (IFD0 and
/// its chain, the Exif, GPS and Interop IFDs), where each entry's value lies, the IFD1 thumbnail
/// and the MakerNote. It does not decode values (libexif does); it says where things are and
/// whether they can be read, so that a GPS IFD libexif skips is still seen, the thumbnail is
/// found in place, and the sweep can tell a TIFF block with a GPS IFD in unexplained bytes.
/// [TIFF 6.0 §2; CIPA DC-008 (EXIF 2.32) 4.6]
struct TIFFStructure: Sendable, Equatable {
  /// One IFD entry. [TIFF 6.0 §2 "IFD Entry"]
  struct Entry: Sendable, Equatable {
    package var tag: UInt16
    package var type: UInt16
    package var count: Int
    /// Where the value lies, relative to the TIFF header; nil when it does not fit the block
    /// (or the type is unknown, so its size is not known).
    package var value: Range<Int>?
    /// For an ASCII value with bytes other than NUL and space after its first NUL: where that
    /// NUL is (readers stop there, so what follows is seen by nobody).
    var hiddenAfter: Int? = nil
  }

  /// One IFD: where its entry table is and what it holds.
  struct Directory: Sendable, Equatable {
    /// "IFD0", "IFD1", "ExifIFD", "GPS", "InteropIFD", "IFD2"…
    package var name: String
    /// The entry table (count, entries, next-IFD offset), relative to the TIFF header.
    package var table: Range<Int>
    package var entries: [Entry]
    /// The entry count the table declares (more than `entries` when over `maxEntries` or when
    /// the table runs past the block).
    var declaredCount: Int = 0
    /// The next-IFD offset after the table (0: none); nil when the table does not fit whole.
    var nextOffset: Int? = nil

    package func entry(_ tag: UInt16) -> Entry? { entries.first { $0.tag == tag } }
  }

  /// Something of the block this walk could not read in full: an IFD pointer or table, or an
  /// entry's value, outside the block; more IFDs or entries than the caps. `directory` names the
  /// IFD concerned ("GPS" for the GPS pointer too).
  package struct Problem: Sendable, Equatable {
    package var directory: String
    package var reason: String
  }

  package var bigEndian: Bool
  /// Every IFD read, in the order met.
  var directories: [Directory] = []
  /// What was not read in full, in the order met (each is a reason for PA015, `ExifDecoder`).
  var problems: [Problem] = []
  /// The IFD1 JPEG thumbnail (JPEGInterchangeFormat/Length), relative to the TIFF header, clipped
  /// to the block. [EXIF 2.32 4.6.3]
  package var thumbnail: Range<Int>?
  /// The MakerNote value (Exif IFD tag 0x927C). [EXIF 2.32 4.6.5]
  var makerNote: Range<Int>?
  /// The IFD1 thumbnail when it is uncompressed (Compression 1: strips of samples).
  var uncompressedThumbnail: UncompressedThumbnail?

  /// Most IFDs followed (IFD0 chain, sub-IFDs): real blocks have five.
  static let maxDirectories = 16
  /// Most entries read from one IFD.
  static let maxEntries = 1024

  static let exifPointer: UInt16 = 0x8769
  static let gpsPointer: UInt16 = 0x8825
  static let interopPointer: UInt16 = 0xA005
  static let makerNoteTag: UInt16 = 0x927C

  /// "IFD0 Make (0x010F)": a tag as ExifTool names it in `directory`, with its number.
  static func tagName(_ tag: UInt16, in directory: String) -> String {
    let hex = String(tag, radix: 16, uppercase: true)
    let number = "0x" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    guard let group = ExifGroup(rawValue: directory) else { return "\(directory) tag \(number)" }
    return "\(directory) \(ExifTagTable.name(tag, in: group)) (\(number))"
  }

  /// The GPS IFD, when it was read.
  package var gps: Directory? { directories.first { $0.name == "GPS" } }

  /// True when IFD0 points at a GPS IFD, readable or not.
  var hasGPSPointer: Bool { directories.first?.entry(Self.gpsPointer) != nil }

  /// Reads the TIFF block in `bytes[start..<end]` (offsets inside it count from `start`); nil
  /// when it does not start with a TIFF header.
  package static func parse(_ bytes: [UInt8], start: Int = 0, end: Int? = nil) -> TIFFStructure? {
    var reader = TIFFReader(bytes: bytes, start: start, end: min(end ?? bytes.count, bytes.count))
    guard reader.length >= 8 else { return nil }
    let order = (bytes[start], bytes[start + 1])
    switch order {
    case (0x49, 0x49): reader.bigEndian = false
    case (0x4D, 0x4D): reader.bigEndian = true
    default: return nil
    }
    guard reader.u16(2) == 42, let first = reader.u32(4) else { return nil }
    var structure = TIFFStructure(bigEndian: reader.bigEndian)
    structure.read(reader, first: Int(first))
    return structure
  }

  private mutating func read(_ reader: TIFFReader, first: Int) {
    var pending: [(name: String, offset: Int)] = [("IFD0", first)]
    var visited = Set<Int>()
    var chain = 0
    let length = reader.length
    while let (name, offset) = pending.first, directories.count < Self.maxDirectories {
      pending.removeFirst()
      guard visited.insert(offset).inserted else { continue }
      guard let directory = reader.directory(name, at: offset) else {
        let what = reader.u16(offset).map { "\(name) at offset \(offset) lists \($0) entries, which do not fit in the \(length)-byte block" }
          ?? "\(name) at offset \(offset) does not fit in the \(length)-byte block"
        problems.append(Problem(directory: name, reason: what))
        continue
      }
      directories.append(directory)
      if directory.declaredCount > directory.entries.count {
        problems.append(Problem(directory: name, reason: "\(name) lists \(directory.declaredCount) entries; the first \(directory.entries.count) were read (the cap)"))
      }
      for entry in directory.entries where entry.value == nil && TIFFReader.size(ofType: entry.type) != nil {
        problems.append(Problem(directory: name, reason: "\(Self.tagName(entry.tag, in: name)) has a value (\(entry.count) of TIFF type \(entry.type)) that does not fit in the \(length)-byte block"))
      }
      for (tag, child) in [(Self.exifPointer, "ExifIFD"), (Self.gpsPointer, "GPS"), (Self.interopPointer, "InteropIFD")] {
        guard let entry = directory.entry(tag) else { continue }
        if let pointer = reader.pointer(entry) { pending.append((child, pointer)) }
        else {
          let at = entry.value.flatMap { $0.count >= 4 ? reader.u32($0.lowerBound) : nil }.map { " (offset \($0))" } ?? ""
          problems.append(Problem(directory: child, reason: "\(name)'s \(child) pointer\(at) points past the end of the \(length)-byte block"))
        }
      }
      if name == "ExifIFD", let note = directory.entry(Self.makerNoteTag) { makerNote = note.value }
      if name.hasPrefix("IFD"), let next = directory.nextOffset, next != 0 {
        chain += 1
        pending.append(("IFD\(chain)", Int(next)))
      }
      if name == "IFD1" {
        thumbnail = reader.thumbnail(directory)
        uncompressedThumbnail = reader.uncompressedThumbnail(directory)
      }
    }
    if !Set(pending.map(\.offset)).subtracting(visited).isEmpty {
      problems.append(Problem(directory: "", reason: "it points at more than \(Self.maxDirectories) IFDs; those past the \(Self.maxDirectories)th were not read"))
    }
  }
}

/// Bounds-checked reads of one TIFF block.
private struct TIFFReader {
  package let bytes: [UInt8]
  package let start: Int
  package let end: Int
  package var bigEndian = false

  init(bytes: [UInt8], start: Int, end: Int) {
    self.bytes = bytes
    self.start = start
    self.end = max(start, end)
  }

  package var length: Int { end - start }

  func u16(_ at: Int) -> UInt16? {
    guard at >= 0, at + 2 <= length else { return nil }
    let a = UInt16(bytes[start + at]), b = UInt16(bytes[start + at + 1])
    return bigEndian ? a << 8 | b : b << 8 | a
  }

  func u32(_ at: Int) -> UInt32? {
    guard let high = u16(bigEndian ? at : at + 2), let low = u16(bigEndian ? at + 2 : at) else { return nil }
    return UInt32(high) << 16 | UInt32(low)
  }

  /// Bytes per component of each TIFF type. [TIFF 6.0 §2; EXIF 2.32 4.6.2]
  package static func size(ofType type: UInt16) -> Int? {
    switch type {
    case 1, 2, 6, 7: 1
    case 3, 8: 2
    case 4, 9, 11, 13: 4
    case 5, 10, 12: 8
    default: nil
    }
  }

  /// The IFD at `offset` (at most `maxEntries` of its entries; `declaredCount` tells when more
  /// are listed); nil when its entry table does not fit in the block. A cut table is not read in
  /// part: entries made of whatever bytes follow would claim them as values no one decodes,
  /// hiding them from the slack sweep (a thumbnail there among them). The next-IFD offset is
  /// read only when the whole table fits (`Directory.nextOffset`).
  package func directory(_ name: String, at offset: Int) -> TIFFStructure.Directory? {
    guard let count = u16(offset) else { return nil }
    let entries = min(Int(count), TIFFStructure.maxEntries)
    let tableEnd = offset + 2 + 12 * Int(count) + 4
    guard offset + 2 + 12 * entries <= length else { return nil }
    var list: [TIFFStructure.Entry] = []
    list.reserveCapacity(entries)
    for k in 0..<entries {
      let at = offset + 2 + 12 * k
      guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4) else { break }
      var entry = TIFFStructure.Entry(tag: tag, type: type, count: Int(count), value: value(type: type, count: Int(count), at: at + 8))
      if type == 2, let range = entry.value { entry.hiddenAfter = hiddenText(in: range) }
      list.append(entry)
    }
    let next = tableEnd <= length ? u32(tableEnd - 4).map(Int.init) : nil
    return TIFFStructure.Directory(name: name, table: offset..<min(tableEnd, length), entries: list, declaredCount: Int(count),
                                   nextOffset: next)
  }

  /// The first NUL of the ASCII value at `range` when bytes other than NUL and space follow it.
  func hiddenText(in range: Range<Int>) -> Int? {
    let values = bytes[start + range.lowerBound..<start + range.upperBound]
    guard let nul = values.firstIndex(of: 0), values[(nul + 1)...].contains(where: { $0 != 0 && $0 != 0x20 }) else { return nil }
    return nul - start
  }

  /// Where a value lies: inline in the entry (4 bytes or fewer) or at its offset.
  package func value(type: UInt16, count: Int, at field: Int) -> Range<Int>? {
    guard let size = Self.size(ofType: type) else { return nil }
    let (total, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow else { return nil }
    if total <= 4 { return field..<field + total }
    guard let offset = u32(field).map(Int.init), offset <= length, total <= length - offset else { return nil }
    return offset..<offset + total
  }

  /// The IFD a pointer entry (LONG or IFD type) points at.
  package func pointer(_ entry: TIFFStructure.Entry) -> Int? {
    guard let value = entry.value, value.count >= 4, let offset = u32(value.lowerBound), Int(offset) < length else { return nil }
    return Int(offset)
  }

  /// IFD1 JPEGInterchangeFormat (0x0201) and JPEGInterchangeFormatLength (0x0202), clipped.
  package func thumbnail(_ directory: TIFFStructure.Directory) -> Range<Int>? {
    guard let format = directory.entry(0x0201)?.value, let size = directory.entry(0x0202)?.value,
          let offset = number(format), let count = number(size), offset > 0, offset < length, count > 0 else { return nil }
    return offset..<offset + min(count, length - offset)
  }

  /// A SHORT or LONG value.
  package func number(_ value: Range<Int>) -> Int? {
    value.count == 2 ? u16(value.lowerBound).map(Int.init) : value.count == 4 ? u32(value.lowerBound).map(Int.init) : nil
  }

  /// The SHORT or LONG values of `entry` (at most `limit`); nil when it has another type or its
  /// values lie outside the block.
  func numbers(_ entry: TIFFStructure.Entry?, limit: Int) -> [Int]? {
    guard let entry, let value = entry.value, entry.count <= limit, entry.type == 3 || entry.type == 4 else { return nil }
    let size = entry.type == 3 ? 2 : 4
    return (0..<entry.count).compactMap { number(value.lowerBound + $0 * size..<value.lowerBound + ($0 + 1) * size) }
  }

  /// IFD1's uncompressed thumbnail (Compression 1), with its strips bounds-checked against the
  /// block. [TIFF 6.0 §3, §5 defaults: 1 sample of 1 bit, chunky]
  func uncompressedThumbnail(_ directory: TIFFStructure.Directory) -> UncompressedThumbnail? {
    typealias U = UncompressedThumbnail
    guard numbers(directory.entry(U.compressionTag), limit: 1) == [U.uncompressed],
          let width = numbers(directory.entry(U.widthTag), limit: 1)?.first,
          let height = numbers(directory.entry(U.heightTag), limit: 1)?.first else { return nil }
    let samples = numbers(directory.entry(U.samplesPerPixelTag), limit: 1)?.first ?? 1
    var thumbnail = UncompressedThumbnail(
      width: width, height: height, bitsPerSample: numbers(directory.entry(U.bitsPerSampleTag), limit: 16) ?? [1],
      samplesPerPixel: samples, photometric: numbers(directory.entry(U.photometricTag), limit: 1)?.first,
      planar: numbers(directory.entry(U.planarTag), limit: 1)?.first ?? 1, strips: nil)
    if let offsets = numbers(directory.entry(U.stripOffsetsTag), limit: U.maxStrips),
       let counts = numbers(directory.entry(U.stripByteCountsTag), limit: U.maxStrips),
       !offsets.isEmpty, offsets.count == counts.count,
       zip(offsets, counts).allSatisfy({ $0.0 <= length && $0.1 <= length - $0.0 }) {
      thumbnail.strips = zip(offsets, counts).map { $0.0..<$0.0 + $0.1 }
    }
    return thumbnail
  }
}

extension TIFFStructure {
  /// The block's structures as layout nodes, offsets shifted by `base` (where the TIFF header is
  /// in the document): the header, each IFD's entry table, the MakerNote (swept: vendors'
  /// blocks are not decoded), values no decoder reads as text (swept, `opaqueValues`), an
  /// uncompressed thumbnail's strips (swept) and the block's slack (swept). Other values and
  /// the thumbnail are left to the node that holds the block. `slack` is `slack(length:)` when
  /// the caller has it.
  func nodes(base: Int, length: Int, slack: [Range<Int>]? = nil) -> [LayoutNode] {
    var nodes = [LayoutNode("TIFF header", range: base..<base + 8)]
    for directory in directories {
      nodes.append(LayoutNode(directory.name, range: base + directory.table.lowerBound..<base + directory.table.upperBound))
    }
    for (name, range, note) in opaqueValues() {
      nodes.append(LayoutNode(name, range: base + range.lowerBound..<base + range.upperBound, note: note, swept: true))
    }
    if let makerNote, !makerNote.isEmpty {
      nodes.append(LayoutNode("MakerNote", range: base + makerNote.lowerBound..<base + makerNote.upperBound,
                              note: "vendor data, not decoded", swept: true))
    }
    // An uncompressed thumbnail's strips: its samples, swept all the same (a strip can be longer
    // than the samples the picture needs). Only what no other structure holds (strips of a
    // hostile block can overlap its IFDs or each other).
    if let strips = uncompressedThumbnail?.strips, !strips.isEmpty {
      nodes += stripNodes(strips, base: base, length: length)
    }
    for gap in slack ?? self.slack(length: length) {
      nodes.append(LayoutNode("slack", range: base + gap.lowerBound..<base + gap.upperBound,
                              note: "bytes no IFD entry points at", swept: true))
    }
    return nodes.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// Entry values that are shown only as numbers or as "(N bytes binary)", so that text or a
  /// TIFF block inside them is seen by nobody: BYTE, SBYTE and UNDEFINED values of at least
  /// `GPSSignatures.minimumLength` bytes (a vendor's private tag, an application's blob), and
  /// the bytes of an ASCII value after its first NUL, which readers (ExifTool too) cut off.
  /// The MakerNote has a node of its own; values decoded as text (`decodedAsText`) are searched
  /// as tags. [TIFF 6.0 §2 "Types"]
  func opaqueValues() -> [(name: String, range: Range<Int>, note: String)] {
    var out: [(String, Range<Int>, String)] = []
    for directory in directories {
      for entry in directory.entries {
        guard let value = entry.value, value.count >= GPSSignatures.minimumLength else { continue }
        let range: Range<Int>, note: String
        switch entry.type {
        case 1, 6, 7:
          guard entry.tag != Self.makerNoteTag, !Self.decodedAsText(entry.tag, in: directory.name) else { continue }
          (range, note) = (value, "binary value, not decoded as text")
        case 2:
          guard let nul = entry.hiddenAfter, value.upperBound - (nul + 1) >= GPSSignatures.minimumLength else { continue }
          (range, note) = (nul + 1..<value.upperBound, "bytes of an ASCII value after its NUL")
        default: continue
        }
        out.append(("\(directory.name) tag 0x\(String(entry.tag, radix: 16, uppercase: true)) value", range, note))
      }
    }
    return out
  }

  /// BYTE and UNDEFINED tags `ExifDecoder` decodes as text: UserComment, GPSProcessingMethod and
  /// GPSAreaInformation (a character code, then text), the Windows XP tags (UTF-16).
  static func decodedAsText(_ tag: UInt16, in directory: String) -> Bool {
    switch (directory, tag) {
    case ("ExifIFD", 0x9286), ("GPS", 0x001B), ("GPS", 0x001C), ("IFD0", 0x9C9B...0x9C9F): true
    default: false
    }
  }

  /// Nodes for an uncompressed thumbnail's strips: what no other structure of the block holds
  /// (strips of a hostile block can overlap its IFDs or each other).
  private func stripNodes(_ strips: [Range<Int>], base: Int, length: Int) -> [LayoutNode] {
    var taken = [0..<min(8, length)] + directories.map(\.table) + directories.flatMap { $0.entries.compactMap(\.value) }
      + [thumbnail, makerNote].compactMap { $0 }
    var nodes: [LayoutNode] = []
    for strip in strips {
      for part in BackstopSweep.uncovered(strip, by: taken) {
        nodes.append(LayoutNode("thumbnail strip", range: base + part.lowerBound..<base + part.upperBound,
                                note: "samples of the uncompressed IFD1 thumbnail", swept: true))
      }
      taken.append(strip)
    }
    return nodes
  }

  /// Stretches of the `length`-byte block that nothing in it reads: not the header, an IFD's
  /// entry table, an entry's value, the thumbnail (or an uncompressed one's strips) or the
  /// MakerNote. Real blocks have a little padding there, or data a MakerNote points at with
  /// offsets of its own (a camera's preview image); a crafted block can hide a whole JPEG with its own EXIF GPS there, which no EXIF
  /// reader sees. Stretches shorter than any GPS signature (`GPSSignatures.minimumLength`) are
  /// left out.
  func slack(length: Int) -> [Range<Int>] {
    var read = [0..<min(8, length)] + directories.map(\.table)
    for directory in directories { read += directory.entries.compactMap(\.value) }
    read += [thumbnail, makerNote].compactMap { $0 } + (uncompressedThumbnail?.strips ?? [])
    return BackstopSweep.uncovered(0..<length, by: read).filter { $0.count >= GPSSignatures.minimumLength }
  }
}
