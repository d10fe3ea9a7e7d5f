internal import CExif
#if canImport(Glibc)
import Glibc
#endif

/// The five IFDs libexif distinguishes (`ExifIfd`).
public enum ExifIFD: Int, Sendable, Equatable, Hashable, CaseIterable {
  case ifd0 = 0, ifd1, exif, gps, interoperability
}

/// One EXIF entry exactly as libexif loaded it: tag, TIFF format code, component count and the
/// raw value bytes in the block's byte order. Interpreting values is the core's job.
public struct ExifRawEntry: Sendable, Equatable {
  public var ifd: ExifIFD
  public var tag: UInt16
  /// TIFF field type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 7 UNDEFINED, ...).
  public var format: UInt16
  public var components: Int
  public var data: [UInt8]
}

/// Everything libexif read from one TIFF/EXIF block.
public struct ExifRawContents: Sendable, Equatable {
  /// True for "MM" (Motorola) byte order.
  public var bigEndian: Bool
  public var entries: [ExifRawEntry]
  /// IFD1 JPEG thumbnail bytes, when present.
  public var thumbnail: [UInt8]?
  /// The MakerNote entries libexif interprets (Canon, Olympus and Nikon, Pentax and Casio,
  /// Fujifilm, Apple), in its order; empty for other vendors.
  public var makerNote: [ExifMakerNoteEntry] = []
  /// What libexif's log says about data it did not load — an IFD or a value past the end of the
  /// block, a short IFD table, the recursion cap ("ExifData: Tag data past end of buffer (12 >
  /// 456)") — in its words; at most `ExifReader.maxMessages` (and as many `notes`).
  public var unread: [String] = []
  /// libexif's other remarks about odd data that leave nothing unread: its MakerNote parsers'
  /// complaints (the MakerNote is swept as bytes), an empty entry (tag and type 0) skipped, an
  /// IFD pointed at twice (whether a second one was missed is for the caller's own walk to say).
  public var notes: [String] = []
}

/// One MakerNote entry as libexif's MakerNote API gives it: the vendor's tag number, libexif's
/// name and title for it, and its value as libexif renders it (text).
public struct ExifMakerNoteEntry: Sendable, Equatable {
  public var tag: Int
  /// libexif's short name ("SerialNumber", "OwnerName", "BURST_UUID"); nil when it has none.
  public var name: String?
  /// libexif's title ("Serial Number").
  public var title: String?
  /// The value as text, at most `ExifReader.maxMakerNoteValue` bytes.
  public var value: String

  public init(tag: Int, name: String?, title: String?, value: String) {
    self.tag = tag
    self.name = name
    self.title = title
    self.value = value
  }
}

