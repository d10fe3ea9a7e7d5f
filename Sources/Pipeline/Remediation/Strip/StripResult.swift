import PhotoCore

/// How `strip` is asked to work.
public struct StripOptions: Sendable, Equatable {
  /// Apply a JPEG's EXIF orientation to its pixels by a lossless DCT transform (whole MCUs
  /// only), instead of keeping the tag.
  public var orient = false
  /// Say what would change; write nothing.
  public var dryRun = false

  public init(orient: Bool = false, dryRun: Bool = false) {
    self.orient = orient
    self.dryRun = dryRun
  }
}

/// What `strip` did to one file (or, with `--dry-run`, would do). Structures and finding IDs
/// only: never a value it removed.
public struct StripResult: Sendable, Equatable {
  /// What came of the file.
  public enum Status: String, Sendable, Equatable, CaseIterable {
    /// Rewritten: something was removed (with `--dry-run`: would be).
    case cleaned
    /// Nothing to remove: the file is left byte for byte as it was.
    case unchanged
    /// Not rewritten: the result would still carry something, or the picture would change, or
    /// the file is not whole enough to rewrite safely. The file is unchanged (PA015).
    case refused
    /// A format strip does not rewrite (TIFF/DNG, a sidecar, not an image). Unchanged.
    case unsupported
    /// The file could not be read.
    case unreadable
    /// The file could not be replaced (permission, disk full, a symbolic link or hard links,
    /// changed by another program meanwhile). Unchanged.
    case unwritten
  }

  public var path: String
  public var status: Status
  public var format: ImageFormat?
  /// With `--dry-run`: nothing was written.
  public var dryRun: Bool
  public var bytesBefore = 0
  public var bytesAfter = 0
  /// What was removed ("APP1 Exif", "XMP item 2", "Motion Photo video after EOI").
  public var removed: [String] = []
  /// What was kept on purpose ("ICC profile", "EXIF Orientation 6 (in a minimal EXIF)").
  public var kept: [String] = []
  public var notes: [String] = []
  /// What the leak scan found before (removed when `cleaned`): ID, carrier and tag, no evidence.
  public var leaksBefore: [String] = []
  /// Why the file was refused, not supported, not read or not written.
  public var reason: String?
  /// Findings for reports: PA015 for a refused file (what was left, and why), PA013 for one
  /// that could not be read.
  public var findings: [Finding] = []

  public init(path: String, status: Status, format: ImageFormat? = nil, dryRun: Bool = false, reason: String? = nil) {
    self.path = path
    self.status = status
    self.format = format
    self.dryRun = dryRun
    self.reason = reason
  }

  /// True when the file was (or, with `--dry-run`, would be) changed.
  public var changed: Bool { status == .cleaned }
}
