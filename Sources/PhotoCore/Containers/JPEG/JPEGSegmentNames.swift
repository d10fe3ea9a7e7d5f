/// Names JPEG marker segments for the byte map: APPn by the signature at the start of their
/// payload (`JPEGAppSignatures`), the rest by marker. An APPn whose signature nobody documented
/// is opaque.
enum JPEGSegmentNames {
  /// Markers `JPEGMarker.name` has no name for. [T.81 table B.1]
  static let otherNames: [UInt8: String] = [0xDE: "DHP", 0xDF: "EXP", 0x01: "TEM"]

  /// The name of a segment and whether its content is of a known kind. `head` holds the first
  /// bytes of the payload (after the length field).
  package static func name(marker: UInt8, head: [UInt8]) -> (name: String, kind: ByteRegionKind, note: String?) {
    let base = JPEGMarker.name(marker)
    if JPEGMarker.isApplication(marker) {
      if let signature = JPEGAppSignatures.match(marker: marker, head: head) {
        return ("\(base) \(signature.name)", .structure, nil)
      }
      // Picture Info segments hold "[picture info]" or "Type=…" text after a vendor name. [ExifTool APP12]
      let text = String(decoding: head, as: UTF8.self)
      if marker == 0xEC, text.contains("[picture info]") || text.contains("Type=") {
        return ("\(base) Picture Info", .structure, nil)
      }
      // Canon CIFF in APP0: byte order, header length, "HEAPJPGM". [ExifTool CanonRaw]
      if marker == 0xE0, head.count >= 14, head.hasPrefix([0x49, 0x49]) || head.hasPrefix([0x4D, 0x4D]),
         head[6..<14].elementsEqual([UInt8](ascii: "HEAPJPGM")) {
        return ("\(base) Canon CIFF", .structure, nil)
      }
      // GraphicConverter writes "Q" and its quality setting in APP15. [ExifTool JPEG GraphConv]
      if marker == 0xEF, head.count >= 2, head[0] == UInt8(ascii: "Q"),
         head.dropFirst().first(where: { $0 != 0x20 }).map({ (0x30...0x39).contains($0) }) ?? false {
        return ("\(base) GraphicConverter", .structure, nil)
      }
      let label = head.prefix { $0 >= 0x20 && $0 < 0x7F }.prefix(24)
      let note = label.count >= 3 ? "unknown payload \"\(String(decoding: label, as: UTF8.self))\"" : "unknown payload"
      return (base, .opaque, note)
    }
    switch marker {
    case JPEGMarker.soi, JPEGMarker.eoi, JPEGMarker.sos, JPEGMarker.dqt, JPEGMarker.dht, JPEGMarker.dri,
         JPEGMarker.com, 0xCC, 0xDC, 0xDE, 0xDF, 0x01, 0xD0...0xD7:
      // SOI EOI SOS DQT DHT DRI COM DAC DNL DHP EXP TEM RSTn [T.81 table B.1]
      return (otherNames[marker] ?? base, .structure, nil)
    case _ where JPEGMarker.isStartOfFrame(marker):
      return (base, .structure, nil)
    case 0xF7:
      return ("SOF55 (JPEG-LS)", .structure, nil)  // [T.87 table C.1]
    case 0xF8:
      return ("LSE (JPEG-LS)", .structure, nil)
    default:
      // JPGn (F0–FD) and reserved codes: framing known, meaning not. [T.81 table B.1]
      return (base, .opaque, "reserved marker")
    }
  }
}