/// Reads TIFF/EXIF blocks with libexif, without letting it "fix" anything.
public enum ExifReader {
  /// The "Exif\0\0" header libexif expects in front of the TIFF header.
  static let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]

  /// Loads `tiff` (bytes starting at the "II*\0"/"MM\0*" TIFF header) with
  /// `exif_data_load_data`, after unsetting `EXIF_DATA_OPTION_FOLLOW_SPECIFICATION` and
  /// `EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS`, so what comes back is what the file holds.
  ///
  /// libexif 0.6.24 reads IFD offsets only within the first 65534 bytes of the block (it caps
  /// the length it was given to the JPEG APP1 maximum); the thumbnail may lie beyond.
  public static func read(tiff: [UInt8]) throws(CodecError) -> ExifRawContents {
    guard tiff.count >= 8 else { throw .exif("block of \(tiff.count) bytes is too short for a TIFF header") }
    let bigEndian: Bool
    switch (tiff[0], tiff[1]) {
    case (0x4D, 0x4D): bigEndian = true
    case (0x49, 0x49): bigEndian = false
    default: throw .exif("no TIFF byte-order mark (II or MM)")
    }
    guard let data = exif_data_new() else { throw .exif("libexif could not allocate") }
    defer { exif_data_unref(data) }
    // libexif tells what it skipped only through its log: hook it before loading.
    let sink = LogSink()
    let log = exif_log_new()
    defer { if let log { exif_log_unref(log) } }
    if let log {
      exif_log_set_func(log, LogSink.receive, Unmanaged.passUnretained(sink).toOpaque())
      exif_data_log(data, log)
    }
    exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
    exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
    exif_data_set_option(data, EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE)
    let block = exifHeader + tiff
    block.withUnsafeBufferPointer { buffer in
      exif_data_load_data(data, buffer.baseAddress, UInt32(clamping: buffer.count))
    }
    var entries: [ExifRawEntry] = []
    withUnsafePointer(to: &data.pointee.ifd) { tuplePointer in
      tuplePointer.withMemoryRebound(to: UnsafeMutablePointer<ExifContent>?.self, capacity: ExifIFD.allCases.count) { ifds in
        for ifd in ExifIFD.allCases {
          guard let content = ifds[ifd.rawValue], let list = content.pointee.entries else { continue }
          for i in 0..<Int(content.pointee.count) {
            guard let entry = list[i] else { continue }
            let e = entry.pointee
            let bytes = e.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(e.size))) } ?? []
            entries.append(ExifRawEntry(
              ifd: ifd, tag: UInt16(truncatingIfNeeded: e.tag.rawValue),
              format: UInt16(truncatingIfNeeded: e.format.rawValue),
              components: Int(clamping: e.components), data: bytes))
          }
        }
      }
    }
    var thumbnail: [UInt8]?
    if let bytes = data.pointee.data, data.pointee.size > 0 {
      thumbnail = Array(UnsafeBufferPointer(start: bytes, count: Int(data.pointee.size)))
    }
    // Apple's MakerNote strings come out wrong through libexif 0.6.24 (the core parses it).
    let isApple = entries.contains { $0.ifd == .exif && $0.tag == 0x927C && $0.data.starts(with: appleMakerNote) }
    let makerNote = isApple ? [] : makerNoteEntries(data)
    return withExtendedLifetime(sink) {
      ExifRawContents(bigEndian: bigEndian, entries: entries, thumbnail: thumbnail, makerNote: makerNote,
                      unread: sink.unread, notes: sink.notes)
    }
  }

  /// The header of Apple's MakerNote.
  static let appleMakerNote: [UInt8] = Array("Apple iOS".utf8)

  /// Most MakerNote entries read per block.
  public static let maxMakerNoteEntries = 512
  /// Longest MakerNote value kept (bytes of libexif's text).
  public static let maxMakerNoteValue = 1024

  /// The entries of the MakerNote libexif interpreted while loading (`exif_data_get_mnote_data`,
  /// owned by `data`): `exif_mnote_data_count`, `…_get_id`, `…_get_name`, `…_get_title`,
  /// `…_get_value` (into a bounded buffer).
  static func makerNoteEntries(_ data: UnsafeMutablePointer<ExifData>) -> [ExifMakerNoteEntry] {
    guard let notes = exif_data_get_mnote_data(data) else { return [] }
    let count = min(Int(exif_mnote_data_count(notes)), maxMakerNoteEntries)
    var out: [ExifMakerNoteEntry] = []
    var buffer = [CChar](repeating: 0, count: maxMakerNoteValue + 1)
    for i in 0..<count {
      let n = UInt32(i)
      let value = buffer.withUnsafeMutableBufferPointer { b -> String in
        b.update(repeating: 0)
        guard let text = exif_mnote_data_get_value(notes, n, b.baseAddress, UInt32(maxMakerNoteValue)) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: strnlen(text, maxMakerNoteValue)), as: UTF8.self)
      }
      out.append(ExifMakerNoteEntry(tag: Int(exif_mnote_data_get_id(notes, n)),
                                    name: exif_mnote_data_get_name(notes, n).map { String(cString: $0) },
                                    title: exif_mnote_data_get_title(notes, n).map { String(cString: $0) }, value: value))
    }
    return out
  }

  /// Most log messages kept per block, of each kind (a hostile block can make libexif log thousands).
  public static let maxMessages = 16

  /// Collects libexif's log lines about data it did not read: corrupt data, failed allocations,
  /// and the debug lines that say something was skipped (0.6.24 logs "Recursive entry in IFD
  /// '%s' detected. Skipping..." at debug level). Progress lines ("Loading entry…") are dropped.
  /// Each is `unread` (data not loaded) or a `note` (`noteWords`, and every MakerNote parser's).
  private final class LogSink {
    var unread: [String] = []
    var notes: [String] = []

    /// Words of libexif's debug lines that report skipped data. Matched with `strstr` on the
    /// format string: libexif logs a debug line per entry, and this runs for each. ("Short
    /// data; only loading %hu entries...": an IFD table cut by the end of the block.)
    static let skippedDataWords: [[CChar]] = ["ecursi", "Skipping", "past end", "Bogus", "nvalid", "ot enough", "too ", "exceed", "hort data"]
      .map { $0.utf8CString.map { $0 } }

    /// Lines that leave nothing unread by themselves [exif-data.c 0.6.24]: an entry of tag 0 and
    /// type 0 (no value: "Skipping empty entry"), and an IFD pointer libexif does not follow
    /// because it has read that IFD already (CHECK_REC: "Recursive entry…", "Attempt to load
    /// IFD … multiple times") — whether the skipped pointer led somewhere new, the caller's own
    /// walk of the block tells.
    static let noteWords: [[CChar]] = ["Skipping empty entry", "Recursive entry", "multiple times"].map { $0.utf8CString.map { $0 } }

    /// libexif's MakerNote parsers log under "ExifMnote…" domains.
    static let makerNoteDomain: [CChar] = "ExifMnote".utf8CString.map { $0 }

    static let progressPrefixes: [[CChar]] = ["Loading ", "Found EXIF", "IFD ", "Parsing ", "Sub-IFD "].map { $0.utf8CString.map { $0 } }

    static func isAboutSkippedData(_ code: ExifLogCode, _ format: UnsafePointer<CChar>) -> Bool {
      if code == EXIF_LOG_CODE_CORRUPT_DATA || code == EXIF_LOG_CODE_NO_MEMORY { return true }
      guard code == EXIF_LOG_CODE_DEBUG else { return false }
      // The progress lines of every load ("Loading entry…", "Found EXIF header", "IFD 0 at…",
      // "Parsing…", "Sub-IFD entry…") are dropped first, cheaply.
      if progressPrefixes.contains(where: { prefix in prefix.withUnsafeBufferPointer { strncmp(format, $0.baseAddress!, $0.count - 1) == 0 } }) {
        return false
      }
      return skippedDataWords.contains { word in word.withUnsafeBufferPointer { strstr(format, $0.baseAddress!) != nil } }
    }

    static func isNote(_ domain: UnsafePointer<CChar>?, _ format: UnsafePointer<CChar>) -> Bool {
      if let domain, makerNoteDomain.withUnsafeBufferPointer({ strncmp(domain, $0.baseAddress!, $0.count - 1) == 0 }) { return true }
      return noteWords.contains { word in word.withUnsafeBufferPointer { strstr(format, $0.baseAddress!) != nil } }
    }

    static let receive: ExifLogFunc = { _, code, domain, format, arguments, context in
      guard let context, let format, let arguments, isAboutSkippedData(code, format) else { return }
      let sink = Unmanaged<LogSink>.fromOpaque(context).takeUnretainedValue()
      let note = isNote(domain, format)
      guard (note ? sink.notes : sink.unread).count < ExifReader.maxMessages else { return }
      var buffer = [CChar](repeating: 0, count: 256)
      _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
      let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let origin = domain.map { String(cString: $0) } ?? "libexif"
      if note { sink.notes.append("\(origin): \(text)") } else { sink.unread.append("\(origin): \(text)") }
    }
  }

  /// libexif's version; the library has no runtime version call, so this is the build's.
  public static var libraryVersion: String { BuildLibraryVersions.libexif }
}
