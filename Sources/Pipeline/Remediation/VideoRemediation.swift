import Bytes
import PhotoCore
/// What `sanitize` does with video: nothing is re-encoded. A bare MOV or MP4 is refused (PA013,
/// nothing written); a Motion Photo or a Live Photo still is written as the still alone, and its
/// descriptor says `"video_dropped": true` — and `"telemetry_dropped": true` when that video had
/// a track of timed metadata (GPMF, camm, mebx, djmd, subtitles, a Novatek GPS list…).
public enum VideoRemediation {
  /// The reason a video is not sanitized, as users read it.
  public static let notReencoded = "sanitize does not re-encode video"

  /// "IMG_0001.MOV: a MOV video: sanitize does not re-encode video; nothing was written".
  static func refusal(_ path: String, format: ImageFormat? = nil) -> String {
    "\(path): \(format.map { "a \($0.rawValue.uppercased()) video: " } ?? "")\(notReencoded); nothing was written"
  }

  /// True when `source` starts as a MOV or MP4 does (read before deciding to read it whole).
  static func isVideo(_ source: any ByteSource) -> Bool { videoFormat(source) != nil }

  /// The video format of `source`, from its first bytes.
  static func videoFormat(_ source: any ByteSource) -> ImageFormat? {
    guard let head = try? source.bytes(in: 0..<min(source.count, ImageFormat.sniffLength)),
          let format = ImageFormat.sniff(head), format.isVideo else { return nil }
    return format
  }

  /// The result for an input that is a video (recognised by its first bytes, before it is read
  /// whole): PA013 and nothing written; nil for anything else.
  static func refusedVideo(input: String) -> SanitizeResult? {
    guard let source = try? FileSource(path: input), let format = videoFormat(source) else { return nil }
    var result = SanitizeResult(input: input, error: refusal(input, format: format))
    result.bytesIn = source.count
    result.findings = [Finding(.unreadable, file: input, carrier: "file",
                               evidence: "\(input) is a \(format.rawValue.uppercased()) video: \(notReencoded) (its metadata cannot be stripped here); nothing was written for it")]
    return result
  }

  /// What the user is told about a video left out: "Live Photo video IMG_1.MOV not written", nil
  /// when there was none.
  static func droppedNote(_ input: PhotoMetadata, companion: String?) -> String? {
    if let companion { return "the Live Photo video \(companion) is not written (\(notReencoded))" }
    guard dropsVideo(input, companion: nil) else { return nil }
    return "the Motion Photo video is not written: the still alone is the output"
  }

  /// True when the input carries a video the still output leaves out: a Motion Photo's MP4 (or
  /// any video embedded in the file), or the Live Photo video paired with it.
  static func dropsVideo(_ input: PhotoMetadata, companion: String?) -> Bool {
    companion != nil || input.embeddedImages.contains { $0.format?.isVideo == true }
  }

  /// True when the video left out has a track of timed metadata: a Motion Photo's MP4 (its
  /// carriers are the input's, under `motion-photo`), or the Live Photo video, read for its
  /// tracks (`moov` and the samples of its timed tracks, never its pictures).
  static func dropsTelemetry(_ input: PhotoMetadata, companion: String?) -> Bool {
    if input.carriers.contains(where: { $0.kind.isTelemetry }) { return true }
    guard let companion else { return false }
    return Inspector.inspect(path: companion, options: InspectOptions(mode: .metadata)).carriers.contains { $0.kind.isTelemetry }
  }
}
