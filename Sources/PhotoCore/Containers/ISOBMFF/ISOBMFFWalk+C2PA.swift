extension ISOBMFFWalk {
  /// The extended type of the C2PA `uuid` box: d8fec3d6-1b0e-483c-9297-5828877ec481.
  /// [C2PA Technical Specification 2.1 A.5]
  static let c2paUUID: [UInt8] = [0xD8, 0xFE, 0xC3, 0xD6, 0x1B, 0x0E, 0x48, 0x3C, 0x92, 0x97, 0x58, 0x28, 0x87, 0x7E, 0xC4, 0x81]
  /// Largest C2PA box payload read.
  static let maxC2PABytes = 64 << 20

  /// A C2PA `uuid` box: FullBox header, a NUL-terminated purpose ("manifest", "merkle"…), for a
  /// manifest a 64-bit offset to the first Merkle box, then the JUMBF manifest store, located as
  /// a `c2pa` carrier. Other purposes (Merkle trees of fragmented files) are hashes: swept.
  mutating func c2paBox(_ box: ISOBMFFBox, note: String?) -> LayoutNode {
    let range = box.offset..<box.end
    let payload = box.payloadRange
    guard payload.count <= Self.maxC2PABytes, let head = try? source.bytes(in: payload.lowerBound..<min(payload.upperBound, payload.lowerBound + 64)),
          head.count >= 5, let nul = head.dropFirst(4).firstIndex(of: 0) else {
      state.warn("C2PA 'uuid' box at byte \(box.offset) could not be read")
      return LayoutNode("uuid", range: range, headerLength: box.headerSize, note: "C2PA box, not read", swept: true)
    }
    let purpose = String(decoding: head[4..<nul], as: UTF8.self)
    guard purpose == "manifest" || purpose == "original" || purpose == "update" else {
      return LayoutNode("uuid", range: range, headerLength: box.headerSize, note: "C2PA box, purpose '\(purpose)'", swept: true)
    }
    let storeStart = payload.lowerBound + nul + 1 + 8
    guard storeStart < payload.upperBound, let bytes = try? source.bytes(in: storeStart..<payload.upperBound) else {
      state.warn("C2PA 'uuid' box at byte \(box.offset) holds no manifest store")
      return LayoutNode("uuid", range: range, headerLength: box.headerSize, note: "C2PA box without a manifest store", swept: true)
    }
    var carrier = Carrier(kind: .c2pa, offset: storeStart, length: bytes.count, note: "C2PA 'uuid' box at byte \(box.offset)", payload: bytes)
    carrier.sourceRange = storeStart..<payload.upperBound
    tree.scan.carriers.append(carrier)
    return LayoutNode("uuid", range: range, headerLength: box.headerSize, note: note.map { "C2PA manifest store; \($0)" } ?? "C2PA manifest store (\(purpose))")
  }
}
