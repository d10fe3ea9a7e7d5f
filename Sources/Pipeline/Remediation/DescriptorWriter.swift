/// Writes the honest descriptor of a sanitized output (the SPEC example's fields).
enum DescriptorWriter {
  /// The descriptor; `original` is the input's path relative to the descriptor's folder.
  package static func descriptor(inputPath: String, mediaID: String, createdAtLocal: String?, output: PhotoMetadata, gpsRemoved: Bool,
                         quality: Int, options: SanitizeOptions, videoDropped: Bool = false, telemetryDropped: Bool = false) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("media_id", .string(mediaID)),
      ("source", .string("photoaudit")),
      ("media_type", .string("image")),
      ("format", .optional(output.format) { .string($0.rawValue) }),
      ("width", .optional(output.displayed) { .int(Int64($0.width)) }),
      ("height", .optional(output.displayed) { .int(Int64($0.height)) }),
      ("size_bytes", .int(Int64(output.fileSize))),
      ("created_at_local", .optional(createdAtLocal) { .string($0) }),
      ("gps_removed", .bool(gpsRemoved)),
      ("quality", .string(quality >= 80 ? "high" : quality >= 50 ? "medium" : "low")),
      ("jpeg_quality", output.format == .jpeg ? .int(Int64(quality)) : .null),
      ("profile", .string(options.profile.rawValue)),
    ]
    if let crop = options.crop {
      members.append(("crop", .object([("x", .int(Int64(crop.x))), ("y", .int(Int64(crop.y))),
                                       ("width", .int(Int64(crop.width))), ("height", .int(Int64(crop.height)))])))
    }
    // A Motion Photo's or Live Photo's video is not written: the still alone is the output.
    if videoDropped { members.append(("video_dropped", .bool(true))) }
    // That video had a track of timed metadata (GPS telemetry, subtitles…): dropped with it.
    if telemetryDropped { members.append(("telemetry_dropped", .bool(true))) }
    let folder = URL(fileURLWithPath: output.path).deletingLastPathComponent().path
    members.append(("original", .string(RelativePath.from(folder, to: inputPath))))
    return .object(members)
  }

  /// The media ID of an input: "pa-" and the first 24 hex digits of its SHA-256.
  static func mediaID(of inputBytes: [UInt8]) -> String {
    "pa-" + String(SHA256.hex(inputBytes).prefix(24))
  }

  /// DateTimeOriginal ("2025:01:01 10:20:30") with OffsetTimeOriginal ("+08:00") as ISO 8601.
  static func createdAtLocal(_ m: PhotoMetadata) -> String? {
    guard case .text(let raw)? = m.tag("DateTimeOriginal")?.value ?? m.tag("CreateDate")?.value else { return nil }
    let parts = raw.split(separator: " ")
    guard parts.count == 2 else { return nil }
    let day = parts[0].replacingOccurrences(of: ":", with: "-")
    guard day.count == 10, parts[1].count >= 8 else { return nil }
    var text = "\(day)T\(parts[1].prefix(8))"
    if case .text(let offset)? = m.tag("OffsetTimeOriginal")?.value, offset.count == 6 { text += offset }
    return text
  }
}

import Bytes
import Foundation
import PhotoCore
import Platform
