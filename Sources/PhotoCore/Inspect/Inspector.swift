/// Limits and switches for reading one file.
public struct InspectOptions: Sendable {
  /// Also read embedded images (MPF secondary images, thumbnails) for their own metadata.
  public var readEmbeddedImages = true
  public init() {}
}

/// Reads what a file carries: format by content, container walk, carrier decoding, composites.
/// Never throws: an unreadable file comes back with `error` set (and whatever was read before).
public enum Inspector {
  /// Inspects the file at `path`, read-only.
  public static func inspect(path: String, options: InspectOptions = InspectOptions()) -> PhotoMetadata {
    let source: FileSource
    do {
      source = try FileSource(path: path)
    } catch {
      return PhotoMetadata(path: path, error: "cannot open: \(error)")
    }
    return inspect(source: source, path: path, options: options)
  }

  /// Inspects bytes from any source; `path` is used for messages and reports.
  public static func inspect(source: any ByteSource, path: String, options: InspectOptions = InspectOptions()) -> PhotoMetadata {
    inspectWithScan(source: source, path: path, options: options).metadata
  }

  /// `inspect`, with the container walk it was made from (nil when the walk failed), for callers
  /// that map the same file's bytes next.
  public static func inspectWithScan(source: any ByteSource, path: String, options: InspectOptions = InspectOptions())
    -> (metadata: PhotoMetadata, scan: ContainerScan?)
  {
    var metadata = PhotoMetadata(path: path, fileSize: source.count)
    guard source.count > 0 else {
      metadata.error = "empty file"
      return (metadata, nil)
    }
    let head: [UInt8]
    do {
      head = try source.bytes(in: 0..<ImageFormat.sniffLength)
    } catch {
      metadata.error = "cannot read: \(error)"
      return (metadata, nil)
    }
    guard let format = ImageFormat.sniff(head) else {
      metadata.error = "not a JPEG, HEIF/AVIF or PNG file (\(describeMagic(head)))"
      return (metadata, nil)
    }
    metadata.format = format
    let scan: ContainerScan
    do {
      scan = try ContainerDispatch.scan(source, format: format)
    } catch {
      metadata.error = "\(error)"
      return (metadata, nil)
    }
    return (MetadataAssembler(source: source, options: options).assemble(scan, into: metadata), scan)
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

extension String {
  func leftPadded(to width: Int, with pad: Character = "0") -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }
}
