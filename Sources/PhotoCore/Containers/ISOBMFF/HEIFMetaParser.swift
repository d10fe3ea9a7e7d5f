import Bytes
/// Decodes the children of a `meta` box (already in memory) into `HEIFFile` fields:
/// `hdlr`, `pitm`, `iinf`/`infe`, `iref`, `iprp`/`ipco`/`ipma` and `idat`; `iloc` is in
/// `HEIFMetaParser+Location.swift`. Each box is read with a bounds-checked reader; a malformed
/// box is a warning and leaves its fields empty. [ISO/IEC 23008-12 9; ISO/IEC 14496-12 8.11]
enum HEIFMetaParser {
  /// Fills `file` from the `meta` box; item offsets count from the start of `range`.
  package static func parse(meta: LoadedBox, into file: inout HEIFFile, file range: Range<Int>, state: inout ISOBMFFWalkState) {
    func single(_ type: String) -> LoadedBox? {
      let all = meta.children(type)
      if all.count > 1 { state.warn("'meta' has \(all.count) '\(type)' boxes; the first is used") }
      return all.first
    }
    if let hdlr = single("hdlr") { file.handlerType = handler(hdlr, state: &state) }
    if let pitm = single("pitm") { file.primaryItemID = primaryItem(pitm, state: &state) }
    if let idat = single("idat") { file.idat = idat.box.payloadRange }
    if let iinf = single("iinf") { file.items = items(iinf, state: &state) }
    if let iref = single("iref") { file.references = references(iref, state: &state) }
    if let iprp = single("iprp") { properties(iprp, into: &file, state: &state) }
    if let iloc = single("iloc") {
      file.locations = locations(iloc, idat: file.idat, file: range, state: &state)
    }
  }

  /// Runs `body`, turning a short read into a warning about `box`.
  @discardableResult
  package static func reading<T>(_ box: LoadedBox, _ state: inout ISOBMFFWalkState, default value: T,
                         _ body: (inout ByteReader) throws(ByteError) -> T) -> T {
    var reader = box.reader()
    do throws(ByteError) {
      return try body(&reader)
    } catch {
      state.warn("HEIF '\(box.box.type)' box is malformed: \(error)")
      return value
    }
  }

  /// `hdlr`: FullBox, pre_defined, handler_type, reserved[3], name. [ISO/IEC 14496-12 8.4.3]
  static func handler(_ box: LoadedBox, state: inout ISOBMFFWalkState) -> String? {
    reading(box, &state, default: nil) { (r: inout ByteReader) throws(ByteError) -> String? in
      try r.skip(8)
      return ISOBMFFBox.fourCC(try r.read(4))
    }
  }

  /// `pitm`: item_ID, 16 bits in version 0, 32 bits otherwise. [ISO/IEC 14496-12 8.11.4]
  static func primaryItem(_ box: LoadedBox, state: inout ISOBMFFWalkState) -> Int? {
    reading(box, &state, default: nil) { (r: inout ByteReader) throws(ByteError) -> Int? in
      let version = try r.u8()
      try r.skip(3)
      return version == 0 ? Int(try r.u16be()) : Int(try r.u32be())
    }
  }

  /// `iinf`: the `infe` children (the walker already split them out). [ISO/IEC 14496-12 8.11.6]
  package static func items(_ iinf: LoadedBox, state: inout ISOBMFFWalkState) -> [HEIFItem] {
    let declared = reading(iinf, &state, default: -1) { (r: inout ByteReader) throws(ByteError) -> Int in
      let version = try r.u8()
      try r.skip(3)
      return version == 0 ? Int(try r.u16be()) : Int(try r.u32be())
    }
    let entries = iinf.children("infe")
    if declared >= 0, declared != entries.count {
      state.warn("HEIF 'iinf' declares \(declared) items but holds \(entries.count)")
    }
    var result: [HEIFItem] = []
    var seen = Set<Int>()
    for infe in entries {
      guard let item = item(infe, state: &state) else { continue }
      if !seen.insert(item.id).inserted {
        state.warn("HEIF item \(item.id) is declared twice in 'iinf'; the first is used")
        continue
      }
      result.append(item)
    }
    return result
  }

