/// Chroma subsampling of a JPEG (TurboJPEG `TJSAMP_*`).
public enum JPEGSubsampling: Int, Sendable, Equatable, Hashable, CaseIterable, CustomStringConvertible {
  /// 4:4:4, no chroma subsampling (`TJSAMP_444`).
  case s444 = 0
  /// 4:2:2, chroma halved horizontally (`TJSAMP_422`).
  case s422 = 1
  /// 4:2:0, chroma halved both ways (`TJSAMP_420`), what cameras and phones write.
  case s420 = 2
  /// Grayscale, luminance only (`TJSAMP_GRAY`).
  case gray = 3
  /// 4:4:0, chroma halved vertically (`TJSAMP_440`).
  case s440 = 4
  /// 4:1:1, chroma quartered horizontally (`TJSAMP_411`).
  case s411 = 5

  /// Size of one MCU (minimum coded unit) in pixels: lossless transforms work on whole MCUs.
  /// [turbojpeg.h `tjMCUWidth` / `tjMCUHeight`]
  public var mcuSize: (width: Int, height: Int) {
    switch self {
    case .s444, .gray: (8, 8)
    case .s422: (16, 8)
    case .s420: (16, 16)
    case .s440: (8, 16)
    case .s411: (32, 8)
    }
  }

  /// "4:2:0" etc.
  public var description: String {
    switch self {
    case .s444: "4:4:4"
    case .s422: "4:2:2"
    case .s420: "4:2:0"
    case .gray: "gray"
    case .s440: "4:4:0"
    case .s411: "4:1:1"
    }
  }
}

/// Colour space of the JPEG data (TurboJPEG `TJCS_*`).
public enum JPEGColorspace: Int, Sendable, Equatable, Hashable, CaseIterable, CustomStringConvertible {
  /// RGB stored without colour transform (Adobe APP14 transform 0) (`TJCS_RGB`).
  case rgb = 0
  /// YCbCr, the usual JPEG (`TJCS_YCbCr`).
  case yCbCr = 1
  /// One luminance component (`TJCS_GRAY`).
  case gray = 2
  /// CMYK stored without transform, Adobe-inverted as Photoshop writes it (`TJCS_CMYK`).
  case cmyk = 3
  /// CMYK with the Y/Cb/Cr transform applied to C/M/Y (`TJCS_YCCK`).
  case ycck = 4

  /// True for the four-component (CMYK/YCCK) spaces.
  public var isCMYK: Bool { self == .cmyk || self == .ycck }

  /// "YCbCr" etc.
  public var description: String {
    switch self {
    case .rgb: "RGB"
    case .yCbCr: "YCbCr"
    case .gray: "gray"
    case .cmyk: "CMYK"
    case .ycck: "YCCK"
    }
  }
}

/// What `tjDecompressHeader3` reports about a JPEG without decoding it.
public struct JPEGHeaderInfo: Sendable, Equatable {
  /// Stored width in pixels (EXIF orientation not applied).
  public var width: Int
  /// Stored height in pixels.
  public var height: Int
  /// Chroma subsampling.
  public var subsampling: JPEGSubsampling
  /// Colour space of the coded data.
  public var colorspace: JPEGColorspace

  /// Builds a header description (for tests and callers that know the values).
  public init(width: Int, height: Int, subsampling: JPEGSubsampling, colorspace: JPEGColorspace) {
    self.width = width
    self.height = height
    self.subsampling = subsampling
    self.colorspace = colorspace
  }

  /// True when both dimensions are whole multiples of the MCU size.
  public var isWholeMCUs: Bool {
    let mcu = subsampling.mcuSize
    return width % mcu.width == 0 && height % mcu.height == 0
  }
}

/// A DCT scaling factor `numerator/denominator` (TurboJPEG `tjscalingfactor`). Decoding at
/// a factor below 1 skips most of the IDCT work: 1/2 is about 4× cheaper than a full decode.
public struct ScalingFactor: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
  /// Numerator.
  public let numerator: Int
  /// Denominator.
  public let denominator: Int

  /// A factor `numerator/denominator`; a term below 1 is raised to 1. Whether libjpeg-turbo
  /// supports it is checked when decoding (`JPEGCodec.scalingFactors`).
  public init(_ numerator: Int, _ denominator: Int) {
    self.numerator = max(1, numerator)
    self.denominator = max(1, denominator)
  }

  /// Full size, 1/1.
  public static let one = ScalingFactor(1, 1)

  /// The scaled length of a side: ceil(length × num / denom) [turbojpeg.h `TJSCALED`].
  public func scaled(_ length: Int) -> Int {
    (length * numerator + denominator - 1) / denominator
  }

  /// The factor as a Double.
  public var value: Double { Double(numerator) / Double(denominator) }

  /// Orders by value (1/8 < 1/4 < … < 1/1 < 2/1).
  public static func < (a: ScalingFactor, b: ScalingFactor) -> Bool {
    a.numerator * b.denominator < b.numerator * a.denominator
  }

  /// "1/2" etc.
  public var description: String { "\(numerator)/\(denominator)" }
}

