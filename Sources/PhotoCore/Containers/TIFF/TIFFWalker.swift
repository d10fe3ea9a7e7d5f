import Bytes
/// Walks a TIFF block that stands as a document of its own (EXIF without its "Exif\0\0" header
/// after a JPEG's EOI, say): one EXIF carrier covering the block. Its IFDs and thumbnail are
/// found like any EXIF block's (`EmbeddedDocumentFinder`). [TIFF 6.0 §2]
public enum TIFFWalker {
  /// Largest TIFF block read (as a HEIF metadata item).
  public static let maxBytes = 16 << 20

  /// Walks the TIFF block in `range` of `source`.
  public static func walk(_ source: any ByteSource, range: Range<Int>, placement: FilePlacement) -> LayoutTree {
    var tree = LayoutTree(format: .tiff, source: source, range: range, placement: placement)
    let length = min(range.count, maxBytes)
    if length < range.count {
      tree.markIncomplete("exif", "the TIFF block is \(range.count) bytes; only the first \(maxBytes) were read")
    }
    let bytes: [UInt8]
    do {
      bytes = try source.exactBytes(in: range.lowerBound..<range.lowerBound + length, what: "TIFF block")
    } catch {
      tree.failure = ContainerError(error, format: "TIFF")
      return tree
    }
    guard TIFFStructure.parse(bytes) != nil else {
      tree.failure = .malformed(format: "TIFF", what: "header", offset: placement.reportedOffset(range.lowerBound),
                                reason: "no TIFF byte order and magic number")
      return tree
    }
    let place = range.lowerBound..<range.lowerBound + length
        tree.nodes = [LayoutNode("TIFF block", range: place)]
    tree.scan.carriers = [Carrier(kind: .exif, offset: placement.reportedOffset(range.lowerBound), length: length,
                                  note: "TIFF block", payload: bytes, sourceRange: place)]
    return tree
  }
}
