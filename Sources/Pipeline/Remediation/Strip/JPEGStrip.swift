import Bytes
import Codecs
import PhotoCore

/// `strip` of a JPEG: a whitelist of the segments a picture needs. Kept: SOI; the first APP0
/// JFIF (without its thumbnail); the APP2 ICC_PROFILE chunks (rebuilt from the profile's tags
/// when bytes no tag explains hide in it); the first APP14 Adobe (it says how to convert the
/// colours); the codestream — DQT, DHT, DAC, DRI, SOFn, SOS with its entropy-coded data, DNL, DHP,
/// EXP, RSTn — byte for byte; EOI. Added: a minimal EXIF APP1 holding only the Orientation, when
/// it was 2–8. Dropped: every other APPn (EXIF with its GPS and thumbnail, XMP, Extended XMP,
/// IPTC/Photoshop, MPF, FLIR, C2PA, vendor blocks), COM, junk between segments, and everything
/// after EOI (MPF secondary images, a Motion Photo's video, appended files). A marker outside
/// this list is refused. [ITU-T T.81 B.1–B.6, table B.1]
enum JPEGStrip {
  /// Codestream markers kept byte for byte: SOF0–SOF15 but DHT, JPG, DAC; DHT, DAC, DQT, DRI,
  /// DNL, DHP, EXP, SOS, RST0–7, EOI. [T.81 table B.1]
  static func isCodestream(_ marker: UInt8) -> Bool {
    switch marker {
    case 0xC0...0xCF: return marker != 0xC8  // SOFn, DHT (C4), DAC (CC); C8 is reserved (JPG)
    case 0xD0...0xD7, JPEGMarker.eoi, JPEGMarker.sos, JPEGMarker.dqt, JPEGMarker.dri, 0xDC, 0xDE, 0xDF: return true
    default: return false
    }
  }

  static let jfif = Array("JFIF".utf8) + [0]
  static let adobe = Array("Adobe".utf8)

  static func plan(_ input: StripInput) throws(StripRefusal) -> StripPlan {
    let tree = input.tree
    var plan = StripPlan()
    // A file cut short keeps what it has of its picture, as it is (the same bytes decode the same).
    let end = tree.end ?? input.bytes.count
    if tree.end == nil { plan.notes.append("the JPEG is cut short (no end-of-image marker): its picture data is kept as it is") }
    var sawJFIF = false, sawAdobe = false, sawFrame = false
    var afterSOS: Int?  // where the last SOS ended: its entropy-coded data follows
    var exifAt = 2  // where a minimal EXIF goes: after SOI and a JFIF APP0 right after it
    var icc: [LayoutNode] = []
    for node in tree.nodes where node.range.lowerBound < end {
      let range = node.range
      defer { if input.byte(range.lowerBound) == 0xFF, input.byte(range.lowerBound + 1) == JPEGMarker.sos { afterSOS = range.upperBound } }
      // Entropy-coded data (the walker names it after its SOS): kept.
      if node.kind == .structure, node.name.hasPrefix("scan "), afterSOS == range.lowerBound || input.byte(range.lowerBound) != 0xFF {
        afterSOS = nil
        continue
      }
      afterSOS = nil
      guard node.kind != .unaccounted, input.byte(range.lowerBound) == 0xFF, let marker = input.byte(range.lowerBound + 1),
            marker != 0xFF else {
        plan.drop(range, node.kind == .unaccounted ? "bytes between segments" : "fill bytes")
        continue
      }
      if marker == JPEGMarker.soi {
        guard range.lowerBound == 0 else { throw .unsure("a second start-of-image marker at byte \(range.lowerBound)") }
        continue
      }
      if isCodestream(marker) {
        if JPEGMarker.isStartOfFrame(marker) { sawFrame = true }
        continue
      }
      let content = range.lowerBound + 4
      switch marker {
      case JPEGMarker.app0 where !sawJFIF && !sawFrame && input.has(jfif, at: content):
        sawJFIF = true
        if let minimal = minimalJFIF(input, node) { plan.replace(range, with: minimal, "JFIF thumbnail") }
        if range.lowerBound == exifAt { exifAt = range.upperBound }
      case 0xE2 where input.has(ICCChunks.app2Signature, at: content):
        icc.append(node)
      case 0xEE where !sawAdobe && input.has(adobe, at: content):
        sawAdobe = true
      case 0xE0...0xEF, JPEGMarker.com:
        plan.drop(range, node.name)
      default:
        throw .unsure("it has \(JPEGMarker.name(marker)) at byte \(range.lowerBound) that strip does not know how to keep or drop")
      }
    }
    try keepICC(input, icc, into: &plan)
    // Everything after EOI: secondary images, a Motion Photo's video, appended files.
    if end < input.bytes.count {
      for document in StripRewriter.documents(in: tree, within: end..<input.bytes.count) { plan.note(removed: "\(document) after EOI") }
      plan.drop(end..<input.bytes.count, "\(input.bytes.count - end) bytes after EOI")
    }
    for child in tree.children where child.step.name == "thumbnail" || child.step.name == "c2pa" {
      plan.note(removed: StripRewriter.describe(child))
    }
    if let orientation = exifOrientation(input.metadata) {
      plan.insert(StripBlocks.jpegEXIF(orientation: orientation), at: exifAt)
      plan.kept.append("EXIF Orientation \(orientation) (in a minimal EXIF)")
    }
    return plan
  }

