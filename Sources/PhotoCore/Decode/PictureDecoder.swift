import Bytes
import Codecs
import Synchronization

/// Which pixels to decode: as a correct viewer displays them, or as stored in the file.
public enum PictureView: Sendable, Equatable {
  /// After EXIF Orientation (JPEG/PNG) or irot/imir/clap (HEIF; its EXIF Orientation ignored).
  case displayed
  /// The coded pixels, no orientation applied.
  case stored
}

/// A picture decoded once, at the reduced size the checks need, shared by every pixel check of
/// the file (orientation, crop search, thumbnail, HTML report thumbnail).
public struct ReducedPicture: Sendable {
  /// The stored (coded) pixels, reduced.
  public var stored: PixelImage
  /// The full stored size the reduction was made from.
  public var storedSize: PixelSize
  /// Why the pixels are not all there (premature end, corrupt data), when the decoder still
  /// produced a picture: libjpeg-turbo fills what it could not decode with grey.
  public var damage: String?
  /// The transform to display: HEIF `clap` (in stored coordinates), then the orientation.
  package var crop: PixelRect?
  package var orientation: Orientation

  /// The picture as displayed, at the reduced scale: the `clap` crop scaled down, then the
  /// orientation (EXIF for JPEG/PNG, irot/imir for HEIF).
  public var displayed: PixelImage {
    var image = stored
    if let crop, let scaled = PixelVerifier.scale(crop, from: storedSize, to: PixelSize(width: stored.width, height: stored.height)),
       let cropped = try? image.cropped(to: scaled) {
      image = cropped
    }
    return image.oriented(orientation)
  }
}

/// Decodes a file's picture at reduced size with bounded memory, whatever its size:
/// - JPEG: TurboJPEG DCT scaling (1/2 … 1/8); the compressed file is held, the full-size picture
///   never is (baseline files; a progressive file makes libjpeg hold its coefficients).
/// - PNG: libpng row by row, area-averaged into the reduced picture as rows arrive
///   (`PNGRowDecoder`): a few rows at full width.
/// - JPEG XL: libjxl's pixels through its image-out callback, area-averaged as they come
///   (`JXLCodec`); the codestream's orientation is applied to the reduced picture.
/// - HEIF/AVIF: tile by tile (`HEIFTiledDecoder`), each coded image decoded alone and averaged
///   into the reduced canvas; `clap`/`irot`/`imir` are applied to the reduced canvas. Pictures
///   that are not coded images on a canvas (derived `iden`/`iovl`, an alpha plane) are decoded
///   whole by libheif, then reduced.
/// No check needs full resolution: the fingerprints are 32×32 and the crop search 96 px, so
/// the smallest reduction whose long side is still ≥ `minLongSide` is used. Full size is
/// decoded only when `minLongSide` is nil (`sanitize` without a resize).
public enum PictureDecoder {
  /// Decodes the picture of the file `source` described by `metadata` (and, for HEIF, by its
  /// walked structure `heif`) so its long side is at least `minLongSide` (nil: full size).
  /// `threads`: HEIF tiles decoded at once. Throws a `PixelDecodeFailure`: a limit
  /// (`maxPixels`, a decoder's own), an unsupported feature, or data that does not decode.
  public static func decode(_ source: any ByteSource, metadata: PhotoMetadata, heif: HEIFFile?, minLongSide: Int?,
                            maxPixels: Int, threads: Int = 1) throws(PixelDecodeFailure) -> ReducedPicture {
    try decode(source, metadata: metadata, heif: heif, reduction: minLongSide.map(Reduction.longSideAtLeast) ?? .factor(1),
               maxPixels: maxPixels, threads: threads)
  }

  /// Decodes reduced by the whole area factor `factor` (PNG, HEIF; JPEG by the DCT scale 1/k when
  /// libjpeg-turbo has it): `sanitize` plans its own reduction.
  package static func decode(_ source: any ByteSource, metadata: PhotoMetadata, heif: HEIFFile?, factor: Int,
                     maxPixels: Int, threads: Int = 1) throws(PixelDecodeFailure) -> ReducedPicture {
    try decode(source, metadata: metadata, heif: heif, reduction: .factor(factor), maxPixels: maxPixels, threads: threads)
  }

  /// How much to reduce.
  enum Reduction {
    /// The most the decoder can while the long side stays at least this.
    case longSideAtLeast(Int)
    /// By 1/k exactly.
    case factor(Int)

    /// The area factor for a picture of `width × height`.
    package func factor(width: Int, height: Int) -> Int {
      switch self {
      case .longSideAtLeast(let side): PixelReduction.factor(width: width, height: height, minimumLongSide: side)
      case .factor(let k): max(1, k)
      }
    }
  }

