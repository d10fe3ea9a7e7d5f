/// How much of a file a walk reads. One walker per container serves both: the mode only says
/// where it may stop.
public enum ReadMode: Sendable, Equatable {
  /// Headers and metadata payloads only: a JPEG walk stops at the first scan, image data is
  /// never read. For originals, whose metadata is all that is needed (and whose pixels, when
  /// compared, go to the decoder).
  case metadata
  /// Every byte: the entropy-coded data of every scan (to find EOI and what follows it), every
  /// chunk's CRC, the content of `free` boxes, track sample tables; the fail-closed sweep runs
  /// over what no decoder interprets. For outputs, whose verdict must cover the whole file.
  case complete
}

/// Caps of one layout walk, across its embedded documents. Hitting one is recorded as an
/// `IncompleteCheck` (PA015), never a silent stop.
public enum LayoutLimits {
  /// Deepest embedded document read (the top-level file is depth 0; a thumbnail of an MPF
  /// image is depth 2). [SPEC "Metadata carriers": depth ≤ 4]
  public static let maxDocumentDepth = 4
  /// Most embedded documents read in one file (MPF images, trailing images, thumbnails…).
  public static let maxDocuments = 1024
  /// Most trailing documents split off the data after one image.
  public static let maxTrailingDocuments = 64
}
