import Bytes
/// PA019: the output is its original, unprocessed — a pipeline path that skipped processing
/// (a known bug class: small images that skip the resize that also stripped them).
///
/// Two cases, both errors, both only when an original is paired:
/// - **byte-identical**: the output's bytes are the original's (compared only when the sizes
///   are equal; decided with or without `--no-pixels`);
/// - **same pixels and metadata**: same format, same displayed size, the pixel verdict says
///   upright with a fingerprint match of at least `samePixels` (the reduced fingerprints the
///   pixel verifier already computes: no extra decoding), and the original carries EXIF, XMP,
///   IPTC or MakerNote tags that the output repeats exactly, no more and no fewer (the primary
///   image's, GPS and camera tags included). An original without such metadata gives no
///   evidence of a skipped strip, so a faithful re-encode of a bare original is not reported.
package struct OutputUnprocessedCheck: Check {
  package var ids: [FindingID] { [.outputUnprocessed] }

  /// Smallest fingerprint correlation for "the original's pixels" (a same-size re-encode scores
  /// above 0.99; any resize, crop or rotation changes the size or the best match).
  static let samePixels = 0.98
  /// The carriers whose tags make up "the original's metadata".
  static let metadataKinds: Set<CarrierKind> = [.exif, .xmp, .iptc, .makernote]

  package func findings(for s: CheckSubject) -> [Finding] {
    guard let original = s.original, original.error == nil else { return [] }
    let output = s.output
    if s.sameBytesAsOriginal {
      return [Finding(.outputUnprocessed, file: output.path, carrier: "file",
                      evidence: "the output is byte-identical to its original \(original.path) (\(output.fileSize) bytes): the pipeline did not process it")]
    }
    guard output.format == original.format, let size = output.displayed, size == original.displayed,
          let verdict = s.pixels?.orientation, verdict.kind == .upright, verdict.score >= Self.samePixels else { return [] }
    let tags = Self.metadata(original)
    guard !tags.isEmpty, tags == Self.metadata(output) else { return [] }
    let gps = original.gps.contains { $0.item == nil } ? ", GPS included" : ""
    return [Finding(.outputUnprocessed, file: output.path, carrier: "file",
                    evidence: "the output has its original's pixels (\(size), match \(CFormat.string("%.2f", verdict.score))) and metadata (the same \(tags.count) tags\(gps)): the pipeline skipped processing \(original.path)")]
  }

  /// The primary image's metadata tags, as comparable text.
  package static func metadata(_ m: PhotoMetadata) -> Set<String> {
    Set(m.tags.filter { $0.item == nil && metadataKinds.contains($0.carrier) }.map {
      "\($0.carrier.rawValue)|\($0.group)|\($0.name)|\($0.value.display)"
    })
  }

  /// True when `output` holds exactly the original's bytes. The original is read (again) only
  /// when both files have the same size.
  package static func sameBytes(_ output: (any ByteSource)?, _ original: (metadata: PhotoMetadata, source: (any ByteSource)?)?) -> Bool {
    guard let output, let original, original.metadata.error == nil, original.metadata.fileSize == output.count else { return false }
    guard let source = original.source ?? (try? FileSource(path: original.metadata.path)), source.count == output.count else {
      return false
    }
    // In chunks: a large file read lazily is never held whole.
    let chunk = 1 << 20
    var offset = 0
    while offset < output.count {
      let range = offset..<min(offset + chunk, output.count)
      guard let a = try? output.bytes(in: range), let b = try? source.bytes(in: range), a == b else { return false }
      offset = range.upperBound
    }
    return true
  }

}
