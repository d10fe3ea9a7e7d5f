/// The `jbrd` box of a JPEG XL made from a JPEG (`cjxl --lossless_jpeg=1`): what a reader needs
/// to rebuild the JPEG byte for byte. It is a bit-packed bundle (markers in order, the sizes of
/// APPn and COM segments, quantisation and Huffman tables, scans, the sizes of bytes between
/// markers and after EOI) followed, at the next byte, by one Brotli stream holding the content of
/// every APPn segment that is not EXIF, XMP or ICC (those are the `Exif`/`xml ` boxes and the
/// codestream's colour profile), every COM segment, the bytes between markers and the bytes after
/// EOI. Those are where an IPTC block, an Extended XMP packet, a comment or a second JPEG
/// survive the transcode, so the walker rebuilds them as a JPEG of their own and has it read.
/// (The layout follows libjxl's `JPEGData::VisitFields` and `DecodeJPEGData`.)
/// [ISO/IEC 18181-2 3.8; libjxl lib/jxl/jpeg/jpeg_data.cc]
struct JPEGReconstructionData {
  /// How an APPn segment's content is kept. [libjxl jpeg_data.h AppMarkerType]
  enum AppKind: UInt32 { case unknown = 0, icc, exif, xmp }

  /// Markers in file order (0xFF stands for bytes between markers).
  var markers: [UInt8] = []
  /// Each APPn segment: how it is kept and its size (marker byte, 2 length bytes, content).
  var apps: [(kind: AppKind, size: Int)] = []
  /// Each COM segment's size (marker byte, 2 length bytes, content).
  var comments: [Int] = []
  /// Sizes of the runs of bytes between markers.
  var interMarker: [Int] = []
  /// Bytes after EOI.
  package var tail = 0
  /// Where the Brotli stream starts in the box payload.
  var streamStart = 0

  /// What the bundle does not allow.
  struct Invalid: Error, CustomStringConvertible {
    package var description: String
    init(_ text: String) { description = text }
  }

  /// Most markers (libjxl's own limit).
  static let maxMarkers = 16_384

  /// Bytes the Brotli stream must hold, in order.
  var streamLength: Int {
    apps.filter { $0.kind == .unknown }.reduce(0) { $0 + $1.size } + comments.reduce(0, +) + interMarker.reduce(0, +) + tail
  }

  /// Parses the bundle at the start of a `jbrd` payload.
  init(_ payload: [UInt8]) throws(Invalid) {
    var r = JXLBitReader(payload)
    do {
      try parse(&r)
    } catch let error as Invalid {
      throw error
    } catch {
      throw Invalid("the bundle ends before its fields do")
    }
    r.jumpToByteBoundary()
    streamStart = r.byteOffset
  }

