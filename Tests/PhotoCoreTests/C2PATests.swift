import Bytes
import Foundation
import PhotoCore
import Pipeline
import Testing

/// C2PA manifest stores: the JUMBF walk in each container (JPEG APP11 segments joined, PNG
/// caBX, WebP C2PA chunk), GPS in assertions (PA001 + PA018 error), ingredient thumbnails that
/// show what a crop removed (PA005 + PA018 error), a store with neither (PA018 info), the
/// bounded CBOR reader, and hostile stores.
@Suite struct C2PATests {
  static func inspect(_ relative: String) -> PhotoMetadata { Inspector.inspect(path: FixtureFiles.path(relative)) }

  @Test(arguments: ["carriers/c2pa-gps.jpg", "carriers/c2pa-gps.png", "carriers/c2pa-gps.webp"])
  func gpsAssertionIsGPSAndAnErrorManifest(_ fixture: String) throws {
    let m = Self.inspect(fixture)
    #expect(m.error == nil)
    #expect(m.incomplete.isEmpty, "\(m.incomplete)")
    let fix = try #require(m.gps.first)
    #expect(m.gps.count == 1)
    #expect(fix.path.description == "c2pa/c2pa-assertion#1")
    // "31,13.82496N" is 31° 13.82496′ = 31.230416°; altitude "125/10" = 12.5 m.
    #expect(SharedCorpus.close(fix.latitude, 31.230416) && SharedCorpus.close(fix.longitude, 121.473701))
    #expect(fix.altitude == 12.5)
    #expect(fix.timestamp == "2025-01-01T02:20:30Z")
    let manifest = try #require(m.manifests.first)
    #expect(m.manifests.count == 1)
    #expect(manifest.store.description == "c2pa")
    #expect(manifest.label == "urn:uuid:00000000-0000-4000-8000-000000000001")
    #expect(manifest.claimGenerator == "photoaudit-fixtures/1.0")
    #expect(manifest.assertions == ["stds.exif", "c2pa.hash.data"])
    #expect(manifest.signed)
    let findings = CheckRegistry.run(CheckSubject(output: m))
    #expect(findings.filter { $0.id == .gpsPresent }.map(\.carrier) == ["c2pa/c2pa-assertion#1"])
    let pa018 = try #require(findings.first { $0.id == .provenanceManifest })
    #expect(pa018.severity == .error)
    #expect(pa018.evidence.contains("it carries GPS"))
    #expect(pa018.evidence.contains("the signature was not validated"))
  }

  @Test func app11SegmentsAreJoinedInSequenceAndMappedToTheFile() throws {
    let source = try FileSource(path: FixtureFiles.path("carriers/c2pa-gps.jpg"))
    let tree = LayoutWalker.walk(source, format: .jpeg, mode: .complete)
    let store = try #require(tree.children.first { $0.step.name == "c2pa" })
    #expect(tree.scan.carriers.filter { $0.kind == .c2pa }.count == 4)
    guard case .pieces(let pieces) = store.tree.placement else { Issue.record("not joined from pieces"); return }
    #expect(pieces.count == 4)
    // The stds.exif JSON starts with '{' at the file offset the placement gives.
    let carrier = try #require(store.tree.scan.carriers.first { $0.kind == .c2paAssertion })
    let offset = try #require(store.tree.placement.fileOffset(carrier.offset))
    #expect(try source.bytes(in: offset..<offset + 1) == Array("{".utf8))
    let map = ByteMapper.map(tree)
    #expect(map.isFullyAccounted, "\(map.unaccounted.map(\.pathText))")
  }

