import Bytes
import Foundation
#if canImport(Glibc)
import Glibc
import PhotoCore
import Platform
#endif

extension Sanitizer {
  /// The result for an input whose output and descriptor an earlier run already wrote whole,
  /// so a rerun without `--force` skips it; nil when there is no such pair (then the input is
  /// rendered, and `commit` completes a half-written pair or refuses a foreign file).
  ///
  /// "Whole" means: both are regular files; the descriptor is photoaudit's, for this input (its
  /// `media_id` is the input's hash and its `original` leads to it), made with these settings as
  /// far as the pair shows them (profile, format, crop, the size this run would make, the ICC
  /// profile kept or not, `--quality` when given, a video and its telemetry dropped or not), and its `size_bytes`
  /// is the image's size — a pair torn by a kill (an old descriptor beside a new image) fails
  /// that test. With `--accept-damaged` the input is always rendered again (a kept pair would
  /// lose its PA016: only a decode tells whether the input is damaged); a bare video never has
  /// a pair (it is refused).
  public static func earlierPair(input: String, output: String, descriptor descriptorPath: String,
                                 options: SanitizeOptions, companion: String? = nil) -> SanitizeResult? {
    guard !options.force, !options.acceptDamaged, let outputSize = regularFileSize(output), regularFileSize(descriptorPath) != nil,
          let document = try? JSONParser.parse(FileSource(path: descriptorPath).allBytes()),
          document["source"]?.stringValue == "photoaudit",
          document["profile"]?.stringValue == options.profile.rawValue,
          document["format"]?.stringValue == (options.png ? "png" : "jpeg"),
          document["size_bytes"]?.intValue == outputSize,
          document["original"]?.stringValue == RelativePath.from(PathName.folder(descriptorPath), to: input),
          cropOf(document) == options.crop
    else { return nil }
    if let quality = options.quality, !options.png, document["jpeg_quality"]?.intValue != quality { return nil }
    guard let inputSource = try? FileSource(path: input), !VideoRemediation.isVideo(inputSource),
          let inputBytes = try? inputSource.allBytes(),
          document["media_id"]?.stringValue == DescriptorWriter.mediaID(of: inputBytes) else { return nil }
    let inputMetadata = Inspector.inspect(source: MemorySource(inputBytes), path: input, options: InspectOptions(mode: .metadata))
    let videoDropped = VideoRemediation.dropsVideo(inputMetadata, companion: companion)
    guard (document["video_dropped"]?.boolValue ?? false) == videoDropped,
          (document["telemetry_dropped"]?.boolValue ?? false) == VideoRemediation.dropsTelemetry(inputMetadata, companion: companion)
    else { return nil }
    let written = Inspector.inspect(path: output)
    guard let size = expectedSize(inputMetadata, options: options), document["width"]?.intValue == size.width,
          document["height"]?.intValue == size.height, written.displayed == size,
          written.has(.icc) == (options.keepICC && ICCProfileSource.profile(of: inputMetadata) != nil) else { return nil }
    var result = SanitizeResult(input: input)
    result.output = output
    result.descriptorPath = descriptorPath
    result.descriptor = document
    result.bytesIn = inputBytes.count
    result.bytesOut = outputSize
    result.gpsRemoved = written.error == nil && written.gps.isEmpty
    result.notes = ["kept: an earlier run wrote this output and its descriptor (--force redoes it)"]
    if let note = VideoRemediation.droppedNote(inputMetadata, companion: companion) { result.notes.append(note) }
    result.findings = reaudit(output: output, input: input, descriptor: descriptorPath)
    return result
  }

  /// The displayed size this run would give the input's output; nil when unknown (then the
  /// input is rendered again).
  static func expectedSize(_ input: PhotoMetadata, options: SanitizeOptions) -> PixelSize? {
    guard input.error == nil, let displayed = input.displayed, let format = input.format else { return nil }
    // The lossless profile keeps the size (--trim may drop partial blocks: then render again).
    if options.profile == .lossless { return options.trim ? nil : displayed }
    return try? RemediationPlan.make(displayed: displayed, crop: options.crop, box: options.box, exact: options.exactSize,
                                     factors: SanitizeDecoder.factors(for: format)).output
  }

  /// The descriptor's `crop`, nil when it has none.
  static func cropOf(_ document: JSONValue) -> PixelRect? {
    guard let crop = document["crop"], let x = crop["x"]?.intValue, let y = crop["y"]?.intValue, let w = crop["width"]?.intValue,
          let h = crop["height"]?.intValue else { return nil }
    return PixelRect(x: x, y: y, width: w, height: h)
  }

  /// The size of a regular file at `path` (links not followed), nil for anything else.
  static func regularFileSize(_ path: String) -> Int? {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }
}
