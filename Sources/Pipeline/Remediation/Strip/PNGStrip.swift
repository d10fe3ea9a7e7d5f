import Codecs
import PhotoCore

/// `strip` of a PNG (and APNG): a whitelist of chunks, each kept byte for byte (its CRC too).
/// Kept: the picture (IHDR, PLTE, tRNS, IDAT, IEND; APNG's acTL, fcTL, fdAT), its colour
/// (iCCP, sRGB, gAMA, cHRM, cICP, mDCv, cLLi, sBIT) and how it is shown (pHYs, bKGD, hIST).
/// Dropped: every other ancillary chunk — eXIf, tEXt, zTXt, iTXt (XMP, raw profiles, generator
/// prompts), tIME, caBX (C2PA), iDOT (Apple's offsets into IDAT, wrong once chunks move),
/// private chunks — and anything after IEND. A critical chunk strip does not know (CgBI, which
/// changes how the data decodes) is refused. acTL, fcTL and fdAT are kept only in an APNG (an
/// acTL before the first IDAT); elsewhere no decoder reads them, and they are dropped. An EXIF Orientation of 2–8 is kept in a minimal
/// `eXIf` chunk (browsers apply it) where the first `eXIf` was, else after IHDR.
/// [PNG 3rd ed. 5.4, 11.3.6; APNG 1.0]
enum PNGStrip {
  static let kept: Set<String> = [
    "IHDR", "PLTE", "tRNS", "IDAT", "IEND", "acTL", "fcTL", "fdAT",
    "iCCP", "sRGB", "gAMA", "cHRM", "cICP", "mDCv", "cLLi", "sBIT", "pHYs", "bKGD", "hIST",
  ]

  static func plan(_ input: StripInput) throws(StripRefusal) -> StripPlan {
    let tree = input.tree
    var plan = StripPlan()
    // A file cut short keeps what it has of its picture, as it is (the same bytes decode the same).
    let end = tree.end ?? input.bytes.count
    if tree.end == nil { plan.notes.append("the PNG is cut short (no IEND chunk): its picture data is kept as it is") }
    let orientation = JPEGStrip.exifOrientation(input.metadata)
    var exifAt: Int?  // where the minimal eXIf goes
    let animated = isAnimated(tree)
    for node in tree.nodes where node.range.lowerBound < end {
      if node.range.lowerBound == 0, node.name == "signature" { continue }
      let typeBytes = input.slice(node.range.lowerBound + 4..<node.range.lowerBound + 8)
      guard node.kind != .unaccounted, node.range.count >= 12, typeBytes.count == 4,
            typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
        plan.drop(node.range, "bytes between chunks")
        continue
      }
      let type = String(decoding: typeBytes, as: UTF8.self)
      if kept.contains(type), animated || !animation.contains(type) {
        if type == "iCCP" { plan.kept.append("ICC profile") }
        if type == "IHDR", exifAt == nil { exifAt = node.range.upperBound }
        continue
      }
      if type == "eXIf", let orientation, exifAt != -1 {
        // The first eXIf becomes the minimal one, in its place.
        plan.replace(node.range, with: minimalEXIf(orientation), "'eXIf'")
        exifAt = -1
        continue
      }
      // Bit 5 of the first byte: ancillary (lower case) or critical (upper case). [PNG 5.4]
      guard typeBytes.first! & 0x20 != 0 else {
        throw .unsure("it has a critical chunk '\(type)' strip does not know (it may change how the picture decodes)")
      }
      plan.drop(node.range, "'\(type)'")
    }
    if end < input.bytes.count {
      for document in StripRewriter.documents(in: tree, within: end..<input.bytes.count) { plan.note(removed: "\(document) after IEND") }
      plan.drop(end..<input.bytes.count, "\(input.bytes.count - end) bytes after IEND")
    }
    for child in tree.children where child.step.name == "c2pa" { plan.note(removed: StripRewriter.describe(child)) }
    if let orientation {
      if let at = exifAt, at >= 0 { plan.insert(minimalEXIf(orientation), at: at) }
      plan.kept.append("EXIF Orientation \(orientation) (in a minimal 'eXIf')")
    }
    return plan
  }

  static let animation: Set<String> = ["acTL", "fcTL", "fdAT"]

  /// True for an APNG: an acTL chunk before the first IDAT. [APNG 1.0 "Structure"]
  static func isAnimated(_ tree: LayoutTree) -> Bool {
    for node in tree.nodes {
      if node.name == "IDAT" { return false }
      if node.name == "acTL" { return true }
    }
    return false
  }

  /// An `eXIf` chunk holding the minimal TIFF with `orientation`. [PNG 3rd ed. 11.3.6]
  static func minimalEXIf(_ orientation: Int) -> [UInt8] {
    let data = Array("eXIf".utf8) + StripBlocks.minimalTIFF(orientation: orientation)
    return StripBlocks.be32(UInt32(data.count - 4)) + data + StripBlocks.be32(CRC32.update(0, data))
  }
}
