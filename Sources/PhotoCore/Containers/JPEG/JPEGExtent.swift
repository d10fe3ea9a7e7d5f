import Bytes
/// Decides whether the bytes at an offset are a whole, structurally valid JPEG, and where it
/// ends, by walking its markers: SOI, marker segments whose lengths stay in bounds (a frame
/// header before the first scan), each SOS followed by entropy-coded data up to the next marker,
/// and EOI. Used to find the JPEG previews cameras put inside MakerNotes or in an EXIF block's
/// slack: three bytes FF D8 FF alone say nothing (they occur in any binary data), a JPEG that
/// walks from SOI to EOI does. Nothing is trusted past `limit`; junk between segments, a marker
/// that cannot stand there, or an end before EOI makes the candidate invalid.
/// [ITU-T T.81 B.1–B.2, F.1.2.3]
struct JPEGExtent {
  /// Most markers walked in one candidate (a progressive JPEG has tens).
  static let maxSegments = 1024
  /// The JPEG start of image: SOI followed by the 0xFF of the next marker.
  package static let start: [UInt8] = [0xFF, JPEGMarker.soi, 0xFF]

  /// The bytes searched.
  package let source: any ByteSource
  /// The last entropy-coded stretch scanned (up to `limit`): a scan from any offset between its
  /// start and its end ends at the same place, so overlapping candidates never scan the same
  /// data twice.
  private var memo: (from: Int, limit: Int, result: JPEGEntropyScanner.Result)?

  init(source: any ByteSource) {
    self.source = source
  }

  /// The end (one past EOI) of the JPEG that starts at `start` and lies wholly before `limit`;
  /// nil when the bytes there are not one.
  package mutating func end(from start: Int, limit: Int) -> Int? {
    guard start >= 0, limit <= source.count, start + 4 <= limit,
          (try? source.bytes(in: start..<start + 2)) == [0xFF, JPEGMarker.soi] else { return nil }
    var position = start + 2
    var sawFrame = false, sawScan = false
    for _ in 0..<Self.maxSegments {
      guard let head = try? source.bytes(in: position..<min(position + 4, limit)), head.count >= 2, head[0] == 0xFF else { return nil }
      let marker = head[1]
      if marker == 0xFF {
        position += 1  // fill byte before a marker [T.81 B.1.1.2]
        continue
      }
      if marker == JPEGMarker.eoi { return sawFrame && sawScan ? position + 2 : nil }
      // Every other marker that stands alone (SOI again, RSTn outside a scan, TEM) or 0x00 is no
      // place a valid JPEG can have here.
      guard !JPEGMarker.isStandalone(marker), marker != 0x00, head.count == 4 else { return nil }
      let length = Int(head[2]) << 8 | Int(head[3])
      guard length >= 2, length <= limit - position - 2 else { return nil }
      position += 2 + length
      if JPEGMarker.isStartOfFrame(marker) { sawFrame = true }
      guard marker == JPEGMarker.sos else { continue }
      guard sawFrame, let scanEnd = entropyEnd(from: position, limit: limit) else { return nil }
      sawScan = true
      position = scanEnd
    }
    return nil
  }

  /// Where the entropy-coded data from `position` ends (at the next marker's 0xFF), nil when no
  /// marker follows before `limit`.
  private mutating func entropyEnd(from position: Int, limit: Int) -> Int? {
    let result: JPEGEntropyScanner.Result
    if let memo, memo.limit == limit, memo.from <= position, position <= memo.result.end {
      result = memo.result
    } else if let scanned = try? JPEGEntropyScanner.scan(source, from: position, limit: limit) {
      result = scanned
      memo = (position, limit, scanned)
    } else {
      return nil
    }
    return result.foundMarker ? result.end : nil
  }
}

extension JPEGExtent {
  /// The shortest structurally whole JPEG: SOI, an 11-byte frame header, an 8-byte scan header
  /// with one byte of data, EOI.
  static let minimumLength = 2 + 2 + 11 + 2 + 8 + 1 + 2

  /// The first offset in `from..<before` of `bytes` where FF D8 FF starts (wholly before `before`).
  static func nextStart(in bytes: [UInt8], from: Int, before: Int) -> Int? {
    let upper = min(before, bytes.count) - start.count
    var i = max(from, 0)
    while i <= upper {
      guard let found = bytes[i...upper].firstIndex(of: 0xFF) else { return nil }
      if bytes[found + 1] == JPEGMarker.soi && bytes[found + 2] == 0xFF { return found }
      i = found + 1
    }
    return nil
  }
}
