import Bytes
extension EmbeddedDocumentFinder {
  /// Each C2PA manifest store: a JUMBF document ("c2pa"), read in place (PNG `caBX`, the WebP
  /// `C2PA` chunk, the ISOBMFF C2PA `uuid` box) or joined from JPEG APP11 segments.
  mutating func c2paStores() {
    let stores = tree.scan.carriers.filter { $0.kind == .c2pa && !$0.payload.isEmpty }
    guard !stores.isEmpty else { return }
    if tree.format == .jpeg {
      jpegJUMBF(stores)
      return
    }
    for carrier in stores {
      let (source, range, placement) = location(of: 0..<carrier.payload.count, in: carrier)
      store(add("c2pa", index: nextIndex("c2pa"), format: .jumbf, source: source, range: range, placement: placement,
                origin: .embedded, role: carrier.note, imageKind: nil))
    }
  }

  /// A store that is not a JUMBF superbox was not checked (PA015): the carrier does not parse.
  package mutating func store(_ walked: LayoutTree?) {
    guard let walked, let failure = walked.failure, let step = tree.children.last?.step else { return }
    tree.markIncomplete(step.description, "the C2PA/JUMBF box could not be read: \(failure)")
  }

  /// JPEG APP11: each payload is "JP" (cut off by the walker), the box instance number En (2
  /// bytes), the packet sequence number Z (4 bytes), then the JUMBF box; every packet after the
  /// first repeats the box header (LBox, TBox and XLBox when LBox is 1) before its part of the
  /// content. Packets of one En are joined in Z order. [ISO/IEC 19566-5 B.2; ISO/IEC 18477-3]
  mutating func jpegJUMBF(_ segments: [Carrier]) {
    var instances: [Int: [(sequence: Int, carrier: Carrier)]] = [:]
    var order: [Int] = []
    for carrier in segments where carrier.payload.count >= 14 {
      let p = carrier.payload
      let instance = Int(p[0]) << 8 | Int(p[1])
      let sequence = Int(p[2]) << 24 | Int(p[3]) << 16 | Int(p[4]) << 8 | Int(p[5])
      if instances[instance] == nil { order.append(instance) }
      instances[instance, default: []].append((sequence, carrier))
    }
    for instance in order {
      let packets = (instances[instance] ?? []).sorted { $0.sequence < $1.sequence }
      var joined: [UInt8] = []
      var ranges: [Range<Int>] = []
      var inPlace = true
      var previous: Int?
      for (index, packet) in packets.enumerated() {
        if let previous, packet.sequence == previous {
          tree.scan.warnings.append("\(packet.carrier.note ?? "APP11"): JUMBF packet \(packet.sequence) of box instance \(instance) appears twice; the first is read")
          continue
        }
        if let previous, packet.sequence != previous + 1 {
          tree.scan.warnings.append("JUMBF box instance \(instance) has no packet \(previous + 1) (next: \(packet.sequence)): the joined box is incomplete")
        }
        previous = packet.sequence
        let p = packet.carrier.payload
        let large = p.count >= 10 && p[6] == 0 && p[7] == 0 && p[8] == 0 && p[9] == 1
        let skip = index == 0 ? 6 : 6 + (large ? 16 : 8)
        guard skip <= p.count else { continue }
        joined += p[skip...]
        if let place = packet.carrier.sourceRange { ranges.append(place.lowerBound + skip..<place.upperBound) } else { inPlace = false }
      }
      guard !joined.isEmpty else { continue }
      let role = packets.count == 1 ? "JUMBF box in APP11" : "JUMBF box in \(packets.count) APP11 segments"
      if inPlace, ranges.count == 1, let only = ranges.first {
        store(add("c2pa", index: nextIndex("c2pa"), format: .jumbf, source: tree.source, range: only, placement: tree.placement,
                  origin: .embedded, role: role, imageKind: nil))
      } else {
        let placement: FilePlacement = inPlace ? tree.placement.joining(ranges)
          : .derived(anchor: packets.first?.carrier.offset ?? 0, via: "JUMBF box joined from APP11 segments")
        store(add("c2pa", index: nextIndex("c2pa"), format: .jumbf, source: MemorySource(joined), range: 0..<joined.count,
                  placement: placement, origin: .embedded, role: role, imageKind: nil))
      }
    }
  }

  /// The files embedded in a C2PA manifest store's assertions — claim and ingredient thumbnails —
  /// each walked as a document of its own ("claim-thumbnail", "ingredient-thumbnail#2").
  mutating func c2paEmbeddedFiles() {
    guard tree.format == .jumbf, let store = tree.scan.c2pa else { return }
    for manifest in store.manifests {
      for assertion in manifest.assertions {
        guard let data = assertion.data,
              let head = try? tree.source.bytes(in: data.lowerBound..<min(data.upperBound, data.lowerBound + ImageFormat.sniffLength)),
              let (format, skip) = DocumentSniffer.sniff(head), data.lowerBound + skip < data.upperBound
        else { continue }
        let step = assertion.documentStep
        add(step, index: nextIndex(step), format: format, source: tree.source, range: data.lowerBound + skip..<data.upperBound,
            placement: tree.placement, origin: .embedded, role: "C2PA '\(assertion.label)' of manifest '\(manifest.label)'",
            imageKind: .c2paThumbnail)
      }
    }
  }
}
