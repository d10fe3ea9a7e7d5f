import Bytes
import Codecs
import Foundation

/// What one TIFF/EXIF block says, decoded into the model.
public struct ExifContents: Sendable, Equatable {
  public var tags: [MetadataTag] = []
  /// Coordinates (or other GPS fields) from the GPS IFD; nil when there is no GPS IFD entry.
  public var gps: GPSFix?
  /// IFD0 Orientation raw value.
  public var orientation: Int?
  /// IFD1 (thumbnail) Orientation raw value.
  public var thumbnailOrientation: Int?
  /// The IFD1 JPEG thumbnail and where it starts inside the TIFF block.
  public var thumbnail: (offset: Int, bytes: [UInt8])?
  /// The MakerNote: vendor, offset inside the TIFF block (when found) and length.
  public var makerNote: (vendor: String, offset: Int?, length: Int)?
  /// A position found among the MakerNote's entries (a GPS of the file).
  public var makerNoteGPS: GPSFix?
  public var warnings: [String] = []
  /// Why the block could not be checked completely (it does not parse): each is a PA015.
  public var incomplete: [String] = []

  public static func == (a: ExifContents, b: ExifContents) -> Bool {
    a.tags == b.tags && a.gps == b.gps && a.orientation == b.orientation
      && a.thumbnailOrientation == b.thumbnailOrientation && a.thumbnail?.offset == b.thumbnail?.offset
      && a.thumbnail?.bytes == b.thumbnail?.bytes && a.makerNote?.vendor == b.makerNote?.vendor
      && a.makerNote?.length == b.makerNote?.length && a.makerNoteGPS == b.makerNoteGPS && a.warnings == b.warnings && a.incomplete == b.incomplete
  }
}

/// Decodes a TIFF/EXIF block (bytes from the TIFF header on) through libexif into tags named as
/// ExifTool names them, plus the composites: signed GPS, orientation, thumbnail, MakerNote.
public enum ExifDecoder {
  /// Tags whose raw values are offsets into the block, not data (dropped from the tag list).
  static let pointerTags: Set<UInt16> = [0x8769, 0x8825, 0xA005]

  public static func decode(_ tiff: [UInt8], carrier: CarrierKind = .exif, item: Int? = nil) -> ExifContents {
    decode(tiff, structure: TIFFStructure.parse(tiff), carrier: carrier, item: item)
  }

  /// `decode` with the block's TIFF walk already made (by the layout walk).
  static func decode(_ tiff: [UInt8], structure: TIFFStructure?, carrier: CarrierKind = .exif, item: Int? = nil) -> ExifContents {
    var result = ExifContents()
    let raw: ExifRawContents
    do {
      raw = try ExifReader.read(tiff: tiff)
    } catch {
      // Fewer than 8 bytes cannot hold an IFD: nothing unread. More that do not parse may.
      if tiff.count < 8 { result.warnings.append("EXIF block could not be read: \(error)") }
      else { result.incomplete.append("the EXIF block could not be read: \(error)") }
      result.gps = unreadableGPS(tiff, structure: structure, fix: nil, carrier: carrier, item: item)
      return result
    }
    if raw.entries.isEmpty {
      let found = structure?.directories.reduce(0) { $0 + $1.entries.count } ?? 0
      if found > 0 { result.incomplete.append("libexif read none of the \(found) entries the block's IFDs list") }
      else { result.warnings.append("EXIF block holds no readable entries") }
    }
    var gpsEntries: [String: TagValue] = [:]
    // One tag per entry, maker note field and the thumbnail: grown once, not ~6 times.
    result.tags.reserveCapacity(raw.entries.count + raw.makerNote.count + 1)
    for entry in raw.entries where !pointerTags.contains(entry.tag) {
      let group = group(of: entry.ifd)
      let name = ExifTagTable.name(entry.tag, in: group)
      let value = value(entry.tag, in: group, format: entry.format, components: entry.components, data: entry.data,
                        bigEndian: raw.bigEndian)
      result.tags.append(MetadataTag(carrier: carrier, item: item, group: group.rawValue, name: name, value: value))
      switch (group, entry.tag) {
      case (.ifd0, 0x0112): result.orientation = value.number.map { Int($0) }
      case (.ifd1, 0x0112): result.thumbnailOrientation = value.number.map { Int($0) }
      case (.gps, _): gpsEntries[name] = value
      case (.exifIFD, 0x927C): result.makerNote = makerNote(entry.data, in: tiff, make: raw)
      default: break
      }
    }
    if !gpsEntries.isEmpty {
      result.gps = GPSComposer.fix(from: gpsEntries, carrier: carrier, item: item)
    }
    let makerNoteTags = MakerNoteFields.tags(raw.makerNote, vendor: result.makerNote?.vendor ?? "unknown",
                                             makerNote: raw.entries.first { $0.ifd == .exif && $0.tag == 0x927C }?.data, carrier: carrier, item: item)
    result.tags += makerNoteTags
    result.makerNoteGPS = MakerNoteFields.gps(in: makerNoteTags, carrier: carrier, item: item)
    result.gps = unreadableGPS(tiff, structure: structure, fix: result.gps, carrier: carrier, item: item) ?? result.gps
    let notRead = notReadInFull(structure, raw: raw, tiff: tiff, gpsUnreadable: result.gps?.unreadable != nil)
    result.incomplete += notRead.incomplete
    result.warnings += notRead.warnings
    if let thumb = raw.thumbnail, !thumb.isEmpty {
      let offset = ByteSearch.firstIndex(of: thumb.prefix(64), in: tiff) ?? -1
      result.thumbnail = (offset, thumb)
      result.tags.append(MetadataTag(carrier: carrier, item: item, group: "IFD1", name: "ThumbnailImage",
                                     value: .binary(count: thumb.count)))
    }
    return result
  }

