import Foundation
@testable import PhotoCore
@testable import Platform
@testable import Pipeline
@testable import Runtime
import Testing

/// Jobs and results cross the worker socket as JSON (`WorkerJob`, `WorkerResult`): a field that
/// does not survive encode → decode is silently lost for every file decoded in a worker (a
/// PA016, a Live Photo's video, an option the worker never sees). Each value here has every
/// field set to something other than its default; `unset` fails the test when a field added
/// later is left out of it.
@Suite struct WorkerProtocolTests {
  /// Every field set: the values a redacted finding carries beside its evidence cross the
  /// socket too (the parent reveals or drops them).
  static let finding: Finding = {
    var f = Finding(.outputDamaged, file: "out/a.jpg", carrier: "pixels", tag: "Orientation", evidence: "premature end \u{1b}[31m")
    f.revealedEvidence = "premature end at +31.2304+121.4737/"
    f.fingerprint = "0123456789ab"
    f.redactedEvidence = "premature end at ‹redacted #0123456789ab›"
    f.reportFingerprint = String(repeating: "e", count: 64)
    f.suppression = Suppression(reason: "a reason", entry: "allow[2]", expires: "2027-06-30")
    f.baseline = .unchanged
    return f
  }()

  static func verdicts() -> PixelVerdicts {
    var pixels = PixelVerdicts(
      orientation: OrientationVerdict(kind: .doubleRotated, displayedAs: .right, storedTransform: .left, score: 0.93, margin: 0.41),
      crop: CropVerdict(claimed: PixelRect(x: 1, y: 2, width: 30, height: 40), claimedScore: 0.88,
                        estimated: PixelRect(x: 3, y: 4, width: 50, height: 60), estimatedScore: -0.25, matches: true),
      thumbnails: [ThumbnailVerdict(score: 0.12, aspectDifference: 0.5, matches: false, detail: "other content", path: "mpf-image#2",
                                    role: "Large Thumbnail (VGA)")],
      problem: "the original does not decode", outputDamage: "premature end of data segment",
      incomplete: [IncompleteCheck(scope: "pixels", reason: "over --max-pixels")],
      sameness: PixelSameness(identicalPixels: true, displayedCorrelation: .nan))
    pixels.c2paThumbnails = [C2PAThumbnailVerdict(path: CarrierPath([.init("c2pa", index: 1), .init("ingredient-thumbnail", index: 2)]),
                                                  role: "C2PA 'c2pa.thumbnail.ingredient.jpeg'", score: 0.3, aspectDifference: 0.01,
                                                  originalScore: 0.97, matches: false, detail: "shows the original")]
    return pixels
  }

  static func report() -> FileReport {
    var report = FileReport(output: "out/IMG_1.jpg", original: "in/IMG_1.HEIC", descriptor: "out/IMG_1.json", format: .heic,
                            displayed: PixelSize(width: 4032, height: 3024), gpsCarriers: ["exif", "live-photo-video/keys"],
                            pixels: verdicts(), findings: [finding])
    report.recordedOrientation = "upright (match 1.00, margin 0.45)"
    report.livePhotoVideo = "in/IMG_1.MOV"
    report.sidecars = ["out/IMG_1.jpg.supplemental-metadata.json", "out/IMG_1.xmp"]
    report.git = GitBlobOrigin(commit: String(repeating: "c", count: 40), path: "IMG_1.jpg", blob: String(repeating: "b", count: 40),
                               paths: ["IMG_1.jpg", "old/IMG_1.jpg"], commitsCount: 2, contentSHA256: String(repeating: "5", count: 64))
    return report
  }

