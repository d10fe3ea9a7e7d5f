import Bytes
import Foundation
import PhotoCore
import TestSupport
import Testing

// Helpers shared by the ISOBMFF and PNG walker tests: byte builders for hand-made boxes and a
// reader for the shared real-world corpus (../shared/corpus next to the package).

/// Big-endian byte builders.
enum ISOBytes {
  static func u16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
  static func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
  static func u64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (56 - 8 * UInt64($0))) } }
  static func uint(_ v: Int, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: Int64(v)) >> UInt64(8 * (size - 1 - $0))) }
  }
  static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }
  static func cString(_ s: String) -> [UInt8] { Array(s.utf8) + [0] }
}

/// Builds ISOBMFF boxes. [ISO/IEC 14496-12 4.2]
enum BoxBytes {
  static func make(_ type: String, _ payload: [UInt8]) -> [UInt8] { ISOBytes.u32(8 + payload.count) + ISOBytes.ascii(type) + payload }
  static func full(_ type: String, version: Int = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
    make(type, [UInt8(version)] + ISOBytes.uint(flags, size: 3) + payload)
  }
  /// A box with a 64-bit largesize.
  static func large(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    ISOBytes.u32(1) + ISOBytes.ascii(type) + ISOBytes.u64(UInt64(16 + payload.count)) + payload
  }
  /// A box with size 0: "extends to the end of the file".
  static func toEnd(_ type: String, _ payload: [UInt8]) -> [UInt8] { ISOBytes.u32(0) + ISOBytes.ascii(type) + payload }

  static func ftyp(_ major: String = "heic", _ compatible: [String] = ["mif1", "heic"]) -> [UInt8] {
    make("ftyp", ISOBytes.ascii(major) + ISOBytes.u32(0) + compatible.flatMap(ISOBytes.ascii))
  }
  static func ispe(_ w: Int, _ h: Int) -> [UInt8] { full("ispe", ISOBytes.u32(w) + ISOBytes.u32(h)) }
  static func irot(_ angle: Int) -> [UInt8] { make("irot", [UInt8(angle & 3)]) }
  static func imir(_ axis: Int) -> [UInt8] { make("imir", [UInt8(axis & 1)]) }
  static func clap(_ w: (Int, Int), _ h: (Int, Int), _ x: (Int, Int), _ y: (Int, Int)) -> [UInt8] {
    make("clap", [w.0, w.1, h.0, h.1, x.0, x.1, y.0, y.1].flatMap { ISOBytes.uint($0, size: 4) })
  }
  static func pixi(_ bits: [Int]) -> [UInt8] { full("pixi", [UInt8(bits.count)] + bits.map(UInt8.init)) }
  static func colrICC(_ profile: [UInt8]) -> [UInt8] { make("colr", ISOBytes.ascii("prof") + profile) }
  static func colrNCLX() -> [UInt8] { make("colr", ISOBytes.ascii("nclx") + ISOBytes.u16(1) + ISOBytes.u16(13) + ISOBytes.u16(6) + [0x80]) }
  static func auxC(_ urn: String) -> [UInt8] { full("auxC", ISOBytes.cString(urn)) }
}

/// A small HEIF file assembled from items, references and properties, with the item data in an
/// `mdat` (or `idat`) and `iloc` offsets fixed up after layout.
struct HEIFBuilder {
  struct Item {
    var id: Int
    var type: String
    var contentType: String? = nil
    var data: [UInt8] = []
    var hidden = false
    var inIdat = false
  }

