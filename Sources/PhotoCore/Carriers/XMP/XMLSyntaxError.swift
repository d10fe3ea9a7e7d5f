/// Why an XML document (an XMP packet) could not be read. Every case carries the byte offset
/// within the packet where the problem was found, so messages point into the data.
public enum XMLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The document ends inside a construct (a tag, a comment, an unclosed element...).
  case truncated(offset: Int, inside: String)
  /// A byte that cannot appear here.
  case unexpected(offset: Int, found: UInt8, expected: String)
  /// An end tag that does not close the open element.
  case mismatchedEndTag(offset: Int, expected: String, found: String)
  /// An entity reference other than the five predefined ones; DOCTYPE entities are never
  /// expanded. [XML 1.0 4.6]
  case undefinedEntity(offset: Int, name: String)
  /// A numeric character reference that is malformed or names no valid character. [XML 1.0 4.1]
  case invalidCharacterReference(offset: Int)
  /// The same attribute twice on one element. [XML 1.0 3.1]
  case duplicateAttribute(offset: Int, name: String)
  /// Elements nested deeper than the limit.
  case tooDeep(offset: Int, limit: Int)
  /// More elements than the limit.
  case tooManyElements(offset: Int, limit: Int)
  /// Input larger than the limit.
  case tooLarge(size: Int, limit: Int)
  /// No root element.
  case noRootElement(offset: Int)
  /// Markup or text after the root element closed.
  case contentAfterRoot(offset: Int)

  /// Byte offset of the problem within the input.
  public var offset: Int {
    switch self {
    case .truncated(let o, _), .unexpected(let o, _, _), .mismatchedEndTag(let o, _, _),
      .undefinedEntity(let o, _), .invalidCharacterReference(let o), .duplicateAttribute(let o, _),
      .tooDeep(let o, _), .tooManyElements(let o, _), .noRootElement(let o), .contentAfterRoot(let o):
      o
    case .tooLarge(let size, _): size
    }
  }

  /// A full sentence for users.
  public var description: String {
    switch self {
    case .truncated(let o, let inside):
      "XML ends early at byte \(o), inside \(inside)."
    case .unexpected(let o, let found, let expected):
      "XML has an unexpected byte 0x\(String(found, radix: 16, uppercase: true)) at byte \(o); expected \(expected)."
    case .mismatchedEndTag(let o, let expected, let found):
      "XML end tag </\(found)> at byte \(o) does not close <\(expected)>."
    case .undefinedEntity(let o, let name):
      "XML refers to the undefined entity &\(name); at byte \(o) (DTD entities are never expanded)."
    case .invalidCharacterReference(let o):
      "XML has an invalid character reference at byte \(o)."
    case .duplicateAttribute(let o, let name):
      "XML repeats the attribute \(name) at byte \(o)."
    case .tooDeep(let o, let limit):
      "XML nests elements deeper than \(limit) levels at byte \(o)."
    case .tooManyElements(let o, let limit):
      "XML has more than \(limit) elements (at byte \(o))."
    case .tooLarge(let size, let limit):
      "XML packet of \(size) bytes exceeds the limit of \(limit) bytes."
    case .noRootElement(let o):
      "XML has no root element (searched to byte \(o))."
    case .contentAfterRoot(let o):
      "XML has content after the root element at byte \(o)."
    }
  }
}
