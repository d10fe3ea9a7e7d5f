import Codecs
import PhotoCore

extension JPEGStrip {
  /// `--orient`: a JPEG whose EXIF Orientation is 2–8 gets its pixels turned upright by the
  /// lossless DCT transform (`JPEGCodec.transform`, TJXOPT_PERFECT: whole MCUs only, no
  /// re-quantisation) of the stripped file, its ICC profile put back; it then needs no
  /// Orientation. Where the size is not a whole number of MCUs on an edge the transform moves,
  /// the stripped file keeps the tag and a note says so. Returns the bytes and the orientation
  /// applied to the pixels (nil when none was).
  static func orient(_ input: StripInput, stripped: [UInt8], plan: inout StripPlan) -> ([UInt8], Orientation?) {
    guard let value = exifOrientation(input.metadata), let orientation = Orientation(rawValue: value) else { return (stripped, nil) }
    guard input.metadata.format == .jpeg else {
      if plan.kept.contains(where: { $0.hasPrefix("EXIF Orientation") }) {
        plan.notes.append("--orient rotates JPEG pixels only; the EXIF Orientation \(value) is kept")
      }
      return (stripped, nil)
    }
    var rotated: [UInt8]
    do {
      rotated = try JPEGCodec.transform(stripped, operation: LosslessOperation(for: orientation))
      if let profile = ICCProfileSource.profile(of: input.metadata) { rotated = try JPEGCodec.insertICC(profile, into: rotated) }
    } catch {
      plan.notes.append("--orient: not done, the EXIF Orientation \(value) is kept: \(error)")
      return (stripped, nil)
    }
    plan.kept.removeAll { $0.hasPrefix("EXIF Orientation") }
    plan.note(removed: "EXIF Orientation \(value) (applied to the pixels: lossless \(LosslessOperation(for: orientation)))")
    return (rotated, orientation)
  }
}
