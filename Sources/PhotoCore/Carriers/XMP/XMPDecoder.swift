/// Decodes one XMP packet (JPEG APP1, HEIF `mime` item, PNG iTXt, or an assembled Extended XMP).
public enum XMPDecoder {
  /// The APP1 signature of a standard XMP packet. [XMP Part 3 1.1.3]
  public static let app1Signature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8)

  /// Decodes `packet` into tags and composites.
  ///
  /// The packet may start with the APP1 signature, a byte-order mark, `<?xpacket?>`, or directly
  /// with `<x:xmpmeta>` / `<rdf:RDF>`; UTF-16 and UTF-32 packets are transcoded. Trailing padding
  /// and NULs are ignored. Throws `XMLSyntaxError` (with the byte offset in `packet`) when the
  /// XML is malformed, hostile (depth, size, element count) or truncated.
  /// - Parameters:
  ///   - carrier: recorded on every tag and on the GPS fix (`.xmp` by default).
  ///   - item: HEIF item or MPF image the packet belongs to, nil for the primary image.
  public static func decode(_ packet: [UInt8], carrier: CarrierKind = .xmp, item: Int? = nil) throws(XMLSyntaxError) -> XMPContents {
    var bytes = packet
    var shift = 0
    if bytes.hasPrefix(app1Signature) {
      bytes.removeFirst(app1Signature.count)
      shift = app1Signature.count
    }
    var notes: [String] = []
    if let utf8 = XMPTextEncoding.transcodeToUTF8(bytes) {
      bytes = utf8
      notes.append("The XMP packet is not UTF-8; it was transcoded (error offsets refer to the UTF-8 text).")
    }
    let document: MiniXML.Document
    do {
      document = try MiniXML.parse(bytes)
    } catch {
      throw error.shifted(by: shift)
    }
    var flat = XMPFlattener()
    for p in XMPRDF.properties(of: document.root) { flat.add(p) }
    let tags = flat.metadataTags(carrier: carrier, item: item)
    var warnings = notes + document.notes
    let (gps, otherGPS) = XMPGPSComposer.compose(flat, carrier: carrier, item: item, warnings: &warnings)
    var orientation: Int?
    if let raw = flat.first("tiff", "Orientation") {
      orientation = Int(raw.trimmingXMLSpace)
      if orientation == nil { warnings.append("XMP tiff:Orientation '\(raw)' is not a number.") }
    }
    let guid = flat.first("xmpNote", "HasExtendedXMP")?.trimmingXMLSpace
    return XMPContents(
      tags: tags, gps: gps, additionalGPS: otherGPS, orientation: orientation, crop: crop(flat),
      locationText: XMPPrivacyFields.select(tags, XMPPrivacyFields.location),
      identifying: XMPPrivacyFields.select(tags, XMPPrivacyFields.identifying),
      extendedXMPGUID: guid?.isEmpty == false ? guid : nil, warnings: warnings)
  }

  /// The XMP tags among `tags` that are textual location (PA006): the same rule as
  /// `XMPContents.locationText`, for callers that only kept the merged tag list.
  public static func locationTags(in tags: [MetadataTag]) -> [MetadataTag] {
    XMPPrivacyFields.select(tags.filter { $0.carrier == .xmp }, XMPPrivacyFields.location)
  }

  /// The XMP tags among `tags` that identify people, devices or documents (PA007).
  public static func identifyingTags(in tags: [MetadataTag]) -> [MetadataTag] {
    XMPPrivacyFields.select(tags.filter { $0.carrier == .xmp }, XMPPrivacyFields.identifying)
  }

  /// The `crs:` crop, when any crop property is present. `crs:HasCrop` absent counts as false.
  static func crop(_ flat: XMPFlattener) -> XMPCrop? {
    let names = ["HasCrop", "CropTop", "CropLeft", "CropBottom", "CropRight", "CropAngle"]
    guard names.contains(where: { flat.first("crs", $0) != nil }) else { return nil }
    func number(_ name: String) -> Double? { flat.first("crs", name).flatMap { XMPValueParsing.rational($0) } }
    let has = flat.first("crs", "HasCrop")?.trimmingXMLSpace.lowercased()
    return XMPCrop(hasCrop: has == "true" || has == "1", top: number("CropTop"), left: number("CropLeft"),
                   bottom: number("CropBottom"), right: number("CropRight"), angle: number("CropAngle") ?? 0)
  }
}

extension XMLSyntaxError {
  /// The same error with its offset moved by `delta` (when a prefix was removed first).
  func shifted(by delta: Int) -> XMLSyntaxError {
    guard delta != 0 else { return self }
    switch self {
    case .truncated(let o, let s): return .truncated(offset: o + delta, inside: s)
    case .unexpected(let o, let f, let e): return .unexpected(offset: o + delta, found: f, expected: e)
    case .mismatchedEndTag(let o, let e, let f): return .mismatchedEndTag(offset: o + delta, expected: e, found: f)
    case .undefinedEntity(let o, let n): return .undefinedEntity(offset: o + delta, name: n)
    case .invalidCharacterReference(let o): return .invalidCharacterReference(offset: o + delta)
    case .duplicateAttribute(let o, let n): return .duplicateAttribute(offset: o + delta, name: n)
    case .tooDeep(let o, let l): return .tooDeep(offset: o + delta, limit: l)
    case .tooManyElements(let o, let l): return .tooManyElements(offset: o + delta, limit: l)
    case .tooLarge: return self
    case .noRootElement(let o): return .noRootElement(offset: o + delta)
    case .contentAfterRoot(let o): return .contentAfterRoot(offset: o + delta)
    }
  }
}