  var ftyp = BoxBytes.ftyp()
  var primary = 1
  var pitmVersion = 0
  var items: [Item] = [Item(id: 1, type: "hvc1", data: [0, 0, 0, 4, 1, 2, 3, 4])]
  var infeVersion = 2
  /// (type, from, to)
  var references: [(String, Int, [Int])] = []
  var irefVersion = 0
  var properties: [[UInt8]] = [BoxBytes.ispe(64, 48)]
  /// item → [(1-based property index, essential)]
  var associations: [(Int, [(Int, Bool)])] = [(1, [(1, false)])]
  var ipmaVersion = 0
  var ipmaWide = false
  var ilocVersion = 1
  var offsetSize = 4, lengthSize = 4, baseOffsetSize = 0, indexSize = 0
  /// Added to every method-0 extent offset (to point outside the file).
  var extentOffsetBias = 0
  var extraMetaBoxes: [[UInt8]] = []
  var trailer: [UInt8] = []
  var includeMeta = true

  func infe(_ item: Item) -> [UInt8] {
    let flags = item.hidden ? 1 : 0
    switch infeVersion {
    case 3:
      var p = ISOBytes.u32(item.id) + ISOBytes.u16(0) + ISOBytes.ascii(item.type) + ISOBytes.cString("")
      if item.type == "mime" { p += ISOBytes.cString(item.contentType ?? "") }
      return BoxBytes.full("infe", version: 3, flags: flags, p)
    default:
      var p = ISOBytes.u16(item.id) + ISOBytes.u16(0) + ISOBytes.ascii(item.type) + ISOBytes.cString("")
      if item.type == "mime" { p += ISOBytes.cString(item.contentType ?? "") }
      return BoxBytes.full("infe", version: 2, flags: flags, p)
    }
  }

  func meta(mdatPayloadStart: Int) -> [UInt8] {
    let hdlr = BoxBytes.full("hdlr", ISOBytes.u32(0) + ISOBytes.ascii("pict") + [UInt8](repeating: 0, count: 12) + ISOBytes.cString(""))
    let pitm = BoxBytes.full("pitm", version: pitmVersion, pitmVersion == 0 ? ISOBytes.u16(primary) : ISOBytes.u32(primary))
    let iinf = BoxBytes.full("iinf", ISOBytes.u16(items.count) + items.flatMap(infe))
    // iloc
    var iloc: [UInt8] = [UInt8(offsetSize << 4 | lengthSize), UInt8(baseOffsetSize << 4 | (ilocVersion >= 1 ? indexSize : 0))]
    iloc += ilocVersion < 2 ? ISOBytes.u16(items.count) : ISOBytes.u32(items.count)
    var mdatPos = mdatPayloadStart, idatPos = 0
    for item in items {
      iloc += ilocVersion < 2 ? ISOBytes.u16(item.id) : ISOBytes.u32(item.id)
      if ilocVersion >= 1 { iloc += ISOBytes.u16(item.inIdat ? 1 : 0) }
      iloc += ISOBytes.u16(0)  // data_reference_index
      iloc += ISOBytes.uint(0, size: baseOffsetSize)
      iloc += ISOBytes.u16(1)
      if ilocVersion >= 1, indexSize > 0 { iloc += ISOBytes.uint(0, size: indexSize) }
      if item.inIdat {
        iloc += ISOBytes.uint(idatPos, size: offsetSize)
        idatPos += item.data.count
      } else {
        iloc += ISOBytes.uint(mdatPos + extentOffsetBias, size: offsetSize)
        mdatPos += item.data.count
      }
      iloc += ISOBytes.uint(item.data.count, size: lengthSize)
    }
    let ilocBox = BoxBytes.full("iloc", version: ilocVersion, iloc)
    var iref: [UInt8] = []
    if !references.isEmpty {
      let size = irefVersion == 0 ? 2 : 4
      iref = BoxBytes.full("iref", version: irefVersion, references.flatMap { ref in
        BoxBytes.make(ref.0, ISOBytes.uint(ref.1, size: size) + ISOBytes.u16(ref.2.count) + ref.2.flatMap { ISOBytes.uint($0, size: size) })
      })
    }
    var ipma = ISOBytes.u32(associations.count)
    for (item, list) in associations {
      ipma += ipmaVersion < 1 ? ISOBytes.u16(item) : ISOBytes.u32(item)
      ipma += [UInt8(list.count)]
      for (index, essential) in list {
        ipma += ipmaWide ? ISOBytes.u16(index | (essential ? 0x8000 : 0)) : [UInt8(index | (essential ? 0x80 : 0))]
      }
    }
    let iprp = BoxBytes.make("iprp", BoxBytes.make("ipco", properties.flatMap { $0 })
                          + BoxBytes.full("ipma", version: ipmaVersion, flags: ipmaWide ? 1 : 0, ipma))
    let idatData = items.filter(\.inIdat).flatMap(\.data)
    let idat = idatData.isEmpty ? [] : BoxBytes.make("idat", idatData)
    return BoxBytes.full("meta", hdlr + pitm + iinf + ilocBox + iref + iprp + idat + extraMetaBoxes.flatMap { $0 })
  }

