import Bytes
/// Reassembles Extended XMP: a packet too large for one JPEG APP1, split over several APP1
/// segments "http://ns.adobe.com/xmp/extension/\0" + 32-byte GUID (ASCII hex MD5 of the full
/// packet) + 4-byte BE full length + 4-byte BE offset + data. [XMP Part 3 1.1.3.1]
public enum ExtendedXMP {
  /// The APP1 signature of an Extended XMP chunk.
  public static let app1Signature: [UInt8] = Array("http://ns.adobe.com/xmp/extension/\u{0}".utf8)
  /// Largest full length accepted (a JPEG could in theory hold 4 GiB of chunks).
  public static let maxFullLength = 16 << 20
  /// Bytes before the data: GUID, full length, offset.
  package static let headerLength = 32 + 4 + 4
  /// At most this many warnings are listed one by one.
  static let maxListedWarnings = 8

  /// One chunk after its header was read.
  struct Chunk {
    var guid: String
    var fullLength: Int
    package var offset: Int
    package var data: ArraySlice<UInt8>
    package var order: Int
  }

  /// Joins the chunks of the Extended XMP named `guid` (the main packet's
  /// `xmpNote:HasExtendedXMP`) into one packet.
  ///
  /// Each chunk may include or omit the APP1 signature. Chunks are placed by offset, so their
  /// order does not matter; identical duplicates are ignored. A chunk that overlaps another,
  /// leaves the declared length or disagrees on it is dropped with a warning; a gap (missing
  /// chunk) gives a warning and a nil packet. Chunks of other GUIDs are reported, not merged.
  /// When `guid` is nil and chunks exist, the first GUID met is assembled, with a warning
  /// (an orphaned extension can still carry GPS).
  public static func assemble(chunks: [[UInt8]], guid: String?) -> (packet: [UInt8]?, warnings: [String]) {
    var warnings = Warnings()
    var parsed: [Chunk] = []
    for (n, raw) in chunks.enumerated() {
      var reader = ByteReader(raw, what: "Extended XMP chunk")
      if reader.peek(app1Signature) { try? reader.skip(app1Signature.count) }
      guard let guidBytes = try? reader.read(32), let full = try? reader.u32be(), let offset = try? reader.u32be() else {
        warnings.add("Extended XMP chunk \(n + 1) is shorter than its \(headerLength)-byte header; ignored.")
        continue
      }
      let data = raw[reader.position...]
      parsed.append(Chunk(guid: String(decoding: guidBytes, as: UTF8.self), fullLength: Int(full),
                          offset: Int(offset), data: data, order: n))
    }
    guard !parsed.isEmpty else {
      if let guid { warnings.add("The main XMP names Extended XMP \(guid), but no chunk is present.") }
      return (nil, warnings.list)
    }
    let wanted: String
    if let guid {
      wanted = guid
    } else {
      wanted = parsed[0].guid
      warnings.add("Extended XMP \(wanted) is present but the main packet does not name it (xmpNote:HasExtendedXMP).")
    }
    let key = wanted.uppercased()
    var mine: [Chunk] = []
    var others: [String: Int] = [:]
    for c in parsed {
      let g = c.guid.uppercased()
      if g == key { mine.append(c) } else { others[g, default: 0] += 1 }
    }
    for (other, count) in others.sorted(by: { $0.key < $1.key }) {
      warnings.add("Ignored \(count) Extended XMP chunk(s) with GUID \(other), not the one the main packet names.")
    }
    guard let first = mine.first else {
      warnings.add("The main XMP names Extended XMP \(wanted), but no chunk with that GUID is present.")
      return (nil, warnings.list)
    }
    let packet = place(mine, fullLength: first.fullLength, guid: wanted, warnings: &warnings)
    return (packet, warnings.list)
  }

  /// Places chunks into a buffer of `fullLength` bytes; nil if anything is missing.
  static func place(_ chunks: [Chunk], fullLength: Int, guid: String, warnings: inout Warnings) -> [UInt8]? {
    guard fullLength > 0, fullLength <= maxFullLength else {
      warnings.add("Extended XMP \(guid) declares \(fullLength) bytes, outside 1...\(maxFullLength); not assembled.")
      return nil
    }
    var buffer = [UInt8](repeating: 0, count: fullLength)
    var coveredUntil = 0
    var gaps = 0
    var previous: Chunk?
    for c in chunks.sorted(by: { ($0.offset, $0.order) < ($1.offset, $1.order) }) {
      if c.fullLength != fullLength {
        warnings.add("Extended XMP chunk at offset \(c.offset) declares length \(c.fullLength), not \(fullLength); ignored.")
        continue
      }
      guard !c.data.isEmpty else { continue }
      guard c.offset <= fullLength - c.data.count else {
        warnings.add("Extended XMP chunk at offset \(c.offset) (\(c.data.count) bytes) runs past the declared length \(fullLength); ignored.")
        continue
      }
      if c.offset < coveredUntil {
        if let p = previous, p.offset == c.offset, p.data.elementsEqual(c.data) { continue }  // duplicate
        warnings.add("Extended XMP chunk at offset \(c.offset) overlaps bytes already placed (up to \(coveredUntil)); ignored.")
        continue
      }
      if c.offset > coveredUntil { gaps += c.offset - coveredUntil }
      buffer.replaceSubrange(c.offset..<c.offset + c.data.count, with: c.data)
      coveredUntil = c.offset + c.data.count
      previous = c
    }
    gaps += fullLength - coveredUntil
    guard gaps == 0 else {
      warnings.add("Extended XMP \(guid) is missing \(gaps) of \(fullLength) bytes (a chunk is missing); not assembled.")
      return nil
    }
    return buffer
  }

  /// A warning list that summarises instead of growing without bound.
  struct Warnings {
    private(set) var list: [String] = []
    private var dropped = 0
    package mutating func add(_ s: String) {
      if list.count < ExtendedXMP.maxListedWarnings {
        list.append(s)
      } else {
        dropped += 1
        let note = "... and \(dropped) more Extended XMP warning(s)."
        if dropped == 1 { list.append(note) } else { list[list.count - 1] = note }
      }
    }
  }
}
