import Bytes
/// What the IFDs of a TIFF file say, decoded into the model.
struct TIFFFileContents: Sendable, Equatable {
  package var tags: [MetadataTag] = []
  /// One composite per GPS IFD (a multi-page file can have one per page), coordinates or not;
  /// a GPS IFD that is pointed at but cannot be read, or whose position cannot be read, is one
  /// with `unreadable` set. [SPEC "Fail closed"]
  package var gps: [GPSFix] = []
  /// IFD0's Orientation (raw value): it applies to the picture and its previews.
  package var orientation: Int?
  /// The MakerNote of each Exif IFD: vendor, where it is, its length.
  var makerNotes: [(vendor: String, range: Range<Int>, item: Int?)] = []

  static func == (a: TIFFFileContents, b: TIFFFileContents) -> Bool {
    a.tags == b.tags && a.gps == b.gps && a.orientation == b.orientation
      && a.makerNotes.map(\.vendor) == b.makerNotes.map(\.vendor) && a.makerNotes.map(\.range) == b.makerNotes.map(\.range)
  }
}

/// Decodes the IFDs of a whole TIFF file — every entry of every directory the walk read — into
/// tags named as ExifTool names them (`ExifDecoder.value`, `TIFFTagNames`), the GPS composite of
/// each GPS IFD and IFD0's Orientation. libexif is not used here: it reads IFDs only within the
/// first 64 KiB of a block, not BigTIFF, and would need the whole file in memory; our walk has
/// the entries already, each value read from the file on its own (at most `maxValueBytes`).
/// [TIFF 6.0 §2; CIPA DC-008 4.6]
enum TIFFFileDecoder {
  /// Most bytes of one value read to decode it; a longer value is shown by its size (text cut
  /// here, its bytes swept by the layout).
  static let maxValueBytes = 64 << 10
  /// Most tags listed per directory (pointers of a 10,000-strip image are one tag each).
  static let maxTagsPerDirectory = 1024

  package static func decode(_ layout: TIFFFileLayout, source: any ByteSource) -> TIFFFileContents {
    typealias Tag = TIFFFileLayout.Tag
    var contents = TIFFFileContents()
    let bigEndian = layout.header.bigEndian
    var make: String?
    for (index, directory) in layout.directories.enumerated() {
      let table = TIFFTagNames.group(directory.kind)
      let group = directory.kind == .image ? directory.name : table.rawValue
      let item = directory.kind == .image || directory.page == 0 ? nil : directory.page + 1
      var gpsEntries: [String: TagValue] = [:]
      // An entry whose value is not in the file shows nothing (the walk made it a PA015).
      for entry in directory.entries.prefix(maxTagsPerDirectory) where entry.value != nil && !ExifDecoder.pointerTags.contains(entry.tag) {
        let name = TIFFTagNames.name(entry.tag, in: directory.kind)
        let value = Self.value(entry, group: table, source: source, bigEndian: bigEndian)
        contents.tags.append(MetadataTag(carrier: .exif, item: item, group: group, name: name, value: value))
        switch (directory.kind, entry.tag) {
        case (.image, Tag.orientation) where index == 0: contents.orientation = value.number.map { Int($0) }
        case (.image, Tag.make) where index == 0: make = value.display
        case (.gps, _): gpsEntries[name] = value
        case (.exif, Tag.makerNote): if let range = entry.value { contents.makerNotes.append((vendor(of: range, in: source, make: make), range, item)) }
        default: break
        }
      }
      if directory.kind == .gps {
        var fix = GPSComposer.fix(from: gpsEntries, carrier: .exif, item: item)
        fix.offset = directory.table.lowerBound
        if let reason = unreadablePosition(directory, fix: fix, source: source, bigEndian: bigEndian) { fix.unreadable = reason }
        contents.gps.append(fix)
      }
    }
    // A GPS IFD pointed at but not read (outside the file, over a cap) is GPS all the same.
    for (index, directory) in layout.directories.enumerated() where directory.kind == .image || directory.kind == .exif {
      guard let pointer = directory.entry(Tag.gpsIFD),
            !layout.directories.contains(where: { $0.kind == .gps && $0.parent == index }) else { continue }
      var fix = GPSFix(carrier: .exif, item: directory.page == 0 ? nil : directory.page + 1)
      fix.offset = pointer.value?.lowerBound ?? directory.table.lowerBound
      fix.unreadable = "present, value unreadable: \(directory.name) points at a GPS IFD that could not be read"
      contents.gps.append(fix)
    }
    return contents
  }

