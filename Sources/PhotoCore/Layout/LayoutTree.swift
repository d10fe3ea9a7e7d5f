import Bytes
/// What a document is, as the walker that read it knows it. Top-level files are images;
/// embedded documents can also be TIFF blocks, ICC profiles or other ISOBMFF files (an MP4).
public enum DocumentFormat: String, Sendable, Equatable, Hashable, CaseIterable {
  case jpeg, png, heic, heif, avif, webp, gif, jxl, mov, mp4
  /// Sidecars: an XMP packet or a Google Takeout JSON, a file of its own (never embedded).
  case xmp, takeoutJSON = "takeout-json"
  /// ISOBMFF that is not a HEIF image (an MP4 or MOV): boxes only.
  case isobmff
  /// A TIFF block (EXIF without the "Exif\0\0" header, e.g. after a JPEG's EOI).
  case tiff
  /// A whole TIFF-shaped file: TIFF, BigTIFF, DNG, a TIFF-based camera raw (`TIFFFileWalker`).
  case tiffFile = "tiff-file"
  /// An ICC colour profile.
  case icc
  /// A JUMBF box (ISO/IEC 19566-5): a C2PA manifest store.
  case jumbf

  /// The image format of a top-level file read as this document (a TIFF file's walk says
  /// whether it is a TIFF, a DNG or a raw; an EXIF block is no image).
  public var imageFormat: ImageFormat? {
    switch self {
    case .tiff: nil
    case .tiffFile: .tiff
    default: ImageFormat(rawValue: rawValue)
    }
  }

  /// The document format of an image format.
  public init(_ format: ImageFormat) {
    self = format.isTIFFFamily ? .tiffFile : DocumentFormat(rawValue: format.rawValue)!
  }
}

/// One document read by one walk: a file, or an image or profile embedded in one. Every
/// structure with its byte range (`nodes`), the carriers located in it with their payloads
/// (`scan`), and the documents embedded in it (`children`), each read by the same walkers as a
/// top-level file. The views of a file — carriers and decoded metadata, the byte map, the
/// fail-closed sweep, the GPS verdict — are all computed from this tree.
public struct LayoutTree: Sendable {
  /// What the document is.
  public var format: DocumentFormat
  /// Its bytes: the file itself, or bytes assembled or decoded from it (see `placement`).
  public var source: any ByteSource
  /// Where in `source` the document lies.
  public var range: Range<Int>
  /// How `source` offsets relate to file offsets.
  public var placement: FilePlacement
  /// The document's structures, in order, nested.
  public var nodes: [LayoutNode]
  /// What the walk found for the decoders: stored size, carriers with payloads, structure facts,
  /// warnings.
  public var scan: ContainerScan
  /// Documents embedded in this one, in order found.
  public var children: [EmbeddedDocument]
  /// Parts of this document that were not read (caps, limits, carriers that do not parse);
  /// scopes are relative to this document.
  public var incomplete: [IncompleteCheck]
  /// Why the walk stopped before the document could be read as its format (the file is then
  /// unreadable); the nodes found before it are kept.
  public var failure: ContainerError?
  /// Where the image's own structure ends in `source` (after EOI, IEND, the last box), when the
  /// walk knows; what follows up to `range.upperBound` is trailing data.
  public var end: Int?
  /// Data no decoder reads whose bytes, as stored, are not what the sweep must search: a GIF
  /// extension's sub-blocks joined without their length bytes (a length byte every 255 bytes
  /// would break any structure the sweep follows). The sweep reads each as well as the raw bytes.
  public var joinedForSweep: [JoinedData] = []

  /// One structure's data joined from its framing, with where the structure starts.
  public struct JoinedData: Sendable {
    public var name: String
    public var offset: Int
    public var data: [UInt8]
  }

  public init(format: DocumentFormat, source: any ByteSource, range: Range<Int>, placement: FilePlacement = .file,
              nodes: [LayoutNode] = [], scan: ContainerScan? = nil, children: [EmbeddedDocument] = [],
              incomplete: [IncompleteCheck] = [], failure: ContainerError? = nil, end: Int? = nil) {
    self.format = format
    self.source = source
    self.range = range
    self.placement = placement
    self.nodes = nodes
    self.scan = scan ?? ContainerScan(format: format.imageFormat)
    self.children = children
    self.incomplete = incomplete
    self.failure = failure
    self.end = end
  }

  /// The carriers and facts of a document that is its format; throws `failure` for one that
  /// is not (what each walker's `scan` returns).
  public func scannedOrFailure() throws(ContainerError) -> ContainerScan {
    if let failure { throw failure }
    return scan
  }

  /// Records a part that was not read.
  public mutating func markIncomplete(_ scope: String, _ reason: String) {
    incomplete.append(IncompleteCheck(scope: scope, reason: reason))
  }

  /// Every document of the tree with its path, this one first (path `.root`), depth first.
  public func documents(under path: CarrierPath = .root) -> [(path: CarrierPath, tree: LayoutTree)] {
    var out = [(path, self)]
    for child in children { out += child.tree.documents(under: path.appending(child.step.name, index: child.step.index)) }
    return out
  }
}

/// A document embedded in another: an EXIF thumbnail, an MPF image, an image after EOI, an ICC
/// profile, a HEIF item that is itself a JPEG. Read by the same walker as a top-level file.
public struct EmbeddedDocument: Sendable {
  /// How the parent came to hold it.
  public enum Origin: String, Sendable, Equatable {
    /// Listed by an index of the parent (MPF).
    case indexed
    /// Inside one of the parent's carriers or items (EXIF thumbnail, ICC profile, HEIF item).
    case embedded
    /// Data after the parent's own structure (after EOI, IEND, the last box, the last ICC tag):
    /// outside every structure of the parent, so also unaccounted bytes (PA014).
    case appended
  }

  /// Its step in carrier paths: "thumbnail", "mpf-image"#2, "trailer"#1, "icc".
  public var step: CarrierPath.Step
  public var origin: Origin
  /// What it is ("EXIF IFD1 thumbnail", "Large Thumbnail (VGA)", "after EOI").
  public var role: String?
  /// The kind of embedded image it is, for the model's embedded-image list; nil for documents
  /// that are not images (an ICC profile).
  public var imageKind: CarrierKind?
  /// The document itself.
  public var tree: LayoutTree

  public init(step: CarrierPath.Step, origin: Origin, role: String? = nil, imageKind: CarrierKind? = nil, tree: LayoutTree) {
    self.step = step
    self.origin = origin
    self.role = role
    self.imageKind = imageKind
    self.tree = tree
  }
}
