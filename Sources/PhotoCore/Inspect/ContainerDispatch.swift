/// Chooses the container walker for a recognised format.
enum ContainerDispatch {
  static func scan(_ source: any ByteSource, format: ImageFormat) throws(ContainerError) -> ContainerScan {
    switch format {
    case .jpeg: return try JPEGWalker.scan(source)
    case .heic, .heif, .avif: return try HEIFWalker.scan(source)
    case .png: return try PNGWalker.scan(source)
    }
  }
}
