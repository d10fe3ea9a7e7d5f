import Bytes
/// PA018: a C2PA manifest store in the output — info, with what it holds (generator,
/// assertions, ingredients, thumbnails; its signature is not validated); error when it carries
/// GPS or a thumbnail that shows other content than the output. One finding per store.
struct ProvenanceManifestCheck: Check {
  package var ids: [FindingID] { [.provenanceManifest] }

  /// Said of every manifest: photoaudit reads them, it does not verify them.
  static let notValidated = "the signature was not validated (photoaudit does not verify C2PA signatures)"

  package func findings(for s: CheckSubject) -> [Finding] {
    let m = s.output
    var stores: [CarrierPath] = []
    for manifest in m.manifests where !stores.contains(manifest.store) { stores.append(manifest.store) }
    var out: [Finding] = stores.map { store in
      let manifests = m.manifests.filter { $0.store == store }
      let gps = m.gps.filter { $0.path.steps.starts(with: store.steps) && $0.path != store }
      let leaks = (s.pixels?.c2paThumbnails ?? []).filter { !$0.matches && $0.path.steps.starts(with: store.steps) }
      var problems: [RedactableText] = []
      if !gps.isEmpty { problems.append("it carries GPS (\(RedactableText.joined(gps.map(GPSEvidence.describe), separator: "; ")))") }
      problems += leaks.map { RedactableText(plain: $0.detail) }
      let summary = manifests.map(Self.describe).joined(separator: "; ")
      let evidence: RedactableText = problems.isEmpty ? "C2PA manifest store: \(summary); \(Self.notValidated)"
        : "C2PA manifest store: \(RedactableText.joined(problems, separator: "; ")). \(summary); \(Self.notValidated)"
      return Finding(.provenanceManifest, file: m.path, carrier: store.description, tag: manifests.last?.label,
                     evidence: evidence, severity: problems.isEmpty ? .info : .error)
    }
    if stores.isEmpty, m.has(.c2pa) {
      out.append(Finding(.provenanceManifest, file: m.path, carrier: "c2pa",
                         evidence: "a JUMBF box (JPEG APP11, PNG caBX, ISOBMFF uuid or WebP C2PA) that holds no readable C2PA manifest; \(Self.notValidated)",
                         severity: .info))
    }
    return out
  }

  /// "manifest 'urn:uuid:…' by Truepic Lens (7 assertions: stds.exif, …; ingredients: IMG_1.jpg (parentOf); thumbnails: c2pa/claim-thumbnail; signed)".
  static func describe(_ manifest: ProvenanceManifest) -> String {
    var text = "manifest '\(manifest.label)'"
    if let generator = manifest.claimGenerator { text += " by \(generator)" }
    var parts = ["\(manifest.assertions.count) assertion\(manifest.assertions.count == 1 ? "" : "s")"
                 + (manifest.assertions.isEmpty ? "" : ": " + manifest.assertions.prefix(8).joined(separator: ", ")
                    + (manifest.assertions.count > 8 ? ", …" : ""))]
    if !manifest.ingredients.isEmpty {
      parts.append("ingredients: " + manifest.ingredients.map { ($0.title ?? $0.label) + ($0.relationship.map { " (\($0))" } ?? "") }
        .joined(separator: ", "))
    }
    if !manifest.thumbnails.isEmpty { parts.append("thumbnails: " + manifest.thumbnails.map(\.description).joined(separator: ", ")) }
    if let source = manifest.digitalSourceType { parts.append("digital source type \(source.split(separator: "/").last ?? "")") }
    parts.append(manifest.signed ? "signed" : "unsigned")
    return text + " (" + parts.joined(separator: "; ") + ")"
  }
}

/// PA005 for C2PA claim and ingredient thumbnails: one that shows other content than the
/// output (by pixels) shows what the output removed — the uncropped or unrotated original, an
/// ingredient. Without pixels they are listed by PA018.
struct C2PAThumbnailCheck: Check {
  package var ids: [FindingID] { [.thumbnailLeak] }

  package func findings(for s: CheckSubject) -> [Finding] {
    (s.pixels?.c2paThumbnails ?? []).filter { !$0.matches }.map { verdict in
      Finding(.thumbnailLeak, file: s.output.path, carrier: verdict.path.description, tag: "pixels", evidence: verdict.detail)
    }
  }
}
