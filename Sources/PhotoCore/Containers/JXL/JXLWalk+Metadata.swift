import Bytes
import Codecs

extension JXLWalk {
  /// Box types a `brob` box may not hold: the codestream and the container's own framing.
  /// [ISO/IEC 18181-2 3.4]
  static let notCompressible: Set<String> = ["JXL ", "ftyp", "jxll", "jxlc", "jxlp", "jbrd", "brob"]

  /// An `Exif`, `xml ` or `jumb` box read in place as a carrier. [ISO/IEC 18181-2 3.5, 3.6, 3.7]
  mutating func metadataBox(_ box: ISOBMFFBox, type: String, note: String?) throws(ContainerError) -> LayoutNode {
    let whole = box.offset..<box.end
    // A JUMBF box is read whole (header included): the JUMBF walker starts at its header.
    let span = type == "jumb" ? whole : box.payloadRange
    guard take(span.count, what: "'\(type)' box at byte \(box.offset)") else {
      return LayoutNode(type, range: whole, headerLength: box.headerSize, note: "not read: over the metadata cap", swept: true)
    }
    let label = "JPEG XL '\(type)' box at byte \(box.offset)"
    let payload = try read(span, "'\(type)' box")
    addCarrier(type, payload: payload, at: span.lowerBound, inPlace: true, label: label)
    return LayoutNode(type, range: whole, headerLength: type == "jumb" ? 0 : box.headerSize, note: note ?? Self.names[type])
  }

  /// What each metadata box holds, for the layout.
  package static let names: [String: String] = ["Exif": "EXIF metadata", "xml ": "XMP metadata", "jumb": "JUMBF (C2PA manifest store)"]

  /// Adds the carrier of a metadata box's content (read in place, or decompressed from `brob`).
  /// `Exif`: a 4-byte big-endian offset to the TIFF header, as in HEIF. `jumb`: the JUMBF box itself.
  mutating func addCarrier(_ type: String, payload: [UInt8], at offset: Int, inPlace: Bool, label: String) {
    var carrier: Carrier
    switch type {
    case "Exif":
      let start = tiffStart(payload, label: label)
      let tiff = Array(payload[start...])
      carrier = Carrier(kind: .exif, offset: inPlace ? offset + start : offset, length: tiff.count, note: label, payload: tiff)
      if inPlace { carrier.sourceRange = offset + start..<offset + payload.count }
    case "xml ":
      carrier = Carrier(kind: .xmp, offset: offset, length: payload.count, note: label, payload: payload)
      if inPlace { carrier.sourceRange = offset..<offset + payload.count }
    default:
      carrier = Carrier(kind: .c2pa, offset: offset, length: payload.count, note: label, payload: payload)
      if inPlace { carrier.sourceRange = offset..<offset + payload.count }
    }
    tree.scan.carriers.append(carrier)
  }

  /// Where the TIFF header starts in an `Exif` box's payload: after the 4-byte offset, plus that
  /// offset (usually 0; 6 skips "Exif\0\0"). [ISO/IEC 18181-2 3.5]
  mutating func tiffStart(_ data: [UInt8], label: String) -> Int {
    func isTIFF(_ at: Int) -> Bool { at >= 0 && at + 8 <= data.count && ByteSniffer.tiffHeader(Array(data[at..<at + 8])) != nil }
    guard data.count >= 4 else {
      warn("\(label) is \(data.count) bytes, too short for its TIFF header offset")
      return data.count
    }
    let declared = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
    let (start, overflow) = declared.addingReportingOverflow(4)
    if !overflow, isTIFF(start) { return start }
    if let found = (4..<min(data.count, 4 + 64)).first(where: isTIFF) {
      warn("\(label): TIFF header offset \(declared) is wrong; the TIFF header is at byte \(found - 4) of the payload")
      return found
    }
    warn("\(label) has no TIFF header at offset \(declared)")
    return overflow ? data.count : min(start, data.count)
  }

  /// Counts `count` bytes against the per-file metadata budget; false (and PA015) over it.
  package mutating func take(_ count: Int, what: String) -> Bool {
    guard count <= budget else {
      tree.markIncomplete("jxl", "JPEG XL \(what) is past the \(JXLWalker.maxMetadataBytes >> 20) MiB metadata cap per file; not read")
      budget = 0
      return false
    }
    budget -= count
    return true
  }

