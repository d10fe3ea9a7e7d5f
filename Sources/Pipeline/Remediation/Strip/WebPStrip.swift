import PhotoCore

/// `strip` of a WebP (RIFF): a whitelist of chunks, kept byte for byte. Kept: VP8X (its EXIF and
/// XMP flags cleared), VP8, VP8L, ALPH, ANIM, ANMF (whose own chunks must be picture chunks) and
/// ICCP. Dropped: EXIF, XMP, C2PA, unknown chunks, and bytes after the RIFF size. The RIFF size
/// is set to what is left. An EXIF Orientation of 2–8 is kept in a minimal EXIF chunk where the
/// first EXIF chunk was (and VP8X keeps its EXIF flag); a simple WebP (no VP8X) cannot carry it.
/// [RFC 9649 2.4–2.7]
enum WebPStrip {
  static let kept: Set<String> = ["VP8X", "VP8 ", "VP8L", "ALPH", "ANIM", "ANMF", "ICCP"]
  static let frameChunks: Set<String> = ["VP8 ", "VP8L", "ALPH"]
  /// VP8X flag bits: ICC 0x20, alpha 0x10, EXIF 0x08, XMP 0x04, animation 0x02. [RFC 9649 2.7]
  static let exifFlag: UInt8 = 0x08, xmpFlag: UInt8 = 0x04

  static func plan(_ input: StripInput) throws(StripRefusal) -> StripPlan {
    let tree = input.tree
    guard let end = tree.end, input.has(Array("RIFF".utf8), at: 0) else { throw .unsure("the WebP has no whole RIFF header") }
    var plan = StripPlan()
    var vp8x: LayoutNode?
    let orientation = JPEGStrip.exifOrientation(input.metadata)
    var keptEXIF = false
    var dropped = 0  // bytes dropped inside the RIFF, for its size
    var added = 0
    for node in tree.nodes where node.range.lowerBound >= 12 && node.range.lowerBound < end {
      if node.kind != .unaccounted, kept.contains(node.name) {
        if node.name == "VP8X", vp8x == nil { vp8x = node }
        if node.name == "ICCP" { plan.kept.append("ICC profile") }
        if node.name == "ANMF", let odd = node.children.first(where: { !frameChunks.contains($0.name) }) {
          throw .unsure("an animation frame holds a '\(odd.name)' chunk at byte \(odd.range.lowerBound); strip keeps only picture chunks there and does not rewrite frames")
        }
        continue
      }
      if node.name == "EXIF", let orientation, vp8x != nil, !keptEXIF {
        let minimal = Array("EXIF".utf8) + le32(26) + StripBlocks.minimalTIFF(orientation: orientation)
        plan.replace(node.range, with: minimal, "'EXIF'")
        added += minimal.count - node.range.count
        keptEXIF = true
        continue
      }
      plan.drop(node.range, node.kind == .unaccounted ? "bytes between chunks" : "'\(node.name.trimmingCharacters(in: .whitespaces))'")
      dropped += node.range.count
    }
    if end < input.bytes.count {
      for document in StripRewriter.documents(in: tree, within: end..<input.bytes.count) { plan.note(removed: "\(document) after the RIFF data") }
      plan.drop(end..<input.bytes.count, "\(input.bytes.count - end) bytes after the RIFF data")
    }
    for child in tree.children where child.step.name == "c2pa" { plan.note(removed: StripRewriter.describe(child)) }
    if let vp8x, vp8x.range.count >= 9, let flags = input.byte(vp8x.range.lowerBound + 8) {
      let cleared = flags & ~(keptEXIF ? xmpFlag : exifFlag | xmpFlag)
      if cleared != flags { plan.replace(vp8x.range.lowerBound + 8..<vp8x.range.lowerBound + 9, with: [cleared], nil) }
    }
    if keptEXIF, let orientation { plan.kept.append("EXIF Orientation \(orientation) (in a minimal 'EXIF' chunk)") }
    if orientation != nil, !keptEXIF {
      plan.notes.append("its EXIF Orientation could not be kept: a WebP without a VP8X chunk has no place for it")
    }
    let size = end - 8 - dropped + added
    if size != Int(readLE32(input, 4)) {
      guard size >= 4, size <= Int(UInt32.max) else { throw .unsure("its RIFF size cannot be set") }
      plan.replace(4..<8, with: le32(UInt32(size)), nil)
    }
    return plan
  }

  static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }

  static func readLE32(_ input: StripInput, _ at: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(input.byte(at + $1) ?? 0) << (8 * $1) }
  }
}
