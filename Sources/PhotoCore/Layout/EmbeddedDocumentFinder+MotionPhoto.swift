import Bytes
extension EmbeddedDocumentFinder {
  /// A Motion Photo's video as the child "motion-photo": the MP4 in a HEIF `mpvd` box, or the
  /// one the XMP places at the end of the file (`Container:Directory`, `MicroVideoOffset`). What
  /// the XMP says is checked against the bytes; a disagreement is recorded (PA014), and a video
  /// that is not where the XMP says is still read as trailing data when it follows the image.
  mutating func motionPhotos() {
    let declaration = tree.scan.carriers.lazy.filter { $0.kind == .xmp }.compactMap { MotionPhotoXMP.parse($0.payload) }.first
    var info = MotionPhotoInfo()
    if let payload = tree.scan.motionPhotoVideo {
      info.declaredBy.append("HEIF 'mpvd' box")
      if addVideo(payload, role: "Motion Photo video in the 'mpvd' box", origin: .embedded) { info.video = fileRange(payload) }
      if let declaration {
        info.declaredBy.append(declaration.source)
        compare(declaration, withBox: payload, info: &info)
      }
    } else if let declaration {
      info.declaredBy.append(declaration.source)
      locate(declaration, info: &info)
    } else {
      return
    }
    tree.scan.motionPhoto = info
  }

  /// The video where the XMP places it, after the image's own end: read as the child when an
  /// MP4 starts there and nothing else was read there; otherwise a mismatch.
  mutating func locate(_ declaration: MotionPhotoXMP, info: inout MotionPhotoInfo) {
    let placement = tree.placement
    let offset = { (at: Int) in placement.reportedOffset(at) }
    let says = "the \(declaration.source)"
    guard let range = declaration.videoRange(end: tree.range.upperBound), range.lowerBound >= tree.range.lowerBound else {
      info.mismatches.append("\(says) gives lengths (\(describe(declaration))) that do not fit in the file's \(tree.range.count) bytes")
      return
    }
    let what = "the \(range.count)-byte video at byte \(offset(range.lowerBound)) (the last bytes of the file)"
    let imageEnd = tree.end ?? tree.range.lowerBound
    if range.lowerBound < imageEnd {
      info.mismatches.append("\(says) places \(what), inside the image, which ends at byte \(offset(imageEnd)): no such video is there")
    } else if let node = tree.nodes.first(where: { $0.range.overlaps(range) }) {
      // An image without its end (a JPEG cut before EOI) runs on into what the XMP calls the video.
      info.mismatches.append("\(says) places \(what), over the image's own '\(node.name)' at byte \(offset(node.range.lowerBound))")
    } else if tree.children.contains(where: { $0.tree.placement == tree.placement && $0.tree.range.overlaps(range) }) {
      info.mismatches.append("\(says) places \(what), over another embedded image")
    } else if range.count < 8 || (try? tree.source.bytes(in: range.lowerBound + 4..<range.lowerBound + 8)) != Array("ftyp".utf8) {
      info.mismatches.append("\(says) places \(what), but no MP4 (no 'ftyp' box) starts there")
    } else if addVideo(range, role: "Motion Photo video (\(declaration.source))", origin: .indexed) {
      info.video = fileRange(range)
      let gap = imageEnd..<range.lowerBound
      let padding = declaration.items.first?.padding ?? 0
      if padding > 0, gap.count == padding, ByteSniffer.isUniform(tree.source, gap, 0) {
        // The primary item's declared padding, zeros: explained. [Motion Photo format 1.0 Item:Padding]
        tree.nodes.append(LayoutNode("padding", range: gap, note: "Motion Photo padding after the image (Item:Padding \(padding))"))
        tree.nodes.sort { $0.range.lowerBound < $1.range.lowerBound }
      } else if padding > 0 {
        info.mismatches.append("\(says) gives the image \(padding) bytes of zero padding before the video, but \(gap.count) bytes\(gap.isEmpty ? "" : " that are not all zero") lie between the image's end and the video")
      }
    }
  }

  /// A HEIF `mpvd` box against the directory: the video item must be the box's payload.
  mutating func compare(_ declaration: MotionPhotoXMP, withBox payload: Range<Int>, info: inout MotionPhotoInfo) {
    guard declaration.items.contains(where: \.isVideo) else { return }
    let expected = declaration.videoRange(end: tree.range.upperBound)
    guard expected != payload else { return }
    let length = declaration.videoItem?.length.map { "a \($0)-byte video" } ?? "a video of no length"
    let padding = declaration.items.first?.padding.map { " after \($0) bytes of padding" } ?? ""
    info.mismatches.append("the \(declaration.source) declares \(length)\(padding) at the end of the file, but the 'mpvd' box holds \(payload.count) bytes of MP4 at byte \(tree.placement.reportedOffset(payload.lowerBound))")
  }

  /// Walks the video at `range` as "motion-photo"; true when it was read. A video that could not
  /// be read to its end is a part not checked (PA015).
  mutating func addVideo(_ range: Range<Int>, role: String, origin: EmbeddedDocument.Origin) -> Bool {
    let head = (try? tree.source.bytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + ImageFormat.sniffLength))) ?? []
    let format = DocumentSniffer.sniff(head).map(\.format) ?? .isobmff
    guard let walked = add("motion-photo", format: format, source: tree.source, range: range, placement: tree.placement,
                           origin: origin, role: role, imageKind: .motionPhotoVideo) else { return false }
    if let failure = walked.failure {
      tree.markIncomplete("motion-photo", "the Motion Photo video could not be read to its end: \(failure)")
    }
    return true
  }

  /// The file bytes of `range` of this document (its first to its last piece).
  func fileRange(_ range: Range<Int>) -> Range<Int>? {
    let pieces = tree.placement.fileRanges(range)
    guard let first = pieces.first, let last = pieces.last else { return nil }
    return first.lowerBound..<last.upperBound
  }

  /// "Primary 0+0, MotionPhoto 8730+0": the directory's lengths and paddings.
  func describe(_ declaration: MotionPhotoXMP) -> String {
    guard !declaration.items.isEmpty else { return "offset \(declaration.microVideoOffset.map(String.init) ?? "?") from the end" }
    return declaration.items.map { "\($0.semantic ?? $0.mime ?? "item") \($0.length.map(String.init) ?? "?")+\($0.padding.map(String.init) ?? "0")" }
      .joined(separator: ", ")
  }
}
