import PhotoCore

/// `strip` of a JPEG XL: the container keeps its signature, `ftyp`, `jxll` (level), the
/// codestream (`jxlc`, or the `jxlp` parts) and `jxli` (frame index, offsets into the codestream)
/// byte for byte; every other box goes — `Exif`, `xml `, `jumb` (C2PA), `brob` (any of these
/// compressed), `jbrd` (the JPEG segments kept to rebuild the original JPEG, its APPn and COM
/// included) and unknown boxes. Bytes in `jxlc` after the end of the codestream are cut (the box
/// size with them), as is anything after the last box or after a bare codestream. The EXIF
/// Orientation in a JPEG XL does not apply to display (the codestream's does, and it stays).
/// [ISO/IEC 18181-2 9.1–9.11]
enum JXLStrip {
  static let kept: Set<String> = ["JXL ", "ftyp", "jxll", "jxlc", "jxlp", "jxli", "codestream"]

  static func plan(_ input: StripInput) throws(StripRefusal) -> StripPlan {
    let tree = input.tree
    let end = tree.end ?? input.bytes.count
    var plan = StripPlan()
    for node in tree.nodes where node.range.lowerBound < end {
      guard node.kind != .unaccounted, kept.contains(node.name) else {
        plan.drop(node.range, node.kind == .unaccounted ? "bytes between boxes" : "'\(node.name)'")
        continue
      }
      // A `jxlc` box holding more than the codestream: cut it after the codestream.
      if node.name == "jxlc", let codestream = node.children.first(where: { $0.name == "codestream" }),
         codestream.range.upperBound < node.range.upperBound {
        try cut(node, at: codestream.range.upperBound, input: input, plan: &plan)
      }
    }
    if end < input.bytes.count {
      for document in StripRewriter.documents(in: tree, within: end..<input.bytes.count) { plan.note(removed: "\(document) after the image") }
      plan.drop(end..<input.bytes.count, "\(input.bytes.count - end) bytes after the image")
    }
    for child in tree.children where child.step.name == "jpeg-reconstruction" || child.step.name == "c2pa" {
      plan.note(removed: child.step.name == "c2pa" ? "C2PA manifest" : "JPEG segments kept for reconstruction")
    }
    return plan
  }

  /// Cuts the box of `node` short at `at`, setting its size field (32-bit, or 64-bit after a
  /// size of 1; a size of 0, "to the end", stays right when nothing follows).
  static func cut(_ node: LayoutNode, at: Int, input: StripInput, plan: inout StripPlan) throws(StripRefusal) {
    let start = node.range.lowerBound, size = at - start
    let size32 = (0..<4).reduce(0) { $0 << 8 | Int(input.byte(start + $1) ?? 0) }
    switch size32 {
    case 0 where node.range.upperBound == input.bytes.count: break
    case 1:
      plan.replace(start + 8..<start + 16, with: StripBlocks.be32(UInt32(UInt64(size) >> 32)) + StripBlocks.be32(UInt32(size & 0xFFFF_FFFF)), nil)
    default:
      guard size32 == node.range.count, size <= Int(UInt32.max) else { throw .unsure("its 'jxlc' box size cannot be set") }
      plan.replace(start..<start + 4, with: StripBlocks.be32(UInt32(size)), nil)
    }
    plan.drop(at..<node.range.upperBound, "bytes in 'jxlc' after the codestream")
  }
}
