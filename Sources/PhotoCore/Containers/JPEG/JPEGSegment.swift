import Bytes
/// One marker segment of a JPEG, located in the file.
public struct JPEGSegment: Sendable, Equatable {
  /// The marker code (the byte after 0xFF).
  public var marker: UInt8
  /// Absolute offset of the 0xFF that starts the marker.
  public var offset: Int
  /// Absolute offset of the payload (after the 2-byte length); equals offset + 2 for standalone markers.
  public var payloadOffset: Int
  /// Payload length (segment length field minus 2); 0 for standalone markers.
  public var payloadLength: Int

  /// Total bytes the segment occupies in the file.
  public var totalLength: Int { payloadOffset + payloadLength - offset }
  /// The marker's name ("APP1").
  public var name: String { JPEGMarker.name(marker) }
}

/// The frame header (SOFn): size, precision, components, coding process. [T.81 B.2.2]
public struct JPEGFrameHeader: Sendable, Equatable {
  public var marker: UInt8
  public var precision: Int
  public var width: Int
  public var height: Int
  public var components: Int
  /// Horizontal and vertical sampling factors of each component.
  public var sampling: [(h: Int, v: Int)]

  public static func == (a: JPEGFrameHeader, b: JPEGFrameHeader) -> Bool {
    a.marker == b.marker && a.precision == b.precision && a.width == b.width && a.height == b.height
      && a.components == b.components && a.sampling.elementsEqual(b.sampling, by: { $0 == $1 })
  }

  public var isProgressive: Bool { JPEGMarker.isProgressive(marker) }

  /// Parses the SOF payload.
  package static func parse(marker: UInt8, payload: [UInt8], at offset: Int) throws(ByteError) -> JPEGFrameHeader {
    var r = ByteReader(payload, base: offset, what: "JPEG \(JPEGMarker.name(marker)) segment")
    let precision = Int(try r.u8())
    let height = Int(try r.u16be())
    let width = Int(try r.u16be())
    let count = Int(try r.u8())
    var sampling: [(h: Int, v: Int)] = []
    for _ in 0..<count {
      _ = try r.u8()
      let factors = try r.u8()
      _ = try r.u8()
      sampling.append((Int(factors >> 4), Int(factors & 0x0F)))
    }
    return JPEGFrameHeader(marker: marker, precision: precision, width: width, height: height,
                           components: count, sampling: sampling)
  }
}
