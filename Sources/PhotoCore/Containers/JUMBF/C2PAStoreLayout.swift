/// A C2PA manifest store as the JUMBF walk found it: its manifests, each with its claim,
/// assertions and signature located (offsets in the store document's source). The walk does not
/// interpret CBOR or JSON: the model decodes the carriers this points at.
/// [C2PA Technical Specification 2.1 11.1]
public struct C2PAStoreLayout: Sendable, Equatable {
  /// The label of the store's description ("c2pa").
  public var label: String?
  /// True when the store's description has the C2PA manifest store type.
  public var isC2PA: Bool
  /// The manifests, in order (the last one is the active manifest). [C2PA 11.1.4.1]
  public var manifests: [C2PAManifestLayout] = []

  public init(label: String?, isC2PA: Bool) {
    self.label = label
    self.isC2PA = isC2PA
  }
}

/// One manifest of a store.
public struct C2PAManifestLayout: Sendable, Equatable {
  /// Its label ("urn:uuid:…", "com.truepic:urn:uuid:…").
  public var label: String
  /// The item number of its claim carrier (`c2pa-claim#N`), when it has a claim.
  public var claimItem: Int?
  /// Its assertions, in order.
  public var assertions: [C2PAAssertionLayout] = []
  /// True when it has a claim signature box (never validated by photoaudit).
  public var hasSignature = false

  public init(label: String) { self.label = label }
}

/// One assertion of a manifest: JSON or CBOR content (a carrier), or an embedded file (a
/// thumbnail) whose bytes are a document of their own.
public struct C2PAAssertionLayout: Sendable, Equatable {
  /// Its label ("stds.exif", "c2pa.thumbnail.claim.jpeg", "c2pa.ingredient__1").
  public var label: String
  /// The item number of its `c2pa-assertion` carrier, when its content is JSON or CBOR.
  public var item: Int?
  /// An embedded file's media type (`bfdb`), when it is one.
  public var mediaType: String?
  /// An embedded file's bytes (`bidb` content) in the store's source.
  public var data: Range<Int>?

  public init(label: String, item: Int? = nil, mediaType: String? = nil, data: Range<Int>? = nil) {
    self.label = label
    self.item = item
    self.mediaType = mediaType
    self.data = data
  }

  /// The label without the "__N" that numbers repeated assertions ("c2pa.ingredient__1" →
  /// "c2pa.ingredient"). [C2PA 6.3]
  public var baseLabel: String {
    guard let range = label.range(of: "__", options: .backwards), Int(label[range.upperBound...]) != nil else { return label }
    return String(label[..<range.lowerBound])
  }

  /// "claim-thumbnail", "ingredient-thumbnail" or "c2pa-data": the step of its embedded file in
  /// carrier paths.
  public var documentStep: String {
    if label.hasPrefix("c2pa.thumbnail.claim") { return "claim-thumbnail" }
    if label.hasPrefix("c2pa.thumbnail.ingredient") { return "ingredient-thumbnail" }
    return "c2pa-data"
  }
}
