/// The one field of Apple's MakerNote that photoaudit reads itself: the content identifier
/// (tag 0x0011; ExifTool 12.57 calls it `MediaGroupUUID`, later versions `ContentIdentifier`)
/// that ties a Live Photo's still to its video (the MOV's
/// `com.apple.quicktime.content.identifier`). The MakerNote is "Apple iOS\0", a 2-byte version,
/// "MM", then a big-endian IFD whose value offsets count from the start of the MakerNote.
/// [ExifTool Apple.pm; ExifTool MakerNotes.pm "MakerNoteApple"]
enum AppleMakerNote {
  static let signature = Array("Apple iOS\u{0}".utf8)
  /// The content identifier's tag.
  static let contentIdentifierTag: UInt16 = 0x0011
  /// Most IFD entries read (Apple writes about 40).
  static let maxEntries = 512

  /// The content identifier in `note` (the MakerNote's bytes), or nil.
  static func contentIdentifier(_ note: ArraySlice<UInt8>) -> String? {
    let base = note.startIndex
    guard note.count >= 16, note.starts(with: signature), note[base + 12] == UInt8(ascii: "M"), note[base + 13] == UInt8(ascii: "M")
    else { return nil }
    func u16(_ at: Int) -> Int { Int(note[at]) << 8 | Int(note[at + 1]) }
    func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
    let count = min(u16(base + 14), maxEntries)
    for index in 0..<count {
      let entry = base + 16 + index * 12
      guard entry + 12 <= note.endIndex else { return nil }
      guard u16(entry) == Int(contentIdentifierTag), u16(entry + 2) == 2 else { continue }  // ASCII
      let length = u32(entry + 4)
      let start = length <= 4 ? entry + 8 : base + u32(entry + 8)
      guard length > 0, length <= 256, start >= base, start <= note.endIndex - length else { return nil }
      let text = note[start..<start + length].prefix { $0 != 0 }
      guard text.allSatisfy({ (0x20...0x7E).contains($0) }), !text.isEmpty else { return nil }
      return String(decoding: text, as: UTF8.self)
    }
    return nil
  }
}
