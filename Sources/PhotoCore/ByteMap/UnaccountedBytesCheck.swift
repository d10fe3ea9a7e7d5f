import Bytes
/// PA014 unaccounted-bytes: bytes outside every known structure of the output (after EOI or IEND,
/// in `free` boxes, in `mdat` no item references, between segments), and structures of unknown
/// kind (opaque APPn segments, boxes, chunks).
///
/// Severity: error when the bytes hold an image, EXIF/TIFF, XMP or text (what a stripping
/// pipeline must not leave behind); info when they are all-zero (or 0xFF) padding; warning for
/// anything else. An opaque structure is a warning, an error when it holds an image, EXIF/TIFF
/// or XMP.
public struct UnaccountedBytesCheck: Check {
  /// Findings listed one by one per file; the rest are summed up in one more finding.
  public static let maxListed = 10

  public init() {}

  public var ids: [FindingID] { [.unaccountedBytes] }

  public func findings(for subject: CheckSubject) -> [Finding] {
    guard let map = subject.byteMap else { return [] }
    return Self.findings(for: map, file: subject.output.path)
  }

  /// The PA014 findings for one map.
  public static func findings(for map: ByteMap, file: String) -> [Finding] {
    let suspicious = map.regions.filter { $0.kind != .structure }
    // Documents after the end of the image that holds them: explained as documents of their own,
    // still outside every structure of the image (an image, EXIF or TIFF: an error).
    var out = map.documents.filter { $0.origin == .appended }.prefix(maxListed).map { document in
      Finding(.unaccountedBytes, file: file, carrier: document.path,
              evidence: "\(document.length) bytes at byte \(document.ranges.first?.lowerBound ?? 0) (\(document.role ?? "after the image")) hold \(describe(document)), read as \(document.path)",
              severity: .error)
    }
    for region in suspicious.prefix(maxListed) {
      out.append(Finding(.unaccountedBytes, file: file, carrier: carrier(region), evidence: evidence(region),
                         severity: severity(region)))
    }
    let rest = suspicious.dropFirst(maxListed)
    if let worst = Severity.worst(rest.map(severity)) {
      let bytes = rest.reduce(0) { $0 + $1.length }
      out.append(Finding(.unaccountedBytes, file: file, carrier: "bytes",
                         evidence: "\(rest.count) more unexplained or opaque regions, \(bytes) bytes in all",
                         severity: worst))
    }
    return out
  }

  /// "a JPEG image", "a TIFF/EXIF block", "an ISOBMFF file".
  static func describe(_ document: ByteMap.Document) -> String {
    switch document.format {
    case "tiff": "a TIFF/EXIF block"
    case "isobmff": "an ISOBMFF file"
    case "icc": "an ICC profile"
    case "mov", "mp4": "a \(document.format.uppercased()) video"
    default: "a \(document.format.uppercased()) image"
    }
  }

  /// The severity the SPEC gives these bytes.
  public static func severity(_ region: ByteRegion) -> Severity {
    guard let content = region.content else { return .warning }
    switch region.kind {
    case .structure: return .info
    case .unaccounted:
      if content.isHiddenPayload { return .error }
      return content.kind == .padding ? .info : .warning
    case .opaque:
      // Vendors put version strings and labels in their own segments: text alone in an opaque
      // structure is a warning; an image, EXIF, XMP or a metadata trailer in one is an error.
      return content.isHiddenPayload && content.kind != .text ? .error : .warning
    }
  }

  /// The first element of the path, lower-cased for the carrier column ("trailer", "mdat", "app9").
  package static func carrier(_ region: ByteRegion) -> String {
    let top = region.path.first ?? "bytes"
    return top.hasPrefix("(") ? "bytes" : top
  }

  /// "68 unaccounted bytes at byte 3310 (trailer: after EOI): text \"location: …\"" (the text
  /// excerpt secret: "text \"‹redacted #…›\"").
  package static func evidence(_ region: ByteRegion) -> RedactableText {
    let place = region.note.map { "\(region.pathText): \($0)" } ?? region.pathText
    let what = region.kind == .opaque ? "opaque structure of \(region.length) bytes" : "\(region.length) unaccounted bytes"
    let looks: RedactableText = region.content.map { ": \($0.evidence)" } ?? ""
    return "\(what) at byte \(region.offset) (\(place))\(looks)"
  }
}
