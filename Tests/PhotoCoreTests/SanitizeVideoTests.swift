import Foundation
import PhotoCore
import Pipeline
import Testing

/// `sanitize` and video: a Motion Photo or a Live Photo still gives the still alone, and the
/// descriptor says `"video_dropped": true`; a bare MOV or MP4 is PA013 and nothing is written.
@Suite struct SanitizeVideoTests {
  static func run(_ input: String, companion: String? = nil, in directory: URL) -> SanitizeResult {
    let stem = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
    return Sanitizer.sanitize(input: input, output: directory.appendingPathComponent("\(stem).jpg").path,
                              descriptor: directory.appendingPathComponent("\(stem).json").path, options: SanitizeOptions(),
                              companion: companion)
  }

  @Test(arguments: ["video/motion/motion-photo.jpg", "video/motion/micro-video.jpg", "video/motion/motion-photo.heic"])
  func aMotionPhotoGivesTheStillOnly(_ fixture: String) throws {
    let directory = try SanitizeTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = Self.run(FixtureFiles.path(fixture), in: directory)
    #expect(result.error == nil)
    #expect(result.descriptor?["video_dropped"]?.boolValue == true)
    #expect(result.descriptor?["media_type"]?.stringValue == "image")
    #expect(result.notes == ["the Motion Photo video is not written: the still alone is the output"])
    let written = Inspector.inspect(path: try #require(result.output))
    #expect(written.format == .jpeg && written.gps.isEmpty && written.motionPhoto == nil)
    #expect(written.embeddedImages.isEmpty && written.carriers.allSatisfy { $0.kind != .trailer })
    #expect(result.gpsRemoved == true && result.findings.isEmpty, "\(result.findings)")
  }

  @Test func aStillWithoutVideoSaysNothingOfVideo() throws {
    let directory = try SanitizeTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = Self.run(FixtureFiles.path("jpeg/orient-6.jpg"), in: directory)
    #expect(result.descriptor?["video_dropped"] == nil)
  }

  @Test func aLivePhotoStillGivesTheStillOnly() throws {
    let directory = try SanitizeTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let video = FixtureFiles.path("video/livephoto/clip-7.mov")
    let result = Self.run(FixtureFiles.path("video/livephoto/still-7.jpg"), companion: video, in: directory)
    #expect(result.error == nil)
    #expect(result.descriptor?["video_dropped"]?.boolValue == true)
    #expect(result.notes == ["the Live Photo video \(video) is not written (sanitize does not re-encode video)"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["still-7.jpg", "still-7.json"])
  }

  @Test(arguments: ["video/mov/keys.mov", "video/mov/loci.mp4"])
  func aBareVideoIsRefused(_ fixture: String) throws {
    let directory = try SanitizeTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = FixtureFiles.path(fixture)
    let result = Self.run(input, in: directory)
    #expect(result.output == nil && result.descriptor == nil)
    #expect(result.error?.contains("sanitize does not re-encode video; nothing was written") == true)
    #expect(result.findings.map(\.id) == [.unreadable])
    #expect(result.findings.first?.evidence.contains("sanitize does not re-encode video") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
