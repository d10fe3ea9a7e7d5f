import Bytes
import Codecs
import Foundation
@testable import PhotoCLI
import PhotoCore
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `photoaudit strip` in place, run in-process on scratch copies of the fixtures: the result
/// has no leak (`verify --no-pixels`, the gate users run), its picture decodes to the same
/// pixels, its ICC profile and orientation are the input's, a second run changes nothing (exit
/// 0, the same bytes), `--dry-run` writes nothing, and a file strip cannot clean is left as it
/// was with PA015.
@Suite struct StripTests {
  static let fixtures = Repository.fixtures.path

  /// Files strip cleans: every format, every carrier it removes.
  static let cleaned = [
    "strip/jpeg-all.jpg", "strip/png-all.png", "strip/webp-all.webp", "strip/gif-all.gif", "strip/heic-all.heic",
    "strip/avif-all.avif", "strip/mp4-xmp-uuid.mp4",
    "jpeg/orient-6.jpg", "jpeg/mpf-secondary-gps.jpg", "jpeg/gps-xmp-only.jpg", "png/exif-gps.png", "png/xmp-itxt.png",
    "png/raw-profile-exif.png", "heic/xmp-gps.heic", "heic/apple-style.heic",
    "carriers/webp-exif-gps.webp", "carriers/webp-xmp-gps.webp", "carriers/webp-animated.webp",
    "carriers/gif-xmp-gps.gif", "carriers/gif-comment-gps.gif", "carriers/c2pa-gps.jpg", "carriers/c2pa-gps.png",
    "carriers/c2pa-gps.webp", "carriers/c2pa-ingredient.jpg", "carriers/gen-a1111.png", "carriers/gen-comfyui.png",
    "carriers/gen-usercomment.jpg", "carriers/makernote-apple.jpg", "carriers/makernote-canon.jpg",
    "hidden/trailer-jpeg.jpg", "hidden/trailer-text.jpg", "hidden/tiff-app1-no-header.jpg",
    "hidden/after-iend.png", "hidden/mdat-unreferenced.heic", "hidden/free-box-jpeg.heic",
    "video/motion/motion-photo.jpg", "video/motion/motion-photo.heic", "video/motion/micro-video.jpg",
    "video/mov/xyz.mov", "video/mov/keys.mov", "video/mov/keys-moov-meta.mov", "video/mov/loci.mp4",
    "telemetry/gpmf-gps5.mp4", "telemetry/camm-gps.mp4", "telemetry/djmd-gps.mp4", "telemetry/mebx-location.mov",
    "telemetry/novatek-freegps.mov", "telemetry/subtitles-dji.mp4",
    "redteam/heif-meta-udta-xyz.heic", "redteam/heif-meta-keys-ilst.heic", "redteam/heif-meta-xml-box.heic",
    "redteam/mov-udta-private-atom.mov", "redteam/mov-timed-metadata-track.mov", "redteam/mp4-box-after-moov.mp4",
    "redteam/mp4-meta-xml-box.mp4", "redteam/png-exif-after-iend.png", "redteam/png-itxt-after-iend.png",
    "redteam/png-stray-fdat-exif.png", "jxl/exif-gps.jxl", "jxl/xmp-gps.jxl", "jxl/from-jpeg.jxl", "jxl/jxlc-slack.jxl",
    "jxl/brob-xmp.jxl", "jxl/c2pa-gps.jxl", "jxl/trailer-jpeg.jxl", "jxl/brob-corrupt.jxl",
    "tiff/gps-exif.tif", "tiff/gps-xmp.tif", "tiff/iptc-city.tif", "tiff/geotiff-wgs84.tif", "tiff/geotiff-utm33n.tif",
    "tiff/geotiff-userdefined.tif", "tiff/bigtiff-gps.btf", "tiff/dng-gps.dng", "tiff/page2-gps.tif", "tiff/makernote-preview.tif",
    "tiff/hidden-text.tif",
  ]

  /// Files with no leak that strip still rewrites, once: what they carry is not on its whitelist
  /// (an EXIF block holding only the Orientation and a vendor APP segment, an empty `udta`, a
  /// text track).
  static let noLeakBefore: Set<String> = ["carriers/webp-orient-6.webp", "hidden/unknown-app.jpg",
                                          "telemetry/subtitles-plain.mov", "video/mov/clean.mp4"]

