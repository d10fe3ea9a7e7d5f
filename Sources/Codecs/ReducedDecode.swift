/// A picture decoded reduced while decoding (GIF's first frame, a WebP): the reduced picture and
/// the full size it stands for.
public struct ReducedDecode: Sendable {
  /// The picture reduced by `factor`, in stored orientation.
  public var image: PixelImage
  /// The full size (a GIF's logical screen, a WebP's canvas).
  public var width: Int
  public var height: Int
  /// The whole factor used.
  public var factor: Int
  /// Why the pixels are not all there (the decoder's message), when the data stopped part-way
  /// and the decoder still gave what it had; nil when complete.
  public var damage: String?
}
