/// What `strip` does to one file, before it does it: byte edits on the file (each a range and
/// what replaces it: nothing to drop it, other bytes to rewrite it, bytes at an empty range to
/// insert them), what they remove (for the report: structures, never values), what is kept on
/// purpose and notes. A plan is made from the file's layout tree by the rewriter of its format
/// (`StripRewriter`) and applied to the bytes in memory; nothing is written until the result
/// passed the leak scan (`Stripper`).
public struct StripPlan: Sendable, Equatable {
  /// One change: the bytes in `range` become `replacement`.
  public struct Edit: Sendable, Equatable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(_ range: Range<Int>, _ replacement: [UInt8] = []) {
      self.range = range
      self.replacement = replacement
    }
  }

  /// The edits, in file order, none overlapping another (an insertion is an empty range).
  public private(set) var edits: [Edit] = []
  /// What the edits remove, in file order, each said once: "APP1 Exif", "'udta' in 'moov'",
  /// "Motion Photo video after EOI".
  public private(set) var removed: [String] = []
  /// What is kept on purpose and says something about the result: "ICC profile",
  /// "EXIF Orientation 6 (in a minimal EXIF)".
  public var kept: [String] = []
  /// Remarks for the user ("--orient: not lossless for this size; Orientation kept").
  public var notes: [String] = []

  public init() {}

  /// Drops the bytes of `range`, said in the report as `what` (nil: said by another entry).
  public mutating func drop(_ range: Range<Int>, _ what: String?) {
    guard !range.isEmpty else { return }
    add(Edit(range, []), what)
  }

  /// Replaces the bytes of `range` by `bytes`.
  public mutating func replace(_ range: Range<Int>, with bytes: [UInt8], _ what: String?) {
    add(Edit(range, bytes), what)
  }

  /// Inserts `bytes` before the byte at `offset`.
  public mutating func insert(_ bytes: [UInt8], at offset: Int) {
    guard !bytes.isEmpty else { return }
    add(Edit(offset..<offset, bytes), nil)
  }

  /// Records a removal without an edit of its own (a document inside a dropped range).
  public mutating func note(removed what: String) {
    if !removed.contains(what) { removed.append(what) }
  }

  private mutating func add(_ edit: Edit, _ what: String?) {
    edits.append(edit)
    if let what { note(removed: what) }
  }

  /// Why a plan cannot be applied: edits that overlap or leave the file.
  public struct Conflict: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// The file with the edits made. Edits are sorted by offset (insertions before a change at
  /// the same offset); overlapping edits or edits outside the file are refused, never guessed.
  public func apply(to bytes: [UInt8]) throws(Conflict) -> [UInt8] {
    let sorted = edits.enumerated().sorted { a, b in
      a.element.range.lowerBound != b.element.range.lowerBound ? a.element.range.lowerBound < b.element.range.lowerBound
        : a.element.range.isEmpty != b.element.range.isEmpty ? a.element.range.isEmpty : a.offset < b.offset
    }.map(\.element)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var cursor = 0
    for edit in sorted {
      guard edit.range.lowerBound >= cursor, edit.range.upperBound <= bytes.count else {
        throw Conflict(description: "edits overlap or leave the file at byte \(edit.range.lowerBound)")
      }
      out.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
      out.append(contentsOf: edit.replacement)
      cursor = edit.range.upperBound
    }
    out.append(contentsOf: bytes[cursor...])
    return out
  }

  /// True when every edit keeps its range's length (the file's offsets stay valid: HEIF `iloc`,
  /// MP4 `stco`).
  public var keepsLength: Bool { edits.allSatisfy { $0.range.count == $0.replacement.count } }
}
