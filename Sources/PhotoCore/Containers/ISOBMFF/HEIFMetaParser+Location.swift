import Bytes
extension HEIFMetaParser {
  /// `iloc` versions 0–2: where each item's data is. Every field width the box allows is read
  /// (offset, length and base offset of 0, 4 or 8 bytes; index of 0, 4 or 8 bytes in versions 1
  /// and 2). Extents are resolved to absolute file ranges for construction methods 0 (file) and
  /// 1 (`idat`), offsets of method 0 counting from the start of `file` (a document after a
  /// JPEG's EOI has its own origin); an extent outside the file (or outside `idat`) leaves the location unreadable
  /// with a warning. [ISO/IEC 14496-12 8.11.3]
  /// Problems with single entries are not warned about here but left in `problem` (see
  /// `HEIFWalker.reportLocationProblems`), so a file with a thousand bad tiles gives one warning.
  static func locations(_ iloc: LoadedBox, idat: Range<Int>?, file: Range<Int>,
                        state: inout ISOBMFFWalkState) -> [Int: HEIFItemLocation] {
    var table: [Int: HEIFItemLocation] = [:]
    var problems: [String] = []
    var duplicates = Set<Int>()
    reading(iloc, &state, default: ()) { (r: inout ByteReader) throws(ByteError) in
      let version = Int(try r.u8())
      try r.skip(3)
      guard version <= 2 else {
        problems.append("HEIF 'iloc' version \(version) is unknown; item locations were not read")
        return
      }
      let sizes = try r.u8()
      let offsetSize = Int(sizes >> 4), lengthSize = Int(sizes & 0x0F)
      let sizes2 = try r.u8()
      let baseOffsetSize = Int(sizes2 >> 4)
      let indexSize = version >= 1 ? Int(sizes2 & 0x0F) : 0
      // The standard allows 0, 4 and 8; other widths up to 8 are read anyway (a privacy audit
      // would rather find the data), with a warning.
      let sizes4 = [offsetSize, lengthSize, baseOffsetSize, indexSize]
      guard sizes4.allSatisfy({ $0 <= 8 }) else {
        problems.append("HEIF 'iloc' field sizes \(sizes4.map(String.init).joined(separator: "/")) are over 8 bytes; item locations were not read")
        return
      }
      if !sizes4.allSatisfy({ [0, 4, 8].contains($0) }) {
        problems.append("HEIF 'iloc' field sizes \(sizes4.map(String.init).joined(separator: "/")) are not 0, 4 or 8; read anyway")
      }
      let itemCount = version < 2 ? Int(try r.u16be()) : Int(try r.u32be())
      for _ in 0..<itemCount {
        let itemID = version < 2 ? Int(try r.u16be()) : Int(try r.u32be())
        let method = version >= 1 ? Int(try r.u16be() & 0x000F) : 0
        let dataReference = Int(try r.u16be())
        let base = try r.uintBE(size: baseOffsetSize)
        let extentCount = Int(try r.u16be())
        var raw: [(offset: UInt64, length: UInt64, index: Int?)] = []
        for _ in 0..<extentCount {
          let index = indexSize > 0 ? Int(truncatingIfNeeded: try r.uintBE(size: indexSize)) : nil
          let offset = try r.uintBE(size: offsetSize)
          let length = try r.uintBE(size: lengthSize)
          raw.append((offset, length, index))
        }
        if table[itemID] != nil {
          duplicates.insert(itemID)
          continue
        }
        table[itemID] = resolve(itemID: itemID, method: method, dataReference: dataReference, base: base,
                                extents: raw, idat: idat, file: file)
      }
    }
    for problem in problems { state.warn(problem) }
    if !duplicates.isEmpty {
      state.warn("HEIF 'iloc' lists item(s) \(duplicates.sorted().prefix(8).map(String.init).joined(separator: ", "))\(duplicates.count > 8 ? "…" : "") more than once; the first entry is used")
    }
    return table
  }

  /// Turns one `iloc` entry into absolute file ranges, or a location with `problem` set.
  package static func resolve(itemID: Int, method: Int, dataReference: Int, base: UInt64,
                      extents raw: [(offset: UInt64, length: UInt64, index: Int?)],
                      idat: Range<Int>?, file: Range<Int>) -> HEIFItemLocation {
    var location = HEIFItemLocation(itemID: itemID, constructionMethod: method, dataReferenceIndex: dataReference,
                                    baseOffset: Int(clamping: base))
    func fail(_ reason: String) -> HEIFItemLocation {
      location.extents = []
      location.problem = "HEIF item \(itemID): \(reason)"
      return location
    }
    guard dataReference == 0 else { return fail("its data is in another file (data_reference_index \(dataReference)); not read") }
    let container: Range<Int>
    switch method {
    case 0: container = file
    case 1:
      guard let idat else { return fail("its data is in 'idat' but the file has no 'idat' box") }
      container = idat
    case 2: return fail("its data is built from another item (construction method 2); not read")
    default: return fail("construction method \(method) is unknown")
    }
    guard !raw.isEmpty else { return fail("'iloc' lists no extents") }
    let where_ = method == 1 ? "'idat'" : "the file"
    for extent in raw {
      // start = container start + base_offset + extent_offset, without overflow.
      let (sum, o1) = base.addingReportingOverflow(extent.offset)
      let (absolute, o2) = sum.addingReportingOverflow(UInt64(container.lowerBound))
      guard !o1, !o2, let start = Int(exactly: absolute), start <= container.upperBound else {
        return fail("extent at offset \(base &+ extent.offset) lies outside \(where_) (\(container.count) bytes)")
      }
      // A length of 0 means "to the end of the container". [8.11.3.3]
      var length = container.upperBound - start
      if extent.length != 0 {
        guard let l = Int(exactly: extent.length), l <= container.upperBound - start else {
          return fail("extent at byte \(start) with length \(extent.length) runs past the end of \(where_) at byte \(container.upperBound)")
        }
        length = l
      }
      location.extents.append(HEIFExtent(offset: start, length: length, index: extent.index, toEnd: extent.length == 0))
    }
    return location
  }
}
