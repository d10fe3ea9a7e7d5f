import PhotoCore

/// `strip` of a GIF: kept byte for byte are the header and logical screen, the colour tables,
/// every frame (image descriptor, local colour table, LZW data), graphic control extensions
/// (frame timing and transparency), the looping application extensions (NETSCAPE2.0,
/// ANIMEXTS1.0), the ICC profile (ICCRGBG1012) and the trailer. Dropped: comment extensions,
/// plain text extensions (text drawn over the picture, which no browser draws, and which photoaudit
/// reads as a comment), every other application extension (XMP, ImageMagick's IPTC/8BIM,
/// unknown ones), unknown extensions and anything after the trailer. [GIF89a 17–27]
enum GIFStrip {
  /// Application identifiers (8 bytes) and authentication codes (3) kept.
  static let keptApplications: Set<String> = ["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"]
  static let pictureNodes = ["global colour table", "local colour table", "image descriptor", "image "]

  static func plan(_ input: StripInput) throws(StripRefusal) -> StripPlan {
    let tree = input.tree
    var plan = StripPlan()
    // A file cut short keeps what it has of its picture, as it is (the same bytes decode the same).
    let end = tree.end ?? input.bytes.count
    if tree.end == nil { plan.notes.append("the GIF is cut short (no trailer): its picture data is kept as it is") }
    for node in tree.nodes where node.range.lowerBound < end {
      let start = node.range.lowerBound
      if start == 0, node.name == "header" { continue }
      if node.kind != .unaccounted, input.byte(start) == 0x3B, node.name == "trailer" { continue }
      if node.kind != .unaccounted, pictureNodes.contains(where: node.name.hasPrefix) { continue }
      guard node.kind != .unaccounted, input.byte(start) == 0x21, let label = input.byte(start + 1) else {
        plan.drop(node.range, "bytes between blocks")
        continue
      }
      switch label {
      case 0xF9: continue  // graphic control
      case 0xFF where input.byte(start + 2) == 11:
        let application = String(decoding: input.slice(start + 3..<start + 14), as: UTF8.self)
        if keptApplications.contains(application) {
          if application == "ICCRGBG1012" { plan.kept.append("ICC profile") }
          continue
        }
        plan.drop(node.range, node.name)
      default:
        plan.drop(node.range, node.name)
      }
    }
    if end < input.bytes.count {
      for document in StripRewriter.documents(in: tree, within: end..<input.bytes.count) { plan.note(removed: "\(document) after the trailer") }
      plan.drop(end..<input.bytes.count, "\(input.bytes.count - end) bytes after the trailer")
    }
    return plan
  }
}
