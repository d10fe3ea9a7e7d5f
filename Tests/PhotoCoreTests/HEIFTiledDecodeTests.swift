@testable import Bytes
import Codecs
import Foundation
import Testing

@testable import PhotoCore

/// The tile-by-tile HEIF decoder against libheif's own whole decode: every HEIF/AVIF of the
/// corpus and the fixtures that is coded images on a canvas decodes to the same pixels at full
/// size, sample for sample (each tile is handed to libheif alone, so only the paste differs).
@Suite struct HEIFTiledDecodeTests {
  static let corpusHEIF = SharedCorpus.rows(ofType: ["HEIC", "HEIF", "AVIF"])

  /// The comparison below is not vacuous: most corpus HEIFs are coded images on a canvas, ten
  /// of them grids (iPhone 48 tiles, Nokia 63, Sony, Canon, AVIF), and the rest are named with
  /// the reason libheif decodes them whole (alpha planes, `unci`, broken grids).
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func mostCorpusHEIFsAreLaidOutAsTiles() throws {
    var laidOut = 0, grids = 0
    var whole: [String: String] = [:]
    for row in Self.corpusHEIF {
      let source = MemorySource(try [UInt8](Data(contentsOf: row.url)))
      let inspection = Inspector.read(source: source, path: row.path)
      let metadata = inspection.metadata
      let scan = inspection.tree?.scan
      guard metadata.error == nil, let heif = scan?.heif else { continue }
      switch heif.pictureLayout(in: source) {
      case .success(let layout):
        laidOut += 1
        if layout.tiles.count > 1 { grids += 1 }
      case .failure(let problem):
        whole[row.path] = problem.reason
      }
    }
    #expect(laidOut >= 45 && grids >= 10, "\(laidOut) laid out, \(grids) grids")
    let expected: [String: String] = [
      "libheif/with-alpha-512x512.heic": "the picture has an alpha plane",
      "libheif/colors-with-alpha-thumbnail.heic": "the picture has an alpha plane",
      "c2pa-ts-fixtures/trustnxt-icon-signed-v2-bmff.heic": "the picture has an alpha plane",
      "libheif/unci32.heif": "the primary item is a 'unci' image",
      "libheif/clap-overflow-divide-zero.heic": "the grid description cannot be read",
      "libheif/github_367_1.heic": "the grid description cannot be read",
      "libheif/github_367_2.heic": "the grid description cannot be read",
      "libheif/clusterfuzz-testcase-minimized-file-fuzzer-6045213633282048.heic": "the grid has 6×8 cells but 0 tiles",
      "libheif/uaf_heif_context.h_117_1.heic": "HEIF item 1005: extent at offset 112137 lies outside the file (584 bytes)",
    ]
    #expect(whole == expected)
  }

  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage), arguments: corpusHEIF)
  func tilesDecodeToLibheifsPixels(_ row: SharedCorpus.Row) throws {
    let bytes = try [UInt8](Data(contentsOf: row.url))
    let source = MemorySource(bytes)
    let inspection = Inspector.read(source: source, path: row.path)
    let metadata = inspection.metadata
    let scan = inspection.tree?.scan
    guard metadata.error == nil, let heif = scan?.heif else { return }
    guard case .success(let layout) = heif.pictureLayout(in: source) else { return }
    // The 33 MP single-image Sony HIFs take the same one-tile path as the small single images
    // and cost seconds each in a debug build: the grids and every other layout are compared.
    guard layout.width * layout.height <= 16_000_000 else { return }
    let whole: PixelImage
    do {
      whole = try HEIFContext(data: bytes).decodePrimary(applyTransformations: false, maxPixels: 200_000_000)
    } catch {
      // libheif cannot decode the file: the reduced decode reports it too (as damage or a limit).
      #expect(throws: PixelDecodeFailure.self) {
        let picture = try PictureDecoder.decode(source, metadata: metadata, heif: heif, minLongSide: 128, maxPixels: 200_000_000)
        if let damage = picture.damage { throw PixelDecodeFailure.damaged(damage) }
      }
      return
    }
    let tiled = try HEIFTiledDecoder.decode(layout, from: bytes, factor: 1, maxPixels: 200_000_000, threads: 2)
    #expect(tiled.damage == nil, "\(tiled.damage ?? "")")
    let rgb = whole.channels == 4 ? whole.flattened() : whole
    #expect(tiled.image.width == rgb.width && tiled.image.height == rgb.height)
    guard tiled.image.width == rgb.width, tiled.image.height == rgb.height else { return }
    guard tiled.image.pixels != rgb.pixels else { return }
    var worst = 0, differing = 0
    for i in rgb.pixels.indices {
      let d = abs(Int(rgb.pixels[i]) - Int(tiled.image.pixels[i]))
      worst = max(worst, d)
      if d > 0 { differing += 1 }
    }
    #expect(worst == 0, "\(row.path): \(differing) samples differ, by up to \(worst)")
  }

  /// libheif through a reader (what the pixel checks use: the file is not read whole) accepts and
  /// refuses exactly the corpus files it does from memory, with the same error.
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage), arguments: corpusHEIF)
  func theReaderParsesLikeMemory(_ row: SharedCorpus.Row) throws {
    let bytes = try [UInt8](Data(contentsOf: row.url))
    var fromMemory: CodecError?, fromReader: CodecError?
    do { _ = try HEIFContext(data: bytes) } catch { fromMemory = error }
    do { _ = try HEIFContext(input: bytes) } catch { fromReader = error }
    #expect(fromMemory?.description == fromReader?.description)
  }

  /// The grid fixtures: tiles clipped at the canvas (1500 × 1000 from 3 × 2 tiles of 512), and
  /// the same grid shown through clap, irot and imir. At full size the displayed picture is
  /// libheif's own transformed decode, sample for sample; reduced, it has the displayed shape.
  @Test(arguments: [("pixels/grid/grid.heic", PixelSize(width: 1500, height: 1000)),
                    ("pixels/grid/grid-clap-irot-imir.heic", PixelSize(width: 900, height: 1400))])
  func gridFixturesDisplayLikeLibheif(_ name: String, _ displayed: PixelSize) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path(name))))
    let source = MemorySource(bytes)
    let inspection = Inspector.read(source: source, path: name)
    let metadata = inspection.metadata
    let scan = inspection.tree?.scan
    #expect(metadata.displayed == displayed)
    let full = try PictureDecoder.decode(source, metadata: metadata, heif: scan?.heif, minLongSide: nil, maxPixels: 1 << 26, threads: 2)
    let libheif = try HEIFContext(data: bytes).decodePrimary(applyTransformations: true, maxPixels: 1 << 26)
    #expect(full.displayed == libheif)
    let reduced = try PictureDecoder.decode(source, metadata: metadata, heif: scan?.heif, minLongSide: 256, maxPixels: 1 << 26)
    let shown = reduced.displayed
    #expect(abs(Double(shown.width) / Double(shown.height) - Double(displayed.width) / Double(displayed.height)) < 0.01)
    #expect(max(shown.width, shown.height) >= 256 && max(shown.width, shown.height) < 512)
  }

  /// Reduced tile by tile (each tile averaged on its own thread into a patch, patches added to
  /// the canvas; cells straddling two tiles when 512 is not a multiple of k) equals libheif's
  /// whole decode reduced afterwards, sample for sample.
  @Test(arguments: [2, 3, 7])
  func reducedTilesEqualTheWholeDecodeReduced(_ k: Int) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("pixels/grid/grid.heic"))))
    let source = MemorySource(bytes)
    let inspection = Inspector.read(source: source, path: "grid.heic")
    let scan = inspection.tree?.scan
    guard case .success(let layout) = try #require(scan?.heif).pictureLayout(in: source) else {
      Issue.record("grid.heic is not laid out as tiles")
      return
    }
    let tiled = try HEIFTiledDecoder.decode(layout, from: bytes, factor: k, maxPixels: 1 << 26, threads: 2)
    let whole = try HEIFContext(data: bytes).decodePrimary(applyTransformations: false, maxPixels: 1 << 26)
    #expect(tiled.image == (try whole.reduced(by: k)))
  }
}
