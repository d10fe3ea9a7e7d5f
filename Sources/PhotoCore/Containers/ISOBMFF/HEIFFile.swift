/// The structure of a HEIF/AVIF file as our own walker reads it: brands, items, where their
/// data is, how they refer to each other and which properties they have.
/// [ISO/IEC 23008-12 (HEIF) on ISO/IEC 14496-12 (ISOBMFF)]
///
/// Built by `HEIFWalker.parse`; `HEIFWalker.scan` turns it into a `ContainerScan`.
public struct HEIFFile: Sendable, Equatable {
  /// The format the `ftyp` brands name.
  public var format: ImageFormat
  public var majorBrand: String
  public var minorVersion: Int
  public var compatibleBrands: [String]
  /// `hdlr` handler type of the `meta` box ("pict" for images). [ISO/IEC 23008-12 6.2]
  public var handlerType: String?
  /// `pitm`: the primary item.
  public var primaryItemID: Int?
  /// Items in `iinf` order.
  public var items: [HEIFItem]
  /// `iloc` entries by item ID.
  public var locations: [Int: HEIFItemLocation]
  /// `iref` references in file order.
  public var references: [HEIFReference]
  /// `ipco` entries; `ipma` index i refers to `properties[i - 1]`.
  public var properties: [HEIFPropertyBox]
  /// `ipma` associations by item ID, in the listed order.
  public var associations: [Int: [HEIFPropertyAssociation]]
  /// Top-level boxes (the `meta` box with its children).
  public var boxes: [ISOBMFFBox]
  /// Absolute range of the `idat` payload, when there is one.
  public var idat: Range<Int>?
  /// Bytes after the last top-level box that are not a box.
  public var trailer: Range<Int>?
  /// Problems that did not stop the walk.
  public var warnings: [String]

  public init(format: ImageFormat, majorBrand: String = "", minorVersion: Int = 0, compatibleBrands: [String] = [],
              handlerType: String? = nil, primaryItemID: Int? = nil, items: [HEIFItem] = [],
              locations: [Int: HEIFItemLocation] = [:], references: [HEIFReference] = [],
              properties: [HEIFPropertyBox] = [], associations: [Int: [HEIFPropertyAssociation]] = [:],
              boxes: [ISOBMFFBox] = [], idat: Range<Int>? = nil, trailer: Range<Int>? = nil, warnings: [String] = []) {
    self.format = format
    self.majorBrand = majorBrand
    self.minorVersion = minorVersion
    self.compatibleBrands = compatibleBrands
    self.handlerType = handlerType
    self.primaryItemID = primaryItemID
    self.items = items
    self.locations = locations
    self.references = references
    self.properties = properties
    self.associations = associations
    self.boxes = boxes
    self.idat = idat
    self.trailer = trailer
    self.warnings = warnings
  }

  /// The item with `id`.
  public func item(_ id: Int) -> HEIFItem? { items.first { $0.id == id } }

  /// The properties associated with `itemID`, in `ipma` order (invalid indexes skipped).
  public func properties(of itemID: Int) -> [(property: HEIFProperty, essential: Bool)] {
    (associations[itemID] ?? []).compactMap { a in
      guard a.index >= 1, a.index <= properties.count else { return nil }
      return (properties[a.index - 1].property, a.essential)
    }
  }

  /// The transformative properties (clap, irot, imir) of `itemID`, in `ipma` order.
  public func transforms(of itemID: Int) -> [HEIFTransform] {
    properties(of: itemID).compactMap { $0.property.transform }
  }

  /// The `ispe` size of `itemID` (the first, if several).
  public func storedSize(of itemID: Int) -> PixelSize? {
    for (property, _) in properties(of: itemID) {
      if case .imageSize(let size) = property { return size }
    }
    return nil
  }

  /// The `auxC` type of `itemID`.
  public func auxiliaryType(of itemID: Int) -> String? {
    for (property, _) in properties(of: itemID) {
      if case .auxiliaryType(let urn, _) = property { return urn }
    }
    return nil
  }

  /// Items that `itemID` refers to with `type` ("cdsc": the images a metadata item describes).
  public func targets(of itemID: Int, type: String) -> [Int] {
    references.filter { $0.from == itemID && $0.type == type }.flatMap(\.to)
  }

  /// Items that refer to `itemID` with `type` ("thmb": the thumbnails of an image).
  public func sources(referring itemID: Int, type: String) -> [Int] {
    references.filter { $0.type == type && $0.to.contains(itemID) }.map(\.from)
  }

  /// The primary item, when `pitm` names an item that exists.
  public var primaryItem: HEIFItem? { primaryItemID.flatMap(item) }
}
