import Foundation

/// A typed tag value, after decoding from its raw form.
public indirect enum TagValue: Sendable, Equatable, Hashable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case list([TagValue])
  /// Opaque binary data, summarised by its length.
  case binary(count: Int)

  /// The value as a number, when it is one (or a one-element list of one).
  public var number: Double? {
    switch self {
    case .integer(let v): Double(v)
    case .real(let v): v
    case .list(let items) where items.count == 1: items[0].number
    case .text(let s): Double(s.trimmingWhitespace())
    default: nil
    }
  }

  /// The value as text, for tables and diffs.
  public var display: String {
    switch self {
    case .integer(let v): String(v)
    case .real(let v): v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    case .text(let s): s
    case .list(let items): items.map(\.display).joined(separator: " ")
    case .binary(let count): "(\(count) bytes binary)"
    }
  }
}

/// One tag read from a carrier, named as ExifTool names it so users can cross-check.
public struct MetadataTag: Sendable, Equatable, Hashable {
  /// The carrier it came from.
  public var carrier: CarrierKind
  /// HEIF item or MPF image it belongs to, when not the primary image.
  public var item: Int?
  /// Group within the carrier: "IFD0", "ExifIFD", "GPS", "InteropIFD", "IFD1", "XMP-exif", "IPTC"...
  public var group: String
  /// Tag name (ExifTool's), or "Tag0x1234" for an unknown tag.
  public var name: String
  public var value: TagValue
  /// The embedded document it was read from (`.root` for the file itself): "thumbnail",
  /// "mpf-image#2".
  public var document: CarrierPath = .root

  public init(carrier: CarrierKind, item: Int? = nil, group: String, name: String, value: TagValue) {
    self.carrier = carrier
    self.item = item
    self.group = group
    self.name = name
    self.value = value
  }

  /// The carrier path of the tag: document, carrier and item ("thumbnail/exif", "exif#5").
  public var path: CarrierPath { document.appending(carrier.rawValue, index: item) }

  /// True for a tag of the top-level file's primary image.
  public var isPrimary: Bool { item == nil && document.isRoot }
}

