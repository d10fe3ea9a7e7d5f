/// Recognises what an APPn/COM segment carries by its signature and cuts the payload out of
/// its wrapping. [JEITA CP-3451 4.5.4; XMP Part 3 1.1.3; ICC.1 B.4; CIPA DC-007 5.2]
enum JPEGSegmentClassifier {
  struct Signature {
    let marker: UInt8
    let prefix: [UInt8]
    let kind: CarrierKind
  }

  static let exifHeader = [UInt8](ascii: "Exif\0\0")
  static let signatures: [Signature] = [
    Signature(marker: 0xE1, prefix: exifHeader, kind: .exif),
    Signature(marker: 0xE1, prefix: [UInt8](ascii: "Exif\0\u{FF}"), kind: .exif),  // some writers pad with 0xFF
    Signature(marker: 0xE1, prefix: [UInt8](ascii: "http://ns.adobe.com/xap/1.0/\0"), kind: .xmp),
    Signature(marker: 0xE1, prefix: [UInt8](ascii: "http://ns.adobe.com/xmp/extension/\0"), kind: .xmpExtended),
    Signature(marker: 0xE2, prefix: [UInt8](ascii: "ICC_PROFILE\0"), kind: .icc),
    Signature(marker: 0xE2, prefix: [UInt8](ascii: "MPF\0"), kind: .mpf),
    Signature(marker: 0xED, prefix: [UInt8](ascii: "Photoshop 3.0\0"), kind: .photoshop),
    Signature(marker: 0xE0, prefix: [UInt8](ascii: "JFIF\0"), kind: .jfif),
    Signature(marker: 0xE0, prefix: [UInt8](ascii: "JFXX\0"), kind: .thumbnail),  // JFIF extension thumbnail
    Signature(marker: 0xEE, prefix: [UInt8](ascii: "Adobe"), kind: .adobe),
  ]
  /// TIFF headers: an APP1 that starts with one holds EXIF without the "Exif\0\0" header.
  static let tiffHeaders: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]
  /// Bytes read to recognise a segment.
  static let sniffLength = 40

  /// The carrier in `segment`, with its payload read, or nil for non-metadata segments.
  /// `budget` limits the total payload bytes read; it goes negative when exhausted.
  static func classify(_ segment: JPEGSegment, in source: any ByteSource, budget: inout Int) throws(ContainerError) -> Carrier? {
    let marker = segment.marker
    guard JPEGMarker.isApplication(marker) || marker == JPEGMarker.com else { return nil }
    let start = segment.payloadOffset
    let end = start + segment.payloadLength
    func read(_ r: Range<Int>) throws(ContainerError) -> [UInt8] {
      do { return try source.bytes(in: r) } catch { throw ContainerError(error, format: "JPEG") }
    }
    let note = "\(segment.name) at byte \(segment.offset)"
    if marker == JPEGMarker.com {
      guard take(segment.payloadLength, from: &budget) else { return nil }
      return Carrier(kind: .comment, offset: start, length: segment.payloadLength, note: note,
                     payload: try read(start..<end))
    }
    let head = try read(start..<min(end, start + sniffLength))
    if let signature = signatures.first(where: { $0.marker == marker && head.hasPrefix($0.prefix) }) {
      let payloadStart = start + signature.prefix.count
      guard take(end - payloadStart, from: &budget) else { return nil }
      return Carrier(kind: signature.kind, offset: payloadStart, length: end - payloadStart, note: note,
                     payload: try read(payloadStart..<end))
    }
    if marker == 0xE1, tiffHeaders.contains(where: head.hasPrefix) {
      guard take(segment.payloadLength, from: &budget) else { return nil }
      return Carrier(kind: .exif, offset: start, length: segment.payloadLength,
                     note: note + ", TIFF block without the Exif header", payload: try read(start..<end))
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
