import Foundation
import PhotoCLI
import Testing

/// The video companions from the command line: inspect's JSON of MOV/MP4 and Motion Photos,
/// audit of a folder of Live Photos (one entry per pair), sanitize of a Motion Photo, a Live
/// Photo pair and a bare video — each JSON against its schema, each exit status as the SPEC says.
@Suite(.serialized, .enabled(if: SchemaValidator.isAvailable, "needs /usr/bin/python3 with jsonschema (python3-jsonschema)"))
struct VideoCLITests {
  static let video = SchemaTests.fixtures + "/video"

  @Test func inspectShowsVideosLikePhotos() throws {
    let folders = ["mov", "motion", "livephoto"].map { Self.video + "/" + $0 }
    let json = PhotoCLI.runCapturing(["inspect", "--all", "--format", "json"] + folders)
    #expect(json.status == 0, "\(json.err)")
    try SchemaTests.expectValid(json.out, "inspect-v2.json", "inspect of the video fixtures")
    try SchemaTests.expectValid(PhotoCLI.runCapturing(["inspect", "--map", "--format", "json"] + folders).out, "inspect-v2.json",
                                "inspect --map of the video fixtures")
    let table = PhotoCLI.runCapturing(["inspect", Self.video + "/mov/rotate-90.mp4", Self.video + "/motion/motion-photo.jpg"]).out
    #expect(table.contains("rotate-90.mp4  MP4  64×48 stored, 48×64 displayed\n  orientation  track matrix 90° CW → rotate 90° CW"))
    #expect(table.contains("motion photo  video at 4140+1107 (XMP Container:Directory)"))
    #expect(table.contains("GPS           motion-photo/udta 31.230400, 121.473700"))
  }

  @Test func auditMakesALivePhotoOneEntry() throws {
    let folder = Self.video + "/livephoto"
    let r = PhotoCLI.runCapturing(["audit", folder, "--format", "json", "--quiet", "--no-pixels"])
    #expect(r.status == 1)
    try SchemaTests.expectValid(r.out, "report-v1.json", "audit of Live Photos")
    #expect(r.out.contains("\"live_photo_video\": \"\(folder)/IMG_0001.mov\""))
    #expect(!r.out.contains("\"output\": \"\(folder)/IMG_0001.mov\""), "the pair's video is not an entry of its own")
    let lines = PhotoCLI.runCapturing(["audit", folder, "--format", "jsonl", "--quiet", "--no-pixels"]).out
    try SchemaTests.expectValid(lines, "report-v1-record.json", lines: true, "audit --format jsonl of Live Photos")
    let reports = try ScratchDirectory("video-html")
    defer { reports.remove() }
    let html = PhotoCLI.runCapturing(["audit", folder, "--quiet", "--no-pixels", "--report-dir", reports.path])
    #expect(html.status == 1)
    #expect(try String(contentsOfFile: reports.path + "/report.html", encoding: .utf8).contains("Live Photo video: \(folder)/IMG_0001.mov"))
    // verify of the two files named together: one entry.
    let verify = PhotoCLI.runCapturing(["verify", folder + "/still-7.jpg", folder + "/clip-7.mov", "--no-pixels"]).out
    #expect(verify.hasPrefix("1 file, 0 pairs: 1 error"))
    #expect(verify.contains("Live Photo video: \(folder)/clip-7.mov"))
  }

  @Test func sanitizeWritesStillsOnly() throws {
    let scratch = try ScratchDirectory("video-sanitize")
    defer { scratch.remove() }
    let out = scratch.path + "/out"
    let inputs = [Self.video + "/motion/motion-photo.jpg", Self.video + "/livephoto/still-7.jpg", Self.video + "/livephoto/clip-7.mov",
                  Self.video + "/mov/xyz.mov"]
    let r = PhotoCLI.runCapturing(["sanitize", "--out", out, "--format", "json", "--quiet"] + inputs)
    #expect(r.status == 1, "the bare video fails: \(r.err)")
    try SchemaTests.expectValid(r.out, "sanitize-v1.json", "sanitize of videos")
    #expect(r.err.contains("xyz.mov: a MOV video: sanitize does not re-encode video; nothing was written"))
    // Three rows: the Motion Photo, the Live Photo (its MOV is part of it), the bare MOV.
    #expect(r.out.components(separatedBy: "\"input\":").count - 1 == 3)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            == ["motion-photo.jpg", "motion-photo.json", "still-7.jpg", "still-7.json"])
    for name in ["motion-photo.json", "still-7.json"] {
      let text = try String(contentsOfFile: out + "/" + name, encoding: .utf8)
      #expect(text.contains("\"video_dropped\": true"))
      try SchemaTests.expectValid(text, "descriptor-v1.json", "written \(name)")
    }
    try SchemaTests.expectValid(try String(contentsOfFile: Self.video + "/livephoto/IMG_0001.json", encoding: .utf8), "descriptor-v1.json",
                                "Fixtures/video/livephoto/IMG_0001.json")
  }
}
