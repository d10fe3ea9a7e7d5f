import Bytes
import PhotoCore
import Pipeline
import Testing

/// Byte accounting on the repository's fixtures: every planted hidden payload (Fixtures/hidden)
/// is found, named and given the SPEC's severity; every other fixture is fully accounted and
/// raises no PA014.
@Suite struct ByteMapFixtureTests {
  static func map(_ relative: String) -> ByteMap { ByteMapper.map(path: FixtureFiles.path(relative)) }

  static func pa014(_ relative: String) -> [Finding] {
    UnaccountedBytesCheck.findings(for: map(relative), file: relative)
  }

  /// Every fixture that must come out clean.
  static let clean: [String] = ["jpeg", "png", "heic", "defects", "reference"].flatMap(FixtureFiles.images)

  @Test(arguments: clean)
  func cleanFixturesAreFullyAccountedWithoutPA014(_ relative: String) {
    let map = Self.map(relative)
    #expect(map.invariantViolations.isEmpty, "\(map.invariantViolations)")
    #expect(map.isFullyAccounted, "\(relative): \(map.unaccounted.map { "\($0.offset)+\($0.length) \($0.pathText)" })")
    #expect(map.opaque.isEmpty, "\(relative): \(map.opaque.map(\.pathText))")
    #expect(map.accountedFraction == 1)
    #expect(Self.pa014(relative).isEmpty)
    #expect(map.warnings.isEmpty, "\(relative): \(map.warnings)")
  }

  /// (fixture, severity of its PA014, what the bytes must be sniffed as, structure path).
  static let hidden: [(String, Severity, ByteContent.Kind, String)] = [
    ("hidden/trailer-text.jpg", .error, .text, "trailer"),
    ("hidden/after-iend.png", .error, .text, "trailer"),
    ("hidden/free-box-jpeg.heic", .error, .jpeg, "free"),
    ("hidden/mdat-unreferenced.heic", .error, .exif, "mdat"),
    ("hidden/unknown-app.jpg", .warning, .binary, "APP9"),
  ]

  @Test(arguments: hidden)
  func hiddenBytesAreFlagged(_ relative: String, severity: Severity, kind: ByteContent.Kind, path: String) throws {
    let map = Self.map(relative)
    #expect(map.invariantViolations.isEmpty, "\(map.invariantViolations)")
    let findings = Self.pa014(relative)
    #expect(findings.count == 1, "\(findings.map(\.evidence))")
    let finding = try #require(findings.first)
    #expect(finding.severity == severity)
    #expect(finding.carrier == path)
    let region = try #require(map.regions.first { $0.kind != .structure })
    #expect(region.content?.kind == kind)
    #expect(finding.evidence.contains("at byte \(region.offset)"))
    #expect(finding.evidence.contains("\(region.length)"))
  }

  @Test func trailerTextShowsAnExcerptWithTheCoordinates() throws {
    let finding = try #require(Self.pa014("hidden/trailer-text.jpg").first)
    #expect(finding.revealed().evidence.contains("31.230416,121.473701"), "\(finding.evidence)")
    // Redacted by default: the excerpt is secret.
    #expect(!finding.evidence.contains("31.23") && finding.evidence.contains("text \"‹redacted #"))
    #expect(finding.evidence.contains("after EOI"))
  }

  /// A whole JPEG after EOI is walked as an embedded document ("trailer#1"): its structures are
  /// mapped under its path, and as bytes outside the primary image it is still PA014, an error.
  @Test func trailerJPEGStartsRightAfterEOIAndIsMappedAsADocument() throws {
    let map = Self.map("hidden/trailer-jpeg.jpg")
    #expect(map.invariantViolations.isEmpty)
    let eoi = try #require(map.regions.last { $0.path == ["EOI"] })
    let trailer = try #require(map.documents.first)
    #expect(map.documents.count == 1)
    #expect(trailer.path == "trailer#1" && trailer.origin == .appended && trailer.format == "jpeg")
    #expect(trailer.ranges == [eoi.end..<map.fileSize])
    #expect(map.regions.contains { $0.path == ["trailer#1", "APP1 Exif"] })
    #expect(map.regions.last?.path == ["trailer#1", "EOI"])
    let findings = Self.pa014("hidden/trailer-jpeg.jpg")
    #expect(findings.map(\.severity) == [.error])
    #expect(findings.first?.carrier == "trailer#1")
    #expect(findings.first?.evidence == "1412 bytes at byte \(eoi.end) (after EOI) hold a JPEG image, read as trailer#1")
  }

  @Test func unknownAPP9IsAnOpaqueStructureAndFullyAccounted() throws {
    let map = Self.map("hidden/unknown-app.jpg")
    #expect(map.isFullyAccounted)
    let app9 = try #require(map.opaque.first)
    #expect(app9.path == ["APP9"])
    #expect(app9.length == 79)  // marker, length field and the 75-byte payload
    #expect(app9.note?.contains("VendorBlob") == true)
  }

  @Test func bareTIFFInAPP1IsNamedAsEXIFWithoutHeader() throws {
    let map = Self.map("hidden/tiff-app1-no-header.jpg")
    #expect(map.isFullyAccounted)
    #expect(map.regions.contains { $0.path == ["APP1 EXIF without Exif header (TIFF MM)"] && $0.kind == .structure })
    #expect(Self.pa014("hidden/tiff-app1-no-header.jpg").isEmpty)
  }

  @Test func mdatBytesNoItemReferencesAreTheOnlyGap() throws {
    let map = Self.map("hidden/mdat-unreferenced.heic")
    let gap = try #require(map.unaccounted.first)
    #expect(map.unaccounted.count == 1)
    #expect(gap.path == ["mdat"])
    let item = try #require(map.regions.first { $0.path.last?.hasPrefix("item 1") == true })
    #expect(item.path.first == "mdat")
    #expect(gap.offset == item.end)
    #expect(gap.end == map.fileSize)
  }

  @Test func mpfSecondaryImageIsMappedAsASubMap() throws {
    let map = Self.map("jpeg/mpf-secondary-gps.jpg")
    #expect(map.isFullyAccounted)
    let paths = map.regions.map(\.path)
    #expect(paths.contains(["APP2 MPF"]))
    #expect(paths.contains(["mpf-image#2", "SOI"]))
    #expect(paths.contains(["mpf-image#2", "APP1 Exif"]))
    #expect(paths.contains(["mpf-image#2", "scan 1 data"]))
    #expect(paths.last == ["mpf-image#2", "EOI"])
  }

  /// The check runs from the pair auditor (verify, diff, audit, sanitize) on the output.
  @Test func pairAuditorReportsPA014ForTheOutput() {
    let result = PairAuditor.audit(output: FixtureFiles.path("hidden/trailer-jpeg.jpg"), original: nil, descriptor: nil)
    let pa014 = result.report.findings.filter { $0.id == .unaccountedBytes }
    #expect(pa014.count == 1)
    #expect(pa014.first?.severity == .error)
  }
}