  /// Files holding nothing strip removes: left byte for byte.
  static let alreadyClean = ["jpeg/clean.jpg", "png/clean.png", "heic/upright.heic", "heic/irot-270.heic", "jxl/bare.jxl",
                             "video/mov/clean.mov"]

  /// The findings that say something identifying is left (what strip refuses on).
  static let leakIDs: Set<String> = ["PA001", "PA006", "PA007", "PA013", "PA015", "PA017", "PA018"]

  static func copy(_ fixture: String, into scratch: ScratchDirectory) throws -> String {
    let path = scratch.path + "/" + (fixture as NSString).lastPathComponent
    try FileManager.default.copyItem(atPath: fixtures + "/" + fixture, toPath: path)
    return path
  }

  static func bytes(_ path: String) throws -> [UInt8] { try FileSource(path: path).allBytes() }

  /// ffmpeg, which decodes the frames of the movies.
  static let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The findings `verify --no-pixels` reports for `path` that count as leaks: the leak IDs, and
  /// PA010 and PA014 at error.
  static func leaks(_ path: String) throws -> [String] {
    let r = PhotoCLI.runCapturing(["verify", "--no-pixels", "--format", "json", "--fail-on", "none", path])
    let report = try JSONParser.parse(Array(r.out.utf8))
    return (report["findings"]?.arrayValue ?? []).compactMap { f -> String? in
      let id = f["id"]?.stringValue ?? "", severity = f["severity"]?.stringValue ?? ""
      let leak = leakIDs.contains(id) || (["PA010", "PA014"].contains(id) && severity == "error")
      return leak ? "\(id) \(f["carrier"]?.stringValue ?? "") \(f["evidence"]?.stringValue ?? "")" : nil
    }
  }

  /// The stored pixels of an image (full size), nil for a video.
  static func pixels(_ bytes: [UInt8], _ path: String) throws -> PixelImage? {
    let metadata = Inspector.inspect(source: MemorySource(bytes), path: path)
    guard metadata.format?.isVideo == false else { return nil }
    return try PictureDecoder.decode(bytes, metadata: metadata, view: .stored, maxPixels: 1 << 28)
  }

  /// The root ICC profile of a file (its payload as carried), nil when it has none.
  static func icc(_ path: String) -> [UInt8]? {
    let carriers = Inspector.inspect(path: path).carriers.filter { $0.kind == .icc && $0.document.isRoot }
    return carriers.isEmpty ? nil : carriers.flatMap(\.payload)
  }

