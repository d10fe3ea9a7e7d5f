import Bytes
/// Recognises a sidecar by its content, never by its name (SPEC "Formats": detected by content):
/// an XMP packet written as a file of its own (Lightroom, digiKam, darktable, ExifTool
/// `-o x.xmp`), or a Google Takeout JSON (told from a descriptor and from any other JSON by its
/// keys, `TakeoutJSON.recognises`). Asked only about files that are no image format
/// (`ImageFormat.recognise`), so an image pays nothing for it.
public enum SidecarSniffer {
  /// Bytes read to find the first element of an XMP file (after a BOM, an XML declaration,
  /// comments and white space): a darktable sidecar's `<?xml …?>` line takes 39.
  static let headLength = 4096

  /// The sidecar format of the file in `source`, or nil when it is none.
  public static func sniff(_ source: any ByteSource) -> ImageFormat? {
    guard source.count > 0, let head = try? source.bytes(in: 0..<min(source.count, headLength)) else { return nil }
    if isXMPPacket(head) { return .xmp }
    guard startsLikeJSONObject(head), source.count <= SidecarWalker.maxBytes,
          let bytes = try? source.allBytes(), let document = try? JSONParser.parse(bytes) else { return nil }
    return TakeoutJSON.recognises(document) ? .takeoutJSON : nil
  }

  /// True when `head` (the start of a file) is an XMP packet: after a byte-order mark, white
  /// space, an XML declaration, comments and processing instructions other than the packet
  /// wrapper, the first markup is `<?xpacket` or an `xmpmeta` (`xapmeta`) element under any
  /// prefix (ExifTool's XMP6.xmp writes `<xmp:xmpmeta>`). UTF-16 and UTF-32 packets are
  /// transcoded first. [XMP Part 1 7.3; XMP Part 3 1.1.4: a sidecar holds one XMP packet]
  public static func isXMPPacket(_ head: [UInt8]) -> Bool {
    let text = XMPTextEncoding.transcodeToUTF8(head) ?? head
    var i = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func skipSpace() { while i < text.count, MiniXMLParser.isSpace(text[i]) { i += 1 } }
    func starts(_ s: String) -> Bool { text[i...].starts(with: s.utf8) }
    /// Moves past the next `end`; false when the head ends first.
    func skip(past end: String) -> Bool {
      let marker = Array(end.utf8)
      var j = i
      while j + marker.count <= text.count {
        if text[j..<j + marker.count].elementsEqual(marker) {
          i = j + marker.count
          return true
        }
        j += 1
      }
      return false
    }
    while true {
      skipSpace()
      guard i < text.count else { return false }
      if starts("<?xpacket") { return true }
      if starts("<?") || starts("<!DOCTYPE") {
        guard skip(past: starts("<?") ? "?>" : ">") else { return false }
      } else if starts("<!--") {
        guard skip(past: "-->") else { return false }
      } else {
        break
      }
    }
    guard starts("<") else { return false }
    var end = i + 1
    while end < text.count, MiniXMLParser.isNameChar(text[end]) { end += 1 }
    let name = String(decoding: text[(i + 1)..<end], as: UTF8.self)
    let local = name.split(separator: ":", maxSplits: 1).last.map(String.init) ?? name
    return local == "xmpmeta" || local == "xapmeta"
  }

  /// True when the first byte after a UTF-8 byte-order mark and white space opens a JSON object.
  static func startsLikeJSONObject(_ head: [UInt8]) -> Bool {
    var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < head.count, MiniXMLParser.isSpace(head[i]) { i += 1 }
    return i < head.count && head[i] == UInt8(ascii: "{")
  }
}

extension ImageFormat {
  /// The format of the file in `source` by its content: an image or video by its magic bytes
  /// (`sniff(_:)` on the first `sniffLength` bytes, which it is given as `head`), else a sidecar
  /// (`SidecarSniffer`); nil when it is neither.
  public static func recognise(_ head: [UInt8], in source: any ByteSource) -> ImageFormat? {
    sniff(head) ?? SidecarSniffer.sniff(source)
  }
}
