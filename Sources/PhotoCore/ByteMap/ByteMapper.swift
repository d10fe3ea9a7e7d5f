/// Attributes every byte of a file to a structure — marker, segment, scan data, box, item
/// extent, chunk — and names what no structure explains. The core of `inspect --map` and of the
/// PA014 check.
///
/// Never throws and never trusts a length: a malformed or hostile file gives a complete map in
/// which what could not be walked is unaccounted, plus warnings.
public enum ByteMapper {
  /// Maps the file at `path` (read-only, in bounded chunks).
  public static func map(path: String) -> ByteMap {
    do {
      return map(try FileSource(path: path))
    } catch {
      return ByteMap(format: nil, fileSize: 0, regions: [], warnings: ["cannot open: \(error)"])
    }
  }

  /// Maps the bytes of `source`. The format is recognised by content, as `Inspector` does.
  /// `heif`: the file's HEIF structure when the caller has walked it already.
  public static func map(_ source: any ByteSource, heif: HEIFFile? = nil) -> ByteMap {
    var builder = ByteMapBuilder(fileSize: source.count)
    let head = (try? source.bytes(in: 0..<min(source.count, ImageFormat.sniffLength))) ?? []
    let format = ImageFormat.sniff(head)
    switch format {
    case .jpeg: JPEGByteMapper.map(source, into: &builder)
    case .png: PNGByteMapper.map(source, into: &builder)
    case .heic, .heif, .avif: ISOBMFFByteMapper.map(source, heif: heif, into: &builder)
    case nil:
      if source.count > 0 { builder.warn("not a JPEG, HEIF/AVIF or PNG file: nothing mapped") }
    }
    var map = builder.build(format: format)
    describeContent(of: &map, source: source)
    return map
  }

  /// Sniffs the opaque and unaccounted regions (the only ones whose content matters).
  static func describeContent(of map: inout ByteMap, source: any ByteSource) {
    for index in map.regions.indices where map.regions[index].kind != .structure {
      let region = map.regions[index]
      let start = region.headerLength < region.length ? region.offset + region.headerLength : region.offset
      map.regions[index].content = ByteSniffer.sniff(source, range: start..<region.end)
    }
  }
}
