internal import CHeif
#if canImport(Glibc)
import Glibc
#endif

/// Owns one decoded libheif image (`heif_decode_image` output), released with
/// `heif_image_release` in `deinit`.
private struct HEIFDecodedImage: ~Copyable {
  let raw: OpaquePointer
  deinit { heif_image_release(raw) }
}

/// Owns a `heif_decoding_options` (`heif_decoding_options_alloc` / `_free`).
private struct HEIFDecodingOptions: ~Copyable {
  let raw: UnsafeMutablePointer<heif_decoding_options>

  init(applyTransformations: Bool) throws(CodecError) {
    guard let options = heif_decoding_options_alloc() else {
      throw .heif(code: 0, message: "libheif could not allocate decoding options")
    }
    options.pointee.ignore_transformations = applyTransformations ? 0 : 1
    // Version 2+ of the struct: let libheif's colour conversion produce 8 bits from HDR.
    if options.pointee.version >= 2 { options.pointee.convert_hdr_to_8bit = 1 }
    raw = options
  }

  deinit { heif_decoding_options_free(raw) }
}

extension HEIFContext {
  /// The number of threads libheif may use to decode the tiles of a grid image (iPhone HEICs
  /// are 512×512 tiles), `heif_context_set_max_decoding_threads`. libheif 1.15 defaults to 4;
  /// `decodePrimary` sets it to the machine's core count unless told otherwise, and a caller
  /// that already decodes many files in parallel can pass 0 (decode in the calling thread).
  public func setMaxDecodingThreads(_ threads: Int) {
    heif_context_set_max_decoding_threads(context, Int32(clamping: max(0, threads)))
  }

  /// True when the primary image has an alpha plane (`heif_image_handle_has_alpha_channel`).
  public var hasAlpha: Bool { heif_image_handle_has_alpha_channel(primary) != 0 }

  /// Decodes the primary image (`heif_decode_image`) to interleaved 8-bit RGB, or RGBA when
  /// it has alpha (straight alpha: premultiplied data is un-premultiplied here).
  ///
  /// - `applyTransformations`: libheif 1.15 applies `clap`, `irot` and `imir` in `ipma`
  ///   order; `false` sets `ignore_transformations` and returns the stored (coded) pixels.
  ///   The EXIF Orientation inside the file is never applied (HEIF rule).
  /// - `maxPixels`: the stored `ispe` size (`heif_image_handle_get_ispe_width/height`) is
  ///   checked first, so an oversized image is refused before libheif allocates anything.
  /// - `threads`: tile decoding threads (`setMaxDecodingThreads`); `nil` = all cores.
  /// - Higher bit depths are reduced to 8 bits by libheif (`convert_hdr_to_8bit`) or, if it
  ///   returns 16-bit samples anyway, by a shift here.
  public func decodePrimary(applyTransformations: Bool = true, maxPixels: Int, threads: Int? = nil) throws(CodecError) -> PixelImage {
    setMaxDecodingThreads(threads ?? HEIFContext.defaultDecodingThreads)
    return try HEIFContext.decode(primary, applyTransformations: applyTransformations, maxPixels: maxPixels, what: "the primary image")
  }

  /// Decodes the first thumbnail (`thmb` item) of the primary image, or returns `nil` when it
  /// has none (`heif_image_handle_get_list_of_thumbnail_IDs`, `heif_image_handle_get_thumbnail`).
  /// Same options and limits as `decodePrimary`. A thumbnail is often not transformed the
  /// way its master is: compare with care.
  public func decodeThumbnail(applyTransformations: Bool = true, maxPixels: Int) throws(CodecError) -> PixelImage? {
    guard let first = thumbnailIDs.first else { return nil }
    return try decodeThumbnail(item: Int(first), applyTransformations: applyTransformations, maxPixels: maxPixels)
  }

  /// Decodes the thumbnail item `item` of the primary image, or returns `nil` when the primary
  /// has no thumbnail of that id. With `applyTransformations`, libheif applies the thumbnail's
  /// own `clap`/`irot`/`imir`: the picture is the thumbnail as displayed.
  public func decodeThumbnail(item: Int, applyTransformations: Bool = true, maxPixels: Int) throws(CodecError) -> PixelImage? {
    guard let id = heif_item_id(exactly: item), thumbnailIDs.contains(id) else { return nil }
    var handle: OpaquePointer?
    try HEIFContext.check(heif_image_handle_get_thumbnail(primary, id, &handle))
    guard let handle else { throw .heif(code: 0, message: "libheif returned no thumbnail handle") }
    defer { heif_image_handle_release(handle) }
    return try HEIFContext.decode(handle, applyTransformations: applyTransformations, maxPixels: maxPixels, what: "the thumbnail")
  }

