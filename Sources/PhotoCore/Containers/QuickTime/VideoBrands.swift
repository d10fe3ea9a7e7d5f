/// The `ftyp` brands of the video companions photoaudit reads: QuickTime movies and the MP4
/// family (ISO base media, MPEG-4, 3GPP, Apple M4V, DASH). A HEIF brand wins over these
/// (`ImageFormat.isobmffImageFormat` asks HEIF first), so a HEIF still that also lists `isom`
/// stays HEIF. Audio-only brands (`M4A `, `M4B `) are no picker companion: not read.
/// [ISO/IEC 14496-12 4.3, 14496-14; 3GPP TS 26.244 5.4; Apple QTFF "File type compatibility atom"; mp4ra.org brands]
enum VideoBrands {
  /// QuickTime movie.
  static let quickTime = "qt  "

  /// MP4-family brands that name a video file.
  package static let mp4: Set<String> = [
    "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42", "mp71", "avc1", "M4V ",
    "M4VH", "M4VP", "mmp4", "MSNV", "dash", "f4v ", "XAVC", "3gp4", "3gp5", "3gp6", "3gp7", "3gp8", "3gp9", "3gg6",
    "3g2a", "3g2b", "3g2c",
  ]

  /// The video format the brands name: the major brand first, then the compatible ones.
  package static func format(major: String, brands: [String]) -> ImageFormat? {
    if major == quickTime { return .mov }
    if isMP4(major) { return .mp4 }
    if brands.contains(quickTime) { return .mov }
    if brands.contains(where: isMP4) { return .mp4 }
    return nil
  }

  /// First atoms of a QuickTime movie written before `ftyp` existed (QuickTime 1–5).
  static let firstAtomsWithoutBrand: Set<String> = ["moov", "mdat", "wide", "pnot"]

  /// `.mov` for a file that starts with a QuickTime atom other than `ftyp` and a possible size.
  /// [Apple QTFF "File type compatibility": files without it are QuickTime movies]
  static func quickTimeWithoutBrand(_ head: [UInt8]) -> ImageFormat? {
    guard head.count >= 8, firstAtomsWithoutBrand.contains(String(decoding: head[4..<8], as: UTF8.self)) else { return nil }
    let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
    return size >= 8 || size == 0 || size == 1 ? .mov : nil
  }

  /// True for an MP4-family brand (any `3gp`/`3g2` version counts).
  static func isMP4(_ brand: String) -> Bool {
    mp4.contains(brand) || brand.hasPrefix("3gp") || brand.hasPrefix("3g2")
  }
}
