import Codecs
import Foundation
import TestSupport
import Testing

/// The shared corpus (../shared/corpus next to the package), for the libheif info tests.
private enum InfoCorpus {
  static let root = Repository.sharedCorpus
  static var isAvailable: Bool { Repository.hasSharedCorpus }
}

/// The read-only libheif queries (`HEIFContext+Info`) on known corpus files.
@Suite(.enabled(if: InfoCorpus.isAvailable, "../shared/corpus is absent: libheif info tests skipped"))
struct HEIFInfoTests {
  static func context(_ path: String) throws -> HEIFContext {
    try HEIFContext(data: [UInt8](Data(contentsOf: InfoCorpus.root.appendingPathComponent(path))))
  }

  /// clap with half-pixel offsets: ispe 452×462, displayed 451×461; one XMP block.
  @Test func rainbowClap() throws {
    let context = try Self.context("libheif/rainbow-451x461.heic")
    #expect(try context.primaryImageID() == 1)
    #expect(context.topLevelImageIDs() == [1])
    let info = try context.primaryImageInfo()
    #expect(info.isPrimary)
    #expect((info.ispeWidth, info.ispeHeight) == (452, 462))
    #expect((info.width, info.height) == (451, 461))
    #expect(info.metadata.map(\.type) == ["mime"])
    #expect(info.metadata.first?.contentType == "application/rdf+xml")
    #expect(info.metadata.first?.size == 3540)
    #expect(info.thumbnailIDs.isEmpty && info.auxiliaryIDs.isEmpty)
  }

  /// iPhone: grid primary 49 with irot 3 (displayed portrait), thumbnail 50, HDR gain map 51 whose
  /// XMP (item 52) hangs off the gain map, Exif (item 53) off the primary.
  @Test func iPhoneThumbnailGainMapAndMetadata() throws {
    let context = try Self.context("ianare-exif-samples/iphone_13_pro_max.HEIC")
    #expect(try context.primaryImageID() == 49)
    let info = try context.imageInfo(id: 49)
    #expect((info.ispeWidth, info.ispeHeight) == (4032, 3024))
    #expect((info.width, info.height) == (3024, 4032))
    #expect(info.thumbnailIDs == [50])
    #expect(info.auxiliaryIDs == [51])
    #expect(info.metadata.map { "\($0.id) \($0.type)" } == ["53 Exif"])
    let all = context.allImageInfo()
    #expect(all.failures.isEmpty)
    #expect(all.images.map(\.id) == [49, 50, 51])
    let gainMap = try #require(all.images.first { $0.id == 51 })
    #expect(gainMap.auxiliaryType == "urn:com:apple:photo:2020:aux:hdrgainmap")
    #expect(gainMap.metadata.map { "\($0.id) \($0.type) \($0.contentType)" } == ["52 mime application/rdf+xml"])
  }

  @Test func alphaIsAnAuxiliaryImage() throws {
    let context = try Self.context("libheif/with-alpha-512x512.heic")
    let all = context.allImageInfo()
    let primary = try #require(all.images.first)
    #expect(primary.isPrimary && primary.auxiliaryIDs.count == 1)
    let alpha = try #require(all.images.first { $0.id == primary.auxiliaryIDs.first })
    #expect(alpha.auxiliaryType?.hasSuffix("auxid:1") == true)
  }

  @Test func aNonHEIFFileThrows() {
    #expect(throws: CodecError.self) { try HEIFContext(data: Array("not a heif file at all, just text".utf8)) }
    #expect(throws: CodecError.self) { try HEIFContext(data: []) }
  }

  @Test func imageInfoForAnUnknownIDThrows() throws {
    let context = try Self.context("libheif/rainbow-451x461.heic")
    #expect(throws: CodecError.self) { try context.imageInfo(id: 999) }
    #expect(throws: CodecError.self) { try context.imageInfo(id: -1) }
  }
}