  @Test func ingredientThumbnailShowingTheCroppedAwayOriginalIsPA005AndPA018Error() throws {
    let result = PairAuditor.audit(output: FixtureFiles.path("carriers/c2pa-ingredient.jpg"), original: nil,
                                   descriptor: FixtureFiles.path("carriers/c2pa-ingredient.json"))
    let manifest = try #require(result.output.manifests.first)
    #expect(manifest.ingredients == [ProvenanceManifest.Ingredient(title: "original.jpg", relationship: "parentOf", label: "c2pa.ingredient")])
    #expect(manifest.thumbnails.map(\.description) == ["c2pa/ingredient-thumbnail"])
    let verdict = try #require(result.report.pixels?.c2paThumbnails.first)
    #expect(!verdict.matches)
    #expect((verdict.originalScore ?? 0) >= 0.8, "the thumbnail is the original, resized")
    let findings = result.report.findings
    let pa005 = try #require(findings.first { $0.id == .thumbnailLeak })
    #expect(pa005.carrier == "c2pa/ingredient-thumbnail")
    #expect(pa005.evidence.contains("it shows the original"))
    #expect(findings.first { $0.id == .provenanceManifest }?.severity == .error)
    #expect(!findings.contains { $0.id == .gpsPresent })
  }

  @Test func withoutPixelsAStoreWithoutGPSIsInfoAndListsItsThumbnails() throws {
    var options = AuditOptions()
    options.comparePixels = false
    let result = PairAuditor.audit(output: FixtureFiles.path("carriers/c2pa-ingredient.jpg"), original: nil, descriptor: nil, options: options)
    let pa018 = try #require(result.report.findings.first { $0.id == .provenanceManifest })
    #expect(pa018.severity == .info)
    #expect(pa018.evidence.contains("thumbnails: c2pa/ingredient-thumbnail"))
    #expect(pa018.evidence.contains("ingredients: original.jpg (parentOf)"))
    #expect(!result.report.findings.contains { $0.id == .thumbnailLeak })
  }

