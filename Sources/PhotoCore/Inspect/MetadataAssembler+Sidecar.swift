import Bytes
extension MetadataAssembler {
  /// A sidecar file's one carrier: an XMP packet (`XMPDecoder`) or a Google Takeout JSON
  /// (`TakeoutJSON`). Tags and GPS are filed under the carrier `sidecar`; the sidecar's own
  /// orientation and crop are not the photo's and are not taken. A sidecar that does not decode
  /// was not checked (PA015), and its bytes are searched for GPS signatures instead.
  func decodeSidecar(_ carrier: Carrier, format: ImageFormat?, into m: inout PhotoMetadata) {
    let scope = CarrierKind.sidecar.rawValue
    let label = carrier.note ?? "sidecar"
    func notDecoded(_ reason: String) {
      if !m.incomplete.contains(where: { $0.scope == scope }) {
        m.incomplete.append(IncompleteCheck(scope: scope, reason: "\(label): \(reason)"))
      }
      let hits = carrier.payload.withUnsafeBytes { GPSSignatures.find(in: $0) }
      m.gps += hits.map { hit in
        BackstopSweep.fix(hit, path: .root, offset: carrier.offset + hit.offset, place: "\(label) that does not decode")
      }
    }
    if format == .takeoutJSON {
      let document: JSONValue
      do { document = try JSONParser.parse(carrier.payload) } catch {
        notDecoded("the JSON could not be read: \(error)")
        return
      }
      let contents = TakeoutJSON.decode(document)
      m.tags += contents.tags
      m.gps += contents.gps
      m.gpsWithoutCoordinates += contents.gpsWithoutCoordinates
      m.incomplete += contents.incomplete.map { IncompleteCheck(scope: scope, reason: "\(label): \($0)") }
      return
    }
    do {
      let contents = try XMPDecoder.decode(carrier.payload, carrier: .sidecar)
      m.tags += contents.tags
      m.warnings += contents.warnings.map { "\(label): \($0)" }
      record(contents.gps, in: &m)
    } catch {
      notDecoded("the XMP packet could not be read: \(error)")
    }
  }
}
