/// Names JPEG marker segments for the byte map: APPn by the signature at the start of their
/// payload, the rest by marker. An APPn whose signature nobody documented is opaque.
/// Signatures: [JEITA CP-3451 4.5.4; XMP Part 3 1.1.3; ICC.1 B.4; CIPA DC-007 5.2; JFIF 1.02;
/// Adobe TN 5116; and the vendor segments ExifTool documents in Image::ExifTool::JPEG].
enum JPEGSegmentNames {
  /// One recognised payload: the marker, a prefix the payload starts with, and its name.
  struct Signature {
    let marker: UInt8
    let prefix: [UInt8]
    let name: String

    init(_ marker: UInt8, _ prefix: String, _ name: String) {
      self.marker = marker
      self.prefix = [UInt8](ascii: prefix)
      self.name = name
    }

    init(_ marker: UInt8, bytes: [UInt8], _ name: String) {
      self.marker = marker
      self.prefix = bytes
      self.name = name
    }
  }

  /// Known APPn payloads. Order matters only where prefixes overlap (longest first).
  static let signatures: [Signature] = [
    Signature(0xE0, "JFIF\0", "JFIF"),
    Signature(0xE0, "JFXX\0", "JFXX thumbnail"),
    Signature(0xE0, "AVI1", "AVI1"),
    Signature(0xE0, "Ocad", "Ocad"),
    Signature(0xE1, "Exif\0", "Exif"),
    Signature(0xE1, "http://ns.adobe.com/xmp/extension/\0", "Extended XMP"),
    Signature(0xE1, "http://ns.adobe.com/xap/1.0/\0", "XMP"),
    Signature(0xE1, "QVCI\0", "Casio QVCI"),
    Signature(0xE1, "FLIR\0", "FLIR"),
    Signature(0xE1, "PARROT\0", "Parrot thermal image"),
    Signature(0xE1, bytes: [0x49, 0x49, 0x2A, 0x00], "EXIF without Exif header (TIFF II)"),
    Signature(0xE1, bytes: [0x4D, 0x4D, 0x00, 0x2A], "EXIF without Exif header (TIFF MM)"),
    Signature(0xE2, "ICC_PROFILE\0", "ICC_PROFILE"),
    Signature(0xE2, "FPXR\0", "FlashPix FPXR"),
    Signature(0xE2, "MPF\0", "MPF"),
    Signature(0xE2, bytes: [0xFF, 0xD8, 0xFF, 0xDB], "preview image"),
    Signature(0xE2, "QVGA\0", "preview image (QVGA)"),
    Signature(0xE2, "BGTH", "preview image (BGTH)"),
    Signature(0xE3, "Meta\0\0", "Kodak Meta"),
    Signature(0xE3, "META\0\0", "Kodak Meta"),
    Signature(0xE3, "Exif\0\0", "Kodak Meta (Exif)"),
    Signature(0xE3, "Stim\0", "Stim stereo"),
    Signature(0xE3, "_JPSJPS_", "JPS stereo"),
    Signature(0xE3, bytes: [0xFF, 0xD8, 0xFF, 0xDB], "preview image"),
    Signature(0xE4, "SCALADO\0", "Scalado"),
    Signature(0xE4, "FPXR\0", "FlashPix FPXR"),
    Signature(0xE5, "RMETA\0", "Ricoh RMETA"),
    Signature(0xE5, "ssuniqueid\0", "Samsung unique ID"),
    Signature(0xE6, "EPPIM\0", "Toshiba PrintIM"),
    Signature(0xE6, "NTIF\0", "NITF"),
    Signature(0xE6, "NITF\0", "NITF"),
    Signature(0xE6, "TDHD\u{01}\0\0\0", "HP TDHD"),
    Signature(0xE6, "GoPro\0", "GoPro GPMF"),
    Signature(0xE6, "MMIMETA\0", "Motorola MMIMETA"),
    Signature(0xE7, "PENTAX \0", "Pentax"),
    Signature(0xE7, "HUAWEI\0\0", "Huawei"),
    Signature(0xE7, "\u{1A}Qualcomm Camera Attributes", "Qualcomm camera attributes"),
    Signature(0xE8, "SPIFF\0", "SPIFF"),
    Signature(0xE9, "Media Jukebox\0", "Media Jukebox"),
    Signature(0xEA, "UNICODE\0", "Unicode comment"),
    Signature(0xEA, "AROT\0\0", "Apple AROT"),
    Signature(0xEB, "HDR_RI ", "JPEG-HDR"),
    Signature(0xEB, "JP", "JUMBF"),
    Signature(0xEC, "Ducky", "Ducky"),
    Signature(0xEC, "[picture info]", "Picture Info"),
    Signature(0xED, "Photoshop 3.0\0", "Photoshop"),
    Signature(0xED, "Adobe_Photoshop2.5", "Photoshop"),
    Signature(0xED, "Adobe_CM", "Adobe_CM"),
    Signature(0xEE, "Adobe", "Adobe"),
  ]

  /// Markers `JPEGMarker.name` has no name for. [T.81 table B.1]
  static let otherNames: [UInt8: String] = [0xDE: "DHP", 0xDF: "EXP", 0x01: "TEM"]

  /// Bytes of a payload read to name it.
  static let sniffLength = 40

  /// The name of a segment and whether its content is of a known kind. `head` holds the first
  /// bytes of the payload (after the length field).
  static func name(marker: UInt8, head: [UInt8]) -> (name: String, kind: ByteRegionKind, note: String?) {
    let base = JPEGMarker.name(marker)
    if JPEGMarker.isApplication(marker) {
      if let signature = signatures.first(where: { $0.marker == marker && head.hasPrefix($0.prefix) }) {
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
