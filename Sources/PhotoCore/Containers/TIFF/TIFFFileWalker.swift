import Bytes
/// Walks a whole TIFF-shaped file — TIFF, BigTIFF, DNG, and the camera raws built on TIFF (CR2,
/// NEF, ARW, PEF, RW2, ORF…) — into its layout tree: the header, every IFD table (the chain,
/// SubIFDs, Exif, GPS and Interop IFDs of every image), every value an entry points at, the
/// pixels of every image directory (strips and tiles: image data, never swept), and the
/// carriers IFDs hold (XMP, IPTC, Photoshop resources, ICC). The metadata IFDs are decoded by
/// the model from `scan.tiffFile`; JPEG previews are walked as documents of their own
/// (`EmbeddedDocumentFinder+TIFF`). What no structure explains is left to the sweep and the byte
/// map. (An EXIF block without its header, after a JPEG's EOI, is `TIFFWalker`'s.)
/// [TIFF 6.0; BigTIFF; DNG 1.7; CIPA DC-008 4.6]
enum TIFFFileWalker {
  /// Largest metadata block (XMP, IPTC, Photoshop, ICC) read into memory; a larger one is swept
  /// and the check is incomplete.
  static let maxCarrierBytes = 16 << 20

  /// Walks the file in `range` of `source` (its header at `range.lowerBound`).
  static func walk(_ source: any ByteSource, range: Range<Int>, mode: ReadMode) -> LayoutTree {
    var tree = LayoutTree(format: .tiffFile, source: source, range: range)
    let head = (try? source.bytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + TIFFFileHeader.neededBytes))) ?? []
    guard let header = TIFFFileHeader.parse(head) else {
      tree.failure = .malformed(format: "TIFF", what: "header", offset: range.lowerBound, reason: "no TIFF byte order and magic number")
      return tree
    }
    let reader = TIFFFileReader(source: source, header: header, range: range)
    let headerNode = LayoutNode(header.name, range: reader.place(0..<min(header.length, reader.count)))
    let layout: TIFFFileLayout
    switch TIFFFileLayout.read(reader) {
    case .failure(let problem):
      tree.nodes = [headerNode]
      tree.failure = .malformed(format: "TIFF", what: "IFD0", offset: range.lowerBound + header.firstIFD, reason: problem.text)
      return tree
    case .success(let read):
      layout = read
    }
    var nodes = [headerNode]
    for directory in layout.directories {
      nodes.append(LayoutNode(directory.name, range: directory.table, note: Self.tableNote(directory)))
    }
    nodes += valueNodes(layout, reader: reader, mode: mode)
    nodes += imageDataNodes(layout, reader: reader)
    tree.scan.carriers = carriers(layout, reader: reader, tree: &tree, nodes: &nodes)
    nodes += paddingNodes(between: nodes, reader: reader)
    tree.nodes = nodes.sorted { $0.range.lowerBound < $1.range.lowerBound }
    tree.end = nodes.map(\.range.upperBound).max()
    tree.scan.format = layout.format
    tree.scan.tiffFile = layout
    if let main = layout.mainImage, let image = layout.images[main], let width = image.width, let height = image.height {
      tree.scan.storedSize = PixelSize(width: width, height: height)
    } else {
      tree.scan.warnings.append("no image directory of the TIFF gives an image size")
    }
    tree.scan.structureTags = structureTags(layout, reader: reader)
    tree.scan.warnings += layout.warnings
    for problem in layout.unread { tree.markIncomplete("exif", problem) }
    return tree
  }

  /// "12 entries".
  static func tableNote(_ directory: TIFFFileLayout.Directory) -> String { "\(directory.entries.count) entries" }

  /// File:FileType as ExifTool names it (TIFF, BTF, DNG, CR2, NEF…), and the raw kind.
  static func structureTags(_ layout: TIFFFileLayout, reader: TIFFFileReader) -> [MetadataTag] {
    let make = reader.bytes(layout.directories.first?.entry(TIFFFileLayout.Tag.make), limit: 256).map(ExifValueDecoder.asciiText)
    let type: String
    switch layout.format {
    case .dng: type = "DNG"
    case .raw: type = layout.rawKind(make: make) ?? "camera raw"
    default: type = layout.header.isBig ? "BTF" : "TIFF"
    }
    var tags = [MetadataTag(carrier: .unknown, group: "File", name: "FileType", value: .text(type))]
    tags.append(MetadataTag(carrier: .unknown, group: "File", name: "IFDCount", value: .integer(Int64(layout.directories.count))))
    return tags
  }

  /// The metadata blocks IFDs hold, each a carrier with its payload (in place): XMP (tag 700),
  /// IPTC-IIM (33723), Photoshop image resources (34377), the ICC profile (34675). A block over
  /// `maxCarrierBytes` is not read: its node is swept and the check is incomplete.
  package static func carriers(_ layout: TIFFFileLayout, reader: TIFFFileReader, tree: inout LayoutTree,
                       nodes: inout [LayoutNode]) -> [Carrier] {
    typealias Tag = TIFFFileLayout.Tag
    let kinds: [(UInt16, CarrierKind, String)] = [(Tag.xmp, .xmp, "XMP"), (Tag.iptc, .iptc, "IPTC-NAA"),
                                                  (Tag.photoshop, .photoshop, "Photoshop"), (Tag.icc, .icc, "ICC profile")]
    var out: [Carrier] = []
    for directory in layout.directories where directory.kind == .image {
      for (tag, kind, label) in kinds {
        // A value held in the entry itself (4 bytes or fewer) is no block: the table explains it.
        guard let entry = directory.entry(tag), let value = entry.value, !value.isEmpty, !entry.isInline else { continue }
        let note = "\(directory.name) tag 0x\(TIFFFileLayout.hex(tag)) (\(label))"
        guard value.count <= maxCarrierBytes, let payload = try? reader.source.bytes(in: value), payload.count == value.count else {
          tree.markIncomplete(kind.rawValue, "\(note) is \(value.count) bytes, over the \(maxCarrierBytes >> 20) MiB read; it was swept for GPS, not decoded")
          nodes.append(LayoutNode(note, range: value, note: "not decoded (over the size cap)", swept: true))
          continue
        }
        let item = directory.page == 0 ? nil : directory.page + 1
        out.append(Carrier(kind: kind, offset: value.lowerBound, length: value.count, item: item, note: note, payload: payload,
                           sourceRange: value))
      }
    }
    return out.sorted { $0.offset < $1.offset }
  }

  /// Zero bytes that only align the next structure (or the end of the file) to an even offset
  /// (TIFF values and IFDs start on a word boundary; BigTIFF writers align to 8): explained, not
  /// hidden data.
  /// [TIFF 6.0 §2: "the value... must begin on a word boundary"]
  static func paddingNodes(between nodes: [LayoutNode], reader: TIFFFileReader) -> [LayoutNode] {
    let limit = reader.header.isBig ? 7 : 1
    let gaps = BackstopSweep.uncovered(reader.place(0..<reader.count), by: nodes.map(\.range))
    return gaps.compactMap { gap in
      guard gap.count <= limit, (gap.upperBound - reader.base) % 2 == 0,
            let bytes = try? reader.source.bytes(in: gap), bytes.allSatisfy({ $0 == 0 }) else { return nil }
      return LayoutNode("alignment padding", range: gap, note: "zero bytes before a word-aligned structure")
    }
  }
}
