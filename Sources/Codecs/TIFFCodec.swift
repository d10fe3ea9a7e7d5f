internal import CTIFF

/// Decodes one image directory of a TIFF-shaped file with libtiff's RGBA interface
/// (`TIFFRGBAImageBegin`/`TIFFRGBAImageGet`): any photometric interpretation and coding libtiff
/// turns into RGB (bilevel, grey, palette, RGB, CMYK, YCbCr, CIE L*a*b*, 1–16 bits, strips or
/// tiles, chunky or planar, every compression it was built with), band by band of rows, each
/// band area-averaged into the reduced picture as it arrives (`AreaReducer`). The full-size
/// picture is never held: a band of at most `maxBandBytes` of RGBA, libtiff's strip or tile
/// buffer (each allocation capped by `TIFFHandle.maxSingleAllocation`) and the reduced output.
///
/// The picture comes back as stored: libtiff's own Orientation handling is switched off (the
/// caller applies the orientation), so rows are top to bottom as coded.
public enum TIFFCodec {
  /// Most bytes of one band of RGBA rows.
  public static let maxBandBytes = 16 << 20

  /// Decodes the image directory at `offset` (from the file's header) reduced by the factor
  /// `factor` gives for its full size. `presentMagic42` for a Panasonic or Olympus raw. A size over
  /// `maxPixels` is refused before anything is decoded (`.tooLarge`); a coding libtiff does not
  /// have, or samples it cannot turn into RGB, throw `.unsupported`; a directory that does not
  /// read throws `.tiff`. Data that fails part-way comes back with `damage` set (the rows not
  /// decoded are black); an allocation over the cap throws `.limit`.
  public static func decode(_ input: some DecoderInput, directory offset: Int, presentMagic42: Bool = false,
                            factor: (Int, Int) -> Int, maxPixels: Int) throws(CodecError) -> ReducedDecode {
    let handle = try TIFFHandle(input, presentMagic42: presentMagic42)
    try handle.select(directory: offset)
    guard let width = handle.u32(TIFFTAG_IMAGEWIDTH).map(Int.init), let height = handle.u32(TIFFTAG_IMAGELENGTH).map(Int.init),
          width > 0, height > 0 else {
      throw .tiff("the IFD at offset \(offset) gives no image size")
    }
    let (area, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, area <= maxPixels else { throw .tooLarge(width: width, height: height, limit: maxPixels) }
    let compression = handle.u16Defaulted(TIFFTAG_COMPRESSION) ?? 1
    guard TIFFIsCODECConfigured(compression) == 1 else {
      throw .unsupported("TIFF compression \(compression) has no decoder in libtiff \(libraryVersion)")
    }
    var message = [CChar](repeating: 0, count: 1024)
    guard TIFFRGBAImageOK(handle.raw, &message) == 1 else {
      throw .unsupported("libtiff cannot turn this TIFF's samples into RGB: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
    }
    let image = UnsafeMutablePointer<TIFFRGBAImage>.allocate(capacity: 1)
    defer { image.deallocate() }
    // Not stopping on a strip that fails: the rest is decoded, and the error is the damage.
    guard TIFFRGBAImageBegin(image, handle.raw, 0, &message) == 1 else {
      throw classify("libtiff cannot set up the decode: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
    }
    defer { TIFFRGBAImageEnd(image) }
    // Rows top to bottom as stored: the caller applies the orientation.
    image.pointee.req_orientation = UInt16(ORIENTATION_TOPLEFT)
    image.pointee.orientation = UInt16(ORIENTATION_TOPLEFT)
    let channels = image.pointee.alpha != 0 ? 4 : 3
    var reducer = try AreaReducer(sourceWidth: width, sourceHeight: height, factor: factor(width, height), channels: channels,
                                  windowRows: 1)
    let band = bandRows(width: width, height: height, strile: TIFFIsTiled(handle.raw) != 0 ? handle.u32(TIFFTAG_TILELENGTH) : handle.u32(TIFFTAG_ROWSPERSTRIP))
    var raster = [UInt32](repeating: 0, count: width * band)
    var row = [UInt8](repeating: 0, count: width * channels)
    var damage: String?
    var y0 = 0
    while y0 < height {
      let rows = min(band, height - y0)
      image.pointee.row_offset = Int32(y0)
      image.pointee.col_offset = 0
      let before = handle.errorCount
      let ok = raster.withUnsafeMutableBufferPointer { TIFFRGBAImageGet(image, $0.baseAddress, UInt32(width), UInt32(rows)) }
      if ok == 0 || handle.errorCount > before, damage == nil {
        damage = "rows \(y0)–\(y0 + rows - 1): \(handle.lastError ?? "libtiff could not decode them")"
      }
      raster.withUnsafeBufferPointer { pixels in
        row.withUnsafeMutableBufferPointer { out in
          for r in 0..<rows {
            let line = pixels.baseAddress! + r * width
            for x in 0..<width {
              let abgr = line[x]
              out[x * channels] = UInt8(truncatingIfNeeded: abgr)
              out[x * channels + 1] = UInt8(truncatingIfNeeded: abgr >> 8)
              out[x * channels + 2] = UInt8(truncatingIfNeeded: abgr >> 16)
              if channels == 4 { out[x * channels + 3] = UInt8(truncatingIfNeeded: abgr >> 24) }
            }
            reducer.add(row: out.baseAddress!, y: y0 + r, x0: 0, count: width)
          }
        }
      }
      reducer.finishRows(below: y0 + rows)
      y0 += rows
    }
    if let damage, damage.contains(limitMessage) { throw .limit("libtiff: \(damage): over the \(TIFFHandle.maxSingleAllocation >> 20) MiB a single TIFF buffer may take") }
    return ReducedDecode(image: try reducer.image(), width: width, height: height, factor: reducer.factor, damage: damage)
  }

  /// libtiff's words for an allocation over the open options' cap.
  static let limitMessage = "byte limit defined in open options"

  /// A setup failure: a limit when libtiff's allocation cap refused it.
  static func classify(_ text: String) -> CodecError {
    text.contains(limitMessage) ? .limit(text) : .tiff(text)
  }

  /// Rows decoded at once: whole strips (or tile rows) while a band of RGBA stays within
  /// `maxBandBytes`, else as many rows as fit, a multiple of 16 (YCbCr subsampling stays aligned).
  package static func bandRows(width: Int, height: Int, strile: UInt32?) -> Int {
    let fit = max(1, maxBandBytes / max(1, width * 4))
    let unit = max(1, min(Int(strile ?? 1), height))
    if unit <= fit { return min(height, max(unit, fit / unit * unit)) }
    return min(height, fit >= 16 ? fit / 16 * 16 : fit)
  }

  /// libtiff's version ("4.5.0"), from `TIFFGetVersion`'s first line.
  public static var libraryVersion: String {
    let text = String(cString: TIFFGetVersion())
    return text.split(separator: "\n").first.flatMap { $0.split(separator: " ").last.map(String.init) } ?? text
  }
}
