/// Walks a JPEG's marker segments from SOI to the first SOS (where metadata ends), reading only
/// segment headers and the payloads of metadata segments. Never reads scan data.
///
/// The walker locates carriers; it does not interpret EXIF, XMP or IPTC.
public enum JPEGWalker {
  /// Most segments walked before giving up (hostile files repeat markers).
  public static let maxSegments = 4096
  /// Most metadata payload bytes read from one JPEG.
  public static let maxMetadataBytes = 64 << 20

  /// The segments before the first scan, the frame header and any problems.
  public struct Layout: Sendable {
    public var segments: [JPEGSegment] = []
    public var frame: JPEGFrameHeader?
    /// Offset of the first SOS marker, when reached.
    public var firstScanOffset: Int?
    public var warnings: [String] = []
  }

  /// Scans the JPEG that occupies `range` of `source` (the whole file by default).
  public static func scan(_ source: any ByteSource, range: Range<Int>? = nil) throws(ContainerError) -> ContainerScan {
    let bounds = range ?? 0..<source.count
    let layout = try walk(source, range: bounds)
    var scan = ContainerScan(format: .jpeg)
    if let frame = layout.frame {
      scan.storedSize = PixelSize(width: frame.width, height: frame.height)
      scan.structureTags = frameTags(frame)
    }
    scan.warnings = layout.warnings
    var budget = maxMetadataBytes
    for segment in layout.segments {
      guard let located = try JPEGSegmentClassifier.classify(segment, in: source, budget: &budget) else { continue }
      scan.carriers.append(located)
    }
    if budget < 0 { scan.warnings.append("metadata over \(maxMetadataBytes) bytes; the rest was not read") }
    return scan
  }

  /// Walks marker segments within `range` up to the first SOS or EOI.
  public static func walk(_ source: any ByteSource, range: Range<Int>) throws(ContainerError) -> Layout {
    var layout = Layout()
    let format = "JPEG"
    func read(_ r: Range<Int>, _ what: String) throws(ContainerError) -> [UInt8] {
      do { return try source.exactBytes(in: r, what: what) } catch { throw ContainerError(error, format: format) }
    }
    let soi = try read(range.lowerBound..<min(range.lowerBound + 2, range.upperBound), "start of image")
    guard soi == [0xFF, JPEGMarker.soi] else {
      throw .malformed(format: format, what: "start of image", offset: range.lowerBound, reason: "no SOI marker")
    }
    layout.segments.append(JPEGSegment(marker: JPEGMarker.soi, offset: range.lowerBound,
                                       payloadOffset: range.lowerBound + 2, payloadLength: 0))
    var position = range.lowerBound + 2
    while layout.segments.count < maxSegments {
      guard position + 2 <= range.upperBound else {
        layout.warnings.append("JPEG ends at byte \(position) before any image data (no SOS marker)")
        return layout
      }
      // Fill bytes (0xFF) may precede a marker. [T.81 B.1.1.2]
      var head = try read(position..<min(position + 64, range.upperBound), "marker")
      var fill = 0
      while fill + 1 < head.count, head[fill] == 0xFF, head[fill + 1] == 0xFF { fill += 1 }
      if fill > 0 {
        position += fill
        head = try read(position..<min(position + 4, range.upperBound), "marker")
      }
      guard head.count >= 2, head[0] == 0xFF, head[1] != 0x00 else {
        // Junk between segments: skip to the next marker as libjpeg and ExifTool do. [T.81 B.1.1.2]
        guard let next = try nextMarker(in: source, from: position, limit: range.upperBound) else {
          layout.warnings.append("JPEG has no marker at byte \(position) (found 0x\(hex(head.first ?? 0))) and none after it; stopped reading")
          return layout
        }
        layout.warnings.append("JPEG has \(next - position) unknown bytes at byte \(position) before the next marker; skipped")
        position = next
        continue
      }
      let marker = head[1]
      if JPEGMarker.isStandalone(marker) {
        layout.segments.append(JPEGSegment(marker: marker, offset: position, payloadOffset: position + 2, payloadLength: 0))
        if marker == JPEGMarker.eoi { return layout }
        position += 2
        continue
      }
      guard head.count >= 4 else {
        layout.warnings.append("JPEG \(JPEGMarker.name(marker)) at byte \(position) has no length field")
        return layout
      }
      let length = Int(head[2]) << 8 | Int(head[3])
      guard length >= 2 else {
        layout.warnings.append("JPEG \(JPEGMarker.name(marker)) at byte \(position) has an impossible length \(length)")
        return layout
      }
      let segment = JPEGSegment(marker: marker, offset: position, payloadOffset: position + 4, payloadLength: length - 2)
      if segment.payloadOffset + segment.payloadLength > range.upperBound {
        layout.warnings.append(
          "JPEG \(segment.name) at byte \(position) claims \(length) bytes but the file ends at byte \(range.upperBound)")
        var clipped = segment
        clipped.payloadLength = max(0, range.upperBound - segment.payloadOffset)
        layout.segments.append(clipped)
        return layout
      }
      layout.segments.append(segment)
      if JPEGMarker.isStartOfFrame(marker), layout.frame == nil {
        let payload = try read(segment.payloadOffset..<segment.payloadOffset + segment.payloadLength, "frame header")
        do {
          layout.frame = try JPEGFrameHeader.parse(marker: marker, payload: payload, at: segment.payloadOffset)
        } catch {
          layout.warnings.append("\(error)")
        }
      }
      if marker == JPEGMarker.sos {
        layout.firstScanOffset = position
        return layout
      }
      position = segment.payloadOffset + segment.payloadLength
    }
    layout.warnings.append("JPEG has more than \(maxSegments) segments; stopped reading")
    return layout
  }

  /// Bytes searched for a marker after junk before giving up.
  static let maxResyncBytes = 1 << 20

  /// Offset of the next 0xFF that starts a marker (not 0xFF00 stuffing, not fill) after `start`.
  static func nextMarker(in source: any ByteSource, from start: Int, limit: Int) throws(ContainerError) -> Int? {
    let end = min(limit, start + maxResyncBytes)
    var chunkStart = start + 1
    while chunkStart < end {
      let chunk: [UInt8]
      do { chunk = try source.bytes(in: chunkStart..<min(end, chunkStart + 4096) + 1) } catch { throw ContainerError(error, format: "JPEG") }
      guard chunk.count >= 2 else { return nil }
      for i in 0..<chunk.count - 1 where chunk[i] == 0xFF && chunk[i + 1] != 0x00 && chunk[i + 1] != 0xFF {
        return chunkStart + i
      }
      chunkStart += chunk.count - 1
    }
    return nil
  }

  static func frameTags(_ frame: JPEGFrameHeader) -> [MetadataTag] {
    func tag(_ name: String, _ value: TagValue) -> MetadataTag {
      MetadataTag(carrier: .unknown, group: "File", name: name, value: value)
    }
    var tags = [
      tag("ImageWidth", .integer(Int64(frame.width))), tag("ImageHeight", .integer(Int64(frame.height))),
      tag("EncodingProcess", .integer(Int64(frame.marker - 0xC0))),
      tag("BitsPerSample", .integer(Int64(frame.precision))),
      tag("ColorComponents", .integer(Int64(frame.components))),
    ]
    if frame.components == 3, let luma = frame.sampling.first {
      tags.append(tag("YCbCrSubSampling", .text("\(luma.h) \(luma.v)")))
    }
    return tags
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }
}
