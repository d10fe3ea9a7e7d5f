@testable import Bytes
import Foundation
@testable import PhotoCore
@testable import Pipeline
import Testing

/// Motion Photos: the MP4 a still carries is the child "motion-photo" of its layout tree, its
/// GPS is the file's (PA001), and the XMP's description of the bytes is checked (PA014 when it
/// lies). Fixtures from `Fixtures/gen/video.sh`; the corpus's real ones when present.
@Suite struct MotionPhotoTests {
  /// The fixtures' MP4: `©xyz` +31.2304+121.4737/, 1107 bytes.
  static let videoLength = 1107

  static func audit(_ relative: String) -> FileReport {
    var options = AuditOptions()
    options.comparePixels = false
    return PairAuditor.audit(output: FixtureFiles.path(relative), original: nil, descriptor: nil, options: options).report
  }

  static func summary(_ report: FileReport) -> [String] {
    report.findings.map { "\($0.id.rawValue) \($0.severity.rawValue) \($0.carrier ?? "-")" }
  }

  @Test func gpsOnlyInTheVideoIsPA001OfTheStill() throws {
    let path = FixtureFiles.path("video/motion/motion-photo.jpg")
    let m = Inspector.inspect(path: path)
    let size = try FileSource(path: path).count
    // The still itself is clean (ExifTool sees no GPS: expected/); only the MP4 holds one.
    #expect(m.gps.map(\.path.description) == ["motion-photo/udta"])
    #expect(m.motionPhoto == MotionPhotoInfo(declaredBy: ["XMP Container:Directory"], video: size - Self.videoLength..<size, mismatches: []))
    let image = try #require(m.embeddedImages.first { $0.kind == .motionPhotoVideo })
    #expect(image.format == .mp4 && image.size == PixelSize(width: 64, height: 48) && image.path == CarrierPath("motion-photo"))
    // Declared and found where declared: no PA014, every byte accounted.
    #expect(Self.summary(Self.audit("video/motion/motion-photo.jpg")) == ["PA001 error motion-photo/udta"])
  }

  @Test(arguments: ["video/motion/micro-video.jpg", "video/motion/motion-photo-padded.jpg", "video/motion/motion-photo.heic"])
  func otherDeclarationsFindTheVideo(_ fixture: String) {
    let m = Inspector.inspect(path: FixtureFiles.path(fixture))
    #expect(m.motionPhoto?.video?.count == Self.videoLength)
    #expect(m.motionPhoto?.mismatches == [])
    #expect(Self.summary(Self.audit(fixture)) == ["PA001 error motion-photo/udta"])
  }

  @Test func aDirectoryThatLiesIsPA014AndTheVideoStillCounts() {
    let m = Inspector.inspect(path: FixtureFiles.path("video/motion/motion-photo-lying.jpg"))
    #expect(m.motionPhoto?.video == nil)
    #expect(m.motionPhoto?.mismatches.count == 1)
    #expect(m.motionPhoto?.mismatches.first?.contains("places the \(Self.videoLength + 1000)-byte video") == true)
    // The MP4 is read all the same, as data after EOI: its GPS is PA001, its bytes PA014.
    let report = Self.audit("video/motion/motion-photo-lying.jpg")
    #expect(Self.summary(report) == ["PA001 error trailer#1/udta", "PA014 error trailer#1", "PA014 warning xmp"])
  }

  @Test func aRemovedVideoIsPA014() {
    let report = Self.audit("video/motion/video-removed.jpg")
    #expect(Self.summary(report) == ["PA014 warning xmp"])
    #expect(report.findings.first?.evidence.contains("no such video is there") == true)
  }

  @Test func theDirectoryIsReadInBothSpellings() throws {
    let directory = Array("""
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
        xmlns:GContainer="http://ns.google.com/photos/1.0/container/" xmlns:GContainerItem="http://ns.google.com/photos/1.0/container/item/"
        GCamera:MotionPhoto="1"><GContainer:Directory><rdf:Seq>
        <rdf:li rdf:parseType="Resource"><GContainer:Item GContainerItem:Mime="image/jpeg" GContainerItem:Semantic="Primary"/></rdf:li>
        <rdf:li rdf:parseType="Resource"><GContainer:Item><GContainerItem:Mime>video/mp4</GContainerItem:Mime>
          <GContainerItem:Length>500</GContainerItem:Length></GContainer:Item></rdf:li>
      </rdf:Seq></GContainer:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
      """.utf8)
    let declaration = try #require(MotionPhotoXMP.parse(directory))
    #expect(declaration.motionPhoto)
    #expect(declaration.videoRange(end: 2000) == 1500..<2000)
    // An empty video item: the video is the non-empty item before it (AndroidX's reading).
    var empty = declaration
    empty.items.append(.init(mime: "video/mp4", semantic: "MotionPhoto", length: 0, padding: 0))
    #expect(empty.videoRange(end: 2000) == 1500..<2000)
    // Lengths longer than the file: nothing.
    #expect(declaration.videoRange(end: 100) == nil)
    #expect(MotionPhotoXMP.parse(Array("<x:xmpmeta/>".utf8)) == nil)
  }

  // MARK: - The corpus's real Motion Photos

  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func samsungHEICMotionPhoto() {
    // Samsung SM-S901U1: the MP4 in 'mpvd' has a ©xyz; its directory says the video is 80
    // bytes with 67 bytes of padding, which is not what the file holds.
    let m = Inspector.inspect(path: SharedCorpus.root.appendingPathComponent("ente-motion-photos/motionphoto.heic").path)
    let video = m.gps.first { $0.path.description == "motion-photo/udta" }
    #expect(video?.latitude == 12.9603 && video?.longitude == 77.7055)
    #expect(m.motionPhoto?.video == 1_455_411..<3_649_069)
    #expect(m.motionPhoto?.mismatches.count == 1)
  }

  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func googleHEICAndJPEGMotionPhotosAreConsistent() {
    // sample_MP.heic: Item:Padding 16 is the 'mpvd' box's 16-byte header, Item:Length its payload.
    for (file, length) in [("androidx-media-test-data/sample_MP.heic", 28_803), ("androidx-media-test-data/pixel-motion-photo-shortened.jpg", 8730)] {
      let m = Inspector.inspect(path: SharedCorpus.root.appendingPathComponent(file).path)
      #expect(m.motionPhoto?.video?.count == length, "\(file)")
      #expect(m.motionPhoto?.mismatches == [], "\(file)")
    }
    // The XMP promises 8730 bytes that were cut off; ExifTool 12.30 wrote a MicroVideoOffset of
    // 1024 over 1024 zero bytes.
    for file in ["androidx-media-test-data/pixel-motion-photo-video-removed-shortened.jpg", "lychee-test-samples/google_motion_photo_broken.jpg"] {
      let m = Inspector.inspect(path: SharedCorpus.root.appendingPathComponent(file).path)
      #expect(m.motionPhoto?.video == nil && m.motionPhoto?.mismatches.count == 1, "\(file)")
    }
  }
}
