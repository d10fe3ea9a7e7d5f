extension MetadataAssembler {
  /// XMP (with Extended XMP), Photoshop/IPTC, ICC, and the small JPEG segments (JFIF, Adobe, COM).
  func decodeOtherCarriers(_ scan: ContainerScan, into m: inout PhotoMetadata) {
    decodeXMP(scan, into: &m)
    var jpegICCChunks: [[UInt8]] = []
    for carrier in scan.carriers {
      switch carrier.kind {
      case .photoshop: decodePhotoshop(carrier, into: &m)
      case .iptc: decodeIPTC(carrier, into: &m)
      case .icc where scan.format == .jpeg && carrier.item == nil:
        jpegICCChunks.append(ICCChunks.app2Signature + carrier.payload)
      case .icc where carrier.item == nil || (scan.format?.isHEIFFamily == true):
        if m.iccDescription == nil { decodeICC(carrier.payload, into: &m) }
      case .comment:
        let origin = carrier.comment ?? .jpegSegment
        m.tags.append(MetadataTag(carrier: .comment, item: carrier.item, group: origin.group, name: origin.name,
                                  value: .text(String(decoding: carrier.payload.prefix(4096), as: UTF8.self))))
      case .userData, .keys, .itemList: decodeQuickTime(carrier, into: &m)
      case .sidecar: decodeSidecar(carrier, format: scan.format, into: &m)
      case .jfif: m.tags += JPEGSegmentTags.jfif(carrier)
      case .adobe: m.tags += JPEGSegmentTags.adobe(carrier)
      default: break
      }
    }
    if !jpegICCChunks.isEmpty {
      let (profile, warnings) = ICCChunks.assemble(jpegICCChunks)
      m.warnings += warnings
      if let profile { decodeICC(profile, into: &m) }
    }
  }

  /// Every XMP packet (each HEIF item's, each MPF image's), completed by its Extended XMP.
  func decodeXMP(_ scan: ContainerScan, into m: inout PhotoMetadata) {
    let packets = scan.carriers.filter { $0.kind == .xmp }
    let extensions = scan.carriers.filter { $0.kind == .xmpExtended && $0.item == nil }.map(\.payload)
    var extensionUsed = false
    for carrier in packets {
      guard let contents = decode(carrier.payload, item: carrier.item, label: carrier.note ?? "XMP", offset: carrier.offset,
                                  document: carrier.document, into: &m)
      else { continue }
      if carrier.item == nil, m.orientation.xmp == nil { m.orientation.xmp = contents.orientation }
      if carrier.item == nil, m.crop == nil, let crop = contents.crop, crop.hasCrop, let stored = scan.storedSize,
         !(scan.format?.isHEIFFamily == true), let rect = crop.rect(in: stored) {
        m.crop = CropInfo(source: .xmpCRS, rect: rect)
      }
      if carrier.item == nil, !extensions.isEmpty, !extensionUsed {
        extensionUsed = true
        decodeExtended(extensions, guid: contents.extendedXMPGUID, into: &m)
      }
    }
    if !extensionUsed, !extensions.isEmpty {
      // Extended XMP with no main packet pointing at it can still carry GPS.
      decodeExtended(extensions, guid: nil, into: &m)
    }
  }

  func decodeExtended(_ chunks: [[UInt8]], guid: String?, into m: inout PhotoMetadata) {
    let (packet, warnings) = ExtendedXMP.assemble(chunks: chunks, guid: guid)
    m.warnings += warnings
    if let packet { _ = decode(packet, item: nil, label: "Extended XMP", into: &m) }
  }

  /// Decodes one packet into the model; nil when it is not well-formed. A packet that does not
  /// parse was not checked (PA015), and its bytes are swept for GPS signatures instead.
  /// `document`: the embedded image the packet describes (a HEIF thumbnail), prefix of its paths.
  package func decode(_ packet: [UInt8], item: Int?, label: String, offset: Int? = nil, document: CarrierPath = .root,
              into m: inout PhotoMetadata) -> XMPContents? {
    do {
      let contents = try XMPDecoder.decode(packet, carrier: .xmp, item: item)
      m.tags += document.isRoot ? contents.tags : contents.tags.map { var tag = $0; tag.document = document; return tag }
      m.warnings += contents.warnings.map { "\(label): \($0)" }
      record(contents.gps.map { $0.inDocument(document) }, in: &m)
      for fix in contents.additionalGPS { record(fix.inDocument(document), in: &m) }
      return contents
    } catch {
      let scope = document.appending("xmp", index: item).description
      // A packet cut by a cap does not parse: the cap, recorded already, says why.
      if !m.incomplete.contains(where: { $0.scope == scope }) {
        m.incomplete.append(IncompleteCheck(scope: scope, reason: "\(label): the XMP packet could not be read: \(error)"))
      }
      let hits = packet.withUnsafeBytes { GPSSignatures.find(in: $0) }
      m.gps += hits.map { hit in
        BackstopSweep.fix(hit, path: .root, offset: (offset ?? 0) + hit.offset, place: "\(label), an XMP packet that does not parse")
      }
      return nil
    }
  }

  /// Photoshop APP13: image resources; resource 0x0404 is IPTC-IIM, listed as its own carrier.
  func decodePhotoshop(_ carrier: Carrier, into m: inout PhotoMetadata) {
    let (resources, warnings) = PhotoshopResources.parse(carrier.payload)
    m.warnings += warnings
    for resource in resources where resource.id == PhotoshopResources.iptcID && !resource.data.isEmpty {
      m.carriers.append(Carrier(kind: .iptc, offset: carrier.offset + resource.offset, length: resource.data.count,
                                item: carrier.item, note: "Photoshop 8BIM 0x0404 in \(carrier.note ?? "APP13")"))
      addIPTC(resource.data, item: carrier.item, into: &m)
    }
  }

  /// An IPTC carrier (PNG raw profile): IIM datasets, possibly wrapped in 8BIM resources.
  func decodeIPTC(_ carrier: Carrier, into m: inout PhotoMetadata) {
    let payload = carrier.payload
    if payload.hasPrefix(Array(ascii: "8BIM")) || payload.hasPrefix(PhotoshopResources.app13Signature) {
      let (resources, warnings) = PhotoshopResources.parse(payload)
      m.warnings += warnings
      for resource in resources where resource.id == PhotoshopResources.iptcID { addIPTC(resource.data, item: carrier.item, into: &m) }
    } else {
      addIPTC(payload, item: carrier.item, into: &m)
    }
  }

  func addIPTC(_ iim: [UInt8], item: Int?, into m: inout PhotoMetadata) {
    let (tags, warnings) = IPTCDecoder.decode(iim, item: item)
    m.tags += tags
    m.warnings += warnings
  }

  func decodeICC(_ profile: [UInt8], into m: inout PhotoMetadata) {
    guard let info = ICCProfileDecoder.decode(profile) else {
      m.warnings.append("ICC profile (\(profile.count) bytes) could not be read")
      return
    }
    m.iccDescription = info.description
    m.tags += info.tags
  }

}
