import Bytes
/// Recognises what an APPn/COM segment carries by its signature (`JPEGAppSignatures`) and
/// cuts the payload out of its wrapping.
enum JPEGSegmentClassifier {
  /// The carrier in `segment`, with its payload read, or nil for non-metadata segments.
  /// `budget` limits the total payload bytes read; it goes negative when exhausted.
  static func classify(_ segment: JPEGSegment, in source: any ByteSource, budget: inout Int) throws(ByteError) -> Carrier? {
    let marker = segment.marker
    guard JPEGMarker.isApplication(marker) || marker == JPEGMarker.com else { return nil }
    let start = segment.payloadOffset
    let end = start + segment.payloadLength
    func read(_ r: Range<Int>) throws(ByteError) -> [UInt8] { try source.bytes(in: r) }
    let note = "\(segment.name) at byte \(segment.offset)"
    if marker == JPEGMarker.com {
      guard take(segment.payloadLength, from: &budget) else { return nil }
      var comment = Carrier(kind: .comment, offset: start, length: segment.payloadLength, note: note, payload: try read(start..<end))
      comment.comment = .jpegSegment
      return comment
    }
    let head = try read(start..<min(end, start + JPEGAppSignatures.sniffLength))
    if let signature = JPEGAppSignatures.match(marker: marker, head: head, carriersOnly: true), let kind = signature.carrier {
      let payloadStart = signature.payloadIncludesPrefix ? start : start + signature.prefix.count
      guard take(end - payloadStart, from: &budget) else { return nil }
      let described = signature.payloadIncludesPrefix ? note + ", TIFF block without the Exif header" : note
      return Carrier(kind: kind, offset: payloadStart, length: end - payloadStart, note: described,
                     payload: try read(payloadStart..<end))
    }
    // Anything else is located but left opaque: name it by its signature text, if any.
    let label = head.prefix { $0 >= 0x20 && $0 < 0x7F }.prefix(32)
    let described = label.count >= 3 ? note + " \"\(String(decoding: label, as: UTF8.self))\"" : note
    return Carrier(kind: .unknown, offset: start, length: segment.payloadLength, note: described, payload: head)
  }

  private static func take(_ n: Int, from budget: inout Int) -> Bool {
    budget -= n
    return budget >= 0
  }
}