  func build() -> [UInt8] {
    let mdatData = items.filter { !$0.inIdat }.flatMap(\.data)
    guard includeMeta else { return ftyp + BoxBytes.make("mdat", mdatData) + trailer }
    let metaSize = meta(mdatPayloadStart: 0).count
    let mdatPayloadStart = ftyp.count + metaSize + 8
    return ftyp + meta(mdatPayloadStart: mdatPayloadStart) + BoxBytes.make("mdat", mdatData) + trailer
  }

  /// An `Exif` item payload: 4-byte offset, optional "Exif\0\0", then a tiny big-endian TIFF.
  static func exifPayload(withHeader: Bool = true) -> [UInt8] {
    let tiff: [UInt8] = ISOBytes.ascii("MM") + [0, 0x2A] + ISOBytes.u32(8) + ISOBytes.u16(0) + ISOBytes.u32(0)
    return withHeader ? ISOBytes.u32(6) + ISOBytes.ascii("Exif") + [0, 0] + tiff : ISOBytes.u32(0) + tiff
  }
}

/// The shared real-world corpus, read directly (INDEX.tsv, MANIFEST.tsv, ExifTool JSON).
enum ContainerCorpus {
  static let root = Repository.sharedCorpus
  static var isAvailable: Bool { Repository.hasSharedCorpus }
  static let skipMessage: Comment = "../shared/corpus is absent (not part of a user's clone): corpus cross-checks skipped"

  /// Every image path in MANIFEST.tsv (reference dumps excluded).
  static let paths: [String] = {
    guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
    return text.split(separator: "\n").dropFirst().compactMap { line in
      let path = String(line.split(separator: "\t", omittingEmptySubsequences: false)[0])
      return path.hasPrefix("reference/") ? nil : path
    }
  }()

  static func bytes(_ path: String) -> [UInt8] {
    (try? Data(contentsOf: root.appendingPathComponent(path))).map { [UInt8]($0) } ?? []
  }

  /// Corpus files whose content is `formats` (sniffed from the bytes, never the name).
  static func files(sniffedAs formats: Set<ImageFormat>) -> [String] {
    paths.filter { path in
      let head = Array(bytes(path).prefix(ImageFormat.sniffLength))
      return ImageFormat.sniff(head).map(formats.contains) ?? false
    }
  }

  /// ExifTool 12.57's JSON for a corpus file, as a flat dictionary.
  static func oracle(_ path: String) -> [String: Any] {
    let url = root.appendingPathComponent("oracle").appendingPathComponent(path + ".exiftool.json")
    guard let data = try? Data(contentsOf: url),
          let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [:] }
    return list.first ?? [:]
  }

  static func int(_ value: Any?) -> Int? {
    if let n = value as? NSNumber { return n.intValue }
    if let s = value as? String { return Int(s) }
    return nil
  }
}

@Suite struct ISOBMFFTestSupportTests {
  @Test func builderMakesAFileOurWalkerReads() throws {
    let scan = try HEIFWalker.scan(MemorySource(HEIFBuilder().build()))
    #expect(scan.format == .heic)
    #expect(scan.storedSize == PixelSize(width: 64, height: 48))
    #expect(scan.warnings.isEmpty, "\(scan.warnings)")
  }
}
