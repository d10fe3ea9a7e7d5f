import Foundation
import Synchronization

/// Decodes a HEIF picture tile by tile into a reduced canvas: each coded image of a
/// `HEIFGridLayout` is read from the input, decoded by libheif on its own, shrunk into the
/// canvas (`AreaReducer`) and freed. A 10,000-tile grid is checked holding a few tiles and the
/// reduced picture, never the full canvas (libheif's own grid decode allocates all of it).
///
/// Tiles are decoded on `threads` threads, each taking the next tile in row-major order, at most
/// threads + 1 grid rows at a time: each tile is averaged into a patch of its own, added to the
/// canvas when the tile is done, and the canvas rows above the first unfinished grid row are
/// converted as soon as they are complete, so only a few grid rows of sums are ever held. The
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
    let workers = min(max(1, threads), layout.tiles.count)
    let schedule = TileSchedule(layout, factor: factor, rowsInFlight: workers + 1)
    // One coded image: its rows come in order, so one row of sums is enough and no patch is made.
    let single = layout.tiles.count == 1
    let reducer = Mutex(try AreaReducer(sourceWidth: layout.width, sourceHeight: layout.height, factor: factor,
                                        channels: 3, windowRows: single ? 1 : schedule.windowRows))
    let firstDamage = Mutex<(index: Int, message: String)?>(nil)
    let decoded = Atomic<Int>(0)
    let work: @Sendable () -> Void = {
      while let index = schedule.next() {
        let tile = layout.tiles[index], origin = schedule.origins[index]
        do throws(CodecError) {
          // Reduced: the tile is averaged into a patch of its own, added to the canvas at once.
          // Full size: rows are copied into the canvas as they come.
          var patch = factor > 1 && !single
            ? AreaPatch(x0: origin.x, y0: origin.y, width: tile.width, height: tile.height,
                        imageWidth: layout.width, imageHeight: layout.height, factor: factor, channels: 3)
            : nil
          try decodeTile(tile, from: input, maxPixels: maxPixels) { row, y, width, tileChannels in
            // RGBA tiles of an RGB canvas: libheif's grid decode has no alpha either.
            let canvasY = origin.y + y
            guard canvasY < layout.height else { return }
            withRGB(row, width: width, channels: tileChannels) { rgb in
              if patch != nil {
                patch!.add(row: rgb, y: y, count: width)
              } else {
                reducer.withLock { r in
                  r.add(row: rgb, y: canvasY, x0: origin.x, count: width)
                  if single { r.finishRows(below: canvasY + 1) }
                }
              }
            }
          }
          if let patch { reducer.withLock { $0.merge(patch) } }
          decoded.wrappingAdd(1, ordering: .relaxed)
        } catch {
          firstDamage.withLock { first in
            if first == nil || index < first!.index { first = (index, "tile \(index + 1) of \(layout.tiles.count): \(error)") }
          }
        }
        // The canvas rows above every unfinished grid row are final: convert them now, on this
        // thread, while the others decode.
        if let finishedAbove = schedule.done(index) { reducer.withLock { $0.finishRows(below: finishedAbove) } }
      }
    }
    run(work, threads: workers)
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

/// Which tile to decode next: row-major, never more than `rowsInFlight` grid rows open; and which
/// canvas rows are complete once a tile is done (the rows above the first unfinished grid row).
final class TileSchedule: @unchecked Sendable {
  // @unchecked: every mutable field is read and written under `condition`.
  let origins: [(x: Int, y: Int)]
  /// Canvas rows the reducer must keep open: the grid rows in flight and the partial rows around them.
  let windowRows: Int
  private let rowOf: [Int]
  private let rowEnds: [Int]
  private let condition = NSCondition()
  private var nextTile = 0
  private var remaining: [Int]
  private var firstUnfinishedRow = 0
  /// Grid rows whose tiles may be decoded at once (one more than the threads, so a thread that
  /// finishes its row early rarely waits for the slowest tile of the row above).
  private let rowsInFlight: Int

  init(_ layout: HEIFGridLayout, factor: Int, rowsInFlight: Int) {
    self.rowsInFlight = max(1, rowsInFlight)
    origins = layout.origins
    let columns = max(1, layout.columns)
    let rows = (layout.tiles.count + columns - 1) / columns
    rowOf = layout.tiles.indices.map { $0 / columns }
    var ends: [Int] = []
    var starts: [Int] = []
    for r in 0..<rows {
      let first = r * columns, last = min(layout.tiles.count, first + columns) - 1
      starts.append(origins[first].y)
      ends.append(min(layout.height, origins[last].y + layout.tiles[last].height))
    }
    rowEnds = ends
    remaining = (0..<rows).map { min(layout.tiles.count, ($0 + 1) * columns) - $0 * columns }
    let k = max(1, factor)
    var span = 1
    for r in 0..<rows { span = max(span, ends[min(rows - 1, r + self.rowsInFlight - 1)] - starts[r]) }
    windowRows = (span + k - 1) / k + 2
  }

  /// The next tile to decode, waiting while it would open one grid row too many; nil when none is left.
  func next() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while nextTile < rowOf.count && rowOf[nextTile] >= firstUnfinishedRow + rowsInFlight { condition.wait() }
    guard nextTile < rowOf.count else { return nil }
    nextTile += 1
    return nextTile - 1
  }

  /// Records that `tile` is decoded; returns the canvas row above which everything is final when
  /// that moved (the grid rows finished in order), else nil.
  func done(_ tile: Int) -> Int? {
    condition.lock()
    defer { condition.unlock() }
    remaining[rowOf[tile]] -= 1
    let before = firstUnfinishedRow
    while firstUnfinishedRow < remaining.count && remaining[firstUnfinishedRow] == 0 { firstUnfinishedRow += 1 }
    guard firstUnfinishedRow > before else { return nil }
    condition.broadcast()
    return rowEnds[firstUnfinishedRow - 1]
  }
}
