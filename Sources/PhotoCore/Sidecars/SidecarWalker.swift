import Bytes
/// Walks a sidecar file (an XMP packet, a Google Takeout JSON) into its layout tree: the whole
/// file is one structure and one carrier of kind `sidecar`, its payload the file's bytes, read
/// by `MetadataAssembler.decodeSidecar`. Nothing in it is unexplained: the decoder reads every
/// byte, and what it cannot read is PA015 with its bytes swept for GPS signatures.
public enum SidecarWalker {
  /// Largest sidecar read and decoded (the XML reader's and the JSON parser's own cap). Past it
  /// the rest is not decoded (PA015) and the whole file is swept for GPS signatures.
  public static let maxBytes = 16 << 20

  /// The name of the one structure of a sidecar of `format`.
  static func structureName(_ format: DocumentFormat) -> String {
    format == .takeoutJSON ? "Google Takeout JSON" : "XMP packet"
  }

  /// Walks the sidecar in `range` of `source`, already recognised as `format` (`SidecarSniffer`).
  public static func walk(_ source: any ByteSource, range: Range<Int>, format: DocumentFormat) -> LayoutTree {
    var tree = LayoutTree(format: format, source: source, range: range)
    let length = min(range.count, maxBytes)
    let read = range.lowerBound..<range.lowerBound + length
    let bytes: [UInt8]
    do {
      bytes = try source.exactBytes(in: read, what: structureName(format))
    } catch {
      tree.failure = ContainerError(error, format: format == .takeoutJSON ? "Takeout JSON" : "XMP")
      return tree
    }
    var node = LayoutNode(structureName(format), range: range)
    if length < range.count {
      // Too large to decode: not read as a sidecar past the cap, and every byte swept instead.
      node.swept = true
      node.note = "over the \(maxBytes >> 20) MiB sidecar cap: swept, not decoded"
      tree.markIncomplete(CarrierKind.sidecar.rawValue,
                          "the sidecar is \(range.count) bytes; only the first \(maxBytes) were decoded (the rest was swept for GPS signatures)")
    }
    tree.nodes = [node]
    tree.scan.carriers = [Carrier(kind: .sidecar, offset: range.lowerBound, length: length,
                                  note: format == .takeoutJSON ? "Google Takeout JSON sidecar" : "XMP sidecar",
                                  payload: bytes, sourceRange: read)]
    tree.end = range.upperBound
    return tree
  }
}
