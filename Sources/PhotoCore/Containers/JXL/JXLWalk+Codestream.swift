import Codecs

extension JXLWalk {
  /// A `jxlp` box: a 4-byte big-endian index (its top bit flags the last part), then the next
  /// piece of the codestream. Parts must come in index order from 0. [ISO/IEC 18181-2 3.3]
  mutating func codestreamPart(_ box: ISOBMFFBox, note: String?) throws(ContainerError) -> LayoutNode {
    let whole = box.offset..<box.end
    let payload = box.payloadRange
    guard payload.count >= 4 else {
      warn("JPEG XL 'jxlp' box at byte \(box.offset) is shorter than its 4-byte index")
      return LayoutNode("jxlp", range: whole, headerLength: box.headerSize, note: "too short for its index",
                        unexplainedContent: "a 'jxlp' box without an index")
    }
    let index = try read(payload.lowerBound..<payload.lowerBound + 4, "'jxlp' index").reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    let number = Int(index & 0x7FFF_FFFF)
    let isLast = index & 0x8000_0000 != 0
    if sawJXLC { warn("JPEG XL has both 'jxlc' and 'jxlp' boxes ('jxlp' at byte \(box.offset)): not a valid file") }
    if lastPartSeen { warn("JPEG XL 'jxlp' box at byte \(box.offset) follows the part flagged last; ignored by readers") }
    if number != partsSeen { warn("JPEG XL 'jxlp' box at byte \(box.offset) has index \(number), expected \(partsSeen)") }
    if !sawJXLC, !lastPartSeen {
      codestream.append(payload.lowerBound + 4..<payload.upperBound)
      codestreamNodes.append(tree.nodes.count)
    }
    partsSeen += 1
    lastPartSeen = lastPartSeen || isLast
    let what = "codestream part \(number)\(isLast ? ", the last" : "") (image data)"
    return LayoutNode("jxlp", range: whole, headerLength: box.headerSize + 4, note: note.map { "\(what); \($0)" } ?? what)
  }

  /// The codestream's header (stored size, orientation) and, in `.complete` mode, where the
  /// codestream ends: what follows it inside its box (or after a bare codestream) is no image data.
  mutating func readCodestream() throws(ContainerError) {
    guard let first = codestream.first else {
      throw .malformed(format: JXLWalker.format, what: "container", offset: range.lowerBound,
                       reason: "no codestream box ('jxlc' or 'jxlp')")
    }
    if partsSeen > 0, !lastPartSeen, !sawJXLC {
      warn("JPEG XL has no 'jxlp' box flagged as the last part: the codestream may be incomplete")
    }
    var head: [UInt8] = []
    for piece in codestream where head.count < JXLCodestreamHeader.readLength {
      head += try read(piece.lowerBound..<min(piece.upperBound, piece.lowerBound + JXLCodestreamHeader.readLength - head.count), "codestream")
    }
    guard let header = JXLCodestreamHeader(head) else {
      throw .malformed(format: JXLWalker.format, what: "codestream header", offset: first.lowerBound,
                       reason: head.starts(with: JXLCodestreamHeader.signature) ? "its size header does not parse" : "no FF 0A signature")
    }
    tree.scan.storedSize = PixelSize(width: header.width, height: header.height)
    tree.scan.codestreamOrientation = header.orientation
    if mode == .complete, header.width * header.height > JXLWalker.maxCodestreamPixels {
      tree.markIncomplete("jxl", "JPEG XL image of \(header.width)×\(header.height) is over \(JXLWalker.maxCodestreamPixels) pixels: where its codestream ends, and what follows it, was not checked")
      structure(toTheEnd: false)
    } else {
      structure(toTheEnd: mode == .complete)
    }
  }

  /// Has libjxl read the codestream's headers (its ICC profile, a carrier) and, with `toTheEnd`
  /// (`.complete` mode), its frame headers to the end of the codestream (`JXLCodec.structure`):
  /// what follows the codestream in its box, or after a bare codestream, is not image data.
  /// Without `toTheEnd` only the first `headerBytes` are handed over (an ICC profile is in them).
  /// A codestream libjxl cannot read to its end is PA015: data after it would go unseen.
  private mutating func structure(toTheEnd: Bool) {
    let total = codestream.reduce(0) { $0 + $1.count }
    guard !toTheEnd || total <= JXLWalker.maxCodestreamBytes else {
      tree.markIncomplete("jxl", "JPEG XL codestream of \(total) bytes is over the \(JXLWalker.maxCodestreamBytes >> 20) MiB limit for finding its end; data after its end was not looked for")
      return
    }
    let wanted = toTheEnd ? total : min(total, JXLWalker.headerBytes)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(wanted)
    for piece in codestream where bytes.count < wanted {
      guard let part = try? source.bytes(in: piece.lowerBound..<min(piece.upperBound, piece.lowerBound + wanted - bytes.count)) else { return }
      bytes += part
    }
    let found: JXLCodec.Structure
    do {
      found = try JXLCodec.structure(bytes, toTheEnd: toTheEnd)
    } catch {
      if toTheEnd {
        tree.markIncomplete("jxl", "JPEG XL codestream at byte \(codestream[0].lowerBound) could not be read to its end (\(error)); its ICC profile and bytes after its end were not checked")
      } else {
        warn("JPEG XL codestream headers could not be read in the first \(wanted) bytes (\(error)); its ICC profile was not read")
      }
      return
    }
    if let icc = found.icc {
      tree.scan.carriers.append(Carrier(kind: .icc, offset: codestream[0].lowerBound, length: icc.count,
                                        note: "ICC profile in the JPEG XL codestream (decoded by libjxl)", payload: icc))
    }
    guard let length = found.length, length < total else { return }
    // Walk the pieces to the one where the codestream ends.
    var left = length
    for (piece, nodeIndex) in zip(codestream, codestreamNodes) {
      let used = min(left, piece.count)
      left -= used
      guard used < piece.count else { continue }
      let after = piece.lowerBound + used..<piece.upperBound
      var node = tree.nodes[nodeIndex]
      if node.name == "codestream" {
        // A bare codestream: what follows is trailing data (walked for documents, else PA014).
        node.range = node.range.lowerBound..<after.lowerBound
        tree.end = after.lowerBound
      } else {
        node.unexplainedContent = "bytes in '\(node.name)' after the end of the codestream"
        if used > 0 {
          node.children = [LayoutNode("codestream", range: piece.lowerBound..<after.lowerBound, note: "image data")]
        }
      }
      tree.nodes[nodeIndex] = node
      warn(node.name == "codestream" ? "JPEG XL codestream ends at byte \(after.lowerBound); \(after.count) bytes follow it"
                                     : "JPEG XL codestream ends at byte \(after.lowerBound), \(after.count) bytes before the end of its '\(node.name)'")
    }
  }
}