  private static func decode(_ source: any ByteSource, metadata: PhotoMetadata, heif: HEIFFile?, reduction: Reduction,
                             maxPixels: Int, threads: Int) throws(PixelDecodeFailure) -> ReducedPicture {
    guard let format = metadata.format else { throw .unsupported("\(metadata.path) is not an image photoaudit decodes") }
    if format.isVideo { throw .unsupported("\(metadata.path): a \(format.rawValue.uppercased()) video; photoaudit does not decode video") }
    if format.isSidecar { throw .unsupported("\(metadata.path): a sidecar (\(format.rawValue)) has no pixels") }
    do {
      switch format {
      case .jpeg:
        let bytes = try readAll(source)
        let (outcome, full) = try decodeJPEG(bytes, reduction: reduction, maxPixels: maxPixels)
        return ReducedPicture(stored: outcome.image, storedSize: full, damage: jpegDamage(outcome, bytes),
                              orientation: metadata.orientation.effective)
      case .png:
        let input = ByteSourceInput(source: source)
        let size = try PNGRowDecoder.size(input)
        let result = try PNGRowDecoder.decode(input, factor: reduction.factor(width: size.width, height: size.height), maxPixels: maxPixels)
        return ReducedPicture(stored: result.image, storedSize: PixelSize(width: result.width, height: result.height),
                              damage: result.damage, orientation: metadata.orientation.effective)
      case .webp, .gif:
        return try decodeWebPOrGIF(try readAll(source), metadata: metadata, reduction: reduction, maxPixels: maxPixels)
      case .jxl:
        return try decodeJXL(try readAll(source), metadata: metadata, reduction: reduction, maxPixels: maxPixels)
      case .heic, .heif, .avif:
        return try decodeHEIF(source, metadata: metadata, heif: heif, reduction: reduction, maxPixels: maxPixels, threads: threads)
      case .tiff, .dng, .raw:
        return try decodeTIFF(source, metadata: metadata, reduction: reduction, maxPixels: maxPixels)
      case .mov, .mp4, .xmp, .takeoutJSON:
        preconditionFailure("videos and sidecars are refused above")
      }
    } catch {
      throw PixelDecodeFailure(classifying: error)
    }
  }

  /// HEIF: tile by tile when the picture is coded images on a canvas, else libheif's whole decode.
  private static func decodeHEIF(_ source: any ByteSource, metadata: PhotoMetadata, heif: HEIFFile?, reduction: Reduction,
                                 maxPixels: Int, threads: Int) throws -> ReducedPicture {
    let crop = metadata.crop?.source == .clap ? metadata.crop?.rect : nil
    let orientation = metadata.orientation.effective
    // libheif parses the file first (reading its boxes, not its image data): what it refuses
    // (its security limits, a structure it rejects) is what viewers built on it cannot show,
    // so the tiles are not decoded behind its back.
    let context = try HEIFContext(input: ByteSourceInput(source: source))
    let file = try heif ?? HEIFWalker.parse(source)
    switch file.pictureLayout(in: source) {
    case .success(let layout):
      let factor = reduction.factor(width: layout.width, height: layout.height)
      // One coded image is decoded whole by libheif (HEVC and AV1 cannot be decoded reduced).
      let result = try WholePictureGate.decoding(isWhole: layout.tiles.count == 1, pixels: layout.width * layout.height) {
        try HEIFTiledDecoder.decode(layout, from: ByteSourceInput(source: source), factor: factor,
                                    maxPixels: maxPixels, threads: threads)
      }
      if result.decodedTiles == 0, let damage = result.damage { throw PixelDecodeFailure.damaged(damage) }
      return ReducedPicture(stored: result.image, storedSize: PixelSize(width: layout.width, height: layout.height),
                            damage: result.damage, crop: crop, orientation: orientation)
    case .failure:
      // Not a canvas of coded images: libheif decodes the whole picture (bounded by maxPixels).
      let full = try WholePictureGate.decoding(isWhole: true, pixels: metadata.stored?.pixelCount ?? 0) {
        try context.decodePrimary(applyTransformations: false, maxPixels: maxPixels, threads: threads)
      }
      let factor = reduction.factor(width: full.width, height: full.height)
      return ReducedPicture(stored: try full.reduced(by: factor), storedSize: PixelSize(width: full.width, height: full.height),
                            damage: nil, crop: crop, orientation: orientation)
    }
  }

  /// Why a JPEG's pixels are not whole, or nil. A warning libjpeg gives for pixels that are whole
  /// (extraneous bytes before a marker, an unknown JFIF revision…) is the only one it reports,
  /// and libjpeg-turbo's fast Huffman decoder reads garbage inside a scan without a warning of its
  /// own (`JPEGEntropyCheck`): after such a warning the scans' Huffman data is decoded to tell
  /// junk after whole data from garbage in the middle of it. The same at every DCT scale: the
  /// entropy-coded data is decoded whole whatever the scale (libjpeg-turbo skips only the IDCT).
  static func jpegDamage(_ outcome: JPEGDecodeOutcome, _ bytes: [UInt8]) -> String? {
    if let damage = outcome.damage { return damage }
    guard let warning = outcome.warning, case .corrupt(let problem) = JPEGEntropyCheck.check(bytes) else { return nil }
    return "\(warning); \(problem)"
  }

