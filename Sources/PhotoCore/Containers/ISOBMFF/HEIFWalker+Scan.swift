import Bytes
import Codecs

extension HEIFWalker {
  /// Turns a parsed file into a `ContainerScan`, reading the payloads of metadata items only.
  /// Items that could not be read (over a cap, protected, built from other items) go to `incomplete`.
  static func makeScan(_ file: HEIFFile, source: any ByteSource,
                       incomplete: inout [IncompleteCheck]) throws(ContainerError) -> ContainerScan {
    var scan = ContainerScan(format: file.format)
    scan.heif = file
    scan.primaryItemID = file.primaryItemID
    var warnings = file.warnings
    var budget = ISOBMFFLimits.maxMetadataBytes
    if let primary = file.primaryItemID {
      // The coded picture's size when `ispe` disagrees with it (what libheif shows).
      let picture = file.pictureSize(of: primary, in: source)
      scan.storedSize = picture.size
      if let disagreement = picture.disagreement { warnings.append(disagreement) }
      scan.transforms = file.transforms(of: primary)
      // An ispe with a zero side, or one beyond JPEG/HEVC limits, is no size at all.
      if let size = scan.storedSize, size.width <= 0 || size.height <= 0 || size.width > 1 << 20 || size.height > 1 << 20 {
        warnings.append("HEIF primary item \(primary) has an impossible 'ispe' size \(size.width)×\(size.height); ignored")
        scan.storedSize = nil
      }
    }
    for item in file.items {
      guard var carrier = try metadataCarrier(item, file: file, source: source, budget: &budget, warnings: &warnings,
                                              incomplete: &incomplete)
      else { continue }
      carrier.describedItems = file.targets(of: item.id, type: "cdsc")
      scan.carriers.append(carrier)
    }
    scan.carriers += iccCarriers(file)
    scan.carriers.sort { ($0.offset, $0.item ?? 0) < ($1.offset, $1.item ?? 0) }
    scan.embeddedImages = embeddedImages(file, carriers: scan.carriers)
    scan.structureTags = structureTags(file)
    scan.warnings = warnings
    return scan
  }

  /// The carrier for an `Exif`, `mime` or `uri ` item, with its payload read; nil for other items.
  static func metadataCarrier(_ item: HEIFItem, file: HEIFFile, source: any ByteSource, budget: inout Int,
                              warnings: inout [String], incomplete: inout [IncompleteCheck]) throws(ContainerError) -> Carrier? {
    let kind: CarrierKind
    if item.isExif { kind = .exif } else if item.isXMP { kind = .xmp }
    else if item.type == "mime" || item.type == "uri " || (item.type.isEmpty && item.contentType != nil) { kind = .unknown }
    else { return nil }
    let described = file.targets(of: item.id, type: "cdsc")
    var note = "item \(item.id) \(item.type.isEmpty ? "infe v\(item.infeVersion)" : item.type)"
    if let contentType = item.contentType, !contentType.isEmpty { note += " \(contentType)" }
    if let uri = item.uriType { note += " \(uri)" }
    note += described.isEmpty ? ", not linked to an image (no cdsc)"
      : ", describes item \(described.map(String.init).joined(separator: ", "))"
    guard let location = file.locations[item.id] else {
      warnings.append("HEIF \(kind.rawValue) item \(item.id) has no 'iloc' entry; its data cannot be found")
      return Carrier(kind: kind, offset: 0, length: 0, item: item.id, note: note + ", no location")
    }
    let start = location.extents.first?.offset ?? 0
    guard location.isReadable else {
      // The warning for the bad extent was given when 'iloc' was read; data built from other
      // items is in the file but not read.
      if location.constructionMethod == 2 {
        incomplete.append(IncompleteCheck(scope: "\(kind.rawValue)#\(item.id)", reason: "HEIF item \(item.id) is built from other items (construction method 2), which is not read"))
      }
      return Carrier(kind: kind, offset: start, length: 0, item: item.id, note: note + ", data outside the file")
    }
    if location.extents.contains(where: \.toEnd) {
      // `exiftool -all=` empties an item this way: the extent "to the end of the file" would be
      // image data, not metadata. Its bytes are left to the items that own them (and to the sweep).
      warnings.append("HEIF \(kind.rawValue) item \(item.id) has an extent of length 0 (\"to the end of the file\"), as an emptied item has; read as empty")
      return Carrier(kind: kind, offset: start, length: 0, item: item.id, note: note + ", empty (extent of length 0)")
    }
    if item.protectionIndex != 0 {
      incomplete.append(IncompleteCheck(scope: "\(kind.rawValue)#\(item.id)", reason: "HEIF \(kind.rawValue) item \(item.id) is protected (encrypted); not read"))
      return Carrier(kind: kind, offset: start, length: location.length, item: item.id, note: note + ", protected")
    }
    guard var data = try itemData(location, source: source, budget: &budget, warnings: &warnings) else {
      incomplete.append(IncompleteCheck(scope: "\(kind.rawValue)#\(item.id)", reason: "HEIF item \(item.id) is \(location.length) bytes, over the metadata size cap; not read"))
      return Carrier(kind: kind, offset: start, length: location.length, item: item.id, note: note + ", not read (over the size cap)")
    }
    if let encoding = item.contentEncoding?.lowercased(), !encoding.isEmpty {
      guard encoding == "deflate" else {
        incomplete.append(IncompleteCheck(scope: "\(kind.rawValue)#\(item.id)", reason: "HEIF item \(item.id) has content encoding '\(encoding)', which is not decoded"))
        return Carrier(kind: kind, offset: start, length: location.length, item: item.id, note: note + ", \(encoding)", payload: data)
      }
      let result = Inflater.inflate(data, maxOutput: ISOBMFFLimits.maxItemBytes, wrapping: .automatic)
      if !result.isComplete {
        incomplete.append(IncompleteCheck(scope: "\(kind.rawValue)#\(item.id)", reason: "HEIF item \(item.id) did not inflate completely: \(result.status)"))
      }
      data = result.bytes
      note += ", deflated"
      return Carrier(kind: kind, offset: start, length: location.length, item: item.id, note: note, payload: data)
    }
    let contiguous = location.extents.count == 1
    guard kind == .exif else {
      return Carrier(kind: kind, offset: start, length: location.length, item: item.id, note: note, payload: data,
                     sourceRange: contiguous ? start..<start + data.count : nil)
    }
    let tiff = tiffStart(data, itemID: item.id, warnings: &warnings)
    let payload = Array(data[min(tiff, data.count)...])
    let offset = absolute(tiff, in: location)
    return Carrier(kind: .exif, offset: offset, length: payload.count, item: item.id, note: note, payload: payload,
                   sourceRange: contiguous ? offset..<offset + payload.count : nil)
  }

