import Bytes
import Codecs

extension PNGWalker {
  /// The "Exif\0\0" header some writers put before the TIFF bytes (in eXIf, against the spec, and
  /// inside ImageMagick's raw exif profiles).
  static let exifHeader: [UInt8] = Array(ascii: "Exif") + [0, 0]

  /// The carrier a metadata chunk holds, nil for chunks that hold none (IHDR).
  /// `budget` is the remaining per-file metadata allowance.
  /// Inflating stopped by a cap is recorded in `incomplete` (the rest of the text was not read).
  package static func carrier(for chunk: PNGChunk, data: [UInt8], budget: inout Int, warnings: inout [String],
                      incomplete: inout [IncompleteCheck]) -> Carrier? {
    switch chunk.type {
    case "eXIf":
      // TIFF bytes directly. [PNG (Third Edition) 11.3.6.1; PNG Extensions 1.5 eXIf]
      budget -= data.count
      if data.hasPrefix(exifHeader) {
        warnings.append("PNG eXIf chunk starts with \"Exif\\0\\0\" (not allowed by the PNG spec); skipped it")
        return Carrier(kind: .exif, offset: chunk.dataOffset + 6, length: data.count - 6, item: chunk.index,
                       note: "eXIf (with Exif\\0\\0 prefix)", payload: Array(data.dropFirst(6)))
      }
      return Carrier(kind: .exif, offset: chunk.dataOffset, length: data.count, item: chunk.index, note: "eXIf", payload: data)
    case "iCCP":
      return iccCarrier(chunk, data: data, budget: &budget, warnings: &warnings, incomplete: &incomplete)
    case "caBX":
      // A C2PA manifest store: one JUMBF superbox. [C2PA Technical Specification 2.1 A.3.3]
      budget -= data.count
      return Carrier(kind: .c2pa, offset: chunk.dataOffset, length: data.count, item: chunk.index, note: "caBX", payload: data)
    case "tEXt", "zTXt", "iTXt":
      return textCarrier(chunk, data: data, budget: &budget, warnings: &warnings, incomplete: &incomplete)
    default:
      return nil
    }
  }

  /// `iCCP`: profile name, NUL, compression method, zlib-compressed profile. [11.3.2.3]
  static func iccCarrier(_ chunk: PNGChunk, data: [UInt8], budget: inout Int, warnings: inout [String],
                         incomplete: inout [IncompleteCheck]) -> Carrier? {
    var r = ByteReader(data, base: chunk.dataOffset, what: "PNG iCCP chunk")
    guard let nameBytes = try? PNGTextChunk.field(&r, limit: 79), let method = try? r.u8() else {
      warnings.append("PNG iCCP chunk at byte \(chunk.offset) is malformed (no profile name)")
      return Carrier(kind: .icc, offset: chunk.dataOffset, length: data.count, item: chunk.index, note: "iCCP (malformed)")
    }
    let name = PNGTextChunk.latin1(nameBytes)
    let compressedOffset = chunk.dataOffset + r.position
    let result = PNGTextChunk.inflate(r.readRest(), method: method, maxOutput: cap(budget))
    budget -= result.bytes.count
    if !result.isComplete {
      // What follows a cap or a corrupt stretch cannot be read: the profile is not fully checked.
      incomplete.append(IncompleteCheck(scope: "icc", reason: "PNG iCCP '\(name)' at byte \(chunk.offset) did not inflate completely (\(describe(result.status))); \(result.bytes.count) bytes read"))
    }
    return Carrier(kind: .icc, offset: compressedOffset, length: chunk.dataOffset + data.count - compressedOffset, item: chunk.index,
                   note: "iCCP '\(name)'", payload: result.bytes)
  }

  /// A text chunk: XMP, an ImageMagick raw profile, or a comment.
  static func textCarrier(_ chunk: PNGChunk, data: [UInt8], budget: inout Int, warnings: inout [String],
                          incomplete: inout [IncompleteCheck]) -> Carrier? {
    let text: PNGTextChunk
    do throws(ByteError) {
      text = try PNGTextChunk(type: chunk.type, data: data, offset: chunk.dataOffset, maxOutput: cap(budget))
    } catch {
      warnings.append("PNG \(chunk.type) chunk at byte \(chunk.offset) is malformed: \(error)")
      var malformed = Carrier(kind: .comment, offset: chunk.dataOffset, length: data.count, item: chunk.index,
                              note: "\(chunk.type) (malformed)", payload: [])
      malformed.comment = .pngText(keyword: nil)
      return malformed
    }
    budget -= text.raw.count
    var note = "\(chunk.type) '\(text.keyword)'"
    if let status = text.inflateStatus {
      let message: String = "PNG \(chunk.type) '\(text.keyword)' at byte \(chunk.offset) did not inflate completely (\(describe(status))); \(text.raw.count) bytes read"
      let scope = text.keyword == "XML:com.adobe.xmp" ? "xmp" : text.keyword.lowercased().hasPrefix("raw profile type ") ? "png/\(chunk.type)" : "comment"
      incomplete.append(IncompleteCheck(scope: scope, reason: message))
      note += " (incomplete)"
    }
    let length = chunk.dataOffset + data.count - text.textOffset  // what was read (a truncated chunk has less)
    func make(_ kind: CarrierKind, _ payload: [UInt8]) -> Carrier {
      var carrier = Carrier(kind: kind, offset: text.textOffset, length: max(0, length), item: chunk.index, note: note, payload: payload)
      if kind == .comment { carrier.comment = .pngText(keyword: text.keyword) }
      return carrier
    }
    let key = text.keyword.lowercased()
    if text.keyword == "XML:com.adobe.xmp" { return make(.xmp, text.raw) }
    let rawPrefix = "raw profile type "
    guard key.hasPrefix(rawPrefix) else { return make(.comment, text.text) }
    let profile = String(key.dropFirst(rawPrefix.count))
    let (bytes, problem) = PNGRawProfile.decode(text.raw)
    if let problem { warnings.append("PNG \(chunk.type) '\(text.keyword)': \(problem)") }
    switch profile {
    case "exif", "app1":
      // ImageMagick stores the APP1 body: "Exif\0\0" then TIFF.
      let tiff = bytes.hasPrefix(exifHeader) ? Array(bytes.dropFirst(6)) : bytes
      return make(.exif, tiff)
    case "xmp": return make(.xmp, bytes)
    case "iptc", "8bim": return make(.iptc, bytes)
    case "icc", "icm": return make(.icc, bytes)
    default: return make(.unknown, bytes)
    }
  }

  /// Output cap for one inflate: the per-chunk cap or what is left of the per-file budget.
  package static func cap(_ budget: Int) -> Int { max(0, min(maxInflatedChunkBytes, budget)) }

  static func describe(_ status: Inflater.Status) -> String {
    switch status {
    case .complete: "complete"
    case .outputLimitReached: "stopped at the size cap: \(maxInflatedChunkBytes >> 20) MiB per chunk, \(maxMetadataBytes >> 20) MiB per file"
    case .truncatedInput: "compressed data ends early"
    case .corrupt(let message): "corrupt: \(message)"
    }
  }
}