/// A lossless JPEG transform of the DCT coefficients (TurboJPEG `TJXOP_*`, jpegtran's
/// `-flip`/`-rotate`/`-transpose`/`-transverse`). Rotations are clockwise.
public enum LosslessOperation: Int, Sendable, Equatable, Hashable, CaseIterable, CustomStringConvertible {
  /// No transform (`TJXOP_NONE`): still re-writes the file (and drops metadata).
  case none = 0
  /// Mirror left↔right (`TJXOP_HFLIP`); needs whole MCUs on the right edge.
  case flipH = 1
  /// Mirror top↔bottom (`TJXOP_VFLIP`); needs whole MCUs on the bottom edge.
  case flipV = 2
  /// Mirror about the top-left→bottom-right diagonal (`TJXOP_TRANSPOSE`); always perfect.
  case transpose = 3
  /// Mirror about the other diagonal (`TJXOP_TRANSVERSE`); needs whole MCUs on both edges.
  case transverse = 4
  /// Rotate 90° clockwise (`TJXOP_ROT90`); needs whole MCUs on the bottom edge.
  case rotate90 = 5
  /// Rotate 180° (`TJXOP_ROT180`); needs whole MCUs on both edges.
  case rotate180 = 6
  /// Rotate 270° clockwise (`TJXOP_ROT270`); needs whole MCUs on the right edge.
  case rotate270 = 7

  /// Which stored edges must be whole MCUs for a perfect transform. [turbojpeg.h TJXOP_*]
  public var needsWholeMCUs: (right: Bool, bottom: Bool) {
    switch self {
    case .none, .transpose: (false, false)
    case .flipH, .rotate270: (true, false)
    case .flipV, .rotate90: (false, true)
    case .transverse, .rotate180: (true, true)
    }
  }

  /// True when the output has width and height exchanged.
  public var swapsAxes: Bool { self == .transpose || self == .transverse || self == .rotate90 || self == .rotate270 }

  /// jpegtran's spelling ("-rotate 90", "-flip horizontal", …).
  public var description: String {
    switch self {
    case .none: "none"
    case .flipH: "-flip horizontal"
    case .flipV: "-flip vertical"
    case .transpose: "-transpose"
    case .transverse: "-transverse"
    case .rotate90: "-rotate 90"
    case .rotate180: "-rotate 180"
    case .rotate270: "-rotate 270"
    }
  }
}

/// A JPEG decode and libjpeg's first warning, if it gave one (`JPEGCodec.decodeReportingWarnings`).
public struct JPEGDecodeOutcome: Sendable {
  /// The decoded pixels: complete, or with what libjpeg-turbo recovered (grey past the damage).
  public var image: PixelImage
  /// libjpeg's first warning ("Premature end of JPEG file", "Corrupt JPEG data: …").
  public var warning: String?

  /// Wraps a decode.
  public init(image: PixelImage, warning: String?) {
    self.image = image
    self.warning = warning
  }

  /// The warning when it means the pixels are damaged (data missing or undecodable), nil when
  /// there is none or it leaves the pixels whole: extraneous bytes before a marker, an unknown
  /// JFIF revision or Adobe transform, a bad ICC marker, a sequential file's unusual scan header.
  /// [jerror.h JWRN_*: JPEG_EOF, HIT_MARKER, HUFF_BAD_CODE, ARITH_BAD_CODE, MUST_RESYNC,
  /// BOGUS_PROGRESSION are damage.] Only the first warning is known (libjpeg's `emit_message`
  /// prints one), so damage after a harmless warning goes unseen.
  public var damage: String? {
    guard let warning else { return nil }
    let harmless = ["extraneous bytes before marker", "unknown JFIF revision", "Unknown Adobe color transform",
                    "bad ICC marker", "Invalid SOS parameters for sequential JPEG"]
    return harmless.contains(where: warning.contains) ? nil : warning
  }
}
