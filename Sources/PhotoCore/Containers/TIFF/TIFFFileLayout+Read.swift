extension TIFFFileLayout {
  /// Most IFDs read from one file (pages, SubIFDs, Exif/GPS/Interop IFDs): a raw has about ten,
  /// a scanned document one per page.
  static let maxDirectories = 512
  /// Deepest SubIFD (a SubIFD of a SubIFD…) followed. [TIFF TN1]
  static let maxSubIFDDepth = 4
  /// Most problems listed one by one (the rest are counted in one more).
  static let maxListedProblems = 16

  /// A directory still to read.
  private struct Pending {
    package var offset: Int
    package var name: String
    package var kind: DirectoryKind
    package var parent: Int?
    package var page: Int
    package var depth: Int
    /// In the IFD chain (its next IFD is the next page), not a SubIFD.
    var chain: Bool
  }

  /// Walks every IFD of the file `reader` reads: IFD0 and its chain, the SubIFDs of every image
  /// directory, the Exif and GPS IFDs of every image directory and the Interop IFD of every Exif
  /// IFD, each once, within `maxDirectories` and `maxSubIFDDepth`. Fails only when IFD0 itself
  /// cannot be read (nothing of the file is then readable); any other IFD that cannot be read,
  /// and every cap reached, is listed in `unread`.
  package static func read(_ reader: TIFFFileReader) -> Result<TIFFFileLayout, TIFFReadProblem> {
    var layout = TIFFFileLayout(header: reader.header)
    var queue = [Pending(offset: reader.header.firstIFD, name: "IFD0", kind: .image, parent: nil, page: 0, depth: 0, chain: true)]
    var head = 0
    var visited: [Int: String] = [:]
    var counters: [String: Int] = [:]
    func nextName(_ base: String, first: String? = nil) -> String {
      let n = counters[base, default: 0]
      counters[base] = n + 1
      switch base {
      case "SubIFD": return n == 0 ? "SubIFD" : "SubIFD\(n)"
      default: return n == 0 ? (first ?? base) : "\(first ?? base)\(n + 1)"
      }
    }
    var problems: [String] = []
    var rawQueued = false
    while true {
      // A CR2 names its raw IFD in the header too; it is IFD3 of the chain, read there. Queued
      // once: one that cannot be read is never marked visited, and was queued again without end.
      if head == queue.count, !rawQueued, let raw = reader.header.cr2RawIFD, visited[raw] == nil, !layout.directories.isEmpty {
        rawQueued = true
        queue.append(Pending(offset: raw, name: "CR2 raw IFD", kind: .image, parent: 0, page: 0, depth: 1, chain: false))
      }
      guard head < queue.count else { break }
      let pending = queue[head]
      head += 1
      let from = pending.parent.map { " (pointed at by \(layout.directories[$0].name))" } ?? ""
      if let seen = visited[pending.offset] {
        layout.warnings.append("\(pending.name)\(from) is \(seen) at offset \(pending.offset) again: read once")
        continue
      }
      guard layout.directories.count < maxDirectories else {
        problems.append("the file holds more than \(maxDirectories) IFDs; \(pending.name) at offset \(pending.offset)\(from) and those after it were not read")
        break
      }
      let table: (entries: [Entry], table: Range<Int>, next: Int?, cut: String?)
      switch reader.directory(at: pending.offset) {
      case .failure(let problem):
        if pending.parent == nil { return .failure(TIFFReadProblem("IFD0: \(problem.text)")) }
        problems.append("\(pending.name)\(from): \(problem.text)")
        continue
      case .success(let read):
        table = read
      }
      visited[pending.offset] = pending.name
      let index = layout.directories.count
      layout.directories.append(Directory(name: pending.name, kind: pending.kind, offset: pending.offset, table: table.table,
                                          entries: table.entries, parent: pending.parent, page: pending.page))
      if let cut = table.cut { problems.append("\(pending.name) at offset \(pending.offset) \(cut)") }
      for entry in table.entries {
        if let problem = entry.problem { problems.append("\(pending.name) tag 0x\(hex(entry.tag)) \(problem)") }
      }
      func follow(_ tag: UInt16, _ kind: DirectoryKind, _ base: String, first: String? = nil) {
        guard let entry = table.entries.first(where: { $0.tag == tag }) else { return }
        guard let offsets = reader.numbers(entry, limit: 64), !offsets.isEmpty else {
          problems.append("\(pending.name) tag 0x\(hex(tag)) (\(base)) holds no readable IFD offset")
          return
        }
        for offset in offsets {
          let depth = kind == .image ? pending.depth + 1 : pending.depth
          if kind == .image, depth > maxSubIFDDepth {
            problems.append("\(pending.name) points at SubIFDs nested deeper than \(maxSubIFDDepth); the one at offset \(offset) was not read")
            continue
          }
          queue.append(Pending(offset: offset, name: nextName(base, first: first), kind: kind, parent: index, page: pending.page,
                               depth: depth, chain: false))
        }
      }
      switch pending.kind {
      case .image:
        if let next = table.next {
          // The chain's next IFD is the next page; a SubIFD's next IFD is another SubIFD. [TIFF TN1]
          if pending.chain {
            queue.append(Pending(offset: next, name: "IFD\(pending.page + 1)", kind: .image, parent: index, page: pending.page + 1,
                                 depth: 0, chain: true))
          } else {
            queue.append(Pending(offset: next, name: nextName("SubIFD"), kind: .image, parent: index, page: pending.page,
                                 depth: pending.depth, chain: false))
          }
        }
        follow(Tag.subIFDs, .image, "SubIFD")
        follow(Tag.exifIFD, .exif, "ExifIFD")
        follow(Tag.gpsIFD, .gps, "GPS")
      case .exif:
        follow(Tag.interopIFD, .interop, "InteropIFD")
        follow(Tag.gpsIFD, .gps, "GPS")
      case .gps, .interop:
        break
      }
    }
    for index in layout.imageIndices {
      let (facts, issues) = imageFacts(layout.directories[index], reader: reader)
      layout.images[index] = facts
      problems += issues
    }
    layout.unread = Array(problems.prefix(maxListedProblems))
    if problems.count > maxListedProblems {
      layout.unread.append("\(problems.count - maxListedProblems) more structures of the file could not be read")
    }
    return .success(layout)
  }

  /// The pixel facts of an image directory, and what of them lies outside the file.
  static func imageFacts(_ directory: Directory, reader: TIFFFileReader) -> (TIFFImageDirectory, [String]) {
    func number(_ tag: UInt16) -> Int? { reader.number(directory.entry(tag)) }
    var issues: [String] = []
    let tiled = directory.entry(Tag.tileOffsets) != nil
    var facts = TIFFImageDirectory(
      width: number(Tag.imageWidth), height: number(Tag.imageLength), compression: number(Tag.compression) ?? 1,
      photometric: number(Tag.photometric), bitsPerSample: reader.numbers(directory.entry(Tag.bitsPerSample), limit: 16) ?? [1],
      samplesPerPixel: number(Tag.samplesPerPixel) ?? 1, planar: number(Tag.planarConfiguration) ?? 1,
      newSubfileType: number(Tag.newSubfileType) ?? 0, striles: nil, tiled: tiled, rowsPerStrip: number(Tag.rowsPerStrip),
      tileWidth: number(Tag.tileWidth), tileLength: number(Tag.tileLength), jpeg: nil,
      hasJPEGTables: directory.entry(Tag.jpegTables) != nil)
    if facts.width == nil, facts.height == nil, reader.header.dialect == .panasonic, directory.parent == nil {
      // A Panasonic raw gives its size by the sensor's borders (or its size). [ExifTool PanasonicRaw.pm]
      if let top = number(0x0004), let left = number(0x0005), let bottom = number(0x0006), let right = number(0x0007),
         right > left, bottom > top {
        (facts.width, facts.height) = (right - left, bottom - top)
      } else {
        (facts.width, facts.height) = (number(0x0002), number(0x0003))
      }
    }
    let header = reader.header
    facts.isRawByPlace = (header.dialect == .panasonic || header.dialect == .olympus) && directory.parent == nil
      || header.cr2RawIFD == directory.offset
    let kind = tiled ? "tile" : "strip"
    let offsetsEntry = directory.entry(tiled ? Tag.tileOffsets : Tag.stripOffsets)
    let countsEntry = directory.entry(tiled ? Tag.tileByteCounts : Tag.stripByteCounts)
    if let offsetsEntry, let countsEntry {
      if offsetsEntry.count > TIFFFileReader.maxNumbers {
        issues.append("\(directory.name) lists \(offsetsEntry.count) \(kind)s, more than the \(TIFFFileReader.maxNumbers) read")
      } else if let offsets = reader.numbers(offsetsEntry, limit: TIFFFileReader.maxNumbers),
                let counts = reader.numbers(countsEntry, limit: TIFFFileReader.maxNumbers) {
        if offsets.count != counts.count {
          issues.append("\(directory.name) lists \(offsets.count) \(kind) offsets but \(counts.count) byte counts")
        }
        var striles: [Range<Int>] = []
        striles.reserveCapacity(min(offsets.count, counts.count))
        var outside = 0
        for (offset, length) in zip(offsets, counts) {
          guard length > 0 else { striles.append(0..<0); continue }
          guard offset < reader.count, offset > 0 else {
            outside += 1
            striles.append(0..<0)
            continue
          }
          let end = length > reader.count - offset ? reader.count : offset + length
          if end < offset + length { outside += 1 }
          striles.append(reader.place(offset..<end))
        }
        if outside > 0 {
          issues.append("\(outside) of the \(striles.count) \(kind)s of \(directory.name) lie wholly or partly outside the file")
        }
        facts.striles = striles
      } else {
        issues.append("\(directory.name): its \(kind) offsets or byte counts cannot be read")
      }
    }
    if let format = directory.entry(Tag.jpegInterchangeFormat) {
      let offset = reader.number(format) ?? 0
      let length = reader.number(directory.entry(Tag.jpegInterchangeFormatLength)) ?? 0
      if offset > 0, offset < reader.count, length > 0 {
        facts.jpeg = reader.place(offset..<(length > reader.count - offset ? reader.count : offset + length))
        if offset + length > reader.count { issues.append("the JPEG of \(directory.name) (JPEGInterchangeFormat) runs past the end of the file") }
      } else if offset != 0 || length != 0 {
        issues.append("the JPEG of \(directory.name) (JPEGInterchangeFormat \(offset), length \(length)) lies outside the file")
      }
    }
    return (facts, issues)
  }

  /// "8769": a tag number as four hex digits.
  package static func hex(_ tag: UInt16) -> String {
    let digits = String(tag, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