  @Test(arguments: cleaned + noLeakBefore.sorted())
  func stripsInPlace(_ fixture: String) throws {
    let scratch = try ScratchDirectory("strip")
    defer { scratch.remove() }
    let path = try Self.copy(fixture, into: scratch)
    chmod(path, 0o640)
    let before = try Self.bytes(path)
    let metadataBefore = Inspector.inspect(path: path)
    let iccBefore = Self.icc(path)
    #expect(try Self.leaks(path).isEmpty == Self.noLeakBefore.contains(fixture), "\(fixture): leaks before")

    let r = PhotoCLI.runCapturing(["strip", path])
    #expect(r.status == 1, "\(fixture): exit \(r.status)\n\(r.out)\(r.err)")
    #expect(r.out.hasPrefix("cleaned"), "\(r.out)")
    let after = try Self.bytes(path)
    #expect(after != before)
    // Nothing left that the gate reports.
    #expect(try Self.leaks(path) == [], "\(fixture)")
    // The same pixels, decoded (a video's frames by ffmpeg, when it is installed).
    if let old = try Self.pixels(before, path) {
      #expect(try Self.pixels(after, path) == old, "\(fixture): the pixels changed")
    } else if let ffmpeg = Self.ffmpeg {
      let original = scratch.path + "/original-" + (path as NSString).lastPathComponent
      try Data(before).write(to: URL(fileURLWithPath: original))
      defer { try? FileManager.default.removeItem(atPath: original) }
      let frames = { (file: String) throws -> String in
        try Subprocess.run(ffmpeg, ["-v", "error", "-i", file, "-map", "0:v", "-f", "framemd5", "-"], stderr: false).out
      }
      let old = try frames(original)
      #expect(old.contains(", "), "\(fixture): ffmpeg decoded no frame")
      #expect(try frames(path) == old, "\(fixture): the frames changed")
    }
    // ICC and orientation as they were.
    #expect(Self.icc(path) == iccBefore, "\(fixture): the ICC profile changed")
    let metadataAfter = Inspector.inspect(path: path)
    #expect(metadataAfter.orientation.effective == metadataBefore.orientation.effective)
    if metadataBefore.format != .heic, metadataBefore.format != .avif, metadataBefore.format != .jxl,
       let exif = metadataBefore.orientation.exif, (2...8).contains(exif) {
      #expect(metadataAfter.orientation.exif == exif, "\(fixture): the EXIF Orientation is not kept")
    }
    // Mode kept; nothing else left beside it.
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [(path as NSString).lastPathComponent])
    // A second run: nothing to remove, not touched.
    let again = PhotoCLI.runCapturing(["strip", path])
    #expect(again.status == 0, "\(fixture): second run exit \(again.status)\n\(again.out)\(again.err)")
    #expect(try Self.bytes(path) == after)
  }

  @Test(arguments: alreadyClean)
  func leavesACleanFileAlone(_ fixture: String) throws {
    let scratch = try ScratchDirectory("strip-clean")
    defer { scratch.remove() }
    let path = try Self.copy(fixture, into: scratch)
    let before = try Self.bytes(path)
    var old = stat()
    stat(path, &old)
    let r = PhotoCLI.runCapturing(["strip", path])
    #expect(r.status == 0, "\(fixture): \(r.out)\(r.err)")
    #expect(try Self.bytes(path) == before)
    var new = stat()
    stat(path, &new)
    #expect(new.st_ino == old.st_ino && new.st_mtim.tv_nsec == old.st_mtim.tv_nsec, "\(fixture) was rewritten")
  }

  @Test(arguments: ["strip/jpeg-all.jpg", "strip/heic-all.heic", "video/mov/keys.mov"])
  func dryRunWritesNothing(_ fixture: String) throws {
    let scratch = try ScratchDirectory("strip-dry")
    defer { scratch.remove() }
    let path = try Self.copy(fixture, into: scratch)
    let before = try Self.bytes(path)
    let r = PhotoCLI.runCapturing(["strip", "--dry-run", path])
    #expect(r.status == 1, "would change: \(r.out)")
    #expect(r.out.hasPrefix("would clean"))
    #expect(r.out.contains("would remove:"))
    #expect(try Self.bytes(path) == before)
    // What it says it would do is what it does.
    let dry = PhotoCLI.runCapturing(["strip", "--dry-run", "--format", "json", path]).out
    let real = PhotoCLI.runCapturing(["strip", "--format", "json", path]).out
    #expect(dry.replacingOccurrences(of: "\"dry_run\": true", with: "\"dry_run\": false") == real)
  }

  /// Files holding something strip cannot remove (an Exif block in a HEIF item of a private type,
  /// coordinates inside the ICC profile of a JPEG XL codestream, a critical chunk it does not
  /// know) are left byte for byte, with PA015 saying what would be left.
  @Test(arguments: ["redteam/heif-exif-private-type.heic", "jxl/icc-trailer-text.jxl", "redteam/heif-xmp-private-type.heic",
                    "tiff/gps-outside.tif"])
  func refusesWhatItCannotClean(_ fixture: String) throws {
    let scratch = try ScratchDirectory("strip-refused")
    defer { scratch.remove() }
    let path = try Self.copy(fixture, into: scratch)
    let before = try Self.bytes(path)
    let r = PhotoCLI.runCapturing(["strip", "--format", "json", path])
    #expect(r.status == 1)
    #expect(try Self.bytes(path) == before)
    let file = try JSONParser.parse(Array(r.out.utf8))["files"]?.arrayValue?.first
    #expect(file?["status"]?.stringValue == "refused")
    let findings = file?["findings"]?.arrayValue ?? []
    #expect(!findings.isEmpty && findings.allSatisfy { $0["id"]?.stringValue == "PA015" }, "\(r.out)")
    #expect(r.err.contains("not stripped"))
  }

  /// An ICC profile with bytes none of its tags explains (text with coordinates, a JPEG with
  /// EXIF GPS appended inside it) is rebuilt from its tags: the Display P3 profile it was, its
  /// profile ID zeroed (the layout changed).
  @Test(arguments: ["failclosed/icc-trailer-text.jpg", "failclosed/icc-trailer-jpeg.jpg"])
  func rebuildsAnICCProfileThatHidesData(_ fixture: String) throws {
    let scratch = try ScratchDirectory("strip-icc")
    defer { scratch.remove() }
    let path = try Self.copy(fixture, into: scratch)
    let before = try Self.bytes(path)
    let r = PhotoCLI.runCapturing(["strip", path])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.out.contains("bytes in the ICC profile that none of its tags explains"))
    #expect(try Self.leaks(path) == [])
    #expect(try Self.pixels(try Self.bytes(path), path) == (try Self.pixels(before, path)))
    let reference = try Self.bytes(Self.fixtures + "/reference/display-p3.icc")
    let profile = try #require(Self.icc(path).map { Array($0.dropFirst(ICCChunks.headerLength - ICCChunks.app2Signature.count)) })
    #expect(profile.count == reference.count)
    #expect(Array(profile[0..<84]) == Array(reference[0..<84]) && Array(profile[100...]) == Array(reference[100...]))
    #expect(PhotoCLI.runCapturing(["strip", path]).status == 0)
  }

  @Test func unsupportedFormatsAreLeftAloneWithExit3() throws {
    let scratch = try ScratchDirectory("strip-tiff")
    defer { scratch.remove() }
    let raw = try Self.copy("tiff/nef-gps.nef", into: scratch)
    let text = scratch.path + "/notes.txt"
    try "hello".write(toFile: text, atomically: true, encoding: .utf8)
    let before = try Self.bytes(raw)
    let r = PhotoCLI.runCapturing(["strip", raw, text])
    #expect(r.status == 3, "\(r.out)\(r.err)")
    #expect(try Self.bytes(raw) == before)
    #expect(r.out.contains("unsupported"))
  }

  /// A symbolic link and a file with two hard links are refused (exit 4), the files they name
  /// untouched; a folder or a missing file is a usage error, and nothing is stripped then.
  @Test func linksFoldersAndMissingFiles() throws {
    let scratch = try ScratchDirectory("strip-links")
    defer { scratch.remove() }
    let file = try Self.copy("strip/jpeg-all.jpg", into: scratch)
    let before = try Self.bytes(file)
    let link = scratch.path + "/link.jpg", hard = scratch.path + "/hard.jpg"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(Glibc.link(file, hard) == 0)
    let r = PhotoCLI.runCapturing(["strip", link, hard])
    #expect(r.status == 4, "\(r.out)\(r.err)")
    #expect(r.err.contains("is a symbolic link") && r.err.contains("has 2 hard links"))
    #expect(try Self.bytes(file) == before)
    let folder = PhotoCLI.runCapturing(["strip", scratch.path])
    #expect(folder.status == 2 && folder.err.contains("is a folder"))
    let missing = PhotoCLI.runCapturing(["strip", file, scratch.path + "/nope.jpg"])
    #expect(missing.status == 2)
    #expect(try Self.bytes(file) == before)
  }

  /// `--orient`: the JPEG's pixels turned upright by the lossless transform, no Orientation left;
  /// the picture shows as before (PSNR against the input decoded and oriented, as in
  /// PixelLosslessTests; Stripper checks it exactly by turning it back).
  @Test func orientRotatesTheDCTBlocks() throws {
    let scratch = try ScratchDirectory("strip-orient")
    defer { scratch.remove() }
    let path = try Self.copy("strip/jpeg-all.jpg", into: scratch)
    let before = try Self.bytes(path)
    let r = PhotoCLI.runCapturing(["strip", "--orient", path])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    let after = Inspector.inspect(path: path)
    #expect(after.orientation.exif == nil)
    #expect(after.stored == PixelSize(width: 192, height: 128))
    #expect(Self.icc(path) != nil)
    #expect(try Self.leaks(path) == [])
    let shown = try JPEGCodec.decode(before, maxPixels: 1 << 24).oriented(.right)
    let now = try JPEGCodec.decode(try Self.bytes(path), maxPixels: 1 << 24)
    #expect((now.width, now.height) == (shown.width, shown.height))
    var error = 0.0
    for (a, b) in zip(now.pixels, shown.pixels) { error += Double((Int(a) - Int(b)) * (Int(a) - Int(b))) }
    let psnr = 10 * log10(255 * 255 / max(error / Double(now.pixels.count), 1e-9))
    #expect(psnr > 40, "\(psnr) dB")
    #expect(PhotoCLI.runCapturing(["strip", "--orient", path]).status == 0)
  }

  /// ExifTool, an independent reader, finds no location, serial or owner in any result.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "exiftool is not installed"))
  func exifToolFindsNothingLeft() throws {
    let scratch = try ScratchDirectory("strip-exiftool")
    defer { scratch.remove() }
    var paths: [String] = []
    for fixture in Self.cleaned where !fixture.hasPrefix("jxl/") || fixture.contains("gps") {
      let path = scratch.path + "/" + fixture.replacingOccurrences(of: "/", with: "_")
      try FileManager.default.copyItem(atPath: Self.fixtures + "/" + fixture, toPath: path)
      paths.append(path)
    }
    let r = PhotoCLI.runCapturing(["strip", "--quiet"] + paths)
    #expect(r.status == 1)
    let out = try Subprocess.run("/usr/bin/exiftool", ["-json", "-G", "-n", "-a", "-ee"] + paths, stderr: false)
    let files = try JSONParser.parse(Array(out.out.utf8)).arrayValue ?? []
    #expect(files.count == paths.count)
    let forbidden = ["GPS", "Location", "SerialNumber", "Artist", "City", "Country", "Sub-location", "OwnerName",
                     "Comment", "UserComment", "Parameters", "Prompt", "Workflow", "ContentIdentifier"]
    for file in files {
      guard case .object(let members) = file else { continue }
      for (key, _) in members where forbidden.contains(where: key.contains) && !key.hasPrefix("Composite:") {
        Issue.record("\(file["SourceFile"]?.stringValue ?? "?"): exiftool still shows \(key)")
      }
    }
  }

  /// A TIFF or DNG rewritten in place is as valid a TIFF as before: ExifTool's validation warns
  /// of nothing new (only of the tags that went with the removed IFDs, which no longer exist).
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "exiftool is not installed"),
        arguments: ["tiff/gps-exif.tif", "tiff/dng-gps.dng", "tiff/bigtiff-gps.btf", "tiff/makernote-preview.tif",
                    "tiff/geotiff-wgs84.tif", "tiff/page2-gps.tif"])
  func tiffStaysValid(_ fixture: String) throws {
    let scratch = try ScratchDirectory("strip-tiff-valid")
    defer { scratch.remove() }
    let path = try Self.copy(fixture, into: scratch)
    let warnings = { () throws -> Set<String> in
      let out = try Subprocess.run("/usr/bin/exiftool", ["-validate", "-warning", "-a", "-s3", path], stderr: false).out
      return Set(out.split(separator: "\n").map(String.init).filter { !$0.contains("Warning") && !$0.contains("OK") })
    }
    let before = try warnings()
    #expect(PhotoCLI.runCapturing(["strip", path]).status == 1)
    let after = try warnings()
    #expect(after.subtracting(before).isEmpty, "\(fixture): new warnings \(after.subtracting(before))")
  }

  /// Reports name structures and finding IDs, never the values removed.
  @Test func reportsNeverSpreadTheLeak() throws {
    let scratch = try ScratchDirectory("strip-report")
    defer { scratch.remove() }
    let path = try Self.copy("strip/jpeg-all.jpg", into: scratch)
    for arguments in [["--dry-run"], ["--dry-run", "--format", "json"]] {
      let r = PhotoCLI.runCapturing(["strip"] + arguments + [path])
      for secret in ["31.23", "121.47", "Shanghai", "China", "FX0123456789", "Jane Fixture", "iPhone 15"] {
        #expect(!r.out.contains(secret) && !r.err.contains(secret), "\(arguments): \(secret) is shown")
      }
    }
    let refused = try Self.copy("redteam/heif-exif-private-type.heic", into: scratch)
    let r = PhotoCLI.runCapturing(["strip", "--format", "json", refused])
    for secret in ["37.33", "122.03"] { #expect(!r.out.contains(secret) && !r.err.contains(secret)) }
  }

  @Test func jsonFollowsItsSchema() throws {
    let scratch = try ScratchDirectory("strip-schema")
    defer { scratch.remove() }
    let files = try ["strip/jpeg-all.jpg", "jpeg/clean.jpg", "redteam/heif-exif-private-type.heic", "tiff/cr2-gps.cr2"]
      .map { try Self.copy($0, into: scratch) }
    for arguments in [["--dry-run"], []] {
      let r = PhotoCLI.runCapturing(["strip", "--format", "json", "--quiet"] + arguments + files)
      #expect(r.status == 3)
      try SchemaTests.expectValid(r.out, "strip-v1.json", "strip --format json \(arguments)")
    }
  }

  /// A changed file is exit 1 through the one exit-status function, below a file not written (4)
  /// or not read (3), above nothing (0).
  @Test func aChangedFileIsExitOne() {
    var changed = Outcome()
    changed.changed = ["a.jpg"]
    #expect(PhotoauditExitStatus(changed) == .findings)
    var unread = changed
    unread.unreadableInputs = ["b.cr2"]
    #expect(PhotoauditExitStatus(unread) == .unreadable)
    var unwritten = unread
    unwritten.unwritten = ["c.jpg"]
    #expect(PhotoauditExitStatus(unwritten) == .cannotWrite)
    #expect(PhotoauditExitStatus(Outcome()) == .ok)
  }

  /// `--files-from` with NUL separators; an empty list needs --allow-empty.
  @Test func filesFromAList() throws {
    let scratch = try ScratchDirectory("strip-list")
    defer { scratch.remove() }
    let a = try Self.copy("strip/png-all.png", into: scratch), b = try Self.copy("jpeg/clean.jpg", into: scratch)
    let r = PhotoCLI.runCapturing(["strip", "--files-from", "-", "-0"], stdin: Array((a + "\0" + b + "\0").utf8))
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("2 files: 1 cleaned, 1 clean"))
    #expect(PhotoCLI.runCapturing(["strip", "--files-from", "-"], stdin: []).status == 2)
    #expect(PhotoCLI.runCapturing(["strip", "--files-from", "-", "--allow-empty"], stdin: []).status == 0)
  }
}

