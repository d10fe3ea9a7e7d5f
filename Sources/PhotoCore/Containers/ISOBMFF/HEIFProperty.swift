import Bytes
/// An item property from `ipco`, decoded for the types photoaudit uses. [ISO/IEC 23008-12 6.5]
public enum HEIFProperty: Sendable, Equatable {
  /// `ispe`: the stored (coded) image size. [ISO/IEC 23008-12 6.5.3]
  case imageSize(PixelSize)
  /// `irot`: rotation by `counterClockwiseQuarterTurns` × 90° anti-clockwise. [6.5.10]
  case rotation(counterClockwiseQuarterTurns: Int)
  /// `imir`: axis 0 exchanges top and bottom (EXIF 4), 1 exchanges left and right (EXIF 2).
  /// [ISO/IEC 23008-12:2022 6.5.12; libheif 1.15 and libavif decode it so]
  case mirror(axis: Int)
  /// `clap`: clean aperture (crop). [ISO/IEC 14496-12 12.1.4; 23008-12 6.5.9]
  case cleanAperture(CleanAperture)
  /// `pixi`: bits per channel. [6.5.6]
  case pixelInformation(bitsPerChannel: [Int])
  /// `colr` with `nclx`: coded colour parameters. [ISO/IEC 14496-12 12.1.5]
  case colourNCLX(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool)
  /// `colr` with `prof` (restricted: `rICC`): an ICC profile, starting at absolute `offset`.
  case colourICC(type: String, offset: Int, profile: [UInt8])
  /// `auxC`: the auxiliary image type URN and its subtype bytes. [6.5.8]
  case auxiliaryType(String, subtype: [UInt8])
  /// Any other property, by box type ("hvcC", "av1C", "pasp"…).
  case other(String)
  /// A known property whose box could not be read.
  case malformed(String, reason: String)

  /// True for the transformative properties (clap, irot, imir). [ISO/IEC 23008-12 6.5.1]
  public var isTransform: Bool {
    switch self {
    case .rotation, .mirror, .cleanAperture: true
    default: false
    }
  }

  /// The transform this property applies, when it is transformative.
  public var transform: HEIFTransform? {
    switch self {
    case .rotation(let turns): .rotation(counterClockwiseQuarterTurns: turns)
    case .mirror(let axis): .mirror(axis: axis)
    case .cleanAperture(let clap): .cleanAperture(clap)
    default: nil
    }
  }
}

/// One `ipco` entry: the box and its decoded value.
public struct HEIFPropertyBox: Sendable, Equatable {
  public var box: ISOBMFFBox
  public var property: HEIFProperty

  public init(box: ISOBMFFBox, property: HEIFProperty) {
    self.box = box
    self.property = property
  }
}

extension HEIFProperty {
  /// Decodes one property box held in memory. Never throws: a short box becomes `.malformed`.
  static func parse(_ loaded: LoadedBox) -> HEIFProperty {
    let type = loaded.box.type
    var r = loaded.reader("'\(type)' property")
    do throws(ByteError) {
      switch type {
      case "ispe":
        // FullBox; image_width, image_height (32 bits each). [6.5.3.2]
        try r.skip(4)
        let width = Int(try r.u32be()), height = Int(try r.u32be())
        return .imageSize(PixelSize(width: width, height: height))
      case "irot":
        // 6 reserved bits, 2-bit angle. Not a FullBox. [6.5.10.2]
        return .rotation(counterClockwiseQuarterTurns: Int(try r.u8() & 0x03))
      case "imir":
        // 7 reserved bits, 1-bit axis. Not a FullBox. [6.5.12.2]
        return .mirror(axis: Int(try r.u8() & 0x01))
      case "clap":
        // Eight 32-bit fields; the offset numerators are signed. [ISO/IEC 14496-12 12.1.4.2]
        let wN = Int64(try r.u32be()), wD = Int64(try r.u32be())
        let hN = Int64(try r.u32be()), hD = Int64(try r.u32be())
        let xN = Int64(Int32(bitPattern: try r.u32be())), xD = Int64(try r.u32be())
        let yN = Int64(Int32(bitPattern: try r.u32be())), yD = Int64(try r.u32be())
        return .cleanAperture(CleanAperture(widthN: wN, widthD: wD, heightN: hN, heightD: hD,
                                            horizOffN: xN, horizOffD: xD, vertOffN: yN, vertOffD: yD))
      case "pixi":
        // FullBox; num_channels, then bits_per_channel for each. [6.5.6.2]
        try r.skip(4)
        let channels = Int(try r.u8())
        var bits: [Int] = []
        for _ in 0..<channels { bits.append(Int(try r.u8())) }
        return .pixelInformation(bitsPerChannel: bits)
      case "colr":
        // colour_type, then nclx fields or an ICC profile. [ISO/IEC 14496-12 12.1.5.2]
        let colourType = ISOBMFFBox.fourCC(try r.read(4))
        switch colourType {
        case "nclx":
          let primaries = Int(try r.u16be()), transfer = Int(try r.u16be()), matrix = Int(try r.u16be())
          let fullRange = (try r.u8()) & 0x80 != 0
          return .colourNCLX(primaries: primaries, transfer: transfer, matrix: matrix, fullRange: fullRange)
        case "prof", "rICC":
          let offset = loaded.box.payloadOffset + 4
          return .colourICC(type: colourType, offset: offset, profile: r.readRest())
        default:
          return .other("colr/\(colourType)")
        }
      case "auxC":
        // FullBox; aux_type as a NUL-terminated URN, then aux_subtype bytes. [6.5.8.2]
        try r.skip(4)
        let urn = lenientCString(&r)
        return .auxiliaryType(urn, subtype: r.readRest())
      default:
        return .other(type)
      }
    } catch {
      return .malformed(type, reason: error.description)
    }
  }
}

/// Reads a NUL-terminated UTF-8 string; a string cut by the end of the box is accepted (several
/// writers omit the last NUL).
func lenientCString(_ r: inout ByteReader, limit: Int = 65_536) -> String {
  if let text = try? r.cString(limit: limit) { return text }
  let rest = r.readRest().prefix(limit)
  return String(decoding: rest, as: UTF8.self)
}
