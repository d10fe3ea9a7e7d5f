internal import CPNG

/// Decodes a PNG row by row with libpng's row API (`png_read_row`), shrinking it on the fly by
/// a whole factor (`AreaReducer`): a 196 MP PNG is verified holding a few rows at full width and
/// the reduced picture, never the full image. Bytes are pulled from a `DecoderInput` 64 KiB at a
/// time, so the file is not read whole either.
///
/// The samples are those of `PNGCodec.decode` (the simplified API): the same transforms to 8-bit
/// sRGB (`pa_png_configure` in the CPNG shim), the same channel choice (gray → 1, colour → 3,
/// anything with alpha or `tRNS` → 4, straight alpha). Interlaced (Adam7) files are read one pass
/// at a time, each pass's pixels placed where they belong, so they are bounded as well.
///
/// libpng's errors longjmp; every call that can fail goes through a guard in `CPNG/shim.h` that
/// returns 0 instead, so no jump crosses a Swift frame.
public enum PNGRowDecoder {
  /// What one decode held in memory, for tests that bound it.
  public struct Statistics: Sendable, Equatable {
    /// Bytes of one row at full width after the transforms (`png_get_rowbytes`).
    public var fullWidthRowBytes: Int
    /// The most bytes the decoder held at once: its row buffer, libpng's two rows at the
    /// file's own bit depth (current and previous, for filtering), the read buffer and the
    /// reducer (open sums and the reduced output).
    public var peakBytes: Int
    /// Rows at full width held at once (ours and libpng's).
    public var fullWidthRowsHeld: Int
  }

  /// A reduced decode.
  public struct Result: Sendable {
    /// The picture shrunk by `factor` (stored orientation).
    public var image: PixelImage
    /// The full size from `IHDR`.
    public var width: Int
    public var height: Int
    /// The factor used.
    public var factor: Int
    /// Why the pixels are not all there (libpng's message), when decoding stopped part-way;
    /// the rows not reached are black.
    public var damage: String?
    public var statistics: Statistics
  }

  /// The largest width or height libpng reads by default (`PNG_USER_WIDTH_MAX`): a wider file
  /// would need a row buffer of its own size, so it is refused as a limit before decoding.
  public static let maximumSide = 1_000_000

