import Bytes
/// What a still's XMP says about the video inside it: Google's Motion Photo format 1.0
/// (`GCamera:MotionPhoto` and a `Container:Directory` of items laid out from the end of the
/// file), or the older Micro Video (`GCamera:MicroVideo`, `MicroVideoOffset` = the video's
/// distance from the end of the file). The `GContainer` spelling of older Pixels is the same
/// namespace. [Google Motion Photo format 1.0; AndroidX Media3 MotionPhotoDescription]
struct MotionPhotoXMP: Sendable, Equatable {
  static let cameraNamespace = "http://ns.google.com/photos/1.0/camera/"
  static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
  static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"
  /// Bytes whose absence from a packet means it declares nothing of this (skips the parse).
  package static let marker = Array("ns.google.com/photos/1.0/".utf8)

  /// One `Container:Item` of the directory.
  struct Item: Sendable, Equatable {
    var mime: String?
    var semantic: String?
    package var length: Int?
    package var padding: Int?
  }

  /// `GCamera:MotionPhoto` is 1.
  package var motionPhoto = false
  /// `GCamera:MicroVideo` is 1.
  var microVideo = false
  /// `GCamera:MicroVideoOffset`.
  var microVideoOffset: Int?
  /// `Container:Directory`, in order (the primary first).
  package var items: [Item] = []

  /// The declaration in `packet`, or nil when it declares no video.
  package static func parse(_ packet: [UInt8]) -> MotionPhotoXMP? {
    guard ByteSearch.firstIndex(of: marker[...], in: packet) != nil else { return nil }
    var bytes = packet
    if bytes.hasPrefix(XMPDecoder.app1Signature) { bytes.removeFirst(XMPDecoder.app1Signature.count) }
    if let utf8 = XMPTextEncoding.transcodeToUTF8(bytes) { bytes = utf8 }
    guard let document = try? MiniXML.parse(bytes) else { return nil }
    var out = MotionPhotoXMP()
    for property in XMPRDF.properties(of: document.root) {
      switch (property.namespace, property.name, property.value) {
      case (cameraNamespace?, "MotionPhoto", .simple(let v)): out.motionPhoto = Int(v.trimmingWhitespace()) == 1
      case (cameraNamespace?, "MicroVideo", .simple(let v)): out.microVideo = Int(v.trimmingWhitespace()) == 1
      case (cameraNamespace?, "MicroVideoOffset", .simple(let v)): out.microVideoOffset = Int(v.trimmingWhitespace())
      case (containerNamespace?, "Directory", .array(_, let entries)): out.items = entries.prefix(64).map(item)
      default: break
      }
    }
    return out.declaresVideo ? out : nil
  }

  /// An `rdf:li` of the directory: a structure holding `Container:Item` (its fields in
  /// attribute or element form).
  package static func item(_ entry: XMPRDF.Item) -> Item {
    var fields: [XMPRDF.Property] = []
    if case .structure(let outer) = entry.value {
      for property in outer {
        if case .structure(let inner) = property.value { fields += inner } else { fields.append(property) }
      }
    }
    func field(_ name: String) -> String? {
      for f in fields where f.namespace == itemNamespace && f.name == name { if case .simple(let v) = f.value { return v.trimmingWhitespace() } }
      return nil
    }
    return Item(mime: field("Mime"), semantic: field("Semantic"), length: field("Length").flatMap { Int($0) },
                padding: field("Padding").flatMap { Int($0) })
  }

  /// True when a video is declared: a directory item of a video type, or Micro Video.
  var declaresVideo: Bool { items.contains(where: \.isVideo) || (microVideo && microVideoOffset != nil) }

  /// Which property declares the video, for messages.
  package var source: String {
    items.contains(where: \.isVideo) ? "XMP Container:Directory" : "XMP GCamera:MicroVideoOffset"
  }

  /// The declared video item.
  var videoItem: Item? { items.last(where: \.isVideo) }

  /// Where the video should be in a document ending at `end`: the directory's items are laid out
  /// backwards from the end, the secondary ones `Length` bytes each, padding only after the
  /// primary (AndroidX's reading); Micro Video counts its offset back from the end. Nil when the
  /// numbers are impossible.
  func videoRange(end: Int) -> Range<Int>? {
    if items.contains(where: \.isVideo) {
      var start = end
      // A video item of length 0 means the video is in the next non-empty item before it.
      var pendingVideo = false
      for item in items.dropFirst().reversed() {
        guard let length = item.length, length >= 0, length <= start else { return nil }
        let itemEnd = start
        start -= length
        pendingVideo = pendingVideo || item.isVideo
        if pendingVideo, start < itemEnd { return start..<itemEnd }
      }
      return nil
    }
    guard let offset = microVideoOffset, offset > 0, offset <= end else { return nil }
    return end - offset..<end
  }
}

extension MotionPhotoXMP.Item {
  /// True for a video item ("video/mp4", "video/quicktime").
  package var isVideo: Bool { mime?.lowercased().hasPrefix("video/") == true }
}
