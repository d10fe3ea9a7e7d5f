/// What an APPn payload is, by the signature it starts with: one table for the walker (which
/// cuts the metadata carriers out) and the byte map (which names every segment). An APPn whose
/// signature nobody documented is opaque. [JEITA CP-3451 4.5.4; XMP Part 3 1.1.3; ICC.1 B.4;
/// CIPA DC-007 5.2; JFIF 1.02; Adobe TN 5116; and the vendor segments ExifTool documents in
/// Image::ExifTool::JPEG]
enum JPEGAppSignatures {
  /// One recognised payload.
  struct Signature {
    package let marker: UInt8
    /// The bytes the payload starts with.
    package let prefix: [UInt8]
    /// The segment's name in the byte map.
    package let name: String
    /// The metadata carrier it holds, for the walker; nil for segments only named.
    package let carrier: CarrierKind?
    /// The carrier's payload starts at the signature (a bare TIFF header), not after it.
    let payloadIncludesPrefix: Bool

    init(_ marker: UInt8, _ prefix: String, _ name: String, carrier: CarrierKind? = nil) {
      self.init(marker, bytes: [UInt8](ascii: prefix), name, carrier: carrier)
    }

    init(_ marker: UInt8, bytes: [UInt8], _ name: String, carrier: CarrierKind? = nil, payloadIncludesPrefix: Bool = false) {
      self.marker = marker
      prefix = bytes
      self.name = name
      self.carrier = carrier
      self.payloadIncludesPrefix = payloadIncludesPrefix
    }
  }

  /// Known APPn payloads. Where prefixes overlap the longer comes first.
  package static let all: [Signature] = [
    Signature(0xE0, "JFIF\0", "JFIF", carrier: .jfif),
    Signature(0xE0, "JFXX\0", "JFXX thumbnail", carrier: .thumbnail),  // JFIF extension thumbnail
    Signature(0xE0, "AVI1", "AVI1"),
    Signature(0xE0, "Ocad", "Ocad"),
    Signature(0xE1, "Exif\0\0", "Exif", carrier: .exif),
    Signature(0xE1, "Exif\0\u{FF}", "Exif", carrier: .exif),  // some writers pad with 0xFF
    Signature(0xE1, "Exif\0", "Exif"),
    Signature(0xE1, "http://ns.adobe.com/xmp/extension/\0", "Extended XMP", carrier: .xmpExtended),
    Signature(0xE1, "http://ns.adobe.com/xap/1.0/\0", "XMP", carrier: .xmp),
    Signature(0xE1, "QVCI\0", "Casio QVCI"),
    Signature(0xE1, "FLIR\0", "FLIR", carrier: .flir),  // FFF data in chunks (FLIRChunks)
    Signature(0xE1, "PARROT\0", "Parrot thermal image"),
    // EXIF without the "Exif\0\0" header: the payload is the TIFF block itself.
    Signature(0xE1, bytes: [0x49, 0x49, 0x2A, 0x00], "EXIF without Exif header (TIFF II)", carrier: .exif, payloadIncludesPrefix: true),
    Signature(0xE1, bytes: [0x4D, 0x4D, 0x00, 0x2A], "EXIF without Exif header (TIFF MM)", carrier: .exif, payloadIncludesPrefix: true),
    Signature(0xE2, "ICC_PROFILE\0", "ICC_PROFILE", carrier: .icc),
    Signature(0xE2, "FPXR\0", "FlashPix FPXR"),
    Signature(0xE2, "MPF\0", "MPF", carrier: .mpf),
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
    // JUMBF boxes split over APP11 segments (C2PA manifest stores). [ISO/IEC 19566-5 B.2]
    Signature(0xEB, "JP", "JUMBF", carrier: .c2pa),
    Signature(0xEC, "Ducky", "Ducky"),
    Signature(0xEC, "[picture info]", "Picture Info"),
    Signature(0xED, "Photoshop 3.0\0", "Photoshop", carrier: .photoshop),
    Signature(0xED, "Adobe_Photoshop2.5", "Photoshop"),
    Signature(0xED, "Adobe_CM", "Adobe_CM"),
    Signature(0xEE, "Adobe", "Adobe", carrier: .adobe),
  ]

  /// Bytes of a payload read to recognise it.
  package static let sniffLength = 40

  /// The first signature of `marker` that `head` (the payload's first bytes) starts with;
  /// with `carriersOnly`, the first that names a carrier.
  package static func match(marker: UInt8, head: [UInt8], carriersOnly: Bool = false) -> Signature? {
    all.first { $0.marker == marker && (!carriersOnly || $0.carrier != nil) && head.hasPrefix($0.prefix) }
  }
}
