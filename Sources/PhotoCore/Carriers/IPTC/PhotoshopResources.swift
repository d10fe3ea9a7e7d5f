import Bytes
/// One Photoshop image resource (an "8BIM" block). [Adobe Photoshop File Formats
/// Specification, "Image Resource Blocks"]
public struct PhotoshopResource: Sendable, Equatable {
  /// Block signature: "8BIM" (also "PHUT", "AgHg", "DCSR" from other writers).
  public var signature: String
  /// Resource ID (0x0404 = IPTC-IIM, 0x040F = ICC profile, 0x0422 = EXIF, 0x0424 = XMP...).
  public var id: UInt16
  /// The Pascal-string name (usually empty).
  public var name: String
  /// Offset of `data` within the parsed payload.
  public var offset: Int
  /// The resource data, without its padding byte.
  public var data: [UInt8]

  /// Creates a resource.
  public init(signature: String, id: UInt16, name: String, offset: Int, data: [UInt8]) {
    self.signature = signature
    self.id = id
    self.name = name
    self.offset = offset
    self.data = data
  }
}

/// Reads the image resource blocks of a JPEG APP13 "Photoshop 3.0" segment.
public enum PhotoshopResources {
  /// The APP13 signature. [Photoshop File Formats, JPEG APP13]
  public static let app13Signature: [UInt8] = Array("Photoshop 3.0\u{0}".utf8)
  /// Resource ID of IPTC-IIM data.
  public static let iptcID: UInt16 = 0x0404
  /// Signatures accepted for a block.
  public static let signatures: Set<String> = ["8BIM", "PHUT", "AgHg", "DCSR"]
  /// Most blocks read from one payload.
  static let maxResources = 10_000

  /// Parses the payload after "Photoshop 3.0\0" (a payload still starting with that signature
  /// is accepted too). Each block: 4-byte signature, 16-bit ID, Pascal name padded to an even
  /// length, 32-bit size, data padded to an even length; all big-endian. Stops at the first
  /// bad block with a warning; a truncated last block is kept with what is there.
  public static func parse(_ app13Payload: [UInt8]) -> (resources: [PhotoshopResource], warnings: [String]) {
    var r = ByteReader(app13Payload, what: "Photoshop APP13")
    if r.peek(app13Signature) { try? r.skip(app13Signature.count) }
    var resources: [PhotoshopResource] = []
    var warnings: [String] = []
    while !r.isAtEnd {
      if r.bytes[r.position...].allSatisfy({ $0 == 0 }) { break }  // trailing padding
      guard resources.count < maxResources else {
        warnings.append("Photoshop APP13 has more than \(maxResources) resources; the rest were skipped.")
        break
      }
      let start = r.position
      do {
        let sigBytes = try r.read(4)
        let signature = String(decoding: sigBytes, as: UTF8.self)
        guard signatures.contains(signature) else {
          warnings.append("Photoshop APP13 has an unknown resource signature at byte \(start); the rest was skipped.")
          break
        }
        let id = try r.u16be()
        let nameLength = Int(try r.u8())
        let nameBytes = try r.read(nameLength)
        if (1 + nameLength) % 2 == 1 { try r.skip(1) }  // name padded to even length
        let size = Int(try r.u32be())
        let offset = r.position
        var data: [UInt8]
        if size <= r.remaining {
          data = try r.read(size)
          if size % 2 == 1, !r.isAtEnd { try r.skip(1) }
        } else {
          warnings.append("Photoshop resource 0x\(hex(id)) at byte \(start) declares \(size) bytes but only \(r.remaining) remain; kept what is there.")
          data = r.readRest()
        }
        resources.append(PhotoshopResource(signature: signature, id: id,
                                           name: String(decoding: nameBytes, as: UTF8.self), offset: offset, data: data))
      } catch {
        warnings.append("Photoshop APP13 resource header at byte \(start) is truncated; the rest was skipped.")
        break
      }
    }
    return (resources, warnings)
  }

  package static func hex(_ v: UInt16) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
  }
}