  /// Every byte of the source (JPEG and whole-file HEIF decoders need the file in memory).
  private static func readAll(_ source: any ByteSource) throws(PixelDecodeFailure) -> [UInt8] {
    do { return try source.allBytes() } catch { throw .damaged("the file cannot be read: \(error)") }
  }

  /// Decodes `bytes` (a file described by `metadata`) in one view, as the callers before the
  /// reduced decode did; throws the decoder's error.
  public static func decode(_ bytes: [UInt8], metadata: PhotoMetadata, view: PictureView,
                            minLongSide: Int? = nil, maxPixels: Int) throws(PixelDecodeFailure) -> PixelImage {
    let picture = try decode(MemorySource(bytes), metadata: metadata, heif: nil, minLongSide: minLongSide, maxPixels: maxPixels)
    return view == .displayed ? picture.displayed : picture.stored
  }

  /// The smallest DCT scaling factor whose decode still has a long side ≥ `minLongSide`.
  /// A JPEG decoded at the DCT scale `reduction` asks for, with the decoder's warnings, and its
  /// full size (from its header).
  static func decodeJPEG(_ bytes: [UInt8], reduction: Reduction, maxPixels: Int) throws -> (JPEGDecodeOutcome, PixelSize) {
    let header = try JPEGCodec.readHeader(bytes)
    let full = PixelSize(width: header.width, height: header.height)
    let factor: ScalingFactor
    switch reduction {
    case .longSideAtLeast(let side): factor = scale(for: full, minLongSide: side)
    case .factor(let k): factor = JPEGCodec.scalingFactors.contains(ScalingFactor(1, k)) ? ScalingFactor(1, k) : .one
    }
    return (try JPEGCodec.decodeReportingWarnings(bytes, scale: factor, maxPixels: maxPixels, expandGray: true), full)
  }

  public static func scale(for size: PixelSize, minLongSide: Int) -> ScalingFactor {
    let candidates = JPEGCodec.scalingFactors.filter { $0 <= .one }.sorted()
    return candidates.first { f in max(f.scaled(size.width), f.scaled(size.height)) >= minLongSide } ?? .one
  }
}

/// Whole-picture decodes of large single-coded HEIF images, one at a time in the process: libheif
/// 1.15 holds such a picture in YCbCr and in RGB at full resolution (about 9 bytes a pixel at
/// 10 bits: 300 MB for a 33 MP Sony HIF), so two `-j` jobs decoding one each would double the
/// peak. Grids, JPEG and PNG never hold a full picture and are not gated.
enum WholePictureGate {
  /// Pictures above this many pixels take the gate (12 MP at 8 bits needs ~60 MB).
  static let threshold = 16_000_000
  private static let gate = Mutex(())

  /// Runs `decode`, holding the gate when it decodes a whole picture above `threshold` pixels.
  package static func decoding<T>(isWhole: Bool, pixels: Int, _ decode: () throws -> T) throws -> T {
    guard isWhole, pixels > threshold else { return try decode() }
    return try gate.withLock { _ in try decode() }
  }
}

extension PixelImage {
  /// This image area-averaged by a whole `factor` (itself when the factor is 1).
  func reduced(by factor: Int) throws(CodecError) -> PixelImage {
    guard factor > 1 else { return self }
    var reducer = try AreaReducer(sourceWidth: width, sourceHeight: height, factor: factor, channels: channels, windowRows: 1)
    pixels.withUnsafeBufferPointer { p in
      for y in 0..<height { reducer.add(row: p.baseAddress! + y * rowBytes, y: y, x0: 0, count: width) }
    }
    return try reducer.image()
  }

  /// 8-bit luminance (Rec. 601 weights), alpha composited on white.
  public func luminance() -> [UInt8] {
    let rgb = channels == 4 ? flattened() : self
    if rgb.channels == 1 { return rgb.pixels }
    var out = [UInt8](repeating: 0, count: width * height)
    rgb.pixels.withUnsafeBufferPointer { p in
      let c = rgb.channels
      for i in 0..<(width * height) {
        let r = Int(p[i * c]), g = Int(p[i * c + 1]), b = Int(p[i * c + 2])
        out[i] = UInt8((r * 299 + g * 587 + b * 114 + 500) / 1000)
      }
    }
    return out
  }

  /// The fingerprint of this picture.
  public func fingerprint() -> Fingerprint { Fingerprint(luma: luminance(), width: width, height: height) }
}
