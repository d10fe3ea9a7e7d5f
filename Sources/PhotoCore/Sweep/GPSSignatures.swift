#if canImport(Glibc)
import Bytes
import Glibc
#endif

/// The GPS signatures the fail-closed sweep looks for in bytes no decoder interprets: a TIFF
/// block with a GPS IFD, an XMP GPS property with a value, an ISO 6709 coordinate string
/// ("+31.2304+121.4737/"), and a decimal coordinate pair in text ("31.230416, 121.473701") —
/// the last two as `CoordinateText` finds them in a descriptor's strings.
/// Each is specific enough that image data, compressed data and ordinary binary structures do
/// not produce it by chance: a TIFF header must lead to a GPS IFD with a position entry, a
/// property name must be followed by a value with a digit, coordinates must be in range with
/// enough decimals, inside printable text.
enum GPSSignatures {
  /// One match.
  struct Hit: Equatable {
    /// Offset of the match in the bytes searched.
    package var offset: Int
    /// What matched, for the evidence ("a TIFF block with a GPS IFD", "ISO 6709 string …"); the
    /// text it quotes is secret.
    package var description: RedactableText
    package var latitude: Double?
    package var longitude: Double?
  }

  /// Most hits reported per stretch of bytes.
  static let maxHits = 8

  /// Fewer bytes than this hold no signature (the shortest, a decimal pair such as
  /// "1.234,5.678", takes 11; this bound keeps a margin): stretches this short are not searched.
  static let minimumLength = 8

  /// Every signature in `bytes`, in order of offset (at most `maxHits`).
  package static func find(in bytes: UnsafeRawBufferPointer) -> [Hit] {
    guard bytes.count >= minimumLength else { return [] }
    var hits: [Hit] = []
    hits += tiffBlocks(bytes)
    hits += xmpProperties(bytes)
    hits += CoordinateText.find(in: Array(bytes)).prefix(maxHits).map { match in
      let text = String(decoding: bytes[match.range], as: UTF8.self)
      let what = match.form == .iso6709 ? "an ISO 6709 location" : "coordinates in text"
      return Hit(offset: match.range.lowerBound, description: "\(what) \"\(secret: .text(text))\"", latitude: match.latitude, longitude: match.longitude)
    }
    return Array(hits.sorted { $0.offset < $1.offset }.prefix(maxHits))
  }

  /// Offsets of every occurrence of `pattern` in `bytes` (memchr for its first byte, then memcmp).
  static func occurrences(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer, limit: Int = 64) -> [Int] {
    guard let base = bytes.baseAddress, let first = pattern.first, bytes.count >= pattern.count else { return [] }
    var found: [Int] = []
    var i = 0
    let last = bytes.count - pattern.count
    pattern.withUnsafeBytes { needle in
      while i <= last, found.count < limit {
        guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return }
        let j = base.distance(to: UnsafeRawPointer(hit))
        if memcmp(base + j, needle.baseAddress!, pattern.count) == 0 { found.append(j) }
        i = j + 1
      }
    }
    return found
  }

  /// TIFF headers whose IFDs lead to a GPS IFD holding a latitude or longitude entry.
  static func tiffBlocks(_ bytes: UnsafeRawBufferPointer) -> [Hit] {
    var hits: [Hit] = []
    let starts = (occurrences(of: [0x49, 0x49, 0x2A, 0x00], in: bytes) + occurrences(of: [0x4D, 0x4D, 0x00, 0x2A], in: bytes)).sorted()
    for start in starts {
      // A TIFF block with GPS fits in 64 KiB; larger reads would only cost time.
      let block = Array(bytes[start..<min(bytes.count, start + (64 << 10))])
      guard let structure = TIFFStructure.parse(block), let gps = structure.gps,
            gps.entry(ExifGPSPresence.latitudeTag) != nil || gps.entry(ExifGPSPresence.longitudeTag) != nil else { continue }
      let fix = ExifDecoder.decode(block).gps
      hits.append(Hit(offset: start, description: "a TIFF/EXIF block with a GPS IFD", latitude: fix?.latitude, longitude: fix?.longitude))
    }
    return hits
  }

  /// XMP GPS properties with a value: `exif:GPSLatitude="31,13.8N"`, `<exif:GPSLongitude>…`,
  /// `drone-dji:GpsLatitude="31.23"`.
  static func xmpProperties(_ bytes: UnsafeRawBufferPointer) -> [Hit] {
    var hits: [Hit] = []
    for name in ["GPSLatitude", "GPSLongitude", "GpsLatitude", "GpsLongitude"] {
      for at in occurrences(of: Array(name.utf8), in: bytes) {
        var i = at + name.utf8.count
        // `="`, `='` or `>`, maybe with spaces; then a digit (or sign) within a few bytes.
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "=") || bytes[i] == UInt8(ascii: ">") else { continue }
        let valueStart = i + 1
        let window = bytes[valueStart..<min(bytes.count, valueStart + 6)]
        guard window.contains(where: { (0x30...0x39).contains($0) }) else { continue }
        let excerpt = String(decoding: bytes[max(0, at - 8)..<min(bytes.count, valueStart + 24)].map { (0x20...0x7E).contains($0) ? $0 : 0x20 }, as: UTF8.self)
        let written = excerpt.trimmingWhitespace()
        hits.append(Hit(offset: at, description: "an XMP GPS property (\(secret: SecretValue(display: written, canonical: "text " + written, label: name)))"))
      }
    }
    return hits
  }
}
