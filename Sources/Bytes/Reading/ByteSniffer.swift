import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a stretch of unexplained (or opaque) bytes looks like.
public struct ByteContent: Sendable, Equatable, Hashable {
  /// The kinds the sniffer tells apart.
  public enum Kind: String, Sendable, Equatable, Hashable, Codable {
    /// A JPEG stream (FF D8 FF). [T.81 B.1.1.3]
    case jpeg
    /// A PNG signature. [PNG 5.2]
    case png
    /// An ISOBMFF file (`ftyp`): HEIF, AVIF, MP4 — an image or a video. [ISO 14496-12 4.3]
    case isobmff
    /// A TIFF header (II*\0 or MM\0*): EXIF without its "Exif\0\0" header. [TIFF 6.0 §2]
    case tiff
    /// "Exif\0\0" followed by TIFF. [CIPA DC-008 4.7.2]
    case exif
    /// An XMP packet (`<?xpacket`, `<x:xmpmeta`, the XMP namespace). [XMP Part 1 7.3]
    case xmp
    /// IPTC-IIM records (0x1C, record, dataset, length). [IPTC-IIM 4.1 §1.5]
    case iptc
    /// A vendor's metadata trailer, named by its end signature (PhotoMechanic, FotoStation,
    /// AFCP, Canon VRD, Samsung, Nikon, MIE): IPTC, XMP or edit data after the image.
    case vendorTrailer = "vendor-trailer"
    /// Mostly printable text (at least 80 % of the sampled bytes).
    case text
    /// Every byte is the same filler: 0x00 (padding) or 0xFF (JPEG fill).
    case padding
    /// None of the above.
    case binary
  }

  public var kind: Kind
  /// Offset of the signature from the start of the region (0 when the region starts with it).
  public var at: Int
  /// A short printable excerpt (text) or the signature found, for evidence.
  public var excerpt: String?

  public init(kind: Kind, at: Int = 0, excerpt: String? = nil) {
    self.kind = kind
    self.at = at
    self.excerpt = excerpt
  }

  /// True when the bytes hold something a privacy audit must not ignore: an image, EXIF/TIFF,
  /// XMP or text.
  public var isHiddenPayload: Bool {
    switch kind {
    case .jpeg, .png, .isobmff, .tiff, .exif, .xmp, .iptc, .vendorTrailer, .text: true
    case .padding, .binary: false
    }
  }

  /// The description with a text excerpt secret (it may quote coordinates or a place name):
  /// what a finding says of the bytes (`text ‹redacted #…›`).
  public var evidence: RedactableText {
    guard kind == .text else { return RedactableText(plain: description) }
    return "text \"\(secret: .text(excerpt ?? ""))\""
  }

  /// "a JPEG image (FF D8 FF) at +12", "text \"location: 31.2…\"", "all-zero padding".
  public var description: String {
    let place = at > 0 ? " at +\(at)" : ""
    switch kind {
    case .jpeg: return "a JPEG image (FF D8 FF)\(place)"
    case .png: return "a PNG image (signature)\(place)"
    case .isobmff: return "an ISOBMFF file (ftyp\(excerpt.map { " '\($0)'" } ?? ""))\(place)"
    case .tiff: return "a TIFF/EXIF block without the Exif header (\(excerpt ?? "TIFF header"))\(place)"
    case .exif: return "an EXIF block (\"Exif\\0\\0\" + TIFF)\(place)"
    case .xmp: return "an XMP packet (\(excerpt ?? "xmpmeta"))\(place)"
    case .iptc: return "IPTC-IIM records\(place)"
    case .vendorTrailer: return "a vendor metadata trailer: \(excerpt ?? "unknown")"
    case .text: return "text \"\(excerpt ?? "")\""
    case .padding: return excerpt == "FF" ? "0xFF fill bytes" : "all-zero padding"
    case .binary: return "binary data of no known kind" + (excerpt.map { " (starts \($0))" } ?? "")
    }
  }
}

/// Names what bytes look like: image signatures, EXIF/TIFF, XMP, text, padding. Reads a bounded
/// head of the region (`headLength`) for signatures and text, and the whole region, in chunks,
/// only to confirm padding.
public enum ByteSniffer {
  /// Bytes of a region searched for signatures.
  public static let headLength = 64 << 10
  /// Bytes sampled for the text test.
  package static let textSample = 4096
  /// Shortest stretch called text.
  package static let minimumText = 8
  /// Chunk size for the padding check.
  package static let chunkLength = 1 << 20

