import Bytes
/// One ISOBMFF box as found in the file: its type, where it is and how big. [ISO/IEC 14496-12 4.2]
public struct ISOBMFFBox: Sendable, Equatable, CustomStringConvertible {
  /// The four-character type ("ftyp", "meta", "iloc"…); non-ASCII bytes are shown as "?".
  public var type: String
  /// Absolute file offset of the box (its size field).
  public var offset: Int
  /// 8, 16 with a 64-bit `largesize`, plus 16 for a `uuid` box's extended type.
  public var headerSize: Int
  /// Total size in bytes, header included, as the box spans in the file (a size of 0, "to the end",
  /// is resolved; a box overrunning its parent is clamped and `isTruncated` set).
  public var size: Int
  /// Nesting depth: 1 for top-level boxes.
  public var depth: Int
  /// The size field was 0: the box extends to the end of its parent (the file at top level).
  public var extendsToEnd: Bool
  /// The declared size ran past the end of the parent (or file); `size` was clamped.
  public var isTruncated: Bool
  /// Boxes inside this one, for the container boxes the walker descends into.
  public var children: [ISOBMFFBox]

  public init(type: String, offset: Int, headerSize: Int, size: Int, depth: Int,
              extendsToEnd: Bool = false, isTruncated: Bool = false, children: [ISOBMFFBox] = []) {
    self.type = type
    self.offset = offset
    self.headerSize = headerSize
    self.size = size
    self.depth = depth
    self.extendsToEnd = extendsToEnd
    self.isTruncated = isTruncated
    self.children = children
  }

  /// Absolute offset of the first byte after the header.
  public var payloadOffset: Int { offset + headerSize }
  /// Absolute offset just past the box.
  public var end: Int { offset + size }
  /// Absolute range of the payload (after the header).
  public var payloadRange: Range<Int> { payloadOffset..<max(payloadOffset, end) }

  public var description: String { "'\(type)' at \(offset) (\(size) bytes)" }
}

/// Caps that keep a hostile ISOBMFF file from exhausting time or memory.
public enum ISOBMFFLimits {
  /// Deepest box nesting walked (top level = 1). Real HEIF files nest 4 deep (meta/iprp/ipco/prop).
  public static let maxDepth = 8
  /// Most boxes walked in one file.
  public static let maxBoxes = 20_000
  /// Largest `meta` box read into memory.
  public static let maxMetaBytes = 16 << 20
  /// Largest metadata item (Exif, XMP) read.
  public static let maxItemBytes = 16 << 20
  /// Most metadata payload bytes read from one file.
  public static let maxMetadataBytes = 64 << 20
}

/// What a box header at some position turned out to be.
enum BoxHeaderParse {
  /// A complete header; the box may still overrun `limit` (see `declaredEnd`).
  case box(ISOBMFFBox, declaredEnd: Int)
  /// Fewer bytes than a header needs are left before `limit`.
  case partial
  /// The size field is impossible (smaller than the header).
  case invalid(String)
}

extension ISOBMFFBox {
  /// Bytes to read to be sure of having a whole header (size, type, largesize, uuid).
  static let maxHeaderLength = 32

  /// Parses a box header from `head`, which holds the bytes starting at absolute `offset`; the
  /// box must end by `limit` (its parent's end). [ISO/IEC 14496-12 4.2]
  static func parseHeader(_ head: [UInt8], offset: Int, limit: Int, depth: Int) -> BoxHeaderParse {
    var reader = ByteReader(head, base: offset, what: "ISOBMFF box header")
    guard limit - offset >= 8, let size32 = try? reader.u32be(), (try? reader.skip(4)) != nil else {
      return .partial
    }
    let typeBytes = head[4..<8]
    let type = fourCC(typeBytes)
    var headerSize = 8
    var declared: UInt64 = UInt64(size32)
    var toEnd = false
    if size32 == 1 {
      // 64-bit largesize follows the type.
      guard limit - offset >= 16, let large = try? reader.u64be() else { return .partial }
      declared = large
      headerSize = 16
    } else if size32 == 0 {
      toEnd = true
    }
    if typeBytes.elementsEqual("uuid".utf8) {
      guard limit - offset >= headerSize + 16, (try? reader.skip(16)) != nil else { return .partial }
      headerSize += 16
    }
    let available = limit - offset
    var size: Int
    if toEnd {
      size = available
    } else {
      guard declared >= UInt64(headerSize) else {
        return .invalid("size \(declared) is smaller than its \(headerSize)-byte header")
      }
      size = declared > UInt64(Int.max / 2) ? Int.max / 2 : Int(declared)
    }
    let declaredEnd = offset.addingReportingOverflow(size).overflow ? Int.max : offset + size
    let truncated = declaredEnd > limit
    if truncated { size = available }
    let box = ISOBMFFBox(type: type, offset: offset, headerSize: headerSize, size: size, depth: depth,
                         extendsToEnd: toEnd, isTruncated: truncated)
    return .box(box, declaredEnd: declaredEnd)
  }

  /// The type as text; QuickTime's 0xA9 is "©" (`©xyz`), other bytes outside printable ASCII
  /// become "?".
  static func fourCC<C: Collection<UInt8>>(_ bytes: C) -> String {
    // At most 15 UTF-8 bytes: a small string, built in place with no allocation.
    String(unsafeUninitializedCapacity: min(bytes.count * 2, 15)) { buffer in
      var count = 0
      for byte in bytes {
        let wide = byte == 0xA9
        guard count + (wide ? 2 : 1) <= buffer.count else { break }
        if wide {
          buffer[count] = 0xC2
          buffer[count + 1] = 0xA9
          count += 2
        } else {
          buffer[count] = (0x20...0x7E).contains(byte) ? byte : UInt8(ascii: "?")
          count += 1
        }
      }
      return count
    }
  }

  /// True when all four type bytes are printable ASCII (or ©, used by QuickTime): a box type,
  /// not garbage. Used to tell a truncated box from unrelated bytes after the last box.
  static func isPlausibleType(_ head: [UInt8]) -> Bool {
    guard head.count >= 8 else { return false }
    return head[4..<8].allSatisfy { (0x20...0x7E).contains($0) || $0 == 0xA9 }
  }
}
