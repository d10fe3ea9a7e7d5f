import Bytes
extension MetadataAssembler {
  /// FLIR APP1: the FFF data joined from its chunks (`FLIRChunks`), its record directory read
  /// (`FFFDirectory`) and each GPS record decoded (`FLIRGPSRecord`): a position is GPS of the
  /// file in carrier `flir`. Chunks that do not join, a directory that is not an FFF directory or
  /// lies outside the data, a GPS record outside the data or of a layout we do not know: the
  /// vendor record was not checked (PA015). Files without FLIR segments pay one filter.
  /// (The segments' bytes are swept as well: the FFF data holds text, palettes and embedded
  /// images no decoder here reads.)
  func decodeFLIR(_ carriers: [Carrier], placement: FilePlacement, into m: inout PhotoMetadata) {
    // By index: a closure over the elements copies every Carrier (measured: ~650 instructions a
    // document without FLIR).
    var chunks: [Carrier] = []
    for index in carriers.indices where carriers[index].kind == .flir && carriers[index].item == nil {
      chunks.append(carriers[index])
    }
    guard let first = chunks.first else { return }
    let path = first.document.appending(CarrierKind.flir.rawValue)
    let anchor = placement.reportedOffset(first.offset)
    func incomplete(_ reason: String, _ consequence: String = "no FFF record was read") {
      m.incomplete.append(IncompleteCheck(scope: path.description, reason: "FLIR APP1 at byte \(anchor): \(reason); \(consequence)"))
    }
    let joined = FLIRChunks.assemble(chunks.map(\.payload))
    m.warnings += joined.warnings
    if let failure = joined.failure { return incomplete(failure) }
    guard let data = joined.data else { return }
    let directory: FFFDirectory
    do {
      directory = try FFFDirectory.read(data)
    } catch {
      return incomplete(error.description)
    }
    // Where each byte of the joined data is in the file: chunk by chunk, after its 3-byte header.
    let pieces = joined.order.map { chunks[$0] }.map { $0.offset + FLIRChunks.headerLength..<$0.offset + $0.length }
    let located = FilePlacement.joined(pieces)
    for gpsRecord in directory.records(FFFDirectory.RecordType.gpsInfo) {
      guard let range = gpsRecord.range else {
        incomplete("the GPS record (\(gpsRecord.length) bytes at offset \(gpsRecord.offset)) lies outside the \(data.count) bytes of FFF data",
                   "the position it may hold was not read")
        continue
      }
      let contents = FLIRGPSRecord.decode(Array(data[range]))
      let offset = placement.reportedOffset(located.fileOffset(range.lowerBound) ?? first.offset)
      if let unknown = contents.unknownLayout { incomplete(unknown, "the GPS record was not fully read") }
      var fix = GPSFix(carrier: .flir, latitude: contents.latitude, longitude: contents.longitude, altitude: contents.altitude,
                       path: path)
      fix.unreadable = contents.unreadable.map(RedactableText.init(plain:))
      fix.offset = offset
      // A position under GPSValid 0 is a stale fix the camera kept: named as such.
      fix.tag = Self.flirGPSTag + (contents.valid == 0 && fix.locates ? " (GPSValid 0)" : "")
      record(fix, in: &m)
      m.tags += flirTags(contents, document: first.document)
    }
  }

  /// How findings name the FLIR GPS record's position.
  static let flirGPSTag = "FLIR:GPSLatitude/GPSLongitude"

  /// The GPS record's fields as tags (ExifTool's names, group "FLIR").
  func flirTags(_ contents: FLIRGPSRecord.Contents, document: CarrierPath) -> [MetadataTag] {
    var tags = [MetadataTag(carrier: .flir, group: "FLIR", name: "GPSValid", value: .integer(Int64(contents.valid)))]
    let values: [(String, Double?)] = [("GPSLatitude", contents.latitude), ("GPSLongitude", contents.longitude),
                                       ("GPSAltitude", contents.altitude)]
    for (name, value) in values {
      if let value { tags.append(MetadataTag(carrier: .flir, group: "FLIR", name: name, value: .real(value))) }
    }
    return tags.map { var tag = $0; tag.document = document; return tag }
  }
}
