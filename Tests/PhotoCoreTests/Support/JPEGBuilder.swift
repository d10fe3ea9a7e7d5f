import PhotoCore

/// Builds small JPEG byte streams by hand for walker tests (no encoder involved).
struct JPEGBuilder {
  var bytes: [UInt8] = [0xFF, 0xD8]

  /// A marker segment with a correct length field.
  mutating func segment(_ marker: UInt8, _ payload: [UInt8]) {
    let length = payload.count + 2
    bytes += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  mutating func app1Exif(_ tiff: [UInt8]) { segment(0xE1, Array(ascii: "Exif\0\0") + tiff) }
  mutating func xmp(_ packet: String) { segment(0xE1, Array(ascii: "http://ns.adobe.com/xap/1.0/\0") + Array(packet.utf8)) }

  /// SOF0 with 3 components, 2×2 luma sampling.
  mutating func frame(width: Int, height: Int) {
    segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
                   1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
  }

  /// SOS, a few entropy-coded bytes, EOI.
  mutating func scanAndEnd() {
    segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0])
    bytes += [0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD9]
  }
}

/// Builds a little-endian TIFF/EXIF block: IFD0 entries, optional GPS IFD, optional IFD1.
struct TIFFBuilder {
  struct Entry {
    var tag: UInt16
    var type: UInt16
    var count: UInt32
    var value: [UInt8]
  }

  var ifd0: [Entry] = []
  var gps: [Entry] = []

  static func short(_ tag: UInt16, _ v: UInt16) -> Entry { Entry(tag: tag, type: 3, count: 1, value: le16(v)) }
  static func ascii(_ tag: UInt16, _ s: String) -> Entry {
    let b = Array(s.utf8) + [0]
    return Entry(tag: tag, type: 2, count: UInt32(b.count), value: b)
  }
  static func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
    Entry(tag: tag, type: 5, count: UInt32(values.count), value: values.flatMap { le32($0.0) + le32($0.1) })
  }
  static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
  static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }

  /// Lays out IFD0 at offset 8, then the GPS IFD, with out-of-line values after each IFD.
  func build(nextIFDOffset: UInt32 = 0) -> [UInt8] {
    var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + TIFFBuilder.le32(8)
    var entries0 = ifd0
    if !gps.isEmpty { entries0.append(Entry(tag: 0x8825, type: 4, count: 1, value: [0, 0, 0, 0])) }
    let ifd0Size = 2 + entries0.count * 12 + 4
    var (block0, extra0) = layout(entries0, at: 8, nextIFD: nextIFDOffset)
    let gpsOffset = UInt32(8 + ifd0Size + extra0.count)
    if !gps.isEmpty {
      // patch the GPSInfo pointer entry (last entry of IFD0)
      let p = 2 + (entries0.count - 1) * 12 + 8
      block0.replaceSubrange(p..<p + 4, with: TIFFBuilder.le32(gpsOffset))
    }
    out += block0 + extra0
    if !gps.isEmpty {
      let (block, extra) = layout(gps, at: Int(gpsOffset), nextIFD: 0)
      out += block + extra
    }
    return out
  }

  private func layout(_ entries: [Entry], at offset: Int, nextIFD: UInt32) -> ([UInt8], [UInt8]) {
    var block = TIFFBuilder.le16(UInt16(entries.count))
    var extra: [UInt8] = []
    let extraBase = offset + 2 + entries.count * 12 + 4
    for e in entries {
      block += TIFFBuilder.le16(e.tag) + TIFFBuilder.le16(e.type) + TIFFBuilder.le32(e.count)
      if e.value.count <= 4 {
        block += e.value + Array(repeating: 0, count: 4 - e.value.count)
      } else {
        block += TIFFBuilder.le32(UInt32(extraBase + extra.count))
        extra += e.value
        if extra.count % 2 == 1 { extra.append(0) }
      }
    }
    block += TIFFBuilder.le32(nextIFD)
    return (block, extra)
  }
}