  /// The item ids of the primary image's thumbnails (`thmb` references to it).
  private var thumbnailIDs: [heif_item_id] {
    let count = heif_image_handle_get_number_of_thumbnails(primary)
    guard count > 0 else { return [] }
    var ids = [heif_item_id](repeating: 0, count: Int(count))
    let filled = heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, count)
    return Array(ids.prefix(Int(max(0, min(filled, count)))))
  }

  /// Threads for tile decoding when the caller does not say: every core.
  static var defaultDecodingThreads: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// Checks the size, decodes one handle and copies the interleaved plane out.
  private static func decode(_ handle: OpaquePointer, applyTransformations: Bool, maxPixels: Int, what: String) throws(CodecError) -> PixelImage {
    let image = try decodeInterleaved(handle, applyTransformations: applyTransformations, maxPixels: maxPixels, what: what)
    let plane = try InterleavedPlane(image, what: what)
    return try PixelImage(width: plane.width, height: plane.height, channels: plane.channels) { (dst: inout UnsafeMutableBufferPointer<UInt8>) throws(CodecError) in
      guard let base = dst.baseAddress else { return }
      for y in 0..<plane.height { plane.copyRow(y, to: base + y * plane.width * plane.channels) }
    }
  }

  /// Decodes the primary image without its transformations and hands each row of 8-bit
  /// interleaved samples (RGB, or straight-alpha RGBA) to `body` as (row, y, width, channels),
  /// without a copy of the whole image: the tile decoder reduces rows as they come.
  package func decodePrimaryRows(
    maxPixels: Int, _ body: (UnsafePointer<UInt8>, Int, Int, Int) -> Void
  ) throws(CodecError) {
    setMaxDecodingThreads(0)
    if heif_image_handle_has_alpha_channel(primary) == 0 {
      // Planar RGB is what libheif's decoder produces before interleaving (decode_image_planar
      // converts to RGB 4:4:4 planes): taking the planes skips a whole-image copy.
      let image = try HEIFContext.decodeInterleaved(primary, applyTransformations: false, maxPixels: maxPixels,
                                                    what: "the image", planar: true)
      let planes = try PlanarRGB(image, what: "the image")
      let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: planes.width * 3)
      defer { scratch.deallocate() }
      for y in 0..<planes.height {
        planes.interleave(y, into: scratch)
        body(scratch, y, planes.width, 3)
      }
      return
    }
    let image = try HEIFContext.decodeInterleaved(primary, applyTransformations: false, maxPixels: maxPixels, what: "the image")
    let plane = try InterleavedPlane(image, what: "the image")
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: plane.width * plane.channels)
    defer { scratch.deallocate() }
    for y in 0..<plane.height { body(plane.row(y, scratch: scratch), y, plane.width, plane.channels) }
  }

  /// Checks the size and decodes one handle to interleaved RGB(A) (`heif_decode_image`), or to
  /// RGB planes (`heif_chroma_444`) when `planar`.
  private static func decodeInterleaved(_ handle: OpaquePointer, applyTransformations: Bool, maxPixels: Int, what: String,
                                        planar: Bool = false) throws(CodecError) -> HEIFDecodedImage {
    let storedW = Int(heif_image_handle_get_ispe_width(handle))
    let storedH = Int(heif_image_handle_get_ispe_height(handle))
    // Without an ispe libheif reports 0; fall back to the displayed size.
    let w = storedW > 0 ? storedW : Int(heif_image_handle_get_width(handle))
    let h = storedH > 0 ? storedH : Int(heif_image_handle_get_height(handle))
    guard w > 0, h > 0 else { throw .heif(code: 0, message: "\(what) has no size") }
    let (area, overflow) = w.multipliedReportingOverflow(by: h)
    guard !overflow, area <= maxPixels else { throw .tooLarge(width: w, height: h, limit: maxPixels) }

    let alpha = heif_image_handle_has_alpha_channel(handle) != 0
    let options = try HEIFDecodingOptions(applyTransformations: applyTransformations)
    var out: OpaquePointer?
    try check(heif_decode_image(
      handle, &out, heif_colorspace_RGB,
      planar ? heif_chroma_444 : alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options.raw))
    guard let out else { throw .heif(code: 0, message: "libheif decoded \(what) to nothing") }
    return HEIFDecodedImage(raw: out)
  }

  /// Straight alpha from premultiplied RGBA, in place: c = round(c × 255 / a).
  static func unpremultiply(_ row: UnsafeMutablePointer<UInt8>, pixels: Int) {
    for p in 0..<pixels {
      let a = Int(row[4 * p + 3])
      guard a != 0, a != 255 else { continue }
      for c in 0..<3 {
        row[4 * p + c] = UInt8(clamping: (Int(row[4 * p + c]) * 255 + a / 2) / a)
      }
    }
  }
}

/// The interleaved plane of a decoded image (`heif_image_get_plane_readonly`), read row by row:
/// stride padding dropped, 16-bit storage reduced to 8 bits, premultiplied alpha made straight.
private struct InterleavedPlane: ~Copyable {
  let image: HEIFDecodedImage
  let plane: UnsafePointer<UInt8>
  let stride: Int
  let width: Int
  let height: Int
  let channels: Int
  let bytesPerSample: Int
  let shift: Int
  let premultiplied: Bool

