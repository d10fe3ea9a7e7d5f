import Bytes
/// Limits and switches for reading one file.
public struct InspectOptions: Sendable {
  /// Also read embedded images (MPF secondary images, thumbnails) for their own metadata.
  public var readEmbeddedImages = true
  /// How much of the file is read: `.complete` (every byte, and the fail-closed sweep: what an
  /// output's verdict needs) or `.metadata` (headers and metadata only: enough for an original).
  public var mode: ReadMode

  public init(mode: ReadMode = .complete) { self.mode = mode }
}

/// What reading one file gave: the model, and the layout tree it was made from (nil when the
/// file could not be opened or is not a format photoaudit reads).
public struct Inspection: Sendable {
  public var metadata: PhotoMetadata
  public var tree: LayoutTree?
  /// After a complete read: whether some byte of the file is unexplained (unaccounted, opaque,
  /// or in a document appended after its image), i.e. whether its byte map has anything for
  /// PA014; nil when not known (a metadata read).
  public var hasUnexplainedBytes: Bool?

  /// The byte map of the file (a view of the tree); nil without a tree.
  public var byteMap: ByteMap? { tree.map(ByteMapper.map) }
}

/// Reads what a file carries: format by content, one walk into the layout tree, carrier
/// decoding, composites, (when the whole file is read) the fail-closed sweep, and the search of
/// decoded text for coordinates (`TextTagSweep`).
/// Never throws: an unreadable file comes back with `error` set (and whatever was read before).
public enum Inspector {
  /// Inspects the file at `path`, read-only.
  public static func inspect(path: String, options: InspectOptions = InspectOptions()) -> PhotoMetadata {
    read(path: path, options: options).metadata
  }

  /// Reads the file at `path`, read-only: the model and its tree.
  public static func read(path: String, options: InspectOptions = InspectOptions()) -> Inspection {
    let source: FileSource
    do {
      source = try FileSource(path: path)
    } catch {
      return Inspection(metadata: PhotoMetadata(path: path, error: "cannot open: \(error)"), tree: nil)
    }
    return read(source: source, path: path, options: options)
  }

  /// Inspects bytes from any source; `path` is used for messages and reports.
  public static func inspect(source: any ByteSource, path: String, options: InspectOptions = InspectOptions()) -> PhotoMetadata {
    read(source: source, path: path, options: options).metadata
  }

  /// Reads bytes from any source: the model and its tree.
  public static func read(source: any ByteSource, path: String, options: InspectOptions = InspectOptions()) -> Inspection {
    var metadata = PhotoMetadata(path: path, fileSize: source.count)
    guard source.count > 0 else {
      metadata.error = "empty file"
      return Inspection(metadata: metadata, tree: nil)
    }
    let head: [UInt8]
    do {
      head = try source.bytes(in: 0..<ImageFormat.sniffLength)
    } catch {
      metadata.error = "cannot read: \(error)"
      return Inspection(metadata: metadata, tree: nil)
    }
    guard let format = ImageFormat.recognise(head, in: source) else {
      metadata.error = "not \(ImageFormat.readableNames) file (\(describeMagic(head)))"
      return Inspection(metadata: metadata, tree: nil)
    }
    metadata.format = format
    let tree = LayoutWalker.walk(source, format: format, mode: options.mode)
    metadata = MetadataAssembler(options: options).assemble(tree, into: metadata)
    var inspection = Inspection(metadata: metadata, tree: tree)
    if options.mode == .complete { inspection.hasUnexplainedBytes = BackstopSweep.sweep(tree, into: &inspection.metadata) }
    TextTagSweep.sweep(into: &inspection.metadata)
    return inspection
  }

  /// A short description of unrecognised leading bytes for the error message.
  static func describeMagic(_ head: [UInt8]) -> String {
    let known: [([UInt8], String)] = [
      ([0x49, 0x49, 0x2A, 0x00], "TIFF"), ([0x4D, 0x4D, 0x00, 0x2A], "TIFF"), (Array(ascii: "GIF8"), "GIF"),
      (Array(ascii: "RIFF"), "RIFF (WebP/AVI)"), (Array(ascii: "%PDF"), "PDF"), ([0x42, 0x4D], "BMP"),
    ]
    if let match = known.first(where: { head.hasPrefix($0.0) }) { return "looks like \(match.1)" }
    if head.count >= 8, Array(head[4..<8]) == Array(ascii: "ftyp") {
      return "ISOBMFF with brand '\(String(decoding: head[8..<min(12, head.count)], as: UTF8.self))' is not an image format"
    }
    let shown = head.prefix(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
    return "starts with \(shown)"
  }
}
