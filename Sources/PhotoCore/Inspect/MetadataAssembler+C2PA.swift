import Bytes
extension MetadataAssembler {
  /// A C2PA manifest store (a JUMBF document): each assertion and claim decoded (JSON or CBOR) —
  /// its GPS is GPS of the file, its leaves are tags — and each manifest summarised. Content
  /// that does not decode was not checked (PA015); its bytes are searched for GPS signatures.
  func decodeC2PA(_ store: C2PAStoreLayout, tree: LayoutTree, carriers: [Carrier], into m: inout PhotoMetadata) {
    var values: [Int: JSONValue] = [:]  // assertion item → value
    var claims: [Int: JSONValue] = [:]
    for carrier in carriers where carrier.kind == .c2paAssertion || carrier.kind == .c2paClaim {
      let offset = tree.placement.reportedOffset(carrier.offset)
      let label = carrier.note ?? carrier.kind.rawValue
      let value: JSONValue
      do {
        value = try C2PAAssertionDecoder.value(carrier.payload, type: JUMBFWalker.contentType(of: carrier))
      } catch {
        m.incomplete.append(IncompleteCheck(scope: carrier.path.description, reason: "C2PA \(label) at byte \(offset) could not be read: \(error)"))
        let hits = carrier.payload.withUnsafeBytes { GPSSignatures.find(in: $0) }
        m.gps += hits.map { BackstopSweep.fix($0, path: .root, offset: offset, place: "C2PA \(label), which does not decode") }
        continue
      }
      if carrier.kind == .c2paClaim { claims[carrier.item ?? 0] = value; continue }
      values[carrier.item ?? 0] = value
      let group = "C2PA:" + (label.split(separator: "'").first.map(String.init) ?? "assertion")
      m.tags += C2PAAssertionDecoder.tags(value, group: group, carrier: .c2paAssertion, item: carrier.item)
      if var fix = C2PAAssertionDecoder.gps(in: value, item: carrier.item) {
        fix.offset = offset
        record(fix, in: &m)
      }
    }
    let thumbnails = tree.children.filter { $0.imageKind == .c2paThumbnail }
    for manifest in store.manifests {
      var summary = ProvenanceManifest(store: .root, label: manifest.label, assertions: manifest.assertions.map(\.label),
                                       signed: manifest.hasSignature)
      if let item = manifest.claimItem, let claim = claims[item] { describe(claim: claim, in: &summary) }
      for assertion in manifest.assertions {
        let value = assertion.item.flatMap { values[$0] }
        if assertion.baseLabel.hasPrefix("c2pa.ingredient"), let value {
          summary.ingredients.append(ProvenanceManifest.Ingredient(
            title: value["dc:title"]?.stringValue ?? value["title"]?.stringValue,
            relationship: value["relationship"]?.stringValue, label: assertion.label))
        }
        if assertion.baseLabel.hasPrefix("c2pa.actions"), let value, summary.digitalSourceType == nil {
          summary.digitalSourceType = Self.digitalSourceType(value)
        }
        if let data = assertion.data {
          summary.thumbnails += thumbnails.filter { data.contains($0.tree.range.lowerBound) }
            .map { CarrierPath([$0.step]) }
        }
      }
      m.manifests.append(summary)
    }
  }

  /// Claim generator and title from a claim (v1 `claim_generator`; v2 `claim_generator_info`).
  /// [C2PA 2.1 10.2]
  func describe(claim: JSONValue, in summary: inout ProvenanceManifest) {
    summary.title = claim["dc:title"]?.stringValue
    if let generator = claim["claim_generator"]?.stringValue {
      summary.claimGenerator = generator
    } else if let info = claim["claim_generator_info"] {
      let first = info.arrayValue?.first ?? info
      if let name = first["name"]?.stringValue {
        summary.claimGenerator = [name, first["version"]?.stringValue].compactMap { $0 }.joined(separator: " ")
      }
    }
  }

  /// The first `digitalSourceType` of a `c2pa.actions` assertion's actions. [C2PA 2.1 18.4]
  package static func digitalSourceType(_ actions: JSONValue) -> String? {
    for action in actions["actions"]?.arrayValue ?? [] {
      if let type = action["digitalSourceType"]?.stringValue { return type }
    }
    return nil
  }
}