  /// `infe` versions 0–3. [ISO/IEC 14496-12 8.11.6.2]
  package static func item(_ infe: LoadedBox, state: inout ISOBMFFWalkState) -> HEIFItem? {
    var unknownVersion: Int?
    let item = reading(infe, &state, default: nil) { (r: inout ByteReader) throws(ByteError) -> HEIFItem? in
      let version = Int(try r.u8())
      let flags = try r.uintBE(size: 3)
      let hidden = flags & 1 != 0
      switch version {
      case 0, 1:
        let id = Int(try r.u16be())
        let protection = Int(try r.u16be())
        let name = lenientCString(&r)
        let contentType = r.isAtEnd ? nil : lenientCString(&r)
        let encoding = r.isAtEnd ? nil : lenientCString(&r)
        return HEIFItem(id: id, type: "", name: name, contentType: contentType,
                        contentEncoding: encoding.flatMap { $0.isEmpty ? nil : $0 },
                        isHidden: hidden, protectionIndex: protection, infeVersion: version)
      case 2, 3:
        let id = version == 2 ? Int(try r.u16be()) : Int(try r.u32be())
        let protection = Int(try r.u16be())
        let type = ISOBMFFBox.fourCC(try r.read(4))
        let name = r.isAtEnd ? "" : lenientCString(&r)
        var item = HEIFItem(id: id, type: type, name: name, isHidden: hidden,
                            protectionIndex: protection, infeVersion: version)
        if type == "mime", !r.isAtEnd {
          item.contentType = lenientCString(&r)
          if !r.isAtEnd {
            let encoding = lenientCString(&r)
            item.contentEncoding = encoding.isEmpty ? nil : encoding
          }
        } else if type == "uri ", !r.isAtEnd {
          item.uriType = lenientCString(&r)
        }
        return item
      default:
        unknownVersion = version
        return nil
      }
    }
    if let unknownVersion {
      state.warn("HEIF 'infe' at byte \(infe.box.offset) has unknown version \(unknownVersion); item skipped")
    }
    return item
  }

  /// `iref`: one child box per reference type; IDs are 16 bits in version 0, 32 in version 1.
  /// [ISO/IEC 14496-12 8.11.12]
  static func references(_ iref: LoadedBox, state: inout ISOBMFFWalkState) -> [HEIFReference] {
    let version = iref.payload.first ?? 0
    let idSize = version == 0 ? 2 : 4
    var result: [HEIFReference] = []
    for child in iref.children {
      let reference = reading(child, &state, default: nil) { (r: inout ByteReader) throws(ByteError) -> HEIFReference? in
        let from = Int(try r.uintBE(size: idSize))
        let count = Int(try r.u16be())
        var to: [Int] = []
        to.reserveCapacity(min(count, r.remaining / idSize))
        for _ in 0..<count { to.append(Int(try r.uintBE(size: idSize))) }
        return HEIFReference(type: child.box.type, from: from, to: to)
      }
      if let reference { result.append(reference) }
    }
    return result
  }

  /// `iprp`: the `ipco` property list and the `ipma` associations. [ISO/IEC 23008-12 9.3]
  static func properties(_ iprp: LoadedBox, into file: inout HEIFFile, state: inout ISOBMFFWalkState) {
    let ipcos = iprp.children("ipco")
    if ipcos.count > 1 { state.warn("HEIF 'iprp' has \(ipcos.count) 'ipco' boxes; the first is used") }
    if let ipco = ipcos.first {
      file.properties = ipco.children.map { HEIFPropertyBox(box: $0.box, property: HEIFProperty.parse($0)) }
      for case let p in file.properties {
        if case .malformed(let type, let reason) = p.property {
          state.warn("HEIF '\(type)' property at byte \(p.box.offset) is malformed: \(reason)")
        }
      }
    }
    for ipma in iprp.children("ipma") {
      associations(ipma, into: &file.associations, propertyCount: file.properties.count, state: &state)
    }
  }

  /// `ipma`: per item, a list of (essential, property_index); the index is 7 bits (flags & 1 == 0)
  /// or 15 bits (flags & 1 == 1); item IDs are 16 bits in version 0, 32 otherwise.
  /// [ISO/IEC 23008-12 9.3.2]
  static func associations(_ ipma: LoadedBox, into table: inout [Int: [HEIFPropertyAssociation]],
                           propertyCount: Int, state: inout ISOBMFFWalkState) {
    var outOfRange = 0
    var duplicates: [Int] = []
    reading(ipma, &state, default: ()) { (r: inout ByteReader) throws(ByteError) in
      let version = try r.u8()
      let flags = try r.uintBE(size: 3)
      let wide = flags & 1 != 0
      let entryCount = Int(try r.u32be())
      for _ in 0..<entryCount {
        let itemID = version < 1 ? Int(try r.u16be()) : Int(try r.u32be())
        let count = Int(try r.u8())
        var list: [HEIFPropertyAssociation] = []
        for _ in 0..<count {
          let raw = wide ? Int(try r.u16be()) : Int(try r.u8())
          let essential = raw & (wide ? 0x8000 : 0x80) != 0
          let index = raw & (wide ? 0x7FFF : 0x7F)
          if index > propertyCount { outOfRange += 1 }
          list.append(HEIFPropertyAssociation(index: index, essential: essential))
        }
        if table[itemID] != nil { duplicates.append(itemID) } else { table[itemID] = list }
      }
    }
    if outOfRange > 0 {
      state.warn("HEIF 'ipma' refers \(outOfRange) time(s) to properties that 'ipco' does not have")
    }
    if !duplicates.isEmpty {
      state.warn("HEIF 'ipma' lists item(s) \(duplicates.map(String.init).joined(separator: ", ")) more than once; the first list is used")
    }
  }
}
