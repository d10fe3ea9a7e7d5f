/// One coded image item of a HEIF file (a whole picture or one tile of a grid), as the caller's
/// container walk located it: libheif 1.15 decodes only top-level images
/// (`heif_context_get_image_handle` looks among them alone), so a tile is handed to it as a
/// one-item HEIF of its own (`singleItemFile`), built from the tile's own boxes and bytes.
public struct HEIFCodedImage: Sendable, Equatable {
  /// The coding of the item.
  public enum Codec: String, Sendable, Equatable {
    /// `hvc1` with an `hvcC` configuration. [ISO/IEC 23008-12 B]
    case hevc = "hvc1"
    /// `av01` with an `av1C` configuration. [AV1 Image File Format 2.1]
    case av1 = "av01"
  }

  public var codec: Codec
  /// The stored size (`ispe`).
  public var width: Int
  public var height: Int
  /// The whole configuration property box (`hvcC` / `av1C`), header included.
  public var configuration: [UInt8]
  /// Whole `colr` boxes of the item (an `nclx` one sets the YCbCr → RGB conversion).
  public var colour: [[UInt8]]
  /// Where the coded bytes are in the file, in order (the item's `iloc` extents).
  public var extents: [Range<Int>]

  /// Describes an item.
  public init(codec: Codec, width: Int, height: Int, configuration: [UInt8], colour: [[UInt8]] = [], extents: [Range<Int>]) {
    self.codec = codec
    self.width = width
    self.height = height
    self.configuration = configuration
    self.colour = colour
    self.extents = extents
  }

  /// Total length of the coded bytes.
  public var dataLength: Int { extents.reduce(0) { $0 + $1.count } }

  /// A HEIF file holding this item alone, as its primary image: `ftyp`, a `meta` with `hdlr`,
  /// `pitm`, `iloc`, `iinf`/`infe` and `iprp` (the configuration marked essential, `ispe`, the
  /// `colr` boxes), then an `mdat` with `data`. [ISO/IEC 23008-12 6, ISO/IEC 14496-12 8.11]
  func singleItemFile(data: [UInt8]) -> [UInt8] {
    let brand = codec == .hevc ? "heic" : "avif"
    let ftyp = box("ftyp", fourCC(brand) + be32(0) + fourCC("mif1") + fourCC(brand))
    let hdlr = fullBox("hdlr", be32(0) + fourCC("pict") + be32(0) + be32(0) + be32(0) + [0])
    let pitm = fullBox("pitm", be16(1))
    let infe = fullBox("infe", version: 2, be16(1) + be16(0) + fourCC(codec.rawValue) + [0])
    let iinf = fullBox("iinf", be16(1) + infe)
    let ispe = fullBox("ispe", be32(width) + be32(height))
    let properties = [configuration, ispe] + colour
    let ipco = box("ipco", properties.flatMap { $0 })
    // ipma: the configuration is essential; 7-bit 1-based property indexes. [8.11.14 of 23008-12]
    let associations = properties.indices.map { UInt8(($0 == 0 ? 0x80 : 0) | ($0 + 1)) }
    let ipma = fullBox("ipma", be32(1) + be16(1) + [UInt8(associations.count)] + associations)
    let iprp = box("iprp", ipco + ipma)
    // iloc version 0: 4-byte offsets and lengths, no base offset, one extent into the mdat.
    func iloc(_ offset: Int) -> [UInt8] {
      fullBox("iloc", [0x44, 0x00] + be16(1) + be16(1) + be16(0) + be16(1) + be32(offset) + be32(data.count))
    }
    let metaLength = 12 + hdlr.count + pitm.count + iloc(0).count + iinf.count + iprp.count
    let dataOffset = ftyp.count + metaLength + 8
    let meta = fullBox("meta", hdlr + pitm + iloc(dataOffset) + iinf + iprp)
    return ftyp + meta + be32(8 + data.count) + fourCC("mdat") + data
  }

  private func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + fourCC(type) + payload }
  private func fullBox(_ type: String, version: UInt8 = 0, _ payload: [UInt8]) -> [UInt8] {
    box(type, [version, 0, 0, 0] + payload)
  }
  private func fourCC(_ text: String) -> [UInt8] { Array(text.utf8.prefix(4)) }
  private func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
  private func be32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
}

/// A HEIF primary image as coded images on a canvas: a `grid` item's tiles in row-major order
/// (`dimg` references), or one coded image covering the canvas. [ISO/IEC 23008-12 6.6.2.3]
public struct HEIFGridLayout: Sendable, Equatable {
  /// The canvas (the grid's output size, or the single image's `ispe`).
  public var width: Int
  public var height: Int
  /// Tiles per row.
  public var columns: Int
  /// Row-major tiles; rows × columns of them.
  public var tiles: [HEIFCodedImage]

  /// Describes a canvas.
  public init(width: Int, height: Int, columns: Int, tiles: [HEIFCodedImage]) {
    self.width = width
    self.height = height
    self.columns = columns
    self.tiles = tiles
  }

  /// Where each tile's top-left corner lands, as libheif 1.15 places them
  /// (`HeifContext::decode_full_grid_image`): x advances by each tile's width along a row, y by
  /// the height of the row's last tile; tiles are clipped at the canvas.
  public var origins: [(x: Int, y: Int)] {
    var out: [(x: Int, y: Int)] = []
    out.reserveCapacity(tiles.count)
    var y = 0
    let columns = max(1, self.columns)
    for rowStart in stride(from: 0, to: tiles.count, by: columns) {
      var x = 0, rowHeight = 0
      for tile in tiles[rowStart..<min(tiles.count, rowStart + columns)] {
        out.append((x, y))
        x += tile.width
        rowHeight = tile.height
      }
      y += rowHeight
    }
    return out
  }
}
