import Bytes
import Foundation
import PhotoCore
import Pipeline
import Platform
import Testing

/// Live Photos: a still and a MOV beside it that share Apple's content identifier — else the
/// same stem — are one item; the video's GPS is PA001 of the still's entry. Fixtures:
/// `Fixtures/video/livephoto` (see Fixtures/README.md); the corpus's iPhone 6s pair.
@Suite struct LivePhotoTests {
  static let folder = FixtureFiles.path("video/livephoto")

  static func files(_ names: [String]) -> [String] { names.map { folder + "/" + $0 } }

  @Test func pairsByIdentifierElseStem() throws {
    let all = try FileManager.default.contentsOfDirectory(atPath: Self.folder).map { Self.folder + "/" + $0 }
    let pairs = LivePhotoPairing.pairs(all)
    #expect(pairs.map { "\(PathName.lastComponent($0.still)) + \(PathName.lastComponent($0.video)): \($0.reason)" } == [
      "IMG_0001.jpg + IMG_0001.mov: same stem",
      "still-7.jpg + clip-7.mov: content identifier 7D0C0FFE-1111-4222-8333-444455556666",
    ])
    // IMG_0002.jpg and IMG_0002.mov carry different identifiers: two captures, not one item.
    #expect(!pairs.contains { $0.still.hasSuffix("IMG_0002.jpg") })
  }

  @Test func theStillsIdentifierIsReadFromItsAppleMakerNote() {
    let m = Inspector.inspect(path: Self.folder + "/still-7.jpg")
    // ExifTool 12.57 shows the same value as Apple:MediaGroupUUID (expected/video/livephoto).
    #expect(m.tags.first { $0.name == "MediaGroupUUID" }?.value == .text("7D0C0FFE-1111-4222-8333-444455556666"))
    #expect(m.tags.first { $0.name == "MediaGroupUUID" }?.path == CarrierPath("makernote"))
  }

  @Test func auditReportsTheVideosGPSOnTheStill() throws {
    let listing = DirectoryWalker.list([Self.folder], followSymlinks: false)
    let result = try Pairing.plan(outputs: listing, outputsRoot: Self.folder, originals: nil, pairsFile: nil, followSymlinks: false)
    #expect(result.jobs.map { PathName.lastComponent($0.output) + ($0.companion.map { " + " + PathName.lastComponent($0) } ?? "") }
            == ["IMG_0001.jpg + IMG_0001.mov", "IMG_0002.jpg", "IMG_0002.mov", "still-7.jpg + clip-7.mov"])
    var options = AuditOptions()
    options.comparePixels = false
    let reports = result.jobs.map { PairAuditor.audit($0, options: options) }
    func findings(_ name: String) -> [String] {
      reports.first { $0.output.hasSuffix("/" + name) }!.findings.map { "\($0.id.rawValue) \($0.carrier ?? "-")" }
    }
    // The still is clean; its MOV leaks; its descriptor says gps_removed: true. Apple's content
    // identifier (the still's MakerNote MediaGroupUUID, the video's content.identifier key) is an
    // identifying field too (PA007, issue 17).
    #expect(findings("IMG_0001.jpg") == ["PA001 live-photo-video/keys", "PA002 live-photo-video/keys", "PA007 live-photo-video/keys"])
    #expect(findings("still-7.jpg") == ["PA001 live-photo-video/keys", "PA007 makernote", "PA007 live-photo-video/keys"])
    #expect(findings("IMG_0002.jpg") == ["PA007 makernote"] && findings("IMG_0002.mov") == ["PA007 keys"])
    let pair = try #require(reports.first { $0.output.hasSuffix("IMG_0001.jpg") })
    #expect(pair.livePhotoVideo == Self.folder + "/IMG_0001.mov")
    #expect(pair.gpsCarriers == ["live-photo-video/keys"])
    #expect(!pair.gpsRemoved)
    // The report shows the pair: in JSON, and read back (merge).
    let json = ReportJSON.file(pair)
    #expect(json["live_photo_video"]?.stringValue == Self.folder + "/IMG_0001.mov")
    #expect(ReportJSON.fileReport(json)?.livePhotoVideo == pair.livePhotoVideo)
    #expect(ReportText.table(AuditReport(command: "audit", files: [pair]), style: .plain).contains("Live Photo video: \(Self.folder)/IMG_0001.mov"))
  }

  @Test func anUnreadableVideoLeavesTheStillUnchecked() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-live-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(atPath: Self.folder + "/IMG_0001.jpg", toPath: directory.appendingPathComponent("A.jpg").path)
    let mov = try FileSource(path: Self.folder + "/IMG_0001.mov").allBytes()
    try Data(mov.prefix(mov.count - 200)).write(to: directory.appendingPathComponent("A.mov"))
    let report = PairAuditor.audit(output: directory.appendingPathComponent("A.jpg").path, original: nil, descriptor: nil,
                                   companion: directory.appendingPathComponent("A.mov").path).report
    // Truncated inside its 'moov': not read to its end, so no clean verdict for the item.
    #expect(report.findings.contains { $0.id == .incompleteCheck && $0.carrier == "live-photo-video" })
    #expect(!report.gpsRemoved)
  }

  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func iPhoneLivePhotoPair() {
    let folder = SharedCorpus.root.appendingPathComponent("lychee-test-samples").path
    let pairs = LivePhotoPairing.pairs([folder + "/train.jpg", folder + "/train.mov", folder + "/google_motion_photo_broken.jpg"])
    // Apple:MediaGroupUUID of the JPEG and Keys:ContentIdentifier of the MOV (corpus README).
    #expect(pairs == [LivePhotoPairing.Pair(still: folder + "/train.jpg", video: folder + "/train.mov",
                                            reason: "content identifier E905E6C6-C747-4805-942F-9904A0281F02")])
  }
}