  /// One entry's value: read from the file (at most `maxValueBytes`) and decoded by its type;
  /// BigTIFF's 64-bit types and the IFD type as integers. [BigTIFF; TIFF TN1]
  package static func value(_ entry: TIFFFileLayout.Entry, group: ExifGroup, source: any ByteSource, bigEndian: Bool) -> TagValue {
    guard let range = entry.value else { return .binary(count: 0) }
    let isText = entry.type == 2
    guard range.count <= maxValueBytes || isText else { return .binary(count: range.count) }
    guard let data = try? source.bytes(in: range.lowerBound..<range.lowerBound + min(range.count, maxValueBytes)) else {
      return .binary(count: range.count)
    }
    switch entry.type {
    case 13, 16, 17, 18:
      let size = entry.type == 13 ? 4 : 8
      let count = min(entry.count, data.count / size)
      guard count <= TIFFFileWalker.maxShownNumbers else { return .binary(count: range.count) }
      let items: [TagValue] = (0..<count).map { k in
        var value: UInt64 = 0
        for b in 0..<size { value = value << 8 | UInt64(data[k * size + (bigEndian ? b : size - 1 - b)]) }
        return .integer(entry.type == 17 ? Int64(bitPattern: value) : Int64(clamping: value))
      }
      return items.count == 1 ? items[0] : .list(items)
    default:
      return ExifDecoder.value(entry.tag, in: group, format: entry.type, components: entry.count, data: data, bigEndian: bigEndian)
    }
  }

  /// Why the position of a GPS IFD is present but unreadable, or nil when there is none or it
  /// was read: a latitude or longitude entry whose value is outside the file or is not
  /// rationals, or that reads as no coordinate. 0/0 degrees ("unknown" in EXIF) is no position.
  /// (`ExifGPSPresence` does the same for EXIF blocks.)
  static func unreadablePosition(_ directory: TIFFFileLayout.Directory, fix: GPSFix, source: any ByteSource, bigEndian: Bool) -> RedactableText? {
    let position = [(ExifGPSPresence.latitudeTag, "GPSLatitude", 90.0), (ExifGPSPresence.longitudeTag, "GPSLongitude", 180.0)]
      .compactMap { tag, name, limit in directory.entry(tag).map { (entry: $0, name: name, limit: limit) } }
    guard !position.isEmpty else { return nil }
    if fix.hasCoordinates {
      for (value, name, limit) in [(fix.latitude, "GPSLatitude", 90.0), (fix.longitude, "GPSLongitude", 180.0)] {
        if let value, !value.isFinite || abs(value) > limit { return "present, value unreadable: \(name) reads \(secret: .outOfRange(value)), not a coordinate" }
      }
      return nil
    }
    var undefined = 0
    for (entry, name, _) in position {
      guard let range = entry.value else { return "present, value unreadable: \(name) \(entry.problem ?? "has no value in the file")" }
      guard entry.type == 5 || entry.type == 10, entry.count >= 1, let bytes = try? source.bytes(in: range), bytes.count >= 8 else {
        return "present, value unreadable: \(name) is of TIFF type \(entry.type) with \(entry.count) values, not rationals"
      }
      if ExifGPSPresence.rationals(bytes, 0..<8, bigEndian: bigEndian).first?.isNaN == true { undefined += 1 }
    }
    return undefined == position.count ? nil : "present, value unreadable: the GPS position is present but could not be read"
  }

  /// The MakerNote's vendor: by its header, else by IFD0's Make. [ExifTool MakerNotes.pm]
  static func vendor(of range: Range<Int>, in source: any ByteSource, make: String?) -> String {
    let head = (try? source.bytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + 16))) ?? []
    let text = String(decoding: head.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x20 }, as: UTF8.self)
    if let vendor = ExifDecoder.makerNoteSignatures.first(where: { text.hasPrefix($0.prefix) })?.vendor { return vendor }
    return make?.split(separator: " ").first.map(String.init) ?? "unknown"
  }
}