  /// The value of one entry of `group`: UserComment, GPSProcessingMethod and GPSAreaInformation
  /// as a character code and text, the Windows XP tags as UTF-16, the MakerNote by its size,
  /// everything else by its TIFF type (`ExifValueDecoder`). Shared by EXIF blocks (libexif's
  /// entries) and TIFF files (`TIFFFileDecoder`'s). [EXIF 2.32 4.6.5 table 9, 4.6.6]
  package static func value(_ tag: UInt16, in group: ExifGroup, format: UInt16, components: Int, data: [UInt8], bigEndian: Bool) -> TagValue {
    switch (group, tag) {
    case (.exifIFD, 0x9286), (.gps, 0x001B), (.gps, 0x001C): ExifValueDecoder.userComment(data)
    case (.ifd0, 0x9C9B...0x9C9F): .text(ExifValueDecoder.utf16Text(data))
    case (.exifIFD, 0x927C): .binary(count: data.count)
    default: ExifValueDecoder.decode(format: format, components: components, data: data, bigEndian: bigEndian)
    }
  }

  /// The fix with a reason set when the block holds a GPS position that is not readable as one
  /// (`ExifGPSPresence`); nil when there is none, or it was read.
  static func unreadableGPS(_ tiff: [UInt8], structure: TIFFStructure?, fix: GPSFix?, carrier: CarrierKind, item: Int?) -> GPSFix? {
    guard let reason = ExifGPSPresence.unreadable(tiff, structure: structure, fix: fix) else { return nil }
    var marked = fix ?? GPSFix(carrier: carrier, item: item)
    marked.unreadable = "present, value unreadable: \(reason)"
    return marked
  }

  /// Most reasons named in the one PA015 of a block; the rest are counted.
  static let maxReasons = 4

  /// What of the block was not read in full, as one PA015 reason (SPEC: "An EXIF block that
  /// libexif or our TIFF reader could not read in full is PA015, never only a warning"), and
  /// libexif's log lines, which stay warnings. The reasons: our walk's (`TIFFStructure.problems`:
  /// an IFD pointer, IFD table or value outside the block, the IFD and entry caps) and the
  /// entries it read that libexif did not load (`skippedEntries`: libexif's 64 KiB window, its
  /// recursion cap, an IFD it stopped reading at a bad pointer, a second IFD of a kind). Our walk
  /// reaches every IFD libexif does (and IFD2 on), so what libexif skipped shows there; its log
  /// alone is no reason: ExifTool writes an emptied thumbnail as offset = block length, length 0,
  /// which libexif logs as "Tag data past end of buffer" though nothing is missing. What the GPS
  /// check already reports as GPS present but unreadable (PA001: a GPS IFD or position outside
  /// the block) is not repeated.
  static func notReadInFull(_ structure: TIFFStructure?, raw: ExifRawContents, tiff: [UInt8],
                            gpsUnreadable: Bool) -> (incomplete: [String], warnings: [String]) {
    var reasons: [String] = []
    if let structure {
      reasons += structure.problems.filter { !(gpsUnreadable && $0.directory == "GPS") }.map(\.reason)
      reasons += skippedEntries(structure, raw: raw, tiff: tiff)
    }
    let warnings = (raw.unread + raw.notes).map { "libexif: \($0)" }
    guard !reasons.isEmpty else { return ([], warnings) }
    var text = reasons.prefix(maxReasons).joined(separator: "; ")
    if reasons.count > maxReasons { text += "; and \(reasons.count - maxReasons) more" }
    return (["part of the EXIF block could not be read: \(text)"], warnings)
  }

