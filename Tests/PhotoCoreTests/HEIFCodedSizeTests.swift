@testable import Bytes
import Codecs
import Foundation
import Testing

@testable import PhotoCore

/// libheif 1.15's encoder, asked for an orientation, writes the displayed size into `ispe` while
/// the image is coded at the stored size, and libheif shows the coded picture through `irot`.
/// photoaudit reads the coded size from the HEVC SPS (`HEVCCodedSize`) and follows it.
@Suite struct HEIFCodedSizeTests {
  static func bytes(_ fixture: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path(fixture))))
  }

  /// Both fixtures as libheif 1.15 writes them (ffprobe reads 96×144 from the stream, see
  /// gen/residue.sh): stored 96×144, shown 144×96 as heif-convert shows them, with a warning
  /// naming both sizes. A repaired file (ispe = coded size) gives no warning.
  @Test(arguments: ["heic/libheif115-irot-270.heic", "residue/heic-displayed-ispe.heic"])
  func theCodedSizeIsFollowed(_ fixture: String) throws {
    let bytes = try Self.bytes(fixture)
    let file = try HEIFWalker.parse(MemorySource(bytes))
    #expect(file.storedSize(of: 1) == PixelSize(width: 144, height: 96))
    #expect(file.codedSize(of: 1, in: MemorySource(bytes)) == PixelSize(width: 96, height: 144))
    let metadata = Inspector.read(source: MemorySource(bytes), path: fixture).metadata
    #expect(metadata.stored == PixelSize(width: 96, height: 144))
    #expect(metadata.displayed == PixelSize(width: 144, height: 96))
    #expect(metadata.warnings.contains("HEIF item 1's 'ispe' gives 144×96 (the displayed size, as libheif 1.15 writes it when it encodes an orientation), but its image is coded at 96×144: the coded picture is shown, as libheif shows it, and its size is used"),
            "\(metadata.warnings)")
    let repaired = Inspector.read(source: MemorySource(try Self.bytes("heic/irot-270.heic")), path: "irot-270.heic").metadata
    #expect(repaired.stored == PixelSize(width: 96, height: 144) && repaired.displayed == PixelSize(width: 144, height: 96))
    #expect(!repaired.warnings.contains { $0.contains("coded at") })
  }

  /// The picture decoded tile by tile (one coded image) is libheif's own decode, as stored and
  /// as displayed: at full size sample for sample, reduced in the displayed shape.
  @Test(arguments: ["heic/libheif115-irot-270.heic", "residue/heic-displayed-ispe.heic"])
  func thePictureIsLibheifs(_ fixture: String) throws {
    let bytes = try Self.bytes(fixture)
    let source = MemorySource(bytes)
    let inspection = Inspector.read(source: source, path: fixture)
    let heif = try #require(inspection.tree?.scan.heif)
    guard case .success(let layout) = heif.pictureLayout(in: source) else {
      Issue.record("\(fixture) is not laid out as a coded image")
      return
    }
    #expect(layout.width == 96 && layout.height == 144)
    let full = try PictureDecoder.decode(source, metadata: inspection.metadata, heif: heif, minLongSide: nil, maxPixels: 1 << 26)
    let context = try HEIFContext(data: bytes)
    #expect(full.damage == nil)
    #expect(full.stored == (try context.decodePrimary(applyTransformations: false, maxPixels: 1 << 26)))
    #expect(full.displayed == (try context.decodePrimary(applyTransformations: true, maxPixels: 1 << 26)))
    let reduced = try PictureDecoder.decode(source, metadata: inspection.metadata, heif: heif, minLongSide: 64, maxPixels: 1 << 26)
    #expect(reduced.displayed.width > reduced.displayed.height)
  }

  /// Every HEVC item of the corpus with an `hvcC` (553, grid tiles included): the SPS is read,
  /// and its size is what libheif decodes the primary to (without transforms); 11 items are
  /// coded padded beyond their `ispe`, none disagrees with it the way libheif 1.15's files do.
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func corpusSPSSizesAreLibheifs() throws {
    var parsed = 0, compared = 0, primaries = 0, padded = 0
    var mismatches: [String] = []
    for row in SharedCorpus.rows(ofType: ["HEIC", "HEIF"]) {
      let bytes = [UInt8](try Data(contentsOf: row.url))
      let source = MemorySource(bytes)
      guard let file = try? HEIFWalker.parse(source) else { continue }
      for item in file.items where item.type == "hvc1" {
        guard let coded = file.codedSize(of: item.id, in: source) else { continue }
        parsed += 1
        let declared = file.storedSize(of: item.id)
        if let declared, coded != declared {
          padded += 1
          // Only padding (coded in whole blocks, larger both ways: Sony and Canon previews and
          // thumbnails, fuzzed files) — never the transposed or smaller size of libheif 1.15's files.
          if coded.width < declared.width || coded.height < declared.height {
            mismatches.append("\(row.path) item \(item.id): ispe \(declared), coded \(coded)")
          }
        }
        guard item.id == file.primaryItemID else { continue }
        primaries += 1
        guard let context = try? HEIFContext(data: bytes),
              let decoded = try? context.decodePrimary(applyTransformations: false, maxPixels: 40_000_000, threads: 2) else { continue }
        compared += 1
        #expect(PixelSize(width: decoded.width, height: decoded.height) == coded, "\(row.path)")
      }
    }
    #expect(parsed >= 500 && primaries >= 20 && compared >= 15, "\(parsed) parsed, \(primaries) primaries, \(compared) compared")
    #expect(padded == 11)
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  /// Every prefix and random flips of an `hvcC` payload: nil or a size, never a trap.
  @Test func hostileConfigurationsNeverTrap() throws {
    let bytes = try Self.bytes("residue/heic-displayed-ispe.heic")
    let file = try HEIFWalker.parse(MemorySource(bytes))
    let box = try #require(file.properties.first { $0.box.type == "hvcC" }?.box)
    let payload = Array(bytes[box.offset + box.headerSize..<box.offset + box.size])
    #expect(HEVCCodedSize.size(hvcC: payload) == PixelSize(width: 96, height: 144))
    for n in 0..<payload.count { _ = HEVCCodedSize.size(hvcC: Array(payload.prefix(n))) }
    var rng = SplitMix64(seed: 15)
    for _ in 0..<3000 {
      var mutated = payload
      for _ in 0..<(1 + Int(rng.next() % 4)) { mutated[Int(rng.next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: rng.next()) }
      if let size = HEVCCodedSize.size(hvcC: mutated) { #expect(size.width > 0 && size.height > 0) }
    }
  }
}
