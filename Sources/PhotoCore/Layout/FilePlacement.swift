/// How the byte space of a document's source relates to the file: the same bytes, pieces of the
/// file joined (an ICC profile split over APP2 segments, a HEIF item in several extents), or
/// bytes decoded from the file (inflated text, hex raw profiles) that exist nowhere in it.
public enum FilePlacement: Sendable, Equatable {
  /// Source offsets are file offsets.
  case file
  /// The source is the pieces of the file, one after the other.
  case pieces([Piece])
  /// The source was decoded from file bytes (`via` says how); no source byte is a file byte.
  /// `anchor` is the file offset of what it was decoded from, for messages.
  case derived(anchor: Int, via: String)

  /// `length` source bytes from `start` that are the file bytes from `fileOffset`.
  public struct Piece: Sendable, Equatable {
    public var start: Int
    public var fileOffset: Int
    public var length: Int

    public init(start: Int, fileOffset: Int, length: Int) {
      self.start = start
      self.fileOffset = fileOffset
      self.length = length
    }
  }

  /// Joined pieces of the file: the first at source offset 0, each after the one before.
  public static func joined(_ ranges: [Range<Int>]) -> FilePlacement {
    var start = 0
    var pieces: [Piece] = []
    for range in ranges where !range.isEmpty {
      pieces.append(Piece(start: start, fileOffset: range.lowerBound, length: range.count))
      start += range.count
    }
    return .pieces(pieces)
  }

  /// The file ranges that hold the source bytes in `range`, in order; empty when derived.
  public func fileRanges(_ range: Range<Int>) -> [Range<Int>] {
    switch self {
    case .file: return range.isEmpty ? [] : [range]
    case .derived: return []
    case .pieces(let pieces):
      var out: [Range<Int>] = []
      for piece in pieces {
        let lower = max(range.lowerBound, piece.start), upper = min(range.upperBound, piece.start + piece.length)
        guard lower < upper else { continue }
        out.append(piece.fileOffset + (lower - piece.start)..<piece.fileOffset + (upper - piece.start))
      }
      return out
    }
  }

  /// The file offset of source byte `offset`, when it is a file byte.
  public func fileOffset(_ offset: Int) -> Int? { fileRanges(offset..<offset + 1).first?.lowerBound }

  /// The file offset to name in messages about source byte `offset`: the byte itself, or the
  /// anchor of decoded bytes.
  public func reportedOffset(_ offset: Int) -> Int {
    if let exact = fileOffset(offset) { return exact }
    if case .derived(let anchor, _) = self { return anchor }
    if case .pieces(let pieces) = self, let first = pieces.first { return first.fileOffset }
    return offset
  }

  /// True when every source byte is the file byte at the same offset.
  public var isFile: Bool { self == .file }
}

extension FilePlacement {
  /// The placement of a source made by joining `ranges` of a source placed as `self`.
  func joining(_ ranges: [Range<Int>]) -> FilePlacement {
    switch self {
    case .file: return .joined(ranges)
    case .pieces: return .joined(ranges.flatMap(fileRanges))
    case .derived: return self
    }
  }
}