  private mutating func parse(_ r: inout JXLBitReader) throws {
    typealias D = JXLBitReader.Distribution
    _ = try r.bool()  // is_gray
    var scans = 0, hasDRI = false
    repeat {
      let marker = UInt8(try r.bits(6) + 0xC0)
      markers.append(marker)
      guard markers.count <= Self.maxMarkers else { throw Invalid("more than \(Self.maxMarkers) markers") }
      if marker == 0xDA { scans += 1 }
      if marker == 0xDD { hasDRI = true }
    } while markers.last != 0xD9
    guard scans > 0 else { throw Invalid("no scan") }
    for marker in markers where marker & 0xF0 == 0xE0 {
      let type = try r.u32(.value(0), .value(1), .bitsOffset(1, 2), .bitsOffset(2, 4))
      guard let kind = AppKind(rawValue: type) else { throw Invalid("unknown APP marker type \(type)") }
      let size = Int(try r.bits(16)) + 1
      guard size >= 3 else { throw Invalid("an APP marker of \(size) bytes") }
      apps.append((kind, size))
      _ = marker
    }
    for _ in markers.filter({ $0 == 0xFE }) {
      let size = Int(try r.bits(16)) + 1
      guard size >= 3 else { throw Invalid("a COM marker of \(size) bytes") }
      comments.append(size)
    }
    let quantTables = Int(try r.u32(.value(1), .value(2), .value(3), .value(4)))
    guard quantTables < 4 else { throw Invalid("4 quantisation tables") }
    for _ in 0..<quantTables { _ = try r.bits(1); _ = try r.bits(2); _ = try r.bool() }
    let componentType = try r.bits(2)
    var components = componentType == 0 ? 1 : 3
    if componentType == 3 {
      components = Int(try r.u32(.value(1), .value(2), .value(3), .value(4)))
      guard components == 1 || components == 3 else { throw Invalid("\(components) components") }
      for _ in 0..<components { _ = try r.bits(8) }
    }
    for _ in 0..<components {
      guard Int(try r.bits(2)) < quantTables else { throw Invalid("a component uses a missing quantisation table") }
    }
    let huffmanCodes = Int(try r.u32(.value(4), .bitsOffset(3, 2), .bitsOffset(4, 10), .bitsOffset(6, 26)))
    for _ in 0..<huffmanCodes {
      _ = try r.bool(); _ = try r.bits(2); _ = try r.bool()
      var symbols = 0
      for _ in 0...16 { symbols += Int(try r.u32(.value(0), .value(1), .bitsOffset(3, 2), .bits(8))) }
      guard symbols <= 257 else { throw Invalid("a Huffman code of \(symbols) symbols") }
      var last: UInt32 = 0
      for _ in 0..<symbols { last = try r.u32(.bits(2), .bitsOffset(2, 4), .bitsOffset(4, 8), .bitsOffset(8, 1)) }
      guard symbols == 0 || last == 256 else { throw Invalid("a Huffman code without its end symbol") }
    }
    for _ in 0..<scans {
      let count = Int(try r.u32(.value(1), .value(2), .value(3), .value(4)))
      guard count < 4 else { throw Invalid("a scan of \(count) components") }
      _ = try r.bits(6); _ = try r.bits(6); _ = try r.bits(4); _ = try r.bits(4)
      for _ in 0..<count {
        guard Int(try r.bits(2)) < components else { throw Invalid("a scan names a missing component") }
        _ = try r.bits(2); _ = try r.bits(2)
      }
      _ = try r.u32(.value(0), .value(1), .value(2), .bitsOffset(3, 3))
    }
    if hasDRI { _ = try r.bits(16) }
    for _ in 0..<scans {
      let resets = Int(try r.u32(.value(0), .bitsOffset(2, 1), .bitsOffset(4, 4), .bitsOffset(16, 20)))
      guard resets * 2 <= r.remaining else { throw Invalid("more reset points than bits") }
      for _ in 0..<resets { _ = try r.u32(.value(0), .bitsOffset(3, 1), .bitsOffset(5, 9), .bitsOffset(28, 41)) }
      let zeroRuns = Int(try r.u32(.value(0), .bitsOffset(2, 1), .bitsOffset(4, 4), .bitsOffset(16, 20)))
      guard zeroRuns * 4 <= r.remaining else { throw Invalid("more zero runs than bits") }
      for _ in 0..<zeroRuns {
        _ = try r.u32(.value(1), .bitsOffset(2, 2), .bitsOffset(4, 5), .bitsOffset(8, 20))
        _ = try r.u32(.value(0), .bitsOffset(3, 1), .bitsOffset(5, 9), .bitsOffset(28, 41))
      }
    }
    for _ in markers.filter({ $0 == 0xFF }) { interMarker.append(Int(try r.bits(16))) }
    tail = Int(try r.u32(.value(0), .bitsOffset(8, 1), .bitsOffset(16, 257), .bitsOffset(22, 65793)))
    if try r.bool() {  // has_zero_padding_bit
      let bits = Int(try r.bits(24))
      guard bits <= r.remaining else { throw Invalid("more padding bits than the box holds") }
      for _ in 0..<bits { _ = try r.bool() }
    }
  }

  /// The JPEG segments the Brotli stream kept, rebuilt in marker order as a JPEG of their own:
  /// SOI, each kept APPn and COM segment and the bytes between markers where they were, EOI,
  /// then the bytes that followed EOI. (Tables, frame and scans are not rebuilt: they hold no
  /// metadata.) `stream` is the decompressed stream, `streamLength` bytes.
  package func segments(from stream: [UInt8]) -> [UInt8] {
    var unknownApps: [Int] = []
    var cursor = 0
    for app in apps where app.kind == .unknown {
      unknownApps.append(cursor)
      cursor += app.size
    }
    var comStarts: [Int] = []
    for size in comments {
      comStarts.append(cursor)
      cursor += size
    }
    var gapStarts: [Int] = []
    for size in interMarker {
      gapStarts.append(cursor)
      cursor += size
    }
    let tailStart = cursor
    var out: [UInt8] = [0xFF, 0xD8]
    var app = 0, unknown = 0, com = 0, gap = 0
    func piece(_ start: Int, _ size: Int) -> ArraySlice<UInt8> {
      stream[min(start, stream.count)..<min(start + size, stream.count)]
    }
    for marker in markers {
      switch marker {
      case 0xE0...0xEF:
        if apps[app].kind == .unknown {
          out.append(0xFF)
          out += piece(unknownApps[unknown], apps[app].size)
          unknown += 1
        }
        app += 1
      case 0xFE:
        out.append(0xFF)
        out += piece(comStarts[com], comments[com])
        com += 1
      case 0xFF:
        out += piece(gapStarts[gap], interMarker[gap])
        gap += 1
      default: break
      }
    }
    out += [0xFF, 0xD9]
    out += piece(tailStart, tail)
    return out
  }
}
