/// The JPEG segments a JPEG XL's `jbrd` box kept, rebuilt as a small JPEG (SOI, the segments,
/// EOI, the bytes that followed EOI): read as the embedded document "jpeg-reconstruction".
public struct JPEGReconstruction: Sendable {
  /// The rebuilt JPEG.
  public var segments: [UInt8]
  /// The file offset of the `jbrd` box (the rebuilt bytes are not file bytes).
  public var boxOffset: Int
}
