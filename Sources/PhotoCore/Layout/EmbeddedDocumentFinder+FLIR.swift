extension EmbeddedDocumentFinder {
  /// A FLIR JPEG's FFF data, joined from its APP1 chunks (`FLIRChunks`), is what the sweep
  /// searches: the records no decoder here reads (text, palettes, the visible-light photo of an
  /// EmbeddedImage record with its own EXIF, raw thermal data) are whole there, where a structure
  /// cut by a chunk boundary is in no one segment. The segments themselves are not swept (the
  /// JPEG walker counts `flir` among the carriers read in full), so nothing is found twice. When
  /// the chunks do not join (the decoder reports it, PA015), each chunk's data is searched alone.
  mutating func flirData() {
    guard tree.format == .jpeg else { return }
    var chunks: [Carrier] = []
    for index in tree.scan.carriers.indices where tree.scan.carriers[index].kind == .flir {
      chunks.append(tree.scan.carriers[index])
    }
    guard let first = chunks.first else { return }
    let header = FLIRChunks.headerLength
    let joined = FLIRChunks.assemble(chunks.map(\.payload))
    if let data = joined.data {
      tree.joinedForSweep.append(.init(name: "FLIR FFF data in \(joined.order.count) APP1 segment(s)", offset: first.offset + header,
                                       data: data))
      return
    }
    for chunk in chunks where chunk.payload.count > header {
      tree.joinedForSweep.append(.init(name: "FLIR APP1 chunk", offset: chunk.offset + header, data: Array(chunk.payload[header...])))
    }
  }
}
