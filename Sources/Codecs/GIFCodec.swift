internal import CGif

/// Decodes the first frame of a GIF with giflib's low-level API, row by row (`DGifGetLine`),
/// placed on the logical screen and reduced by a whole factor as rows arrive (`AreaReducer`): a
/// reduced decode holds one row at full width plus the reduced sums, never the full picture. Transparent pixels
/// (graphic control extension) and the screen outside the frame are transparent; the result is
/// RGBA. giflib reports errors by return value (no `longjmp`). [GIF89a]
public enum GIFCodec {
  /// The logical screen size (header bytes 6–9), or the error when `data` is not a GIF.
  public static func screenSize(_ data: [UInt8]) throws(CodecError) -> (width: Int, height: Int) {
    guard data.count >= 10, data.starts(with: Array("GIF8".utf8)) else { throw .gif("not a GIF file") }
    return (Int(data[6]) | Int(data[7]) << 8, Int(data[8]) | Int(data[9]) << 8)
  }

  /// Decodes the first frame of `data` reduced by `factor` (1: full size), RGBA, on the logical
  /// screen (stored orientation: GIF has no other). The screen and the frame are checked against
  /// `maxPixels` before any pixel memory is allocated. When the frame's data stops part-way,
  /// `damage` is giflib's message and the rows not reached are transparent.
  public static func decodeFirstFrame(_ data: [UInt8], factor: Int = 1, maxPixels: Int) throws(CodecError) -> ReducedDecode {
    try data.withUnsafeBufferPointer { (bytes: UnsafeBufferPointer<UInt8>) throws(CodecError) -> ReducedDecode in
      let reader = Reader(bytes)
      var error: Int32 = 0
      guard let gif = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), Reader.read, &error) else {
        throw .gif(message(error, "opening the GIF"))
      }
      defer { withExtendedLifetime(reader) { _ = DGifCloseFile(gif, nil) } }
      return try firstFrame(gif, factor: min(max(1, factor), AreaReducer.maximumFactor), maxPixels: maxPixels)
    }
  }

  /// Reads records to the first image descriptor, remembering the transparent index of the
  /// graphic control extension before it, then decodes that image.
  private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, factor: Int, maxPixels: Int) throws(CodecError) -> ReducedDecode {
    var transparent: Int?
    var records = 0
    while true {
      records += 1
      guard records < 1_000_000 else { throw .gif("no image among the first million records") }
      var type = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(gif, &type) == GIF_OK else { throw .gif(message(gif.pointee.Error, "reading a record")) }
      switch type {
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(gif) == GIF_OK else { throw .gif(message(gif.pointee.Error, "reading the image descriptor")) }
        return try image(gif, transparent: transparent, factor: factor, maxPixels: maxPixels)
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw .gif(message(gif.pointee.Error, "reading an extension")) }
        // Graphic control: [size 4, packed, delay ×2, transparent index]. [GIF89a 23]
        if code == GRAPHICS_EXT_FUNC_CODE, let b = block, b[0] >= 4 { transparent = b[1] & 1 != 0 ? Int(b[4]) : nil }
        while block != nil {
          guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw .gif(message(gif.pointee.Error, "reading an extension")) }
        }
      case TERMINATE_RECORD_TYPE:
        throw .gif("the file has no image")
      default:
        throw .gif("unexpected record \(type.rawValue)")
      }
    }
  }

  /// Decodes the current image's rows onto the (reduced) screen.
  private static func image(_ gif: UnsafeMutablePointer<GifFileType>, transparent: Int?, factor k: Int,
                            maxPixels: Int) throws(CodecError) -> ReducedDecode {
    let desc = gif.pointee.Image
    let frameWidth = Int(desc.Width), frameHeight = Int(desc.Height)
    let left = Int(desc.Left), top = Int(desc.Top)
    var width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
    if width <= 0 || height <= 0 { (width, height) = (frameWidth, frameHeight) }
    guard frameWidth > 0, frameHeight > 0, width > 0, height > 0 else { throw .gif("the first frame has no size") }
    for (w, h) in [(width, height), (frameWidth, frameHeight)] where w * h > maxPixels {
      throw .tooLarge(width: w, height: h, limit: maxPixels)
    }
    guard let map = desc.ColorMap ?? gif.pointee.SColorMap, let colours = map.pointee.Colors, map.pointee.ColorCount > 0 else {
      throw .gif("the first frame has no colour table")
    }
    let count = Int(map.pointee.ColorCount)
    var palette = [UInt8](repeating: 0, count: 256 * 4)
    for i in 0..<256 where i < count {
      let c = colours[i]
      palette[i * 4] = c.Red
      palette[i * 4 + 1] = c.Green
      palette[i * 4 + 2] = c.Blue
      palette[i * 4 + 3] = i == transparent ? 0 : 255
    }
    // Rows in order need one open output row; interlaced rows come in four passes: all open.
    var canvas = try AreaReducer(sourceWidth: width, sourceHeight: height, factor: k, channels: 4,
                                 windowRows: desc.Interlace ? nil : 1)
    var line = [GifPixelType](repeating: 0, count: frameWidth)
    var rgba = [UInt8](repeating: 0, count: frameWidth * 4)
    var damage: String?
    for (index, row) in rowOrder(height: frameHeight, interlaced: desc.Interlace).enumerated() {
      let status = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(frameWidth)) }
      guard status == GIF_OK else {
        guard index > 0 else { throw .gif(message(gif.pointee.Error, "decoding the first frame")) }
        damage = message(gif.pointee.Error, "decoding row \(index + 1) of \(frameHeight) of the first frame")
        break
      }
      for x in 0..<frameWidth {
        let p = Int(line[x]) * 4
        rgba[x * 4] = palette[p]; rgba[x * 4 + 1] = palette[p + 1]; rgba[x * 4 + 2] = palette[p + 2]; rgba[x * 4 + 3] = palette[p + 3]
      }
      rgba.withUnsafeBufferPointer { canvas.add(row: $0.baseAddress!, y: top + row, x0: left, count: frameWidth) }
    }
    return ReducedDecode(image: try canvas.image(), width: width, height: height, factor: k, damage: damage)
  }

  /// Rows in the order the data gives them: top to bottom, or the four interlace passes
  /// (every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1). [GIF89a Appendix E]
  static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
    guard interlaced else { return Array(0..<height) }
    return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
  }

  /// giflib's sentence for an error code (`GifErrorString`).
  static func message(_ code: Int32, _ doing: String) -> String {
    let text = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    return "\(text) (\(doing))"
  }

  /// The bytes giflib reads through `DGifOpen`'s input function.
  final class Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static let read: InputFunc = { gif, buffer, length in
      guard let gif, let buffer, let user = gif.pointee.UserData, length > 0 else { return 0 }
      let reader = Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue()
      let n = min(Int(length), reader.bytes.count - reader.position)
      guard n > 0, let base = reader.bytes.baseAddress else { return 0 }
      buffer.update(from: base + reader.position, count: n)
      reader.position += n
      return Int32(n)
    }
  }
}
