/// The start of a JPEG XL codestream: its signature, `SizeHeader` (the stored size) and the
/// first fields of `ImageMetadata` up to the orientation, which governs display (1–8, EXIF's
/// numbering; libjxl's `JxlBasicInfo.orientation`). An `Exif` box's Orientation does not apply
/// to a JPEG XL image: the codestream's does. [ISO/IEC 18181-1 D.2, A.6 (SizeHeader), A.7
/// (ImageMetadata)]
struct JXLCodestreamHeader: Equatable {
  /// Stored size, before the orientation.
  package var width: Int
  package var height: Int
  /// 1–8; 1 when `ImageMetadata` is all default or has no extra fields.
  package var orientation: Int

  /// The codestream signature. [ISO/IEC 18181-1 D.2]
  package static let signature: [UInt8] = [0xFF, 0x0A]
  /// Bytes enough for the signature, the largest `SizeHeader` and the orientation.
  package static let readLength = 32

  /// The aspect ratios of `SizeHeader.ratio` 1…7 as width = height × numerator / denominator.
  static let ratios: [(UInt64, UInt64)] = [(1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)]

  /// Parses the first bytes of a codestream; nil when they are not a JPEG XL codestream header.
  init?(_ head: [UInt8]) {
    guard head.starts(with: Self.signature) else { return nil }
    var reader = JXLBitReader(Array(head.dropFirst(2)))
    do {
      let small = try reader.bool()
      let sizeField = JXLBitReader.Distribution.self
      func side() throws(JXLBitReader.OutOfData) -> UInt64 {
        if small { return UInt64(try reader.bits(5) + 1) * 8 }
        return UInt64(try reader.u32(sizeField.bitsOffset(9, 1), .bitsOffset(13, 1), .bitsOffset(18, 1), .bitsOffset(30, 1)))
      }
      let height = try side()
      let ratio = Int(try reader.bits(3))
      let width: UInt64
      if ratio == 0 {
        width = try side()
      } else {
        let (n, d) = Self.ratios[ratio - 1]
        width = height * n / d
      }
      let allDefault = try reader.bool()
      var orientation = 1
      if !allDefault, try reader.bool() {  // extra_fields
        orientation = Int(try reader.bits(3)) + 1
      }
      guard width > 0, height > 0, width <= UInt64(Int32.max), height <= UInt64(Int32.max) else { return nil }
      self.width = Int(width)
      self.height = Int(height)
      self.orientation = orientation
    } catch {
      return nil
    }
  }

  init(width: Int, height: Int, orientation: Int) {
    self.width = width
    self.height = height
    self.orientation = orientation
  }
}
