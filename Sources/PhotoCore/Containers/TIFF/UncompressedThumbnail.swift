/// An uncompressed IFD1 thumbnail (Compression 1): pixels in strips (StripOffsets,
/// StripByteCounts) described by the IFD's ImageWidth, ImageLength, BitsPerSample,
/// SamplesPerPixel, PhotometricInterpretation and PlanarConfiguration. The common case — 8-bit
/// RGB, 3 samples per pixel, chunky — is read as pixels and compared by PA005 like a JPEG
/// thumbnail; any other layout is named and left uncompared (PA015), never passed in silence.
/// [EXIF 2.32 4.5.5 and 4.6.3 (uncompressed thumbnails); TIFF 6.0 §3–§6]
struct UncompressedThumbnail: Sendable, Equatable {
  /// ImageWidth.
  package var width: Int
  /// ImageLength.
  package var height: Int
  /// BitsPerSample, one per sample (TIFF's default: one sample of 1 bit).
  var bitsPerSample: [Int]
  /// SamplesPerPixel (default 1).
  var samplesPerPixel: Int
  /// PhotometricInterpretation (2 RGB, 6 YCbCr, 1 grey); nil when absent.
  var photometric: Int?
  /// PlanarConfiguration (1 chunky, 2 planar; default 1).
  var planar: Int
  /// The strips, relative to the TIFF header, in order; nil when one lies outside the block or
  /// the offsets and counts do not pair up.
  package var strips: [Range<Int>]?

  /// The IFD1 tags read. [TIFF 6.0 §8]
  static let compressionTag: UInt16 = 0x0103
  static let widthTag: UInt16 = 0x0100
  static let heightTag: UInt16 = 0x0101
  static let bitsPerSampleTag: UInt16 = 0x0102
  static let photometricTag: UInt16 = 0x0106
  static let stripOffsetsTag: UInt16 = 0x0111
  static let samplesPerPixelTag: UInt16 = 0x0115
  static let stripByteCountsTag: UInt16 = 0x0117
  static let planarTag: UInt16 = 0x011C
  /// Compression 1: no compression. [TIFF 6.0 §3 "Compression"]
  static let uncompressed = 1
  /// PhotometricInterpretation 2: RGB. [TIFF 6.0 §6]
  static let rgb = 2
  /// Most strips read (a thumbnail has one, or one per row or eight rows).
  static let maxStrips = 4096

  /// The thumbnail's role in the layout when its pixels are read: an IFD1 thumbnail.
  static let rgbRole = EmbeddedDocumentFinder.ifd1ThumbnailRole + " (uncompressed RGB)"

  /// True for the layout PA005 reads: 8-bit RGB, 3 samples, chunky, with its strips in the block.
  var isRGB8: Bool {
    photometric == Self.rgb && samplesPerPixel == 3 && bitsPerSample == [8, 8, 8] && planar == 1 && strips != nil
  }

  /// The bytes 8-bit RGB samples of `width`×`height` take; nil when absurd.
  var rgbByteCount: Int? {
    let (pixels, o1) = width.multipliedReportingOverflow(by: height)
    let (bytes, o2) = pixels.multipliedReportingOverflow(by: 3)
    return o1 || o2 || width <= 0 || height <= 0 ? nil : bytes
  }

  /// What it is, for roles and messages: "uncompressed RGB", "uncompressed, PhotometricInterpretation
  /// 6 (YCbCr), 3 samples of 8, 8, 8 bits, chunky".
  package var role: String {
    if isRGB8 { return Self.rgbRole }
    let kind = switch photometric {
    case 0?: " (WhiteIsZero)"
    case 1?: " (BlackIsZero)"
    case 2?: " (RGB)"
    case 3?: " (palette)"
    case 6?: " (YCbCr)"
    default: ""
    }
    let layout = "PhotometricInterpretation \(photometric.map(String.init) ?? "absent")\(kind), \(samplesPerPixel) samples of "
      + "\(bitsPerSample.map(String.init).joined(separator: ", ")) bits, \(planar == 1 ? "chunky" : "planar")"
    return EmbeddedDocumentFinder.ifd1ThumbnailRole + " (uncompressed, \(layout)\(strips == nil ? ", strips outside the EXIF block" : ""): not decoded)"
  }
}