/// `strip` on real files of the shared corpus (copied to a scratch folder first; the corpus is
/// never written): phones' JPEGs with MPF and Motion Photo videos, iPhone and Android HEICs, an
/// AVIF, a Live Photo MOV, an MP4 with a metadata track, C2PA-signed files, generator PNGs.
/// Tests/EndToEnd/strip-sweep.sh runs the same over every corpus file.
@Suite(.enabled(if: Repository.hasSharedCorpus, "../shared/corpus is not here (the shared real-world corpus); skipped"))
struct StripCorpusTests {
  static let files = [
    "pillow-tests-images/ultrahdr.jpg", "ente-motion-photos/pixel_8.jpg", "ente-motion-photos/motionphoto.heic",
    "lychee-test-samples/train.jpg", "lychee-test-samples/train.mov", "ianare-exif-samples/iphone_13_pro_max.HEIC",
    "ianare-exif-samples/iphone_hdr_NO.jpg", "androidx-media-test-data/h265_with_metadata_track.mp4",
    "exiftool-t-images/QuickTime.mov", "exiv2-test-data/avif_exif_xmp.avif", "exiftool-t-images/RIFF.webp",
    "exiftool-t-images/GIF.gif", "exiftool-t-images/PNG.png", "sd-metadata-samples/comfyui-save-image-extended.png",
    "sd-metadata-samples/sd-webui.jpg", "c2pa-public-testfiles/truepic-20230212-camera.jpg", "c2pa-rs-fixtures/video1.mp4",
  ]

  @Test(arguments: files)
  func stripsARealFile(_ name: String) throws {
    let scratch = try ScratchDirectory("strip-corpus")
    defer { scratch.remove() }
    let path = scratch.path + "/" + (name as NSString).lastPathComponent
    try FileManager.default.copyItem(atPath: Repository.sharedCorpus.path + "/" + name, toPath: path)
    let before = try StripTests.bytes(path)
    let r = PhotoCLI.runCapturing(["strip", path])
    #expect(r.status == 1, "\(name): exit \(r.status)\n\(r.out)\(r.err)")
    let after = try StripTests.bytes(path)
    #expect(try StripTests.leaks(path) == [], "\(name)")
    if let old = try StripTests.pixels(before, path) {
      #expect(try StripTests.pixels(after, path) == old, "\(name): the pixels changed")
    }
    #expect(PhotoCLI.runCapturing(["strip", path]).status == 0)
    #expect(try StripTests.bytes(path) == after)
  }
}
