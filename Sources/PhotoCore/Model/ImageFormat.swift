/// An image container format, recognised by content (magic bytes), never by file extension.
/// Also the video companions pickers hand over with photos (QuickTime MOV, MP4): read for their
/// metadata, never decoded.
public enum ImageFormat: String, Sendable, Equatable, Codable, CaseIterable {
  case jpeg, heic, heif, avif, png
  /// WebP (RIFF): simple (VP8, VP8L) or extended (VP8X). [RFC 9649]
  case webp
  /// GIF 87a/89a; pixels are its first frame.
  case gif
  /// JPEG XL: a bare codestream or the ISOBMFF-shaped container. [ISO/IEC 18181-1, -2]
  case jxl
  /// QuickTime movie (`ftyp` brand `qt  `) and MP4-family video (ISO/3GPP brands). [VideoFormats]
  case mov, mp4
  /// TIFF and BigTIFF. [TIFF 6.0; BigTIFF]
  case tiff
  /// Adobe DNG: a TIFF whose IFD0 has DNGVersion. [DNG 1.7]
  case dng
  /// A TIFF-based camera raw other than DNG (Canon CR2, Nikon NEF, Sony ARW, Pentax PEF,
  /// Panasonic RW2, Olympus ORF…): metadata and previews are read, sensor data is not decoded.
  case raw
  /// Sidecars, metadata files of their own read with their photo (`SidecarSniffer`: an XMP
  /// packet; a Google Takeout JSON, told by its keys): no pixels.
  case xmp, takeoutJSON = "takeout-json"

  /// Bytes needed by `sniff(_:)`.
  public static let sniffLength = 64

  /// Recognises the format from the first bytes of a file; nil when it is none we read.
  public static func sniff(_ head: [UInt8]) -> ImageFormat? {
    if head.hasPrefix([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.hasPrefix([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if head.count >= 12, head.hasPrefix(Array("RIFF".utf8)), head[8..<12].elementsEqual("WEBP".utf8) { return .webp }
    if head.hasPrefix(Array("GIF87a".utf8)) || head.hasPrefix(Array("GIF89a".utf8)) { return .gif }
    if JXLWalker.isJXL(head) { return .jxl }
    if head.count >= 4, head[0] == head[1], head[0] == 0x49 || head[0] == 0x4D, let header = TIFFFileHeader.parse(head) {
      return header.isCR2 || header.dialect == .panasonic || header.dialect == .olympus ? .raw : .tiff
    }
    return isobmffImageFormat(head) ?? VideoBrands.quickTimeWithoutBrand(head)
  }

  /// Reads an ISOBMFF `ftyp` box at the start of `head` and classifies its brands. [ISO 14496-12 4.3]
  static func isobmffImageFormat(_ head: [UInt8]) -> ImageFormat? {
    guard head.count >= 16, head[4..<8].elementsEqual("ftyp".utf8) else { return nil }
    let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
    let end = min(max(size, 16), head.count)
    var brands = [String(decoding: head[8..<12], as: UTF8.self)]
    var i = 16
    while i + 4 <= end {
      brands.append(String(decoding: head[i..<i + 4], as: UTF8.self))
      i += 4
    }
    let major = brands[0]
    if heicBrands.contains(major) { return .heic }
    if avifBrands.contains(major) { return .avif }
    if brands.contains(where: heicBrands.contains) { return .heic }
    if brands.contains(where: avifBrands.contains) { return .avif }
    if brands.contains(where: heifBrands.contains) { return .heif }
    return VideoBrands.format(major: major, brands: brands)
  }

  static let heicBrands: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
  static let avifBrands: Set = ["avif", "avis"]
  static let heifBrands: Set = ["mif1", "msf1", "mif2", "miaf", "jpeg"]

  /// True for the ISOBMFF-based formats read through the HEIF walker.
  public var isHEIFFamily: Bool { self == .heic || self == .heif || self == .avif }

  /// True for the video formats (metadata read, pixels never decoded).
  public var isVideo: Bool { self == .mov || self == .mp4 }

  /// True for the TIFF-shaped formats read by the TIFF file walker.
  public var isTIFFFamily: Bool { self == .tiff || self == .dng || self == .raw }

  /// The formats photoaudit reads, as the PA013 message for any other file lists them.
  public static let readableNames = "a JPEG, HEIF/AVIF, PNG, WebP, GIF, JPEG XL, TIFF or DNG"

  /// True for the sidecar formats (a metadata file: no pixels, no image size).
  public var isSidecar: Bool { self == .xmp || self == .takeoutJSON }
}
