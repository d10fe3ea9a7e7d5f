/// Chooses the container walker for a recognised format.
enum ContainerDispatch {
  static func scan(_ source: any ByteSource, format: ImageFormat) throws(ContainerError) -> ContainerScan {
    switch format {
    case .jpeg: return try JPEGWalker.scan(source)
    case .heic, .heif, .avif, .png:
      throw .unsupported(reason: "\(format.rawValue.uppercased()) is recognised but not read yet")
    }
  }
}
