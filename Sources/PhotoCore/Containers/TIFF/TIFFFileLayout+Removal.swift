import Bytes

/// Same-length edits that take entries and whole directories out of a TIFF-shaped file (for
/// `strip`), computed from the walk's `TIFFFileLayout` — no second walk. Offsets in a TIFF point
/// anywhere, so nothing moves: an IFD that loses entries is rewritten where it is (the count,
/// the entries kept in their order, the next-IFD offset, zeros after them), and the values of
/// what is removed — out-of-line values, whole Exif/GPS/Interop IFDs with theirs — are zeroed.
/// A zeroed range that touches something kept (a value two entries share, a table, pixels) is
/// refused, never guessed. [TIFF 6.0 §2; BigTIFF; CIPA DC-008 4.6]
package struct TIFFRemoval: Sendable {
  /// The edits: each range of the file and the bytes (as many) that replace it.
  package var edits: [(range: Range<Int>, bytes: [UInt8])] = []
  /// What is removed, for the report: "ExifIFD", "IFD0 Make (0x010F)".
  package var removed: [String] = []

  /// Why the removal cannot be done safely.
  package struct Refusal: Error, CustomStringConvertible {
    package var description: String
  }
}

extension LayoutTree {
  /// The edits that remove every Exif, GPS and Interop IFD, and the entries with `tags` from
  /// every image IFD (with the pointers to the removed IFDs); nil when this is not a TIFF file.
  /// `names` names tags for the report.
  package func tiffRemoval(tags: Set<UInt16>, names: [UInt16: String]) throws(TIFFRemoval.Refusal) -> TIFFRemoval? {
    guard let layout = scan.tiffFile else { return nil }
    if let unread = layout.unread.first { throw .init(description: "a part of it was not read (\(unread))") }
    let header = layout.header
    let source = self.source
    func read(_ range: Range<Int>) throws(TIFFRemoval.Refusal) -> [UInt8] {
      guard let bytes = try? source.bytes(in: range), bytes.count == range.count else {
        throw .init(description: "bytes \(range.lowerBound)..<\(range.upperBound) cannot be read")
      }
      return bytes
    }
    let pointers: Set<UInt16> = [TIFFFileLayout.Tag.exifIFD, TIFFFileLayout.Tag.gpsIFD, TIFFFileLayout.Tag.interopIFD]
    // A directory goes when it is a metadata IFD or hangs from one.
    var dropped = Set<Int>()
    for index in layout.directories.indices {
      var at: Int? = index
      var depth = 0
      while let i = at, depth < 64 {
        if layout.directories[i].kind != .image { dropped.insert(index); break }
        at = layout.directories[i].parent
        depth += 1
      }
    }
    var removal = TIFFRemoval()
    var zeros: [Range<Int>] = []
    var kept: [Range<Int>] = [0..<header.length]
    for (index, directory) in layout.directories.enumerated() {
      let outOfLine = { (entry: TIFFFileLayout.Entry) -> Range<Int>? in entry.isInline ? nil : entry.value }
      if dropped.contains(index) {
        zeros.append(directory.table)
        zeros += directory.entries.compactMap(outOfLine)
        removal.removed.append(directory.name)
        continue
      }
      kept.append(directory.table)
      let goes = directory.entries.map { tags.contains($0.tag) || pointers.contains($0.tag) }
      kept += zip(directory.entries, goes).filter { !$0.1 }.compactMap { outOfLine($0.0) }
      if let image = layout.images[index] { kept += (image.striles ?? []) + [image.jpeg].compactMap { $0 } }
      guard goes.contains(true) else { continue }
      let start = directory.table.lowerBound
      let n = directory.entries.count
      let expected = header.countSize + n * header.entrySize + header.offsetSize
      guard directory.table.count == expected else {
        throw .init(description: "\(directory.name) at byte \(start) is not whole (\(directory.table.count) of \(expected) bytes)")
      }
      var table = Self.integer(directory.entries.count - goes.filter { $0 }.count, size: header.countSize, bigEndian: header.bigEndian)
      for (i, entry) in directory.entries.enumerated() {
        if goes[i] {
          if !pointers.contains(entry.tag) {
            removal.removed.append("\(directory.name) \(names[entry.tag] ?? "tag") (0x\(Hex.byte(UInt8(entry.tag >> 8)))\(Hex.byte(UInt8(entry.tag & 0xFF))))")
          }
          zeros += [outOfLine(entry)].compactMap { $0 }
          continue
        }
        let at = start + header.countSize + i * header.entrySize
        table += try read(at..<at + header.entrySize)
      }
      let next = start + header.countSize + n * header.entrySize
      table += try read(next..<next + header.offsetSize)
      table += [UInt8](repeating: 0, count: expected - table.count)
      removal.edits.append((directory.table, table))
    }
    // Zeroed ranges may overlap each other, never what stays.
    for zero in zeros where !zero.isEmpty {
      if let hit = kept.first(where: { $0.overlaps(zero) }) {
        throw .init(description: "bytes \(zero.lowerBound)..<\(zero.upperBound) it would zero are also bytes \(hit.lowerBound)..<\(hit.upperBound) it keeps")
      }
    }
    var joined: [Range<Int>] = []
    for range in zeros.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = joined.last, range.lowerBound <= last.upperBound {
        joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        joined.append(range)
      }
    }
    for range in joined {
      let bytes = try read(range)
      if bytes.contains(where: { $0 != 0 }) { removal.edits.append((range, [UInt8](repeating: 0, count: range.count))) }
    }
    // A table already as it would be written (a second run) is no edit.
    var changing: [(range: Range<Int>, bytes: [UInt8])] = []
    for edit in removal.edits where try read(edit.range) != edit.bytes { changing.append(edit) }
    removal.edits = changing
    return removal
  }

  /// The pixel data of every image directory of a TIFF file (strips, tiles, a JPEG), in walk
  /// order: what `strip` must leave byte for byte. Nil when this is not a TIFF file.
  package var tiffPictureRanges: [Range<Int>]? {
    guard let layout = scan.tiffFile else { return nil }
    return layout.imageIndices.flatMap { index -> [Range<Int>] in
      guard let image = layout.images[index] else { return [] }
      return (image.striles ?? []) + [image.jpeg].compactMap { $0 }
    }
  }

  /// `value` as a `size`-byte unsigned integer in the file's byte order.
  static func integer(_ value: Int, size: Int, bigEndian: Bool) -> [UInt8] {
    let little = (0..<size).map { UInt8(truncatingIfNeeded: UInt64(value) >> (8 * UInt64($0))) }
    return bigEndian ? little.reversed() : little
  }
}
