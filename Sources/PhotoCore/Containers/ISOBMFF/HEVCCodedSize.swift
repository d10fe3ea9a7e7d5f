import Bytes
/// The size an HEVC image item is coded at, read from the sequence parameter set in its `hvcC`
/// property: what a decoder (libde265 under libheif) outputs, whatever the item's `ispe` says.
/// libheif 1.15's encoder, asked for an orientation (`heif_encoding_options.image_orientation`),
/// writes the *displayed* size into `ispe` while the pixels are coded at the stored size; libheif
/// then shows the coded picture through `irot`, and so must photoaudit.
///
/// Only the fields before the size are parsed: the SPS header, `profile_tier_level`, the SPS id,
/// the chroma format, then `pic_width/height_in_luma_samples` and the conformance window that
/// crops them. [ISO/IEC 14496-15 8.3.3.1 (hvcC); ITU-T H.265 7.3.1.2, 7.3.2.2.1, 7.3.3, 7.4.3.2.1]
enum HEVCCodedSize {
  /// NAL unit type of a sequence parameter set. [H.265 Table 7-1]
  static let spsType = 33
  /// Length of the `hvcC` fields before its NAL unit arrays. [14496-15 8.3.3.1.2]
  package static let headerLength = 22

  /// The coded (conformance-cropped) size from the payload of an `hvcC` box (after its box
  /// header); nil when it holds no SPS or the SPS cannot be read.
  package static func size(hvcC payload: [UInt8]) -> PixelSize? {
    var r = ByteReader(payload, what: "'hvcC' property")
    do throws(ByteError) {
      try r.skip(headerLength)  // the fixed fields
      let arrays = Int(try r.u8())
      for _ in 0..<arrays {
        let type = Int(try r.u8() & 0x3F)
        let count = Int(try r.u16be())
        for _ in 0..<count {
          let length = Int(try r.u16be())
          let nal = try r.read(length)
          if type == spsType, let size = size(sps: nal) { return size }
        }
      }
    } catch {
      return nil
    }
    return nil
  }

  /// The coded size from one SPS NAL unit (its 2-byte header included).
  package static func size(sps nal: [UInt8]) -> PixelSize? {
    guard nal.count > 2, (Int(nal[0]) >> 1) & 0x3F == spsType else { return nil }
    var bits = RBSPBitReader(rbsp: Array(nal.dropFirst(2)))
    _ = bits.read(4)  // sps_video_parameter_set_id
    let subLayers = bits.read(3)  // sps_max_sub_layers_minus1
    _ = bits.read(1)  // sps_temporal_id_nesting_flag
    // profile_tier_level(1, subLayers): the general profile (88 bits) and level (8). [7.3.3]
    bits.skip(88 + 8)
    var present: [(profile: Bool, level: Bool)] = []
    for _ in 0..<subLayers { present.append((bits.read(1) == 1, bits.read(1) == 1)) }
    if subLayers > 0 { bits.skip(2 * (8 - subLayers)) }  // reserved_zero_2bits
    for layer in present {
      if layer.profile { bits.skip(88) }
      if layer.level { bits.skip(8) }
    }
    _ = bits.unsignedExpGolomb()  // sps_seq_parameter_set_id
    let chroma = bits.unsignedExpGolomb()
    var separatePlanes = false
    if chroma == 3 { separatePlanes = bits.read(1) == 1 }
    guard let width = bits.unsignedExpGolomb(), let height = bits.unsignedExpGolomb(), !bits.overran else { return nil }
    var crop = (left: 0, right: 0, top: 0, bottom: 0)
    if bits.read(1) == 1 {
      guard let l = bits.unsignedExpGolomb(), let r = bits.unsignedExpGolomb(), let t = bits.unsignedExpGolomb(),
            let b = bits.unsignedExpGolomb() else { return nil }
      crop = (l, r, t, b)
    }
    guard !bits.overran else { return nil }
    // Offsets count chroma samples: SubWidthC, SubHeightC. [H.265 Table 6-1]
    let (sx, sy): (Int, Int) = separatePlanes ? (1, 1) : chroma == 1 ? (2, 2) : chroma == 2 ? (2, 1) : (1, 1)
    let shown = PixelSize(width: width - sx * (crop.left + crop.right), height: height - sy * (crop.top + crop.bottom))
    guard shown.width > 0, shown.height > 0 else { return nil }
    return shown
  }
}

/// Reads the bits of an HEVC/H.264 RBSP: emulation prevention bytes (0x03 after 0x00 0x00) are
/// dropped; reading past the end gives 0s and sets `overran`. [H.265 7.3.1.1, 7.4.2]
struct RBSPBitReader {
  private var bytes: [UInt8] = []
  private var bit = 0
  /// True once a read went past the data.
  private(set) var overran = false

  init(rbsp escaped: [UInt8]) {
    bytes.reserveCapacity(escaped.count)
    var zeros = 0
    for byte in escaped {
      if zeros >= 2 && byte == 0x03 {
        zeros = 0
        continue
      }
      zeros = byte == 0 ? zeros + 1 : 0
      bytes.append(byte)
    }
  }

  /// `count` bits (at most 32), most significant first.
  package mutating func read(_ count: Int) -> Int {
    var value = 0
    for _ in 0..<count {
      let index = bit >> 3
      guard index < bytes.count else {
        overran = true
        value <<= 1
        continue
      }
      value = value << 1 | Int((bytes[index] >> (7 - UInt8(bit & 7))) & 1)
      bit += 1
    }
    return value
  }

  package mutating func skip(_ count: Int) {
    bit += count
    if bit > bytes.count * 8 { overran = true }
  }

  /// ue(v): a run of zeros, a 1, then as many bits; nil past 31 zeros or the end. [H.265 9.2]
  mutating func unsignedExpGolomb() -> Int? {
    var zeros = 0
    while read(1) == 0 {
      zeros += 1
      guard zeros <= 31, !overran else { return nil }
    }
    return (1 << zeros) - 1 + read(zeros)
  }
}