  package static let jpegStarts: [[UInt8]] = [0xC0, 0xC2, 0xC4, 0xDB, 0xDD, 0xE0, 0xE1, 0xE2, 0xED, 0xEE, 0xFE].map { [0xFF, 0xD8, 0xFF, $0] }
  package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  package static let exifHeader = [UInt8](ascii: "Exif\0\0")
  package static let xmpMarkers: [[UInt8]] = ["<x:xmpmeta", "<?xpacket", "http://ns.adobe.com/xap/1.0/", "<rdf:RDF"].map { [UInt8](ascii: $0) }

  /// Sniffs `range` of `source`; read errors give `.binary`.
  public static func sniff(_ source: any ByteSource, range: Range<Int>) -> ByteContent {
    guard !range.isEmpty, let head = try? source.bytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + headLength)),
          let first = head.first else { return ByteContent(kind: .binary) }
    if (first == 0 || first == 0xFF), isUniform(head, first), isUniform(source, range, first) {
      return ByteContent(kind: .padding, excerpt: first == 0 ? "00" : "FF")
    }
    let content = sniff(head: head)
    guard content.kind == .binary || content.kind == .iptc || content.kind == .text else { return content }
    let tail = head.count == range.count ? head : (try? source.bytes(in: max(range.lowerBound, range.upperBound - 80)..<range.upperBound)) ?? []
    if let vendor = vendorTrailer(head: head, tail: tail) { return ByteContent(kind: .vendorTrailer, excerpt: vendor) }
    return content
  }

  /// Trailers vendors append after EOI, recognised by their start or end. [ExifTool JPEG Trailer table]
  package static func vendorTrailer(head: [UInt8], tail: [UInt8]) -> String? {
    func ends(_ suffix: [UInt8], before skip: Int = 0) -> Bool {
      tail.count >= suffix.count + skip && tail[(tail.count - skip - suffix.count)..<(tail.count - skip)].elementsEqual(suffix)
    }
    if head.hasPrefix([UInt8](ascii: "AXS!")) || head.hasPrefix([UInt8](ascii: "AXS*"))
      || ends([UInt8](ascii: "AXS!"), before: 8) || ends([UInt8](ascii: "AXS*"), before: 8) { return "AFCP (IPTC)" }
    if ends([UInt8](ascii: "CANON OPTIONAL DATA\0"), before: 44) { return "Canon VRD" }
    if ends([0xA1, 0xB2, 0xC3, 0xD4]) { return "FotoStation (IPTC)" }
    if ends([UInt8](ascii: "cbipcbbl")) { return "PhotoMechanic (IPTC)" }
    if ends([UInt8](ascii: "QDIOBS")) { return "Samsung" }
    if ends([UInt8](ascii: "\0\0\0\0\0\0/NIKON APP")) { return "Nikon app (XMP)" }
    if find([UInt8](ascii: "zmie~"), in: tail) != nil { return "MIE" }
    return nil
  }

  /// Sniffs bytes already in memory (the start of a region).
  public static func sniff(head: [UInt8]) -> ByteContent {
    if head.hasPrefix([0xFF, 0xD8, 0xFF]) { return ByteContent(kind: .jpeg) }
    if head.hasPrefix(pngSignature) { return ByteContent(kind: .png) }
    if head.count >= 12, head[4..<8].elementsEqual([UInt8](ascii: "ftyp")) {
      return ByteContent(kind: .isobmff, excerpt: printable(head[8..<12]))
    }
    if head.hasPrefix(exifHeader) { return ByteContent(kind: .exif) }
    if let tiff = tiffHeader(head) { return ByteContent(kind: .tiff, excerpt: tiff) }
    if isIPTC(head) { return ByteContent(kind: .iptc) }
    // Signatures further in: only long, unlikely ones (a 4-byte JPEG start or more), so that
    // compressed data is not mistaken for an image.
    var best: ByteContent?
    func consider(_ kind: ByteContent.Kind, _ pattern: [UInt8], excerpt: String? = nil) {
      guard let at = find(pattern, in: head), best.map({ at < $0.at }) ?? true else { return }
      best = ByteContent(kind: kind, at: at, excerpt: excerpt)
    }
    for marker in xmpMarkers { consider(.xmp, marker, excerpt: String(decoding: marker, as: UTF8.self)) }
    consider(.exif, exifHeader)
    consider(.png, pngSignature)
    for start in jpegStarts { consider(.jpeg, start) }
    if let best { return best }
    if looksLikeText(head) { return ByteContent(kind: .text, excerpt: excerpt(head)) }
    return ByteContent(kind: .binary, excerpt: head.prefix(8).map { Hex.byte($0) }.joined(separator: " "))
  }

  /// "II*\0" or "MM\0*" with a first-IFD offset inside the data. [TIFF 6.0 §2 Image File Header]
  package static func tiffHeader(_ head: [UInt8]) -> String? {
    guard head.count >= 8 else { return nil }
    let little = head.hasPrefix([0x49, 0x49, 0x2A, 0x00])
    guard little || head.hasPrefix([0x4D, 0x4D, 0x00, 0x2A]) else { return nil }
    var r = ByteReader(head, what: "TIFF header")
    try? r.skip(4)
    guard let ifd = try? r.u32(bigEndian: !little), ifd >= 8, ifd < 1 << 24 else { return nil }
    return little ? "II*\\0" : "MM\\0*"
  }

  /// Two IPTC-IIM datasets in a row: tag marker 0x1C, record 1–9, dataset, 16-bit length.
  /// [IPTC-IIM 4.1 §1.5.1]
  package static func isIPTC(_ head: [UInt8]) -> Bool {
    guard head.count >= 10, head[0] == 0x1C, (1...9).contains(head[1]), head[3] & 0x80 == 0 else { return false }
    let next = 5 + (Int(head[3]) << 8 | Int(head[4]))
    return next + 2 <= head.count && head[next] == 0x1C && (1...9).contains(head[next + 1])
  }

  /// At least 80 % of the first `textSample` bytes are printable (ASCII or valid UTF-8), with
  /// some letters or digits (not just spaces or punctuation).
  package static func looksLikeText(_ head: [UInt8]) -> Bool {
    let sample = head.prefix(textSample)
    guard sample.count >= minimumText else { return false }
    var printableCount = 0
    var alphanumerics = 0
    for scalar in String(decoding: sample, as: UTF8.self).unicodeScalars {
      if scalar == "\u{FFFD}" { continue }
      if scalar.value >= 0x20 && scalar.value != 0x7F || scalar == "\n" || scalar == "\r" || scalar == "\t" {
        printableCount += scalar.utf8.count
      }
      if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { alphanumerics += 1 }
    }
    return printableCount * 5 >= sample.count * 4 && alphanumerics >= max(4, printableCount / 4)
  }

  /// Up to 60 characters of the text, whitespace folded.
  package static func excerpt(_ head: [UInt8]) -> String {
    let text = String(decoding: head.prefix(240), as: UTF8.self)
    let folded = text.unicodeScalars.map { $0.value < 0x20 || $0 == "\u{FFFD}" ? " " : String($0) }.joined()
      .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    return folded.count > 60 ? String(folded.prefix(60)) + "…" : folded
  }

  package static func printable(_ bytes: ArraySlice<UInt8>) -> String {
    String(bytes.map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "?" })
  }

  /// Offset of the first occurrence of `pattern` in `bytes` (memchr for its first byte, then memcmp).
  package static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
    return bytes.withUnsafeBytes { haystack -> Int? in
      pattern.withUnsafeBytes { needle -> Int? in
        guard let h = haystack.baseAddress, let n = needle.baseAddress else { return nil }
        let last = haystack.count - needle.count  // last possible start
        var i = 0
        while i <= last {
          guard let hit = memchr(h + i, Int32(first), last - i + 1) else { return nil }
          let j = h.distance(to: UnsafeRawPointer(hit))
          if memcmp(h + j, n, needle.count) == 0 { return j }
          i = j + 1
        }
        return nil
      }
    }
  }

  /// Every byte of `bytes` equals `value`.
  package static func isUniform(_ bytes: [UInt8], _ value: UInt8) -> Bool {
    bytes.withUnsafeBytes { isUniform($0, value) }
  }

  /// Every byte of `buffer` equals `value`.
  package static func isUniform(_ buffer: UnsafeRawBufferPointer, _ value: UInt8) -> Bool {
    guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count > 0 else { return true }
    // Compare against the buffer shifted by one: uniform iff first byte matches and each
    // byte equals its successor.
    return base.pointee == value && (buffer.count == 1 || memcmp(base, base + 1, buffer.count - 1) == 0)
  }

  /// Every byte of `range` equals `value`, read in chunks.
  package static func isUniform(_ source: any ByteSource, _ range: Range<Int>, _ value: UInt8) -> Bool {
    var position = range.lowerBound
    while position < range.upperBound {
      let read = try? source.withBytes(in: position..<min(range.upperBound, position + chunkLength)) { chunk in
        isUniform(chunk, value) ? chunk.count : 0
      }
      guard let read, read > 0 else { return false }
      position += read
    }
    return true
  }
}
