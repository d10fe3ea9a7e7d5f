import Codecs
import PhotoCore

/// The check that `strip` left the picture alone: the coded picture data of the input and of
/// the result, each found by its own layout tree, must be the same bytes — JPEG: the codestream
/// from the first DQT/SOF to EOI, its entropy-coded data included; PNG: IHDR, PLTE, tRNS, IDAT,
/// IEND and an APNG's acTL/fcTL/fdAT chunks; WebP: VP8, VP8L, ALPH and ANIM chunks; GIF: the
/// logical screen, colour tables, graphic controls and every frame's LZW data; JPEG XL: the
/// codestream; HEIF: every image item's extents; MOV/MP4: the samples of every track of pictures
/// or sound; TIFF/DNG: every image directory's strips, tiles and JPEG — these three at the same
/// offsets. (`--orient` rotates a JPEG's DCT blocks instead:
/// `sameAfterRotation`.)
enum StripCodedData {
  /// Why the result is refused, or nil when its picture data is the input's.
  static func difference(_ input: LayoutTree, _ inputBytes: [UInt8], _ output: LayoutTree, _ outputBytes: [UInt8]) -> String? {
    switch input.format {
    case .heic, .heif, .avif, .mov, .mp4, .isobmff, .tiffFile:
      let before = placed(input), after = placed(output)
      guard before == after else {
        return "the picture or sound data would not be where it was (\(before.count) ranges before, \(after.count) after)"
      }
      for range in after where range.upperBound > inputBytes.count || range.upperBound > outputBytes.count
        || !inputBytes[range].elementsEqual(outputBytes[range]) {
        return "the picture or sound data at bytes \(range.lowerBound)..<\(range.upperBound) would change"
      }
      return nil
    default:
      let before = pieces(input), after = pieces(output)
      guard !before.isEmpty else { return "no picture data was found to compare" }
      guard before.count == after.count else {
        return "the picture data would not be the same (\(before.count) parts before, \(after.count) after)"
      }
      for (a, b) in zip(before, after) where a.upperBound > inputBytes.count || b.upperBound > outputBytes.count
        || !inputBytes[a].elementsEqual(outputBytes[b]) {
        return "the picture data at byte \(a.lowerBound) would change"
      }
      return nil
    }
  }

  /// The ranges of the coded picture data of a document whose structures move (JPEG, PNG,
  /// WebP, GIF, JPEG XL), in order.
  static func pieces(_ tree: LayoutTree) -> [Range<Int>] {
    var out: [Range<Int>] = []
    let end = tree.end ?? tree.range.upperBound
    func add(_ nodes: [LayoutNode]) {
      for node in nodes where node.range.lowerBound < end && node.kind != .unaccounted {
        if let range = picture(node, tree: tree) { out.append(range) } else { add(node.children) }
      }
    }
    add(tree.nodes)
    return out
  }

  /// The bytes of `node` that are picture data, when it is picture data.
  static func picture(_ node: LayoutNode, tree: LayoutTree) -> Range<Int>? {
    // A `jxlc` box whose end is the codestream's has no child: its content is the codestream.
    if tree.format == .jxl, node.name == "jxlc", node.children.isEmpty {
      let large = (try? tree.source.bytes(in: node.range.lowerBound..<node.range.lowerBound + 4)) == [0, 0, 0, 1]
      return min(node.range.lowerBound + (large ? 16 : 8), node.range.upperBound)..<node.range.upperBound
    }
    return isPicture(node, tree: tree) ? node.range : nil
  }

  static func isPicture(_ node: LayoutNode, tree: LayoutTree) -> Bool {
    switch tree.format {
    case .jpeg:
      if node.name.hasPrefix("scan ") { return true }
      guard node.range.count >= 2, (try? tree.source.bytes(in: node.range.lowerBound..<node.range.lowerBound + 2))
        .map({ $0[0] == 0xFF && JPEGStrip.isCodestream($0[1]) }) == true else { return false }
      return true
    case .png:
      return ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"].contains(node.name)
        || (PNGStrip.animation.contains(node.name) && PNGStrip.isAnimated(tree))
    case .webp: return ["VP8 ", "VP8L", "ALPH", "ANIM"].contains(node.name)
    case .gif:
      return node.name == "header" || node.name.hasPrefix("global colour table") || node.name.hasPrefix("local colour table")
        || node.name.hasPrefix("image ") || node.name.hasPrefix("graphic control")
    case .jxl: return node.name == "codestream" || node.name == "jxlp"
    default: return false
    }
  }

  /// The ranges of the picture and sound data of an ISOBMFF file, which stay where they are:
  /// the extents of its image items and the samples of its tracks of pictures or sound.
  static func placed(_ tree: LayoutTree) -> [Range<Int>] {
    if let tiff = tree.tiffPictureRanges { return tiff }
    var out: [Range<Int>] = []
    if let heif = tree.scan.heif {
      for item in heif.items where item.isImage {
        out += (heif.locations[item.id]?.extents ?? []).map { $0.offset..<$0.offset + $0.length }
      }
    }
    let timed = Set(tree.scan.timedTracks.compactMap(\.number))
    var samples: [Range<Int>] = []
    LayoutNode.visit(tree.nodes) { node, _, _ in
      guard node.name.hasPrefix("track "), node.name.hasSuffix(" samples") else { return }
      let number = Int(node.name.dropFirst(6).dropLast(8)) ?? 0
      if !timed.contains(number) { samples.append(node.range) }
    }
    return out.sorted { $0.lowerBound < $1.lowerBound } + samples.sorted { $0.lowerBound < $1.lowerBound }
  }

  /// `--orient`: the result, rotated back by the inverse lossless transform, decodes to exactly
  /// the pixels of the input (the same DCT coefficients give the same pixels); nil when so.
  static func differenceAfterRotation(input: [UInt8], output: [UInt8], applied: Orientation) -> String? {
    do {
      let back = try JPEGCodec.transform(output, operation: LosslessOperation(for: applied.inverse))
      let limit = Int(Int32.max)
      guard try JPEGCodec.decode(back, maxPixels: limit) == JPEGCodec.decode(input, maxPixels: limit) else {
        return "the rotated picture does not turn back into the same pixels"
      }
      return nil
    } catch {
      return "the rotated picture cannot be checked: \(error)"
    }
  }
}