  /// The paths of optionals left nil and collections left empty in `value`, recursively.
  static func unset(_ value: Any, _ path: String = "") -> [String] {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return [path] }
      return unset(wrapped, path)
    case .collection, .set, .dictionary:
      return mirror.children.isEmpty ? [path] : mirror.children.flatMap { unset($0.value, path + "[]") }
    case .struct, .class, .tuple:
      return mirror.children.flatMap { unset($0.value, path + "." + ($0.label ?? "?")) }
    default:
      return []
    }
  }

  /// The stored fields of `value` whose text equals that of the same field of `defaults`.
  static func defaulted(_ value: Any, _ defaults: Any) -> [String] {
    zip(Mirror(reflecting: value).children, Mirror(reflecting: defaults).children).compactMap { set, initial in
      String(describing: set.value) == String(describing: initial.value) ? set.label : nil
    }
  }

  @Test func anAuditResultSurvivesTheSocket() throws {
    let report = Self.report()
    #expect(Self.unset(report).isEmpty, "set these in the test: \(Self.unset(report))")
    let sent = WorkerResult.audit(report, outputUnreadable: true)
    let received = try #require(WorkerResult(sent.frame()))
    // NaN is not equal to itself: compare it apart.
    guard case .audit(let back, let unreadable) = received else { Issue.record("not an audit result"); return }
    #expect(unreadable)
    #expect(back.pixels?.sameness?.displayedCorrelation.isNaN == true)
    var expected = report, actual = back
    expected.pixels?.sameness?.displayedCorrelation = 0
    actual.pixels?.sameness?.displayedCorrelation = 0
    #expect(actual == expected)
  }

  @Test func aRenderSurvivesTheSocketWithItsBytesAsThePayload() throws {
    let render = SanitizeRender(bytes: [0xFF, 0xD8, 0xFF, 0xD9], quality: 85, mediaID: "pa-0123", createdAtLocal: "2024-05-01T10:20:30",
                                notes: ["C2PA manifest dropped", "the Live Photo video IMG_1.MOV is not written"], bytesIn: 123_456,
                                damage: "premature end of data segment", videoDropped: true)
    #expect(Self.unset(render).isEmpty, "set these in the test: \(Self.unset(render))")
    let frame = WorkerResult.render(.success(render)).frame()
    #expect(frame.payload == render.bytes)
    #expect(WorkerResult(frame) == .render(.success(render)))

    let failure = SanitizeFailure(message: "IMG_1.JPG: the pixels do not decode cleanly (Premature end of JPEG file); not sanitized",
                                  bytesIn: 99, notes: ["a note"], findings: [Self.finding], remedy: .acceptDamage)
    #expect(Self.unset(failure).isEmpty)
    #expect(WorkerResult(WorkerResult.render(.failure(failure)).frame()) == .render(.failure(failure)))
    #expect(WorkerResult(WorkerResult.thumbnail("data:image/jpeg;base64,AAAA").frame()) == .thumbnail("data:image/jpeg;base64,AAAA"))
  }

  @Test func jobsSurviveTheSocketWithEveryOption() throws {
    let folder = FileManager.default.temporaryDirectory.path
    var audit = AuditOptions()
    audit.comparePixels = false
    audit.maxPixels = 1234
    audit.decodeThreads = 3
    audit.policy.disabled = [.iccDropped]
    audit.policy.severities = [.thumbnailLeak: .info]
    audit.readScope = ReadScope(named: [folder, "/etc/hostname"], currentDirectory: true)
    #expect(Self.unset(audit).isEmpty, "set these in the test: \(Self.unset(audit))")
    #expect(Self.defaulted(audit, AuditOptions()).isEmpty, "set these in the test: \(Self.defaulted(audit, AuditOptions()))")
    let job = AuditJob(output: "out/a.jpg", original: "in/a.jpg", descriptor: "out/a.json", problem: "listed twice", companion: "out/a.mov",
                       sidecars: ["out/a.jpg.json", "out/a.xmp"])
    #expect(Self.unset(job).isEmpty)
    let auditBack = try #require(WorkerJob(WorkerJob.audit(job, audit).frame()))
    #expect(String(reflecting: auditBack) == String(reflecting: WorkerJob.audit(job, audit)))

    var sanitize = SanitizeOptions()
    sanitize.profile = .upload1024
    sanitize.maxSide = 640
    sanitize.quality = 70
    sanitize.crop = PixelRect(x: 1, y: 2, width: 3, height: 4)
    sanitize.exactSize = true
    sanitize.keepICC = false
    sanitize.fullChroma = true
    sanitize.png = true
    sanitize.maxKB = 99
    sanitize.qualityFloor = 10
    sanitize.trim = true
    sanitize.force = true
    sanitize.maxPixels = 4321
    sanitize.threadsPerImage = 2
    sanitize.acceptDamaged = true
    #expect(Self.unset(sanitize).isEmpty, "set these in the test: \(Self.unset(sanitize))")
    #expect(Self.defaulted(sanitize, SanitizeOptions()).isEmpty, "set these in the test: \(Self.defaulted(sanitize, SanitizeOptions()))")
    let render = WorkerJob.render(input: "in/IMG_1.HEIC", options: sanitize, companion: "in/IMG_1.MOV")
    let renderBack = try #require(WorkerJob(render.frame()))
    #expect(String(reflecting: renderBack) == String(reflecting: render))
  }
}
