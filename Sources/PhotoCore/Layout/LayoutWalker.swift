import Bytes
/// Walks a file into its layout tree: the container walker of its format, then every document
/// embedded in it — EXIF thumbnails, MPF images, images after the end of the image, ICC
/// profiles, HEIF items that are images of their own — each read by the container walker of
/// its own format, to `LayoutLimits.maxDocumentDepth`.
///
/// Adding a container format is one walker (a function returning a `LayoutTree` with its
/// nodes, carriers and `end`) and one entry in `walkDocument`. Embedded documents are found from
/// what every walker reports alike — carriers (EXIF, ICC, MPF) and the end of the image — so a
/// new walker's thumbnails, profiles and trailing data are read with no more code.
public enum LayoutWalker {
  /// Walks the top-level file in `source`, already recognised as `format`.
  public static func walk(_ source: any ByteSource, format: ImageFormat, mode: ReadMode) -> LayoutTree {
    var budget = LayoutLimits.maxDocuments
    return walk(DocumentFormat(format), source: source, range: 0..<source.count, placement: .file, mode: mode,
                depth: 0, budget: &budget)
  }

  /// The container walkers, by format: the one place a new container plugs in.
  static func walkDocument(_ format: DocumentFormat, source: any ByteSource, range: Range<Int>, placement: FilePlacement,
                           mode: ReadMode) -> LayoutTree {
    var tree: LayoutTree
    switch format {
    case .jpeg: tree = JPEGWalker.walk(source, range: range, mode: mode)
    case .png: tree = PNGWalker.walk(source, range: range, mode: mode)
    case .heic, .heif, .avif, .isobmff, .mov, .mp4: tree = ISOBMFFWalker.walk(source, range: range, mode: mode, format: format)
    case .tiff: tree = TIFFWalker.walk(source, range: range, placement: placement)
    case .tiffFile: tree = TIFFFileWalker.walk(source, range: range, mode: mode)
    case .icc: tree = ICCWalker.walk(source, range: range, placement: placement)
    case .webp: tree = WebPWalker.walk(source, range: range, mode: mode)
    case .gif: tree = GIFWalker.walk(source, range: range, mode: mode)
    case .jxl: tree = JXLWalker.walk(source, range: range, mode: mode)
    case .jumbf: tree = JUMBFWalker.walk(source, range: range)
    case .xmp, .takeoutJSON: tree = SidecarWalker.walk(source, range: range, format: format)
    }
    tree.placement = placement
    return tree
  }

  /// Walks one document and, below `maxDocumentDepth`, the documents embedded in it.
  /// With `endsAtItsEnd`, a document that knows where it ends is cut there before its embedded
  /// documents are looked for: data after it is the parent's to split (a second image after EOI
  /// is the parent's "trailer#2", not the first trailing image's own trailer).
  static func walk(_ format: DocumentFormat, source: any ByteSource, range: Range<Int>, placement: FilePlacement,
                   mode: ReadMode, depth: Int, endsAtItsEnd: Bool = false, budget: inout Int) -> LayoutTree {
    var tree = walkDocument(format, source: source, range: range, placement: placement, mode: mode)
    guard tree.failure == nil || !tree.nodes.isEmpty else { return tree }
    if endsAtItsEnd, let end = tree.end, end > range.lowerBound, end < range.upperBound {
      tree.range = range.lowerBound..<end
    }
    var finder = EmbeddedDocumentFinder(tree: tree, children: ChildWalker(mode: mode, depth: depth + 1, budget: budget))
    finder.findAll()
    budget = finder.children.budget
    return finder.tree
  }
}

/// Walks the documents embedded in one document, within the depth and count limits.
struct ChildWalker {
  package let mode: ReadMode
  /// The depth of the documents it walks.
  package let depth: Int
  /// Embedded documents left for the whole file.
  package var budget: Int

  /// The walked document, or why it was not walked.
  mutating func walk(_ format: DocumentFormat, source: any ByteSource, range: Range<Int>, placement: FilePlacement,
                     endsAtItsEnd: Bool = false) -> Result<LayoutTree, IncompleteReason> {
    guard depth <= LayoutLimits.maxDocumentDepth else {
      return .failure(IncompleteReason("an embedded document at depth \(depth), over the limit of \(LayoutLimits.maxDocumentDepth); not read"))
    }
    guard budget > 0 else {
      return .failure(IncompleteReason("over the limit of \(LayoutLimits.maxDocuments) embedded documents per file; not read"))
    }
    budget -= 1
    return .success(LayoutWalker.walk(format, source: source, range: range, placement: placement, mode: mode,
                                      depth: depth, endsAtItsEnd: endsAtItsEnd, budget: &budget))
  }
}

/// Why an embedded document was not read.
struct IncompleteReason: Error {
  package var text: String
  init(_ text: String) { self.text = text }
}

/// Recognises a document by its first bytes: the formats a trailing or embedded document can be.
enum DocumentSniffer {
  /// The format of the document starting at `head[0]`, and how many bytes of wrapping come first
  /// ("Exif\0\0" before a TIFF block).
  package static func sniff(_ head: [UInt8]) -> (format: DocumentFormat, skip: Int)? {
    // A classic TIFF header inside a file is read as an EXIF block (what it almost always is);
    // other TIFF-shaped headers (BigTIFF, a raw's) as a TIFF file.
    if ByteSniffer.tiffHeader(head) != nil { return (.tiff, 0) }
    if let image = ImageFormat.sniff(head) { return (DocumentFormat(image), 0) }
    if head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8) { return (.isobmff, 0) }
    if head.starts(with: ByteSniffer.exifHeader), ByteSniffer.tiffHeader(Array(head.dropFirst(6))) != nil { return (.tiff, 6) }
    return nil
  }
}
