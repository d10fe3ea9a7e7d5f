import Foundation
import Synchronization

/// Decodes a HEIF picture tile by tile into a reduced canvas: each coded image of a
/// `HEIFGridLayout` is read from the input, decoded by libheif on its own, shrunk into the
/// canvas (`AreaReducer`) and freed. A 10,000-tile grid is checked holding a few tiles and the
/// reduced picture, never the full canvas (libheif's own grid decode allocates all of it).
///
/// Tiles are decoded on `threads` threads, each taking the next tile in row-major order. The
/// result is the stored picture (no `clap`/`irot`/`imir`): the caller applies those to the
/// reduced canvas. libheif's limits are kept: a side over 32768 pixels (`MAX_IMAGE_WIDTH`) is
/// refused as libheif refuses it, so a picture libheif cannot show is not called checked.
public enum HEIFTiledDecoder {
  /// libheif 1.15's largest side (`heif_limits.h` MAX_IMAGE_WIDTH/HEIGHT): it refuses a file
  /// whose `ispe` or grid is larger with "Security limit exceeded".
  public static let maximumSide = 32768
  /// The most tiles a grid may have: libheif caps `iloc` at 20,000 items (MAX_ILOC_ITEMS).
  public static let maximumTiles = 20_000

  /// A reduced decode.
  public struct Result: Sendable {
    /// The stored canvas shrunk by `factor`.
    public var image: PixelImage
    public var factor: Int
    /// The first tile that could not be decoded (libheif's message), when one could not; its
    /// area stays black and the other tiles are still decoded.
    public var damage: String?
    /// Tiles decoded without error.
    public var decodedTiles: Int
  }

  /// Decodes `layout` from `input`, shrunk by `factor`, on `threads` threads. Throws `.tooLarge`
  /// or `.limit` before decoding when the canvas or a tile is over a limit, `.unsupported` for
  /// a codec libheif cannot decode.
  public static func decode(_ layout: HEIFGridLayout, from input: some DecoderInput, factor: Int,
                            maxPixels: Int, threads: Int = 1) throws(CodecError) -> Result {
    try checkLimits(layout, maxPixels: maxPixels)
    let origins = layout.origins
    let channels = 3
    let reducer = Mutex(try AreaReducer(sourceWidth: layout.width, sourceHeight: layout.height, factor: factor, channels: channels))
    let firstDamage = Mutex<(index: Int, message: String)?>(nil)
    let decoded = Atomic<Int>(0)
    let next = Atomic<Int>(0)
    let work: @Sendable () -> Void = {
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < layout.tiles.count else { return }
        let tile = layout.tiles[index], origin = origins[index]
        guard origin.x < layout.width, origin.y < layout.height else { continue }
        do throws(CodecError) {
          try decodeTile(tile, from: input, maxPixels: maxPixels) { row, y, width, tileChannels in
            // RGBA tiles of an RGB canvas: libheif's grid decode has no alpha either.
            let canvasY = origin.y + y
            guard canvasY < layout.height else { return }
            withRGB(row, width: width, channels: tileChannels) { rgb in
              reducer.withLock { $0.add(row: rgb, y: canvasY, x0: origin.x, count: width) }
            }
          }
          decoded.wrappingAdd(1, ordering: .relaxed)
        } catch {
          firstDamage.withLock { first in
            if first == nil || index < first!.index { first = (index, "tile \(index + 1) of \(layout.tiles.count): \(error)") }
          }
        }
      }
    }
    run(work, threads: min(max(1, threads), layout.tiles.count))
    let image = try reducer.withLock { r throws(CodecError) in try r.image() }
    let damage = firstDamage.withLock { $0?.message }
    return Result(image: image, factor: image.width == layout.width ? 1 : max(1, factor), damage: damage,
                  decodedTiles: decoded.load(ordering: .relaxed))
  }

  /// Refuses, before any decoding, what libheif or `maxPixels` would refuse.
  static func checkLimits(_ layout: HEIFGridLayout, maxPixels: Int) throws(CodecError) {
    let (area, overflow) = layout.width.multipliedReportingOverflow(by: layout.height)
    guard layout.width > 0, layout.height > 0, !layout.tiles.isEmpty else {
      throw .heif(code: 0, message: "the image has no size or no coded data")
    }
    guard !overflow, area <= maxPixels else { throw .tooLarge(width: layout.width, height: layout.height, limit: maxPixels) }
    guard layout.width <= maximumSide, layout.height <= maximumSide else {
      throw .limit("HEIF: Security limit exceeded: image size \(layout.width)x\(layout.height) exceeds libheif's maximum of \(maximumSide)x\(maximumSide)")
    }
    guard layout.tiles.count <= maximumTiles else {
      throw .limit("HEIF: Security limit exceeded: \(layout.tiles.count) tiles, over libheif's limit of \(maximumTiles) items")
    }
    for tile in layout.tiles where tile.width > maximumSide || tile.height > maximumSide || tile.width <= 0 || tile.height <= 0 {
      throw .limit("HEIF: Security limit exceeded: a tile of \(tile.width)x\(tile.height) is outside libheif's limits")
    }
  }

  /// Reads one coded image, wraps it as a one-item HEIF and decodes it row by row.
  static func decodeTile(_ tile: HEIFCodedImage, from input: some DecoderInput, maxPixels: Int,
                         _ body: (UnsafePointer<UInt8>, Int, Int, Int) -> Void) throws(CodecError) {
    var data: [UInt8] = []
    data.reserveCapacity(tile.dataLength)
    for extent in tile.extents {
      let bytes: [UInt8]
      do { bytes = try input.read(extent) } catch { throw .heif(code: 0, message: "cannot read the coded data: \(error)") }
      guard bytes.count == extent.count else {
        throw .heif(code: 0, message: "the coded data ends early: \(bytes.count) of \(extent.count) bytes at offset \(extent.lowerBound)")
      }
      data += bytes
    }
    let context = try HEIFContext(data: tile.singleItemFile(data: data))
    try context.decodePrimaryRows(maxPixels: maxPixels, body)
  }

  /// Calls `body` with an RGB row: `row` itself, or RGBA flattened on white (a grid canvas is RGB).
  private static func withRGB(_ row: UnsafePointer<UInt8>, width: Int, channels: Int, _ body: (UnsafePointer<UInt8>) -> Void) {
    guard channels == 4 else { return body(row) }
    let rgb = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 3)
    defer { rgb.deallocate() }
    for x in 0..<width {
      let a = Int(row[4 * x + 3])
      for c in 0..<3 { rgb[3 * x + c] = UInt8((Int(row[4 * x + c]) * a + 255 * (255 - a) + 127) / 255) }
    }
    body(rgb)
  }

  /// Runs `work` on `threads` threads (the caller's thread is one of them) and waits.
  private static func run(_ work: @escaping @Sendable () -> Void, threads: Int) {
    guard threads > 1 else { return work() }
    let finished = DispatchGroup()
    for _ in 1..<threads {
      finished.enter()
      let thread = Thread {
        work()
        finished.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    work()
    finished.wait()
  }
}