  /// A `brob` box: the 4-byte type of the box it stands for, then that box's payload
  /// Brotli-compressed. `Exif`, `xml ` and `jumb` content becomes a carrier; any other type is
  /// unknown (PA014) and its decompressed bytes are swept. A stream that does not decompress in
  /// full, or over the cap, is PA015. [ISO/IEC 18181-2 3.4]
  mutating func compressedBox(_ box: ISOBMFFBox, note: String?) throws(ContainerError) -> LayoutNode {
    let whole = box.offset..<box.end
    let payload = box.payloadRange
    guard payload.count >= 4 else {
      warn("JPEG XL 'brob' box at byte \(box.offset) is shorter than its 4-byte type")
      return LayoutNode("brob", range: whole, headerLength: box.headerSize, kind: .opaque, note: "too short for its box type")
    }
    guard take(payload.count, what: "'brob' box at byte \(box.offset)") else {
      return LayoutNode("brob", range: whole, headerLength: box.headerSize, note: "not read: over the metadata cap", swept: true)
    }
    let bytes = try read(payload, "'brob' box")
    let inner = ISOBMFFBox.fourCC(bytes[0..<4])
    let label = "JPEG XL 'brob' box at byte \(box.offset) ('\(inner)' compressed)"
    let result = decompress(Array(bytes.dropFirst(4)))
    var node = LayoutNode("brob", range: whole, headerLength: box.headerSize + 4, note: "Brotli-compressed '\(inner)' box")
    switch result.status {
    case .complete where result.consumed < bytes.count - 4:
      warn("\(label): \(bytes.count - 4 - result.consumed) bytes follow the end of its Brotli stream")
      node.unexplainedContent = "bytes after the end of the Brotli stream"
      node.children = [LayoutNode("Brotli stream", range: payload.lowerBound + 4..<payload.lowerBound + 4 + result.consumed)]
    case .complete: break
    case .outputLimitReached:
      tree.markIncomplete("brob", "\(label) decompresses to more than \(result.bytes.count >> 20) MiB (the cap: 16 MiB a box, 64 MiB of metadata a file); the rest was not read")
    case .truncatedInput:
      tree.markIncomplete("brob", "\(label): its Brotli stream ends early; what follows the \(result.bytes.count) decompressed bytes was not read")
    case .corrupt(let reason):
      tree.markIncomplete("brob", "\(label) does not decompress (\(reason)); what follows the \(result.bytes.count) decompressed bytes was not read")
    }
    if let note { node.note = (node.note ?? "") + "; " + note }
    switch inner {
    case "Exif", "xml ", "jumb":
      let content = inner == "jumb" ? Self.boxHeader(inner, payloadLength: result.bytes.count) + result.bytes : result.bytes
      addCarrier(inner, payload: content, at: box.offset, inPlace: false, label: label)
    default:
      if Self.notCompressible.contains(inner) {
        warn("\(label): a '\(inner)' box may not be Brotli-compressed; readers ignore it")
      }
      node.kind = .opaque
      node.note = "Brotli-compressed box of unknown type '\(inner)'"
      if !result.bytes.isEmpty {
        tree.joinedForSweep.append(.init(name: "brob '\(inner)' decompressed", offset: box.offset, data: result.bytes))
      }
    }
    return node
  }

  /// Decompresses a Brotli stream within the caps: 16 MiB a box, and what is left of the file's
  /// metadata budget (which the output is counted against: 1,000 small bombs are not 16 GB).
  mutating func decompress(_ stream: [UInt8]) -> BrotliDecompressor.Result {
    let result = BrotliDecompressor.decompress(stream, maxOutput: min(JXLWalker.maxDecompressedBytes, max(0, budget)))
    budget -= result.bytes.count
    return result
  }

  /// An ISOBMFF box header (32-bit size, type) for a payload of `payloadLength` bytes.
  static func boxHeader(_ type: String, payloadLength: Int) -> [UInt8] {
    let size = UInt32(clamping: payloadLength + 8)
    return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8.prefix(4))
  }
}

extension JXLWalk {
  /// A `jbrd` box: its bundle parsed and its Brotli stream decompressed; the JPEG segments it
  /// kept (APPn other than EXIF/XMP/ICC, COM, bytes between markers and after EOI) are rebuilt
  /// as a JPEG the finder walks as the child "jpeg-reconstruction". A box that does not parse or
  /// decompress is PA015: those segments were not checked. [ISO/IEC 18181-2 3.8]
  mutating func reconstructionData(_ box: ISOBMFFBox, note: String?) throws(ContainerError) -> LayoutNode {
    let whole = box.offset..<box.end
    var node = LayoutNode("jbrd", range: whole, headerLength: box.headerSize, note: note ?? "JPEG reconstruction data")
    let label = "JPEG XL 'jbrd' box at byte \(box.offset)"
    guard take(box.payloadRange.count, what: "'jbrd' box at byte \(box.offset)") else {
      node.swept = true
      return node
    }
    let payload = try read(box.payloadRange, "'jbrd' box")
    let data: JPEGReconstructionData
    do {
      data = try JPEGReconstructionData(payload)
    } catch {
      tree.markIncomplete("jbrd", "\(label) does not parse (\(error)); the JPEG segments it keeps (IPTC, comments, data after EOI) were not checked")
      node.swept = true
      return node
    }
    let stream = Array(payload[min(data.streamStart, payload.count)...])
    let result = decompress(stream)
    switch result.status {
    case .complete where result.bytes.count == data.streamLength && result.consumed == stream.count: break
    case .complete:
      tree.markIncomplete("jbrd", "\(label): its Brotli stream holds \(result.bytes.count) bytes in \(result.consumed) of \(stream.count), its bundle announces \(data.streamLength); the segments were read as far as they go")
    case .outputLimitReached:
      tree.markIncomplete("jbrd", "\(label) decompresses to more than \(result.bytes.count >> 20) MiB (the cap: 16 MiB a box, 64 MiB of metadata a file); the rest was not read")
    case .truncatedInput, .corrupt:
      tree.markIncomplete("jbrd", "\(label): its Brotli stream does not decompress in full (\(result.status)); the JPEG segments after the first \(result.bytes.count) bytes were not checked")
    }
    node.children = [LayoutNode("bundle", range: box.payloadRange.lowerBound..<box.payloadRange.lowerBound + min(data.streamStart, payload.count),
                                note: "\(data.markers.count) markers, \(data.apps.count) APPn, \(data.comments.count) COM"),
                     LayoutNode("Brotli stream", range: box.payloadRange.lowerBound + min(data.streamStart, payload.count)..<box.end,
                                note: "\(result.bytes.count) bytes of JPEG segments, read as 'jpeg-reconstruction'")]
    if data.streamLength > 0 || !result.bytes.isEmpty {
      tree.scan.jpegReconstruction = JPEGReconstruction(segments: data.segments(from: result.bytes), boxOffset: box.offset)
    }
    return node
  }
}
