import Bytes
/// PA013: the output (or its descriptor) could not be read.
struct UnreadableCheck: Check {
  package var ids: [FindingID] { [.unreadable] }

  package func findings(for s: CheckSubject) -> [Finding] {
    var out: [Finding] = []
    if let error = s.output.error {
      out.append(Finding(.unreadable, file: s.output.path, evidence: error))
    }
    if let problem = s.descriptorProblem {
      out.append(Finding(.unreadable, file: s.output.path, carrier: "descriptor", evidence: problem))
    }
    if let d = s.descriptor {
      out += d.invalid.map { reason in
        Finding(.unreadable, file: s.output.path, carrier: "descriptor", evidence: "descriptor \(d.path): \(reason); that claim was not checked")
      }
    }
    if let error = s.original?.error {
      out.append(Finding(.unreadable, file: s.original!.path, carrier: "original", evidence: error))
    }
    return out
  }
}

/// PA015: parts of the output that could not be checked (caps, limits, unparseable carriers,
/// undecodable pixels, the time budget). No clean verdict from a partial read.
struct IncompleteCheckCheck: Check {
  package var ids: [FindingID] { [.incompleteCheck] }

  package func findings(for s: CheckSubject) -> [Finding] {
    (s.output.incomplete + (s.pixels?.incomplete ?? [])).uniqued().map { part in
      Finding(.incompleteCheck, file: s.output.path, carrier: part.scope, evidence: "\(part.scope) not fully checked: \(part.reason)")
    }
  }
}

/// PA008: width, height, format or size_bytes in the descriptor differ from the file (error);
/// the descriptor lacks some of the claims it should make (warning: those were not checked).
struct DescriptorMismatchCheck: Check {
  package var ids: [FindingID] { [.descriptorMismatch] }

  /// Format names a descriptor may use for each format.
  static let aliases: [ImageFormat: Set<String>] = [
    .jpeg: ["jpeg", "jpg", "image/jpeg"], .png: ["png", "image/png"], .heic: ["heic", "heif", "image/heic"],
    .heif: ["heif", "image/heif"], .avif: ["avif", "image/avif"], .webp: ["webp", "image/webp"], .gif: ["gif", "image/gif"],
    .jxl: ["jxl", "image/jxl"],
    .mov: ["mov", "qt", "quicktime", "video/quicktime"], .mp4: ["mp4", "m4v", "video/mp4"],
    .tiff: ["tiff", "tif", "image/tiff"], .dng: ["dng", "image/x-adobe-dng"], .raw: ["raw"],
  ]

  package func findings(for s: CheckSubject) -> [Finding] {
    guard let d = s.descriptor else { return [] }
    let m = s.output
    var out: [Finding] = []
    if !d.missing.isEmpty {
      out.append(Finding(.descriptorMismatch, file: m.path, carrier: "descriptor", tag: d.missing.joined(separator: ", "),
                         evidence: "descriptor \(d.path) lacks \(d.missing.joined(separator: ", ")): \(d.missing.count == 1 ? "that claim was" : "those claims were") not checked",
                         severity: .warning))
    }
    func mismatch(_ field: String, _ claimed: String, _ actual: String) {
      out.append(Finding(.descriptorMismatch, file: m.path, carrier: "descriptor", tag: field,
                         evidence: "descriptor says \(field) \(claimed), the file has \(actual)"))
    }
    if let format = d.format, let actual = m.format, !(Self.aliases[actual]?.contains(format.lowercased()) ?? false) {
      mismatch("format", "'\(format)'", "'\(actual.rawValue)'")
    }
    if let displayed = m.displayed {
      let stored = m.stored.map { $0 != displayed ? " (stored \($0))" : "" } ?? ""
      if let w = d.width, w != displayed.width { mismatch("width", "\(w)", "\(displayed.width) displayed\(stored)") }
      if let h = d.height, h != displayed.height { mismatch("height", "\(h)", "\(displayed.height) displayed\(stored)") }
    }
    if let size = d.sizeBytes, size != m.fileSize { mismatch("size_bytes", "\(size)", "\(m.fileSize) bytes") }
    return out
  }
}

/// PA011: the original had an ICC profile (e.g. Display P3) and the output has none.
struct ICCDroppedCheck: Check {
  package var ids: [FindingID] { [.iccDropped] }

  package func findings(for s: CheckSubject) -> [Finding] {
    guard let original = s.original, original.has(.icc), !s.output.has(.icc) else { return [] }
    let name = original.iccDescription.map { "'\($0)' " } ?? ""
    return [Finding(.iccDropped, file: s.output.path, carrier: "icc",
                    evidence: "the original has an ICC profile \(name)and the output has none: colours will shift")]
  }
}