  /// The size in the `IHDR` chunk (the first 33 bytes of a PNG). [PNG 11.2.2]
  public static func size(_ input: some DecoderInput) throws(CodecError) -> (width: Int, height: Int) {
    let head: [UInt8]
    do { head = try input.read(0..<33) } catch { throw .png("cannot read the PNG header: \(error)") }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard head.count == 33, Array(head[0..<8]) == signature, Array(head[12..<16]) == Array("IHDR".utf8) else {
      throw .png("the file does not start with a PNG signature and IHDR chunk")
    }
    func be32(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
  }

  /// Decodes `input` shrunk by `factor` (1: full size). The `IHDR` size is checked against
  /// `maxPixels` and `maximumSide` before anything is allocated (`.tooLarge`, `.limit`). A file
  /// that fails before its first row throws `.png`; one that fails part-way returns what was
  /// decoded with `damage` set.
  public static func decode(_ input: some DecoderInput, factor: Int = 1, maxPixels: Int) throws(CodecError) -> Result {
    let (width, height) = try size(input)
    let (area, overflow) = width.multipliedReportingOverflow(by: height)
    guard width > 0, height > 0 else { throw .png("IHDR gives no image size (\(width)×\(height))") }
    guard !overflow, area <= maxPixels else { throw .tooLarge(width: width, height: height, limit: maxPixels) }
    guard width <= maximumSide, height <= maximumSide else {
      throw .limit("PNG: \(width)×\(height) is over libpng's limit of \(maximumSide) pixels a side")
    }
    let reader = PNGByteReader(input)
    let state = UnsafeMutablePointer<pa_png_state>.allocate(capacity: 1)
    state.initialize(to: pa_png_state())
    defer { state.deallocate() }
    let unmanaged = Unmanaged.passRetained(reader)
    defer { unmanaged.release() }
    state.pointee.context = unmanaged.toOpaque()
    state.pointee.fill = { context, data, length in
      guard let context, let data else { return 0 }
      return Unmanaged<PNGByteReader>.fromOpaque(context).takeUnretainedValue().fill(data, length)
    }
    var png: png_structp?
    var info: png_infop?
    guard pa_png_create(state, &png, &info) != 0, let png, let info else { throw .png("libpng could not start (out of memory)") }
    defer {
      var p: png_structp? = png
      var i: png_infop? = info
      png_destroy_read_struct(&p, &i, nil)
    }
    guard pa_png_read_info(png, info) != 0 else { throw .png("cannot read the PNG header: \(message(state))") }
    let colorType = Int32(png_get_color_type(png, info))
    let bitDepth = Int(png_get_bit_depth(png, info))
    let hasTransparency = png_get_valid(png, info, PNG_INFO_tRNS) != 0
    let hasAlpha = colorType & PNG_COLOR_MASK_ALPHA != 0 || hasTransparency
    let isColor = colorType & PNG_COLOR_MASK_COLOR != 0
    let inputRowBytes = Int(png_get_rowbytes(png, info))
    guard pa_png_configure(png, !isColor && hasAlpha ? 1 : 0, bitDepth == 16 ? 1 : 0) != 0,
          pa_png_update_info(png, info) != 0 else {
      throw .png("cannot set up the PNG decode: \(message(state))")
    }
    let channels = Int(png_get_channels(png, info))
    let rowBytes = Int(png_get_rowbytes(png, info))
    guard channels == (hasAlpha ? 4 : isColor ? 3 : 1), rowBytes == width * channels else {
      throw .png("libpng produced \(channels) channels of \(rowBytes) bytes a row for a \(width)-pixel row")
    }
    let interlaced = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7
    var reducer = try AreaReducer(sourceWidth: width, sourceHeight: height, factor: factor, channels: channels,
                                  windowRows: interlaced ? nil : 1)
    var row = [UInt8](repeating: 0, count: rowBytes)
    let held = rowBytes + 2 * (inputRowBytes + 1) + PNGByteReader.chunkSize + reducer.allocatedBytes
    let statistics = Statistics(fullWidthRowBytes: rowBytes, peakBytes: held, fullWidthRowsHeld: 3)
    var damage: String?
    row.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      let passes = interlaced ? adam7 : [(x: 0, y: 0, dx: 1, dy: 1)]
      decoding: for pass in passes {
        let columns = (width - pass.x + pass.dx - 1) / pass.dx
        let rows = (height - pass.y + pass.dy - 1) / pass.dy
        guard columns > 0, rows > 0 else { continue }  // libpng skips empty passes too
        for r in 0..<rows {
          guard pa_png_read_row(png, base) != 0 else {
            damage = message(state)
            break decoding
          }
          let y = pass.y + r * pass.dy
          reducer.add(row: base, y: y, x0: pass.x, step: pass.dx, count: columns)
          if !interlaced { reducer.finishRows(below: y + 1) }
        }
      }
    }
    // The chunks after the pixels (IEND, trailing text) do not change them: an error there is
    // not damage to the picture, and the container walk reports the structure.
    if damage == nil { _ = pa_png_read_end(png) }
    return Result(image: try reducer.image(), width: width, height: height, factor: reducer.factor,
                  damage: damage, statistics: statistics)
  }

  /// Adam7 passes: first column and row, column and row step. [PNG 8.2]
  static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [
    (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
  ]

  /// The first libpng error message kept by the shim.
  private static func message(_ state: UnsafeMutablePointer<pa_png_state>) -> String {
    withUnsafeBytes(of: &state.pointee.message) { raw in
      let text = raw.prefix { $0 != 0 }
      return text.isEmpty ? "unknown libpng error" : String(decoding: text, as: UTF8.self)
    }
  }
}

/// Serves libpng's reads from a `DecoderInput`, 64 KiB at a time.
private final class PNGByteReader {
  static let chunkSize = 64 << 10
  let input: any DecoderInput
  var buffer: [UInt8] = []
  var bufferStart = 0
  var position = 0

  init(_ input: some DecoderInput) { self.input = input }

  /// Copies up to `length` bytes into `data`; fewer only at the end of the input or on a read error.
  func fill(_ data: UnsafeMutablePointer<UInt8>, _ length: Int) -> Int {
    var copied = 0
    while copied < length {
      let offset = position - bufferStart
      if offset >= 0, offset < buffer.count {
        let n = min(length - copied, buffer.count - offset)
        buffer.withUnsafeBufferPointer { (data + copied).update(from: $0.baseAddress! + offset, count: n) }
        copied += n
        position += n
        continue
      }
      guard position < input.count, let next = try? input.read(position..<position + max(PNGByteReader.chunkSize, length - copied)),
            !next.isEmpty else { break }
      buffer = next
      bufferStart = position
    }
    return copied
  }
}
