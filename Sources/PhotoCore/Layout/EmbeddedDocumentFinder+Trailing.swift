import Bytes
extension EmbeddedDocumentFinder {
  /// What the data after a document's own structure is called in the layout, by format.
  static func trailerNote(_ format: DocumentFormat) -> String {
    switch format {
    case .jpeg: "after EOI"
    case .png: "after IEND"
    case .heic, .heif, .avif, .isobmff, .mov, .mp4: "after the last box"
    case .icc: "after the last tag"
    case .tiff: "after the TIFF block"
    case .tiffFile: "after the last structure of the TIFF"
    case .webp: "after the RIFF data"
    case .gif: "after the GIF trailer"
    case .jxl: "after the JPEG XL codestream or last box"
    case .jumbf: "after the JUMBF superbox"
    case .xmp, .takeoutJSON: "after the sidecar"
    }
  }

  /// The data after the end of the image (`tree.end`), less the MPF images in it: each document
  /// found at the start of what is left is walked ("trailer#1", "trailer#2"…); what no document
  /// explains is an unexplained "trailer" node.
  mutating func trailingDocuments() {
    guard let end = tree.end, end < tree.range.upperBound else { return }
    defer { tree.nodes.sort { $0.range.lowerBound < $1.range.lowerBound } }
    let occupied = tree.children.map(\.tree.range).filter { $0.overlaps(end..<tree.range.upperBound) }
      .sorted { $0.lowerBound < $1.lowerBound }
    var cursor = end
    for range in occupied + [tree.range.upperBound..<tree.range.upperBound] {
      if range.lowerBound > cursor { trailingData(cursor..<range.lowerBound) }
      cursor = max(cursor, range.upperBound)
    }
  }

  /// Splits one stretch of trailing data into documents and unexplained bytes.
  mutating func trailingData(_ gap: Range<Int>) {
    let note = Self.trailerNote(tree.format)
    var position = gap.lowerBound
    while position < gap.upperBound {
      let head = (try? tree.source.bytes(in: position..<min(position + ImageFormat.sniffLength, gap.upperBound))) ?? []
      guard let (format, skip) = DocumentSniffer.sniff(head) else { break }
      let count = tree.children.filter { $0.origin == .appended }.count
      guard count < LayoutLimits.maxTrailingDocuments else {
        tree.markIncomplete("trailer", "more than \(LayoutLimits.maxTrailingDocuments) documents after the image; the rest was not read")
        break
      }
      let start = position + skip
      guard let walked = add("trailer", index: count + 1, format: format, source: tree.source, range: start..<gap.upperBound,
                             placement: tree.placement, origin: .appended, role: note, imageKind: .trailer)
      else { break }
      // The document ends where its own structure ends; what follows it is read on.
      guard walked.failure == nil, walked.range.upperBound > start else {
        tree.children.removeLast()
        break
      }
      if skip > 0 { tree.nodes.append(LayoutNode("Exif header", range: position..<start, note: "\(note), before a TIFF block")) }
      listTrailer(position..<walked.range.upperBound, index: count + 1,
                  note: "\(note): \(walked.format == .tiff ? "a TIFF block" : "a \(walked.format.rawValue.uppercased()) file"), read as trailer#\(count + 1)")
      position = walked.range.upperBound
    }
    guard position < gap.upperBound else { return }
    let rest = position..<gap.upperBound
    // Inside an embedded document, zeros (or 0xFF) up to the size its container gives it are
    // padding (thumbnails often have some after EOI): explained, nothing to hide.
    if children.depth > 1, let fill = try? tree.source.bytes(in: rest.lowerBound..<rest.lowerBound + 1).first,
       fill == 0 || fill == 0xFF, ByteSniffer.isUniform(tree.source, rest, fill) {
      tree.nodes.append(LayoutNode("padding", range: rest, note: "\(note), up to the size the container gives"))
      return
    }
    tree.nodes.append(.unexplained("trailer", range: rest, note: note))
    listTrailer(rest, index: nil, note: note)
  }

  /// Lists trailing data among the document's carriers (with no payload: its content is a
  /// document of its own, or unexplained bytes the sweep reads).
  mutating func listTrailer(_ range: Range<Int>, index: Int?, note: String) {
    tree.scan.carriers.append(Carrier(kind: .trailer, offset: range.lowerBound, length: range.count,
                                      item: index, note: note))
  }
}
