/// A JFIF extension thumbnail: the payload of an APP0 "JFXX\0" segment, after the signature.
/// Its first byte says how the thumbnail is coded: 0x10 a whole JPEG follows; 0x11 one byte
/// per pixel with a 768-byte RGB palette; 0x13 three bytes (RGB) per pixel. The raw forms start
/// with the width and height (one byte each). [JFIF 1.02, "JFIF extension APP0 marker segment"]
public struct JFXXThumbnail: Sendable, Equatable {
  /// How the thumbnail is coded.
  public enum Coding: UInt8, Sendable {
    case jpeg = 0x10
    case palette = 0x11
    case rgb = 0x13
  }

  /// The signature of the APP0 segment that holds one.
  public static let signature: [UInt8] = [0x4A, 0x46, 0x58, 0x58, 0x00]  // "JFXX\0"
  /// The role of a JFXX thumbnail in the layout tree and in messages.
  public static let role = "JFXX thumbnail"
  /// Bytes of a palette (256 RGB triplets).
  static let paletteLength = 768

  public var coding: Coding
  /// The thumbnail's size (raw forms only; a JPEG says its own).
  public var size: PixelSize?
  /// Where the coded thumbnail is in the payload: the JPEG, or the palette indices / RGB samples.
  public var data: Range<Int>
  /// For the palette form, where the palette is in the payload.
  public var palette: Range<Int>?

  /// The thumbnail in `payload` (bytes after "JFXX\0"); nil when the extension code is unknown,
  /// a raw thumbnail is empty, or the payload is shorter than its pixels need.
  public static func parse(_ payload: [UInt8]) -> JFXXThumbnail? {
    guard let first = payload.first, let coding = Coding(rawValue: first) else { return nil }
    if coding == .jpeg { return payload.count > 1 ? JFXXThumbnail(coding: .jpeg, size: nil, data: 1..<payload.count) : nil }
    guard payload.count >= 3, payload[1] > 0, payload[2] > 0 else { return nil }
    let width = Int(payload[1]), height = Int(payload[2])
    let bytesPerPixel = coding == .rgb ? 3 : 1
    let paletteLength = coding == .palette ? Self.paletteLength : 0
    let start = 3 + paletteLength, end = start + width * height * bytesPerPixel
    guard end <= payload.count else { return nil }
    return JFXXThumbnail(coding: coding, size: PixelSize(width: width, height: height), data: start..<end,
                         palette: coding == .palette ? 3..<start : nil)
  }
}
