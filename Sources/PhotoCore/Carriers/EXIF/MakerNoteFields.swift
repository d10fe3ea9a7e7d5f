import Codecs

/// The MakerNote entries libexif interprets (Canon, Olympus and Nikon, Pentax and Casio,
/// Fujifilm, Apple) as tags of carrier `makernote`, group "MakerNotes:Vendor", named as ExifTool
/// names them where libexif's name differs. Apple's are parsed here (`appleEntries`): its
/// `MediaGroupUUID` is the content identifier that pairs a Live Photo with its video. The privacy fields among them — serial numbers, owner names,
/// face-recognition names, unique IDs — are PA007 (`CaptureSummary.identifyingNames`); a GPS
/// position in a MakerNote is GPS of the file (PA001). [ExifTool Canon.pm, Olympus.pm,
/// Pentax.pm, FujiFilm.pm, Apple.pm; libexif libexif/*/mnote-*-tag.c]
enum MakerNoteFields {
  /// libexif names → ExifTool names.
  static let exifToolNames: [String: String] = [
    "Owner": "OwnerName", "OwnersName": "OwnerName", "CameraOwnerName": "OwnerName",
    "SerialNumber2": "InternalSerialNumber", "InternalSerial": "InternalSerialNumber", "CMOSSerialNumber": "InternalSerialNumber",
  ]

  /// The entries as tags. Entries libexif cannot name are "Tag0x1234". Apple's are read by
  /// `appleEntries` from `makerNote` (the MakerNote's bytes): libexif 0.6.24 reads its strings
  /// from the wrong place (the content identifier comes out as two bytes of garbage).
  package static func tags(_ entries: [ExifMakerNoteEntry], vendor: String, makerNote: [UInt8]?, carrier: CarrierKind, item: Int?) -> [MetadataTag] {
    if vendor == "Apple", let makerNote {
      return appleEntries(makerNote).map { tag, value in
        MetadataTag(carrier: .makernote, item: item, group: "MakerNotes:Apple",
                    name: appleNames[tag] ?? "Tag0x" + String(tag, radix: 16).leftPadded(to: 4), value: value)
      }
    }
    return entries.map { entry in
      let raw = entry.name ?? "Tag0x" + String(entry.tag, radix: 16).leftPadded(to: 4)
      let name = exifToolNames[raw] ?? raw
      return MetadataTag(carrier: .makernote, item: item, group: "MakerNotes:\(vendor)", name: name,
                         value: .text(entry.value.trimmingWhitespace()))
    }
  }

  /// Apple tag names. [ExifTool Apple.pm]
  static let appleNames: [Int: String] = [
    0x0001: "MakerNoteVersion", 0x0003: "RunTime", 0x0008: "AccelerationVector", 0x000A: "HDRImageType",
    0x000B: "BurstUUID", 0x0011: "MediaGroupUUID", 0x0015: "ImageUniqueID", 0x0020: "ImageCaptureRequestID",
    0x002B: "PhotoIdentifier",
  ]
  /// Most entries read from an Apple MakerNote.
  static let maxAppleEntries = 256

  /// An Apple MakerNote: "Apple iOS\0", a 2-byte version, "MM" or "II", then an IFD at byte 14
  /// whose value offsets count from the start of the MakerNote. ASCII values as text, 32-bit
  /// integers as numbers, anything else by its length. Bounds-checked; nil-free on bad data.
  /// [ExifTool Apple.pm, MakerNotes.pm (MakerNoteApple)]
  static func appleEntries(_ note: [UInt8]) -> [(tag: Int, value: TagValue)] {
    guard note.count >= 16, note.starts(with: Array("Apple iOS".utf8)) else { return [] }
    let big: Bool
    switch (note[12], note[13]) {
    case (0x4D, 0x4D): big = true
    case (0x49, 0x49): big = false
    default: return []
    }
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= note.count else { return nil }
      return big ? Int(note[at]) << 8 | Int(note[at + 1]) : Int(note[at + 1]) << 8 | Int(note[at])
    }
    func u32(_ at: Int) -> Int? {
      guard let a = u16(at), let b = u16(at + 2) else { return nil }
      return big ? a << 16 | b : b << 16 | a
    }
    guard let count = u16(14) else { return [] }
    var out: [(Int, TagValue)] = []
    for i in 0..<min(count, maxAppleEntries) {
      let entry = 16 + 12 * i
      guard let tag = u16(entry), let type = u16(entry + 2), let components = u32(entry + 4) else { break }
      let unit = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8][type] ?? 1
      let (size, overflow) = components.multipliedReportingOverflow(by: unit)
      guard !overflow else { continue }
      let start = size <= 4 ? entry + 8 : (u32(entry + 8) ?? -1)
      guard start >= 0, size <= note.count, start <= note.count - size else {
        out.append((tag, .text("(value outside the MakerNote)")))
        continue
      }
      let bytes = note[start..<start + size]
      switch type {
      case 2: out.append((tag, .text(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))))
      case 4, 9 where components == 1:
        let v = u32(start) ?? 0
        out.append((tag, .integer(Int64(type == 9 ? Int(Int32(truncatingIfNeeded: v)) : v))))
      default: out.append((tag, .binary(count: size)))
      }
    }
    return out
  }

  /// A position among the MakerNote's entries: names holding "Latitude" and "Longitude" whose
  /// values read as coordinates (decimal or degrees, minutes, seconds).
  package static func gps(in tags: [MetadataTag], carrier: CarrierKind, item: Int?) -> GPSFix? {
    func coordinate(_ word: String, latitude: Bool) -> Double? {
      tags.lazy.filter { $0.name.localizedCaseInsensitiveContains(word) }
        .compactMap { XMPValueParsing.coordinate($0.value.display, isLatitude: latitude) }.first
    }
    let lat = coordinate("latitude", latitude: true), lon = coordinate("longitude", latitude: false)
    guard lat != nil || lon != nil else { return nil }
    return GPSFix(carrier: .makernote, item: item, latitude: lat, longitude: lon, path: CarrierPath("makernote", index: item))
  }
}
