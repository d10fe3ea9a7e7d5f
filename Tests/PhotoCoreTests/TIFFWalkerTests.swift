@testable import Bytes
import Foundation
import Testing

@testable import PhotoCore

/// The walk of whole TIFF-shaped files (`TIFFFileWalker`, `TIFFFileLayout`) on the tiff/ fixtures
/// (made by Fixtures/gen/tiff.sh with ImageMagick, tiffcp, exiftool and tools/tiffs.py) and the
/// real samples of tiff-real/: the format by content, every IFD, where the GPS is, the byte map,
/// the pictures found, and what hostile files leave unread (PA015) or unreadable (PA013).
@Suite struct TIFFWalkerTests {
  static func bytes(_ relative: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path(relative))))
  }

  static func tree(_ relative: String, mode: ReadMode = .complete) throws -> LayoutTree {
    let data = try bytes(relative)
    let format = try #require(ImageFormat.sniff(Array(data.prefix(ImageFormat.sniffLength))))
    return LayoutWalker.walk(MemorySource(data), format: format, mode: mode)
  }

  static func inspect(_ relative: String) -> PhotoMetadata { Inspector.inspect(path: FixtureFiles.path(relative)) }

  // MARK: - Headers and formats

  @Test(arguments: [
    ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0] as [UInt8], ImageFormat.tiff),
    ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .tiff),
    ([0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0], .tiff),  // BigTIFF
    ([0x49, 0x49, 0x2A, 0x00, 16, 0, 0, 0, 0x43, 0x52, 2, 0, 0, 0, 0, 0], .raw),  // CR2
    ([0x49, 0x49, 0x55, 0x00, 8, 0, 0, 0], .raw),  // Panasonic RW2
    ([0x49, 0x49, 0x52, 0x4F, 8, 0, 0, 0], .raw),  // Olympus ORF
  ])
  func headersAreRecognisedByContent(_ head: [UInt8], format: ImageFormat) {
    #expect(ImageFormat.sniff(head) == format)
  }

  @Test(arguments: [
    [0x49, 0x49, 0x2A] as [UInt8],  // too short
    [0x49, 0x4D, 0x2A, 0x00, 8, 0, 0, 0],  // mixed byte order
    [0x49, 0x49, 0x2B, 0x00, 4, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0],  // BigTIFF with 4-byte offsets
    [0x49, 0x49, 0x2C, 0x00, 8, 0, 0, 0],  // magic 44
  ])
  func otherHeadersAreNotTIFF(_ head: [UInt8]) {
    #expect(ImageFormat.sniff(head) == nil)
  }

  /// ExifTool's FileType for each fixture is ours (File:FileType), and so is the format.
  @Test(arguments: [
    ("tiff/upright.tif", ImageFormat.tiff, "TIFF"), ("tiff/big-lzw.btf", .tiff, "BTF"), ("tiff/dng-gps.dng", .dng, "DNG"),
    ("tiff/nef-gps.nef", .raw, "NEF"), ("tiff/cr2-gps.cr2", .raw, "CR2"), ("tiff-real/Panasonic.rw2", .raw, "RW2"),
    ("tiff-real/Nikon.nef", .raw, "NEF"), ("tiff-real/DNG.dng", .dng, "DNG"), ("tiff-real/BigTIFF.btf", .tiff, "BTF"),
  ])
  func formatAndFileTypeByContent(_ relative: String, format: ImageFormat, fileType: String) {
    let m = Self.inspect(relative)
    #expect(m.error == nil)
    #expect(m.format == format)
    #expect(m.tags.first { $0.group == "File" && $0.name == "FileType" }?.value == .text(fileType))
  }

  // MARK: - IFDs and GPS

  @Test func everyIFDIsReadAndNamed() throws {
    let tree = try Self.tree("tiff/nef-gps.nef")
    let layout = try #require(tree.scan.tiffFile)
    #expect(layout.directories.map(\.name) == ["IFD0", "SubIFD", "SubIFD1", "ExifIFD", "GPS"])
    #expect(layout.directories.map(\.kind) == [.image, .image, .image, .exif, .gps])
    #expect(layout.unread.isEmpty && tree.incomplete.isEmpty)
    #expect(layout.mainImage == 2)  // the sensor data, SubIFD1
    #expect(layout.previewIndices == [0, 1])
    #expect(tree.scan.storedSize == PixelSize(width: 384, height: 256))
  }

  /// The GPS IFD of a second page is GPS of the file, under `exif#2`.
  @Test func gpsOfASecondPageIsFound() throws {
    let m = Self.inspect("tiff/page2-gps.tif")
    #expect(m.gps.map(\.path.description) == ["exif#2"])
    let fix = try #require(m.gps.first)
    #expect(abs((fix.latitude ?? 0) - 31.230416) < 1e-6 && abs((fix.longitude ?? 0) - 121.473701) < 1e-6)
    #expect(m.tags.contains { $0.group == "GPS" && $0.item == 2 && $0.name == "GPSLatitude" })
  }

  /// BigTIFF: 64-bit offsets, LONG8 strip offsets, an IFD8 pointer to the GPS IFD.
  @Test func bigTIFFGPSIsRead() throws {
    let m = Self.inspect("tiff/bigtiff-gps.btf")
    #expect(m.stored == PixelSize(width: 96, height: 64))
    let fix = try #require(m.gps.first)
    #expect(m.gps.count == 1 && fix.path == CarrierPath("exif"))
    #expect(abs((fix.latitude ?? 0) - 31.230416) < 1e-6 && fix.altitude == 12.5)
    #expect(m.tags.contains { $0.group == "IFD0" && $0.name == "StripOffsets" && $0.value == .list([.integer(16), .integer(9232)]) })
  }

  /// A GPS IFD pointed at past the end of the file is GPS all the same (PA001), and unread (PA015).
  @Test func aGPSIFDOutsideTheFileIsGPSAndIncomplete() throws {
    let m = Self.inspect("tiff/gps-outside.tif")
    let fix = try #require(m.gps.first)
    #expect(m.gps.count == 1 && fix.path == CarrierPath("exif") && !fix.hasCoordinates)
    #expect(fix.unreadable == "present, value unreadable: IFD0 points at a GPS IFD that could not be read")
    #expect(m.incomplete.map(\.reason) == ["GPS (pointed at by IFD0): offset 1048576 lies outside the file (4812 bytes)"])
  }

  /// Text after the NUL of an ASCII value is read by nobody: its bytes are swept.
  @Test func textAfterAnASCIINulIsSwept() throws {
    let data = try Self.bytes("tiff/hidden-text.tif")
    let m = Self.inspect("tiff/hidden-text.tif")
    let at = try #require((0..<data.count - 5).first { data[$0..<$0 + 5].elementsEqual(Array("+31.2".utf8)) })
    let fix = try #require(m.gps.first)
    #expect(m.gps.count == 1 && fix.path == CarrierPath("raw-bytes") && fix.offset == at)
    #expect(m.tags.first { $0.name == "ImageDescription" }?.value == .text("Scan 17"))
  }

  /// A JPEG with its own EXIF GPS inside an Exif IFD's MakerNote is walked as a preview.
  @Test func aJPEGInAMakerNoteIsAPreview() throws {
    let m = Self.inspect("tiff/makernote-preview.tif")
    #expect(m.gps.map(\.path.description) == ["preview/exif"])
    #expect(m.embeddedImages.map(\.role) == [EmbeddedDocumentFinder.makerNotePreviewRole])
  }

  // MARK: - Pictures: main images and previews

  @Test func dngPreviewsAreWalkedAndListed() throws {
    let tree = try Self.tree("tiff/dng-gps.dng")
    #expect(tree.scan.format == .dng)
    #expect(tree.scan.storedSize == PixelSize(width: 192, height: 128))  // the raw SubIFD
    #expect(tree.children.map(\.step.description) == ["preview"])
    #expect(tree.children.first?.role == "JPEG preview in SubIFD1")
    let listed = tree.scan.embeddedImages.map { ($0.path.description, $0.role ?? "") }
    #expect(listed.count == 1 && listed.first?.0 == "preview#2")
    #expect(listed.first?.1.hasPrefix(EmbeddedDocumentFinder.tiffDirectoryPreviewRole + "IFD0 (48×32") == true)
    let choice = try TIFFPictureChoice.choose(MemorySource(try Self.bytes("tiff/dng-gps.dng")))
    #expect(choice.directory == "SubIFD1" && choice.isPreview)
  }

  /// A CR2: IFD0's JPEG is the main image (walked as `image`), IFD1's the EXIF thumbnail, IFD3
  /// (the header's raw IFD) sensor data.
  @Test func cr2Layout() throws {
    let tree = try Self.tree("tiff/cr2-gps.cr2")
    let layout = try #require(tree.scan.tiffFile)
    #expect(layout.header.isCR2)
    #expect(layout.directories.filter { $0.kind == .image }.map(\.name) == ["IFD0", "IFD1", "IFD2", "IFD3"])
    #expect(layout.images[layout.directories.firstIndex { $0.name == "IFD3" }!]?.isRawSensorData == true)
    #expect(tree.children.map(\.step.description) == ["image", "thumbnail"])
    #expect(tree.children.map(\.role) == ["JPEG of IFD0, the main image", EmbeddedDocumentFinder.ifd1ThumbnailRole])
    let choice = try TIFFPictureChoice.choose(MemorySource(try Self.bytes("tiff/cr2-gps.cr2")))
    #expect(choice.directory == "IFD0" && !choice.isPreview)
  }

  /// A CR2 header naming a raw IFD that cannot be read: listed once as a problem, the walk ends
  /// (it queued the unreadable IFD again and again until memory ran out; a mutation found it).
  @Test func anUnreadableCR2RawIFDIsReadOnce() throws {
    var bytes = try Self.bytes("tiff/cr2-gps.cr2")
    #expect(bytes[0] == UInt8(ascii: "I"))
    let outside = UInt32(bytes.count + 1000)
    for i in 0..<4 { bytes[12 + i] = UInt8(truncatingIfNeeded: outside >> (8 * UInt32(i))) }
    let tree = LayoutWalker.walk(MemorySource(bytes), format: try #require(ImageFormat.sniff(Array(bytes.prefix(ImageFormat.sniffLength)))), mode: .complete)
    let layout = try #require(tree.scan.tiffFile)
    #expect(layout.directories.filter { $0.kind == .image }.map(\.name) == ["IFD0", "IFD1", "IFD2", "IFD3"])
    #expect(layout.unread.filter { $0.contains("CR2 raw IFD") }.count == 1, "\(layout.unread)")
  }

  /// A raw whose only image is sensor data has no picture to check.
  @Test func aDNGWithoutAPreviewHasNoPicture() throws {
    #expect(throws: PixelDecodeFailure.unsupported("the DNG's image in IFD0 is sensor data (192×128, Compression 7 (JPEG)) and it has no preview photoaudit decodes")) {
      try TIFFPictureChoice.choose(MemorySource(try Self.bytes("tiff/dng-no-preview.dng")))
    }
  }

  @Test func aCodingLibtiffLacksIsNamed() throws {
    #expect(throws: PixelDecodeFailure.unsupported("IFD0 (48×32, Compression 34712 (JPEG 2000)) is in a coding photoaudit does not decode")) {
      try TIFFPictureChoice.choose(MemorySource(try Self.bytes("tiff/jpeg2000.tif")))
    }
  }

  // MARK: - The byte map

  /// Every byte of the clean fixtures is a structure: header, IFD tables, values, strips and
  /// tiles (image data, not swept), alignment padding; and nothing is unread.
  @Test(arguments: ["tiff/upright.tif", "tiff/orient-6.tif", "tiff/tiled-jpeg.tif", "tiff/big-lzw.btf", "tiff/gps-exif.tif",
                    "tiff/gps-xmp.tif", "tiff/iptc-city.tif", "tiff/bigtiff-gps.btf", "tiff/page2-gps.tif", "tiff/dng-gps.dng",
                    "tiff/dng-clean.dng", "tiff/nef-gps.nef", "tiff/cr2-gps.cr2", "tiff/geotiff-wgs84.tif"])
  func cleanFixturesAreFullyAccounted(_ relative: String) throws {
    let tree = try Self.tree(relative)
    #expect(LayoutInvariants.violations(tree, fileSize: tree.source.count).isEmpty)
    let map = ByteMapper.map(tree)
    #expect(map.isFullyAccounted && map.opaque.isEmpty, "\(relative): \((map.unaccounted + map.opaque).map { "\($0.offset)+\($0.length) \($0.pathText)" })")
    #expect(tree.incomplete.isEmpty, "\(tree.incomplete)")
    #expect(UnaccountedBytesCheck.findings(for: map, file: relative).isEmpty)
  }

  /// Strips are image data: never swept. An uncompressed strip's bytes past its pixels are.
  @Test func stripsAreImageDataAndBytesPastThemAreSwept() throws {
    let tree = try Self.tree("tiff/upright.tif")
    let data = tree.nodes.filter { $0.name.hasPrefix("IFD0 strip") }
    #expect(!data.isEmpty && data.allSatisfy { !$0.isSwept })
    var image = TIFFImageDirectory(width: 10, height: 4, compression: 1, photometric: 2, bitsPerSample: [8, 8, 8], samplesPerPixel: 3,
                                   planar: 1, newSubfileType: 0, striles: nil, tiled: false, rowsPerStrip: 3, tileWidth: nil,
                                   tileLength: nil, jpeg: nil, hasJPEGTables: false)
    #expect(TIFFFileWalker.uncompressedBytes(image, strile: 0, of: 2) == 90)
    #expect(TIFFFileWalker.uncompressedBytes(image, strile: 1, of: 2) == 30)
    image.planar = 2
    #expect(TIFFFileWalker.uncompressedBytes(image, strile: 3, of: 6) == 10)  // plane 1, its second strip: 1 row
    #expect(TIFFFileWalker.uncompressedBytes(image, strile: 4, of: 6) == 30)  // plane 2, its first strip: 3 rows
    image.bitsPerSample = [1]
    image.samplesPerPixel = 1
    image.planar = 1
    #expect(TIFFFileWalker.uncompressedBytes(image, strile: 0, of: 2) == 6)  // 10 bits → 2 bytes a row
  }

  // MARK: - Hostile files

  @Test func subIFDsNestedTooDeepAreNamed() {
    let m = Self.inspect("tiff/subifd-deep.tif")
    #expect(m.incomplete.count == 1)
    #expect(m.incomplete.first?.reason.hasPrefix("SubIFD3 points at SubIFDs nested deeper than 4; the one at offset ") == true)
  }

  @Test func aLoopingChainIsReadOnce() throws {
    let tree = try Self.tree("tiff/ifd-loop.tif")
    #expect(tree.scan.tiffFile?.directories.map(\.name) == ["IFD0", "IFD1"])
    #expect(tree.scan.warnings == ["IFD2 (pointed at by IFD1) is IFD0 at offset 9224 again: read once"])
    #expect(tree.incomplete.isEmpty)
  }

  @Test func aStripPastTheEndIsIncomplete() {
    let m = Self.inspect("tiff/truncated.tif")
    #expect(m.incomplete.map(\.reason) == ["1 of the 4 strips of IFD0 lie wholly or partly outside the file"])
  }

  /// IFD0 that cannot be read: the file is unreadable (PA013), with what was found.
  @Test(arguments: [
    ([0x49, 0x49, 0x2A, 0x00, 2, 0, 0, 0, 0, 0] as [UInt8], "TIFF IFD0 at byte 2 is malformed: IFD0: offset 2 points into the 8-byte header"),
    ([0x49, 0x49, 0x2A, 0x00, 0x00, 1, 0, 0], "TIFF IFD0 at byte 256 is malformed: IFD0: offset 256 lies outside the file (8 bytes)"),
    ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0], "TIFF IFD0 at byte 8 is malformed: IFD0: the IFD at offset 8 declares no entries"),
  ])
  func unreadableIFD0IsPA013(_ bytes: [UInt8], error: String) {
    let m = Inspector.inspect(source: MemorySource(bytes), path: "x.tif")
    #expect(m.error == error)
  }

  /// Prefixes of a small TIFF (its IFD after its strips) are read without trapping: the walk
  /// fails (PA013) or says what it did not read; every tree keeps the layout invariants. Every
  /// prefix through the header and the first strip, and from the IFD to the end; every 64th
  /// between.
  @Test func truncationSweep() throws {
    let bytes = try Self.bytes("tiff/geotiff-wgs84.tif")
    let ifd = try #require(try Self.tree("tiff/geotiff-wgs84.tif").scan.tiffFile?.directories.first?.table.lowerBound)
    var failed = 0, incomplete = 0
    for n in Array(8..<200) + Array(stride(from: 200, to: ifd, by: 64)) + Array(ifd..<bytes.count) {
      let tree = LayoutWalker.walk(MemorySource(Array(bytes.prefix(n))), format: .tiff, mode: .complete)
      let problems = LayoutInvariants.violations(tree, fileSize: n)
      #expect(problems.isEmpty, "prefix \(n): \(problems.prefix(3))")
      if tree.failure != nil { failed += 1 } else if !tree.incomplete.isEmpty { incomplete += 1 }
      else { Issue.record("prefix \(n) of \(bytes.count) read as complete") }
    }
    #expect(failed > 0 && incomplete > 0, "failed \(failed), incomplete \(incomplete)")
  }

  /// Flipping any byte of the header and IFDs (a DNG, MM, with SubIFDs, a GPS IFD and a JPEG
  /// preview) never traps and gives sound trees.
  @Test func corruptionSweepGivesSoundTrees() throws {
    let bytes = try Self.bytes("tiff/dng-gps.dng")
    let layout = try #require(try Self.tree("tiff/dng-gps.dng").scan.tiffFile)
    let start = try #require(layout.directories.map(\.table.lowerBound).min())
    let (read, rejected, problems) = LayoutInvariants.corruptionSweep(bytes, from: start, limit: 700, values: [0x00, 0xFF, 0x80],
                                                                       format: .dng) { mutant in
      let tree = LayoutWalker.walk(MemorySource(mutant), format: .dng, mode: .metadata)
      if let failure = tree.failure { throw failure }
      return tree.scan
    }
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    #expect(read > 0 && rejected > 0, "read \(read), rejected \(rejected)")
  }
}
