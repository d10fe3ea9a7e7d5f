/// Where a carrier sits in a file's layout tree: the embedded documents from the top-level file
/// down, then the carrier itself. Written with `/` between steps and `#` before an index:
/// `exif`, `thumbnail/exif`, `trailer#1/exif`, `mpf-image#2/xmp`, `icc/trailer`, `raw-bytes`.
///
/// The steps are names, not a closed set: container walkers name the documents they embed
/// (`thumbnail`, `mpf-image`, `trailer`, `icc`; later `motion-photo`, `c2pa`) and checks name
/// carriers that are not in the file (`descriptor`, `live-photo-video`).
public struct CarrierPath: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
  /// One step: a document or carrier name and, when there are several of it, its index.
  public struct Step: Sendable, Hashable, CustomStringConvertible, Codable {
    /// "thumbnail", "mpf-image", "trailer", "icc", "exif", "xmp", "raw-bytes"…
    public var name: String
    /// MPF image number (1-based, 1 = primary), HEIF item ID, n-th trailing document.
    public var index: Int?

    public init(_ name: String, index: Int? = nil) {
      self.name = name
      self.index = index
    }

    /// "mpf-image#2", "thumbnail".
    public var description: String { index.map { "\(name)#\($0)" } ?? name }
  }

  /// The steps, outermost first.
  public var steps: [Step]

  public init(_ steps: [Step]) { self.steps = steps }

  /// A one-step path: `CarrierPath("descriptor")`, `CarrierPath("exif", index: 5)`.
  public init(_ name: String, index: Int? = nil) { steps = [Step(name, index: index)] }

  /// Parses the written form ("mpf-image#2/exif"); a step whose text after `#` is not a number
  /// keeps it as part of its name.
  public init(parsing text: String) {
    steps = text.split(separator: "/", omittingEmptySubsequences: true).map { part in
      if let hash = part.lastIndex(of: "#"), let index = Int(part[part.index(after: hash)...]) {
        return Step(String(part[..<hash]), index: index)
      }
      return Step(String(part))
    }
  }

  /// The top-level file itself: no step.
  public static let root = CarrierPath([])

  /// True for the top-level file.
  public var isRoot: Bool { steps.isEmpty }

  /// This path with one more step.
  public func appending(_ name: String, index: Int? = nil) -> CarrierPath { CarrierPath(steps + [Step(name, index: index)]) }

  /// This path with the steps of `other` after it.
  public func appending(_ other: CarrierPath) -> CarrierPath { CarrierPath(steps + other.steps) }

  /// True when some step is named `name` ("thumbnail").
  public func contains(_ name: String) -> Bool { steps.contains { $0.name == name } }

  /// The written form; empty for the root.
  public var description: String { steps.map(\.description).joined(separator: "/") }

  public static func < (a: CarrierPath, b: CarrierPath) -> Bool { a.description < b.description }
}
