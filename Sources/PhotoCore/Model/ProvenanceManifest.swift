/// One C2PA manifest as the model sees it: who made it, what it asserts, the ingredients it
/// names, the thumbnails it embeds. Its signature is never validated by photoaudit.
public struct ProvenanceManifest: Sendable, Equatable {
  /// One ingredient: a parent or component asset the manifest names.
  public struct Ingredient: Sendable, Equatable {
    /// `dc:title` ("IMG_0042.jpg").
    public var title: String?
    /// `relationship`: "parentOf", "componentOf", "inputTo".
    public var relationship: String?
    /// The assertion's label ("c2pa.ingredient__1").
    public var label: String

    public init(title: String?, relationship: String?, label: String) {
      self.title = title
      self.relationship = relationship
      self.label = label
    }
  }

  /// The manifest store's carrier path ("c2pa", "c2pa#2", "trailer#1/c2pa").
  public var store: CarrierPath
  /// The manifest's label ("urn:uuid:…").
  public var label: String
  /// `claim_generator` (or the first `claim_generator_info` name and version).
  public var claimGenerator: String?
  /// `dc:title` of the claim.
  public var title: String?
  /// The labels of its assertions, in order.
  public var assertions: [String]
  public var ingredients: [Ingredient]
  /// Carrier paths of the thumbnails and files it embeds ("c2pa/claim-thumbnail").
  public var thumbnails: [CarrierPath]
  /// The `digitalSourceType` of its actions, when one says how the content was made
  /// ("…/trainedAlgorithmicMedia").
  public var digitalSourceType: String?
  /// True when it has a claim signature box (present, not validated).
  public var signed: Bool

  public init(store: CarrierPath, label: String, claimGenerator: String? = nil, title: String? = nil, assertions: [String] = [],
              ingredients: [Ingredient] = [], thumbnails: [CarrierPath] = [], digitalSourceType: String? = nil, signed: Bool = false) {
    self.store = store
    self.label = label
    self.claimGenerator = claimGenerator
    self.title = title
    self.assertions = assertions
    self.ingredients = ingredients
    self.thumbnails = thumbnails
    self.digitalSourceType = digitalSourceType
    self.signed = signed
  }
}
