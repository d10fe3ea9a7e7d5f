import Foundation

/// One item of a HEIF file, from its `infe` box. [ISO/IEC 14496-12 8.11.6; ISO/IEC 23008-12 6.2]
public struct HEIFItem: Sendable, Equatable {
  public var id: Int
  /// Item type: "hvc1", "av01", "grid", "iden", "iovl", "tmap", "jpeg", "Exif", "mime", "uri "…
  /// Empty for `infe` versions 0 and 1, which have no type.
  public var type: String
  public var name: String
  /// MIME type of a `mime` item ("application/rdf+xml" for XMP).
  public var contentType: String?
  /// Content encoding of a `mime` item ("deflate"…), when given.
  public var contentEncoding: String?
  /// URI type of a `uri ` item.
  public var uriType: String?
  /// `flags & 1`: the item is not meant to be displayed on its own (grid tiles, …).
  public var isHidden: Bool
  /// Non-zero when the item is protected (encrypted); its bytes cannot be read as is.
  public var protectionIndex: Int
  /// The `infe` version (0–3).
  public var infeVersion: Int

  public init(id: Int, type: String, name: String = "", contentType: String? = nil,
              contentEncoding: String? = nil, uriType: String? = nil, isHidden: Bool = false,
              protectionIndex: Int = 0, infeVersion: Int = 2) {
    self.id = id
    self.type = type
    self.name = name
    self.contentType = contentType
    self.contentEncoding = contentEncoding
    self.uriType = uriType
    self.isHidden = isHidden
    self.protectionIndex = protectionIndex
    self.infeVersion = infeVersion
  }

  /// Item types that are coded or derived images. [ISO/IEC 23008-12 6.6, annexes; ISO/IEC 23000-22]
  public static let imageTypes: Set<String> = [
    "hvc1", "av01", "avc1", "jpeg", "j2k1", "vvc1", "unci", "grid", "iden", "iovl", "tmap", "mski",
  ]

  /// True for a coded or derived image item.
  public var isImage: Bool { HEIFItem.imageTypes.contains(type) }
  /// True for an `Exif` item.
  public var isExif: Bool { type == "Exif" }
  /// True for a `mime` item holding XMP: content type "application/rdf+xml" [ISO/IEC 23008-12
  /// A.2.2] (or "application/xmp+xml", which some writers use).
  public var isXMP: Bool {
    guard type == "mime" || type.isEmpty, let contentType else { return false }
    let normalized = contentType.lowercased().trimmingWhitespace()
    return normalized == "application/rdf+xml" || normalized == "application/xmp+xml"
  }
}

/// One extent of an item's data, resolved to an absolute file range.
public struct HEIFExtent: Sendable, Equatable {
  /// Absolute file offset.
  public var offset: Int
  public var length: Int
  /// `extent_index` (iloc versions 1 and 2 with `index_size` > 0).
  public var index: Int?
  /// The declared length was 0, "to the end of the container": `length` is what that leaves.
  public var toEnd: Bool

  public init(offset: Int, length: Int, index: Int? = nil, toEnd: Bool = false) {
    self.offset = offset
    self.length = length
    self.index = index
    self.toEnd = toEnd
  }
}

/// Where an item's data is, from `iloc`. [ISO/IEC 14496-12 8.11.3]
public struct HEIFItemLocation: Sendable, Equatable {
  public var itemID: Int
  /// 0 = file offset, 1 = inside `idat`, 2 = inside another item (not read).
  public var constructionMethod: Int
  /// Non-zero: the data is in another file (`dref`); not read.
  public var dataReferenceIndex: Int
  public var baseOffset: Int
  /// Extents with absolute file offsets; empty when they could not be resolved (see `problem`).
  public var extents: [HEIFExtent]
  /// Why the data cannot be read, when it cannot (extent outside the file, construction method 2…).
  public var problem: String?

  public init(itemID: Int, constructionMethod: Int = 0, dataReferenceIndex: Int = 0, baseOffset: Int = 0,
              extents: [HEIFExtent] = [], problem: String? = nil) {
    self.itemID = itemID
    self.constructionMethod = constructionMethod
    self.dataReferenceIndex = dataReferenceIndex
    self.baseOffset = baseOffset
    self.extents = extents
    self.problem = problem
  }

  /// Total data length.
  public var length: Int { extents.reduce(0) { $0 + $1.length } }
  /// True when every extent lies inside the file.
  public var isReadable: Bool { problem == nil && !extents.isEmpty }
}

/// One reference of an `iref` box: `from` refers to each of `to` with `type`. [ISO/IEC 14496-12 8.11.12]
public struct HEIFReference: Sendable, Equatable {
  /// "thmb", "cdsc", "auxl", "dimg", "base", "prem"…
  public var type: String
  public var from: Int
  public var to: [Int]

  public init(type: String, from: Int, to: [Int]) {
    self.type = type
    self.from = from
    self.to = to
  }
}

/// A property associated with an item in `ipma`. [ISO/IEC 23008-12 9.3.3]
public struct HEIFPropertyAssociation: Sendable, Equatable {
  /// 1-based index into `ipco`; 0 means "no property".
  public var index: Int
  public var essential: Bool

  public init(index: Int, essential: Bool) {
    self.index = index
    self.essential = essential
  }
}
