@testable import PhotoCore
import Testing

/// EXIF values no reader shows as text (`TIFFStructure.opaqueValues`), which the sweep reads:
/// BYTE, SBYTE and UNDEFINED values long enough to hold a signature, and what follows the NUL of
/// an ASCII value. Short values, ASCII values that end at their NUL (or are padded with NULs
/// and spaces), the MakerNote (a node of its own) and the tags decoded as text are not listed.
@Suite struct TIFFOpaqueValuesTests {
  static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
  static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }

  /// IFD0 with the entries `(tag, type, value bytes)`, each value out of line after the table
  /// (inline when 4 bytes or fewer); returns the block and where each value is.
  static func block(_ entries: [(tag: Int, type: Int, value: [UInt8])]) -> (bytes: [UInt8], values: [Range<Int>]) {
    let table = 8, tableSize = 2 + 12 * entries.count + 4
    var data: [UInt8] = [], table0: [UInt8] = le16(entries.count), values: [Range<Int>] = []
    for e in entries {
      let at = table + tableSize + data.count
      if e.value.count <= 4 {
        table0 += le16(e.tag) + le16(e.type) + le32(e.value.count) + e.value + [UInt8](repeating: 0, count: 4 - e.value.count)
        let inline = table + 2 + 12 * values.count + 8
        values.append(inline..<inline + e.value.count)
      } else {
        table0 += le16(e.tag) + le16(e.type) + le32(e.value.count) + le32(at)
        data += e.value
        values.append(at..<at + e.value.count)
      }
    }
    return ([0x49, 0x49, 42, 0] + le32(table) + table0 + le32(0) + data, values)
  }

  @Test func listsWhatNoReaderShowsAsText() throws {
    let text = Array("lat 31.2304 lon 121.4737".utf8)
    let (bytes, values) = Self.block([
      (0xF0F0, 7, text),  // UNDEFINED: listed whole
      (0xF0F1, 1, text),  // BYTE: listed whole
      (0x010E, 2, Array("Sunset\0".utf8) + text),  // ASCII: the part after the NUL
      (0x013B, 2, Array("A. Fixture\0\0  \0".utf8)),  // ASCII padded with NULs and spaces: nothing
      (0xF0F2, 7, [1, 2, 3, 4]),  // too short for any signature
      (0x9C9C, 1, Array("c\0o\0m\0m\0e\0n\0t\0".utf8)),  // XPComment: decoded as text (UTF-16)
    ])
    let structure = try #require(TIFFStructure.parse(bytes))
    let opaque = structure.opaqueValues()
    #expect(opaque.map(\.name) == ["IFD0 tag 0xF0F0 value", "IFD0 tag 0xF0F1 value", "IFD0 tag 0x10E value"])
    #expect(opaque.map(\.range) == [values[0], values[1], values[2].lowerBound + 7..<values[2].upperBound])
    let nodes = structure.nodes(base: 100, length: bytes.count).filter { $0.name.hasSuffix(" value") }
    #expect(nodes.map(\.range) == opaque.map { $0.range.lowerBound + 100..<$0.range.upperBound + 100 })
    #expect(nodes.allSatisfy { $0.swept })
  }
}