  /// The IFD0 Orientation to keep: 2–8 (1 is the default; 0 and 9+ are invalid and shown as 1).
  static func exifOrientation(_ m: PhotoMetadata) -> Int? {
    guard let value = m.orientation.exif, (2...8).contains(value) else { return nil }
    return value
  }

  /// The JFIF APP0 without a thumbnail, when it has one (or bytes after its fields); nil when it
  /// is already minimal. [JFIF 1.02 p. 5: identifier, version, units, densities, thumbnail size]
  static func minimalJFIF(_ input: StripInput, _ node: LayoutNode) -> [UInt8]? {
    let fields = 4 + 5 + 2 + 1 + 4  // marker and length, "JFIF\0", version, units, densities
    guard node.range.count >= fields + 2 else { return nil }
    let thumbnail = node.range.lowerBound + fields
    if node.range.count == fields + 2, input.byte(thumbnail) == 0, input.byte(thumbnail + 1) == 0 { return nil }
    return [0xFF, JPEGMarker.app0, 0x00, 0x10] + Array(input.slice(node.range.lowerBound + 4..<thumbnail)) + [0, 0]
  }

  /// Keeps the ICC chunks as they are, or — when bytes that no tag of the profile explains hide
  /// in it — replaces them with the profile rebuilt from its tags (`ICCProfileRebuilder`).
  static func keepICC(_ input: StripInput, _ nodes: [LayoutNode], into plan: inout StripPlan) throws(StripRefusal) {
    guard !nodes.isEmpty else { return }
    let payloads = nodes.map { Array(input.slice($0.range.lowerBound + 4..<$0.range.upperBound)) }
    guard let profile = ICCChunks.assemble(payloads).profile, let rebuilt = ICCProfileRebuilder.rebuild(profile) else {
      for node in nodes { plan.drop(node.range, "ICC profile (it does not read as one)") }
      return
    }
    plan.kept.append("ICC profile")
    guard rebuilt != profile else { return }
    let chunks: [UInt8]
    do {
      chunks = try JPEGCodec.insertICC(rebuilt, into: [0xFF, JPEGMarker.soi]).dropFirst(2).map { $0 }
    } catch {
      throw .unsure("its ICC profile cannot be rebuilt: \(error)")
    }
    plan.replace(nodes[0].range, with: chunks, "bytes in the ICC profile that none of its tags explains")
    for node in nodes.dropFirst() { plan.drop(node.range, nil) }
  }
}
