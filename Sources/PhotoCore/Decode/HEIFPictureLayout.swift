import Bytes
import Codecs

extension HEIFFile {
  /// The primary picture as coded images on a canvas, for the tile-by-tile decoder: a `grid`
  /// item's tiles (its `dimg` references in order) or one `hvc1`/`av01` item. Returns the reason
  /// when the picture is not laid out that way (a derived image other than a grid, an alpha
  /// plane, a tile with transforms of its own, an item coded otherwise): the caller then lets
  /// libheif decode the whole file. [ISO/IEC 23008-12 6.6.2.3]
  func pictureLayout(in source: any ByteSource) -> Result<HEIFGridLayout, LayoutProblem> {
    guard let primary = primaryItem else { return .failure(LayoutProblem("no primary item")) }
    if auxiliaryImages(of: primary.id).contains(where: { auxiliaryType(of: $0).map(Self.isAlpha) ?? false }) {
      return .failure(LayoutProblem("the picture has an alpha plane"))
    }
    switch primary.type {
    case "hvc1", "av01":
      // Its clap/irot/imir are the picture's: the caller applies them to the canvas.
      return codedImage(primary.id, in: source, isTile: false).map { tile in
        HEIFGridLayout(width: tile.width, height: tile.height, columns: 1, tiles: [tile])
      }
    case "grid":
      return gridLayout(primary.id, in: source)
    default:
      return .failure(LayoutProblem("the primary item is a '\(primary.type)' image"))
    }
  }

  /// The grid's canvas and tiles. The `ImageGrid` payload: version, flags (bit 0: 32-bit sizes),
  /// rows − 1, columns − 1, output width and height. [ISO/IEC 23008-12 6.6.2.3.2]
  private func gridLayout(_ id: Int, in source: any ByteSource) -> Result<HEIFGridLayout, LayoutProblem> {
    guard let location = locations[id], location.isReadable,
          let payload = try? location.extents.flatMap({ try source.exactBytes(in: $0.offset..<$0.offset + $0.length, what: "grid") }),
          payload.count >= 8 else {
      return .failure(LayoutProblem("the grid description cannot be read"))
    }
    let wide = payload[1] & 1 != 0
    guard payload.count >= (wide ? 12 : 8) else { return .failure(LayoutProblem("the grid description is too short")) }
    let rows = Int(payload[2]) + 1, columns = Int(payload[3]) + 1
    func field(_ at: Int, _ size: Int) -> Int { payload[at..<at + size].reduce(0) { $0 << 8 | Int($1) } }
    let width = wide ? field(4, 4) : field(4, 2), height = wide ? field(8, 4) : field(6, 2)
    let tileIDs = targets(of: id, type: "dimg")
    guard tileIDs.count == rows * columns else {
      return .failure(LayoutProblem("the grid has \(rows)×\(columns) cells but \(tileIDs.count) tiles"))
    }
    var tiles: [HEIFCodedImage] = []
    tiles.reserveCapacity(tileIDs.count)
    for tileID in tileIDs {
      switch codedImage(tileID, in: source, isTile: true) {
      case .success(let tile): tiles.append(tile)
      case .failure(let problem): return .failure(problem)
      }
    }
    return .success(HEIFGridLayout(width: width, height: height, columns: columns, tiles: tiles))
  }

  /// One coded item: its codec, `ispe`, configuration and `colr` boxes (read from the file) and
  /// its extents.
  private func codedImage(_ id: Int, in source: any ByteSource, isTile: Bool) -> Result<HEIFCodedImage, LayoutProblem> {
    guard let item = item(id), let codec = HEIFCodedImage.Codec(rawValue: item.type) else {
      return .failure(LayoutProblem("item \(id) is not an HEVC or AV1 image"))
    }
    guard let location = locations[id], location.isReadable else {
      return .failure(LayoutProblem(locations[id]?.problem ?? "item \(id) has no data"))
    }
    // A whole picture is its coded size when `ispe` disagrees (`pictureSize`); a tile keeps its
    // `ispe`, by which libheif 1.15 places it in the grid.
    guard let size = isTile ? storedSize(of: id) : pictureSize(of: id, in: source).size else {
      return .failure(LayoutProblem("item \(id) has no ispe"))
    }
    guard !isTile || transforms(of: id).isEmpty else { return .failure(LayoutProblem("tile \(id) has transforms of its own")) }
    let configurationType = codec == .hevc ? "hvcC" : "av1C"
    var configuration: [UInt8]?
    var colour: [[UInt8]] = []
    for association in associations[id] ?? [] where association.index >= 1 && association.index <= properties.count {
      let box = properties[association.index - 1].box
      guard box.type == configurationType || box.type == "colr",
            let bytes = try? source.exactBytes(in: box.offset..<box.end, what: box.type) else { continue }
      if box.type == "colr" { colour.append(bytes) } else if configuration == nil { configuration = bytes }
    }
    guard let configuration else { return .failure(LayoutProblem("item \(id) has no \(configurationType)")) }
    return .success(HEIFCodedImage(
      codec: codec, width: size.width, height: size.height, configuration: configuration, colour: colour,
      extents: location.extents.map { $0.offset..<$0.offset + $0.length }))
  }

  /// Items that are auxiliary images of `id` (`auxl` references to it).
  private func auxiliaryImages(of id: Int) -> [Int] { sources(referring: id, type: "auxl") }

  /// `auxC` types of an alpha plane. [ISO/IEC 23008-12 6.6.2.1; MIAF; AVIF]
  private static func isAlpha(_ urn: String) -> Bool {
    urn == "urn:mpeg:hevc:2015:auxid:1" || urn == "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha"
  }
}

/// Why a HEIF picture is not laid out as coded images (the whole-file decode is used instead).
struct LayoutProblem: Error, Sendable, Equatable {
  package var reason: String
  init(_ reason: String) { self.reason = reason }
}