  /// Where the TIFF header starts in an `Exif` item: after the 4-byte big-endian offset, plus that
  /// offset (usually 0 or 6, skipping "Exif\0\0"). A wrong offset is repaired when a TIFF header
  /// is found nearby. [ISO/IEC 23008-12 A.2.1]
  static func tiffStart(_ data: [UInt8], itemID: Int, warnings: inout [String]) -> Int {
    func isTIFF(_ at: Int) -> Bool {
      at >= 0 && at + 4 <= data.count
        && (data[at..<at + 4].elementsEqual([0x49, 0x49, 0x2A, 0x00]) || data[at..<at + 4].elementsEqual([0x4D, 0x4D, 0x00, 0x2A]))
    }
    guard data.count >= 4 else {
      warnings.append("HEIF Exif item \(itemID) is \(data.count) bytes, too short for its TIFF header offset")
      return data.count
    }
    let declared = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
    let start = 4 + declared
    if isTIFF(start) { return start }
    if isTIFF(start + 6), data[start..<start + 6].elementsEqual(Array(ascii: "Exif") + [0, 0]) { return start + 6 }
    // Search the first bytes for a TIFF header (some writers get the offset wrong).
    if let found = (4..<min(data.count, 4 + 64)).first(where: isTIFF) {
      warnings.append("HEIF Exif item \(itemID): TIFF header offset \(declared) is wrong; the TIFF header is at byte \(found - 4) of the payload")
      return found
    }
    warnings.append("HEIF Exif item \(itemID) has no TIFF header at offset \(declared)")
    return min(start, data.count)
  }

  /// Reads an item's extents, within the per-item and per-file caps; nil when over a cap.
  static func itemData(_ location: HEIFItemLocation, source: any ByteSource, budget: inout Int,
                       warnings: inout [String]) throws(ContainerError) -> [UInt8]? {
    let total = location.length
    guard total <= ISOBMFFLimits.maxItemBytes, total <= budget else {
      warnings.append("HEIF item \(location.itemID) is \(total) bytes, over the metadata size cap; not read")
      return nil
    }
    budget -= total
    var data: [UInt8] = []
    data.reserveCapacity(total)
    for extent in location.extents {
      data += try read(source, extent.offset..<extent.offset + extent.length, "item \(location.itemID) data")
    }
    return data
  }

  /// The absolute file offset of byte `index` of an item's concatenated extents.
  package static func absolute(_ index: Int, in location: HEIFItemLocation) -> Int {
    var remaining = index
    for extent in location.extents {
      if remaining < extent.length { return extent.offset + remaining }
      remaining -= extent.length
    }
    return (location.extents.last.map { $0.offset + $0.length }) ?? 0
  }

  /// One `.icc` carrier per `colr` ICC property in `ipco`, attributed to the primary item when
  /// associated with it.
  static func iccCarriers(_ file: HEIFFile) -> [Carrier] {
    var result: [Carrier] = []
    for (i, entry) in file.properties.enumerated() {
      guard case .colourICC(let type, let offset, let profile) = entry.property else { continue }
      let users = file.associations.filter { $0.value.contains { $0.index == i + 1 } }.keys.sorted()
      let owner = users.contains(file.primaryItemID ?? -1) ? file.primaryItemID : users.first
      let others = users.count - 1
      let note = "colr \(type)" + (owner.map { " of item \($0)" + (others > 0 ? " and \(others) other item\(others == 1 ? "" : "s")" : "") }
        ?? ", not associated with any item")
      var carrier = Carrier(kind: .icc, offset: offset, length: profile.count, item: owner, note: note, payload: profile,
                            sourceRange: offset..<offset + profile.count)
      carrier.describedItems = users
      result.append(carrier)
    }
    return result
  }
}