  @Test func sanitizeDropsTheManifestAndSaysSo() throws {
    let directory = try SanitizeTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = SanitizeTests.sanitize("carriers/c2pa-gps.jpg", in: directory)
    #expect(result.error == nil)
    #expect(result.notes.contains { $0.hasPrefix("C2PA manifest dropped") })
    let output = Inspector.inspect(path: try #require(result.output))
    #expect(output.manifests.isEmpty && !output.has(.c2pa) && output.gps.isEmpty)
    #expect(result.gpsRemoved == true)
  }

  /// The corpus's C2PA files in each container: every store read, with its claim generator;
  /// the HEIC's `uuid` box (which ExifTool 12.57 does not decode), Amazon's generated PNG (its
  /// `c2pa.actions` say trainedAlgorithmicMedia), Truepic's JSON and Nikon's CBOR `stds.exif`.
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage), arguments: [
    ("c2pa-public-testfiles/truepic-20230212-camera.jpg", "Truepic_Lens_SDK_libc2pa/2.5.1", true, "claim-thumbnail"),
    ("c2pa-public-testfiles/nikon-20221019-building.jpeg", nil, true, "claim-thumbnail"),
    ("c2pa-ts-fixtures/trustnxt-icon-signed-v2-bmff.heic", nil, false, nil),
    ("c2pa-ts-fixtures/amazon-titan-g1.png", "Amazon_Bedrock c2pa-rs/0.32.7", false, nil),
    ("c2pa-rs-fixtures/CA.jpg", "make_test_images/0.33.1 c2pa-rs/0.33.1", false, "ingredient-thumbnail"),
  ] as [(String, String?, Bool, String?)])
  func corpusStores(_ path: String, generator: String?, gps: Bool, thumbnail: String?) throws {
    let m = Inspector.inspect(path: SharedCorpus.root.appendingPathComponent(path).path)
    let manifest = try #require(m.manifests.last, "\(path): no manifest")
    if let generator { #expect(manifest.claimGenerator == generator) } else { #expect(manifest.claimGenerator != nil) }
    #expect(m.gps.contains { $0.path.contains("c2pa") } == gps, "\(m.gps.map(\.path))")
    if let thumbnail { #expect(m.manifests.flatMap(\.thumbnails).contains { $0.contains(thumbnail) }) }
    #expect(m.incomplete.filter { $0.scope.hasPrefix("c2pa") }.isEmpty, "\(m.incomplete)")
    if path.hasSuffix("amazon-titan-g1.png") { #expect(manifest.digitalSourceType?.hasSuffix("trainedAlgorithmicMedia") == true) }
  }

  // MARK: - CBOR

  @Test(arguments: [
    ([0x00], JSONValue.int(0)), ([0x17], .int(23)), ([0x18, 0x18], .int(24)), ([0x19, 0x03, 0xE8], .int(1000)),
    ([0x20], .int(-1)), ([0x38, 0x63], .int(-100)), ([0xF4], .bool(false)), ([0xF5], .bool(true)), ([0xF6], .null),
    ([0x63, 0x61, 0x62, 0x63], .string("abc")), ([0x43, 1, 2, 3], .string("(3 bytes)")),
    ([0x82, 0x01, 0x02], .array([.int(1), .int(2)])), ([0xA1, 0x61, 0x61, 0x01], .object([("a", .int(1))])),
    ([0x9F, 0x01, 0x02, 0xFF], .array([.int(1), .int(2)])), ([0x7F, 0x61, 0x61, 0x61, 0x62, 0xFF], .string("ab")),
    ([0xF9, 0x3C, 0x00], .number(1.0)), ([0xFB, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0], .number(1.5)), ([0xC1, 0x01], .int(1)),
  ] as [([UInt8], JSONValue)])
  func cborKnownAnswers(_ bytes: [UInt8], expected: JSONValue) throws {
    // Known answers from RFC 8949 Appendix A.
    #expect(try CBORReader.read(bytes) == expected)
  }

  @Test(arguments: [
    [0x18], [0x5A, 0xFF, 0xFF, 0xFF, 0xFF], [0x9B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0x82, 0x01],
    [0x9F, 0x01], [0xFF], [0x1C], [0x7F, 0x01, 0xFF],
  ] as [[UInt8]])
  func cborHostileInputsFail(_ bytes: [UInt8]) {
    #expect(throws: CBORReader.Failure.self) { try CBORReader.read(bytes) }
  }

  @Test func cborNestingIsCapped() {
    let deep = [UInt8](repeating: 0x81, count: 10_000) + [0x00]
    #expect(throws: CBORReader.Failure.self) { try CBORReader.read(deep) }
  }

  // MARK: - Hostile stores

  @Test func truncatedAndCorruptStoresNeverTrapAndAreReported() throws {
    let bytes = try FileSource(path: FixtureFiles.path("carriers/c2pa-gps.png")).allBytes()
    let tree = LayoutWalker.walk(MemorySource(bytes), format: .png, mode: .complete)
    let store = try #require(tree.children.first { $0.step.name == "c2pa" })
    let jumbf = try store.tree.source.bytes(in: store.tree.range)
    for n in stride(from: 0, to: jumbf.count, by: 7) {
      let cut = JUMBFWalker.walk(MemorySource(Array(jumbf.prefix(n))), range: 0..<n)
      #expect(cut.failure != nil || !cut.scan.warnings.isEmpty || !cut.incomplete.isEmpty, "cut at \(n) read as whole")
    }
    // A JSON assertion that does not parse is not checked (PA015) and its bytes are searched.
    var broken = jumbf
    if let brace = broken.firstIndex(of: UInt8(ascii: "{")) { broken[brace] = UInt8(ascii: "#") }
    let m = Inspector.inspect(source: MemorySource(PNGBuilder.file([PNGBuilder.chunk("caBX", broken)])), path: "broken.png")
    #expect(m.incomplete.contains { $0.scope == "c2pa/c2pa-assertion#1" })
    // A caBX that is not a JUMBF superbox was not checked.
    let junk = Inspector.inspect(source: MemorySource(PNGBuilder.file([PNGBuilder.chunk("caBX", Array("not a box".utf8))])), path: "junk.png")
    #expect(junk.incomplete.contains { $0.scope == "c2pa" }, "\(junk.incomplete)")
    #expect(CheckRegistry.run(CheckSubject(output: junk)).contains { $0.id == .incompleteCheck })
  }
}