  init(_ image: consuming HEIFDecodedImage, what: String) throws(CodecError) {
    let raw = image.raw
    let width = Int(heif_image_get_width(raw, heif_channel_interleaved))
    let height = Int(heif_image_get_height(raw, heif_channel_interleaved))
    let storageBits = Int(heif_image_get_bits_per_pixel(raw, heif_channel_interleaved))
    let rangeBits = Int(heif_image_get_bits_per_pixel_range(raw, heif_channel_interleaved))
    let channels = heif_image_get_chroma_format(raw) == heif_chroma_interleaved_RGBA
      || heif_image_get_chroma_format(raw) == heif_chroma_interleaved_RRGGBBAA_LE
      || heif_image_get_chroma_format(raw) == heif_chroma_interleaved_RRGGBBAA_BE ? 4 : 3
    var stride: Int32 = 0
    guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(raw, heif_channel_interleaved, &stride) else {
      throw .heif(code: 0, message: "libheif decoded \(what) without an interleaved RGB plane")
    }
    let bytesPerSample = storageBits > 8 * channels ? 2 : 1
    guard Int(stride) >= width * channels * bytesPerSample else {
      throw .heif(code: 0, message: "libheif returned a \(stride)-byte row for a \(width)-pixel image")
    }
    self.image = image
    self.plane = plane
    self.stride = Int(stride)
    self.width = width
    self.height = height
    self.channels = channels
    self.bytesPerSample = bytesPerSample
    self.shift = max(0, rangeBits - 8)
    self.premultiplied = channels == 4 && heif_image_is_premultiplied_alpha(raw) != 0
  }

  /// Row `y` as 8-bit straight samples: the plane itself when it already is, else converted
  /// into `scratch` (`width × channels` bytes).
  func row(_ y: Int, scratch: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
    if bytesPerSample == 1 && !premultiplied { return plane + y * stride }
    copyRow(y, to: scratch)
    return UnsafePointer(scratch)
  }

  /// Copies row `y` as 8-bit straight samples into `dst`.
  func copyRow(_ y: Int, to dst: UnsafeMutablePointer<UInt8>) {
    let src = plane + y * stride
    if bytesPerSample == 1 {
      dst.update(from: src, count: width * channels)
    } else {
      // heif_chroma_interleaved_RRGGBB(AA)_LE: little-endian 16-bit words.
      for i in 0..<(width * channels) {
        let v = Int(src[2 * i]) | Int(src[2 * i + 1]) << 8
        dst[i] = UInt8(clamping: v >> shift)
      }
    }
    if premultiplied { HEIFContext.unpremultiply(dst, pixels: width) }
  }
}

/// The R, G and B planes of a decoded image (`heif_chroma_444`), interleaved a row at a time:
/// 16-bit storage reduced to 8 bits.
private struct PlanarRGB: ~Copyable {
  let image: HEIFDecodedImage
  let planes: [(pointer: UnsafePointer<UInt8>, stride: Int)]
  let width: Int
  let height: Int
  let shift: Int
  let wide: Bool

  init(_ image: consuming HEIFDecodedImage, what: String) throws(CodecError) {
    let raw = image.raw
    let width = Int(heif_image_get_width(raw, heif_channel_R))
    let height = Int(heif_image_get_height(raw, heif_channel_R))
    var planes: [(pointer: UnsafePointer<UInt8>, stride: Int)] = []
    for channel in [heif_channel_R, heif_channel_G, heif_channel_B] {
      var stride: Int32 = 0
      guard let plane = heif_image_get_plane_readonly(raw, channel, &stride),
            Int(heif_image_get_width(raw, channel)) == width, Int(heif_image_get_height(raw, channel)) == height else {
        throw .heif(code: 0, message: "libheif decoded \(what) without three RGB planes of one size")
      }
      planes.append((plane, Int(stride)))
    }
    let storageBits = Int(heif_image_get_bits_per_pixel(raw, heif_channel_R))
    let rangeBits = Int(heif_image_get_bits_per_pixel_range(raw, heif_channel_R))
    guard width > 0, height > 0, planes.allSatisfy({ $0.stride >= width * (storageBits > 8 ? 2 : 1) }) else {
      throw .heif(code: 0, message: "libheif returned planes too narrow for a \(width)-pixel image")
    }
    self.image = image
    self.planes = planes
    self.width = width
    self.height = height
    self.wide = storageBits > 8
    self.shift = max(0, rangeBits - 8)
  }

  /// Writes row `y` as interleaved 8-bit RGB into `dst` (`width × 3` bytes).
  func interleave(_ y: Int, into dst: UnsafeMutablePointer<UInt8>) {
    let r = planes[0].pointer + y * planes[0].stride
    let g = planes[1].pointer + y * planes[1].stride
    let b = planes[2].pointer + y * planes[2].stride
    if wide {
      func sample(_ p: UnsafePointer<UInt8>, _ x: Int) -> UInt8 {
        UInt8(clamping: (Int(p[2 * x]) | Int(p[2 * x + 1]) << 8) >> shift)
      }
      for x in 0..<width { dst[3 * x] = sample(r, x); dst[3 * x + 1] = sample(g, x); dst[3 * x + 2] = sample(b, x) }
    } else {
      for x in 0..<width { dst[3 * x] = r[x]; dst[3 * x + 1] = g[x]; dst[3 * x + 2] = b[x] }
    }
  }
}