  /// Entries our own walk of the block finds in an IFD libexif reads, beyond those libexif
  /// loaded: data that was not checked. Every IFD of a kind counts (libexif reads one Exif IFD;
  /// a second one our walk found at another offset is data it did not load). (Pointers and the thumbnail's location are not
  /// entries libexif keeps; chained IFDs past IFD1 it never reads, and a GPS IFD it skips is
  /// `unreadableGPS`. libexif drops entries whose value is blank — NULs or spaces, e.g. an empty
  /// Copyright — which hold nothing to check, so they are not counted.)
  static func skippedEntries(_ structure: TIFFStructure, raw: ExifRawContents, tiff: [UInt8]) -> [String] {
    let ifds: [(String, ExifIFD)] = [("IFD0", .ifd0), ("IFD1", .ifd1), ("ExifIFD", .exif), ("InteropIFD", .interoperability)]
    var out: [String] = []
    for (name, ifd) in ifds {
      // Counted, not filtered into arrays: this runs for every EXIF block of a scan.
      var ours = 0, found = false
      for directory in structure.directories where directory.name == name {
        found = true
        for entry in directory.entries where !notKeptTags.contains(entry.tag) {
          guard let value = entry.value, value.upperBound <= tiff.count,
                tiff[value].contains(where: { $0 != 0 && $0 != 0x20 }) else { continue }
          ours += 1
        }
      }
      guard found else { continue }
      var theirs = 0
      for index in raw.entries.indices where raw.entries[index].ifd == ifd && !notKeptTags.contains(raw.entries[index].tag) {
        theirs += 1
      }
      if theirs < ours {
        out.append("libexif read \(theirs) of the \(ours) readable entries of \(name)")
      }
    }
    return out
  }

  /// Tags libexif keeps no entry for: the IFD pointers and the thumbnail's offset and length.
  static let notKeptTags: Set<UInt16> = pointerTags.union([0x0201, 0x0202])

  package static func group(of ifd: ExifIFD) -> ExifGroup {
    switch ifd {
    case .ifd0: .ifd0
    case .ifd1: .ifd1
    case .exif: .exifIFD
    case .gps: .gps
    case .interoperability: .interop
    }
  }

  /// Known MakerNote headers → vendor. [ExifTool MakerNotes.pm]
  static let makerNoteSignatures: [(prefix: String, vendor: String)] = [
    ("Apple iOS", "Apple"), ("Nikon", "Nikon"), ("OLYMPUS", "Olympus"), ("OLYMP", "Olympus"),
    ("OM SYSTEM", "OM System"), ("FUJIFILM", "Fujifilm"), ("Panasonic", "Panasonic"),
    ("SONY", "Sony"), ("SAMSUNG", "Samsung"), ("PENTAX", "Pentax"), ("AOC", "Pentax"),
    ("LEICA", "Leica"), ("Ricoh", "Ricoh"), ("RICOH", "Ricoh"), ("SIGMA", "Sigma"),
    ("KDK", "Kodak"), ("QVC", "Casio"), ("HUAWEI", "Huawei"), ("GoPro", "GoPro"),
  ]

  static func makerNote(_ data: [UInt8], in tiff: [UInt8], make raw: ExifRawContents)
    -> (vendor: String, offset: Int?, length: Int)
  {
    let head = String(decoding: data.prefix(16).map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x20 }, as: UTF8.self)
    var vendor = makerNoteSignatures.first { head.hasPrefix($0.prefix) }?.vendor
    if vendor == nil, let make = raw.entries.first(where: { $0.ifd == .ifd0 && $0.tag == 0x010F }) {
      vendor = ExifValueDecoder.asciiText(make.data).split(separator: " ").first.map(String.init)
    }
    let offset = data.count >= 8 ? ByteSearch.firstIndex(of: data.prefix(32), in: tiff) : nil
    return (vendor ?? "unknown", offset, data.count)
  }
}
