import Bytes
import PhotoCore

/// What a format's rewriter is given: the file's bytes, its layout tree (read in `.complete`
/// mode: every structure of the file with its byte range) and the model made from it. The
/// rewriters never walk the container again: they decide, node by node of the tree, what stays.
struct StripInput {
  var bytes: [UInt8]
  var tree: LayoutTree
  var metadata: PhotoMetadata

  /// The file's bytes in `range` (clamped to the file).
  func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
    let lower = min(max(range.lowerBound, 0), bytes.count)
    return bytes[lower..<min(max(range.upperBound, lower), bytes.count)]
  }

  /// The byte at `offset`, or nil outside the file.
  func byte(_ offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }

  /// True when the bytes at `offset` are `prefix`.
  func has(_ prefix: [UInt8], at offset: Int) -> Bool {
    offset >= 0 && offset + prefix.count <= bytes.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
  }
}

/// Why `strip` leaves a file alone before writing anything: the format is not one it rewrites
/// (`unsupported`), or the file is not whole enough to rewrite safely (`unsure`).
struct StripRefusal: Error, Equatable, CustomStringConvertible {
  enum Kind: Equatable { case unsupported, unsure }
  var kind: Kind
  var description: String

  static func unsupported(_ message: String) -> StripRefusal { StripRefusal(kind: .unsupported, description: message) }
  static func unsure(_ message: String) -> StripRefusal { StripRefusal(kind: .unsure, description: message) }
}

/// The rewriter of each format: one plan per file, in the file's own format.
enum StripRewriter {
  /// The plan for `input`, by its format.
  static func plan(_ input: StripInput) throws(StripRefusal) -> StripPlan {
    let tree = input.tree
    switch input.metadata.format {
    case .raw?:
      throw .unsupported("strip does not rewrite camera raws (their vendors' structures point at absolute offsets); nothing was changed")
    case .xmp?, .takeoutJSON?:
      throw .unsupported("it is a sidecar (a metadata file of its own): delete it, or strip the photo it belongs to")
    case nil:
      throw .unsupported("it is not an image format strip rewrites")
    default: break
    }
    if let failure = tree.failure { throw .unsure("it does not read whole as \(tree.format.rawValue.uppercased()): \(failure)") }
    if let error = input.metadata.error { throw .unsure("it does not read whole: \(error)") }
    // A part not read refuses the file: the rewrite could drop or keep what it does not know.
    // Except in JPEG XL a `brob` box that does not decompress: the rewrite drops that box whole.
    if let part = tree.incomplete.first(where: { !(tree.format == .jxl && $0.reason.hasPrefix("JPEG XL 'brob' box")) }) {
      throw .unsure("a part of it was not read (\(part.reason)), so what it holds is not known")
    }
    switch input.metadata.format {
    case .jpeg?: return try JPEGStrip.plan(input)
    case .png?: return try PNGStrip.plan(input)
    case .webp?: return try WebPStrip.plan(input)
    case .gif?: return try GIFStrip.plan(input)
    case .jxl?: return try JXLStrip.plan(input)
    case .tiff?, .dng?: return try TIFFStrip.plan(input)
    default: return try ISOBMFFStrip.plan(input)
    }
  }

  /// The top-level documents embedded in the file, said for the report ("MPF image 2",
  /// "Motion Photo video"), for those whose bytes lie in `range` of the file.
  static func documents(in tree: LayoutTree, within range: Range<Int>) -> [String] {
    tree.children.compactMap { child in
      guard child.tree.placement == .file, range.lowerBound <= child.tree.range.lowerBound,
            child.tree.range.upperBound <= range.upperBound else { return nil }
      return describe(child)
    }
  }

  /// "MPF image 2", "Motion Photo video", "EXIF thumbnail", "C2PA manifest", "a JPEG after the image".
  static func describe(_ child: EmbeddedDocument) -> String {
    let n = child.step.index.map { " \($0)" } ?? ""
    switch child.step.name {
    case "mpf-image": return "MPF image\(n)"
    case "motion-photo": return "Motion Photo video"
    case "thumbnail": return n.isEmpty ? "EXIF thumbnail" : "thumbnail\(n)"
    case "c2pa": return "C2PA manifest"
    case "icc": return "ICC profile"
    case "trailer": return article(child.tree.format)
    default: return child.step.description
    }
  }

  /// "a JPEG", "an MP4".
  static func article(_ format: DocumentFormat) -> String {
    let name = format == .tiff || format == .tiffFile ? "TIFF" : format.rawValue.uppercased()
    return ("AEFHILMNORSX".contains(name.first ?? "x") ? "an " : "a ") + name
  }
}
