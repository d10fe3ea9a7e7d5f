import Bytes
import Dispatch
import PhotoCore
import Platform

/// Reads the blobs of a `GitHistory` out of `git cat-file --batch`, each once, and leak-scans
/// those that are images (the same checks as `audit --no-pixels`, from memory: no path on
/// disk). Reading and scanning overlap: while one batch of blobs is scanned `jobs` at a time,
/// the next is read from git.
///
/// What is scanned (fail closed): every blob whose content is an image, video or sidecar by its
/// magic bytes, whatever its path says (a leak renamed to `.txt` is still a leak); and every
/// blob whose path has an image extension, whatever its content (a `.jpg` that is no JPEG is
/// PA013), except a Git LFS pointer (the image is not in the repository). A blob that could not
/// be read (missing in a shallow or partial clone, git stopped) or is over the in-memory cap is
/// PA015 when it is, or may be, an image; a missing blob always (its content is unknown).
public enum GitBlobAudit {
  /// Blobs larger than this are not read into memory: PA015 when their head or path says image.
  public static let blobCap = 256 << 20

  /// What the scan saw, besides the reports.
  public struct Tally: Sendable, Equatable {
    /// Blobs read from git.
    public var read = 0
    /// Blobs scanned as images.
    public var scanned = 0
    /// Blobs that are not images by content or name.
    public var notImages = 0
    /// Git LFS pointers with an image name (the image is not in the repository).
    public var lfsPointers = 0
    /// Bytes read.
    public var bytes = 0
  }

  /// The reports (one per image blob, in blob-id order) and the tally. `transform` is applied to
  /// each report (redaction or `--reveal`). `done` is called after each batch with the count of
  /// blobs handled so far.
  public static func run(_ history: GitHistory, policy: Policy, jobs: Int, transform: @escaping @Sendable (FileReport) -> FileReport,
                         done: (Int) -> Void = { _ in }) throws(GitHistory.Failure) -> (reports: [FileReport], tally: Tally) {
    guard !history.blobs.isEmpty else { return ([], Tally()) }
    let stream: GitBlobStream
    do {
      stream = try GitBlobStream(ids: history.blobs.map(\.id), cap: blobCap,
                                 command: GitHistory.command(in: history.repository, ["cat-file", "--batch"]))
    } catch { throw .cannotRun(error.description) }
    var tally = Tally()
    var reports: [FileReport] = []
    let blobs = history.blobs
    var index = 0
    // A batch: up to 64 MiB or 4,096 blobs, so memory stays bounded and the cores stay busy.
    func readBatch() -> [(GitHistory.Blob, GitBlobStream.Item)] {
      var batch: [(GitHistory.Blob, GitBlobStream.Item)] = []
      var bytes = 0
      while index < blobs.count, bytes < 64 << 20, batch.count < 4096, let item = stream.nextItem() {
        if case .blob(_, let content) = item { bytes += content.count }
        batch.append((blobs[index], item))
        index += 1
      }
      return batch
    }
    let results = ResultBox()
    var stopped = false
    var batch = readBatch()
    while !batch.isEmpty {
      let current = batch
      let group = DispatchGroup()
      DispatchQueue.global().async(group: group) {
        results.reports = ParallelMap.map(current, jobs: jobs) { blob, item in audit(blob, item, policy: policy).map(transform) }
      }
      for (_, item) in current {
        switch item {
        case .blob(_, let bytes): tally.read += 1; tally.bytes += bytes.count
        case .overCap(_, let size, _): tally.read += 1; tally.bytes += size
        case .notRead: stopped = true
        case .missing: break
        }
      }
      batch = readBatch()
      group.wait()
      for (entry, (blob, item)) in zip(results.reports, current) {
        if let entry { reports.append(entry); tally.scanned += 1; continue }
        if case .blob(_, let bytes) = item, isImageName(blob.path) || blob.paths.contains(where: isImageName), isLFSPointer(bytes) {
          tally.lfsPointers += 1
        } else {
          tally.notImages += 1
        }
      }
      done(index)
    }
    let ended = stream.finish()
    if ended != .exited(0), !stopped {
      // Every answer came, yet git failed: say it (an error exit, not a clean result).
      throw .cannotRun("git cat-file --batch \(ended) after answering")
    }
    return (reports, tally)
  }

  /// The report of one blob; nil when it is not an image (by content and by name).
  static func audit(_ blob: GitHistory.Blob, _ item: GitBlobStream.Item, policy: Policy) -> FileReport? {
    let named = blob.paths.contains(where: isImageName)
    switch item {
    case .blob(_, let bytes):
      let source = MemorySource(bytes)
      let head = Array(bytes.prefix(ImageFormat.sniffLength))
      let recognised = !bytes.isEmpty && ImageFormat.recognise(head, in: source) != nil
      guard recognised || (named && !isLFSPointer(bytes)) else { return nil }
      return scan(bytes, blob: blob, policy: policy)
    case .overCap(_, let size, let head):
      guard named || ImageFormat.sniff(head) != nil else { return nil }
      return notChecked(blob, "the blob is \(size) bytes, over the \(blobCap >> 20) MiB a history scan reads into memory", policy: policy)
    case .missing:
      return notChecked(blob, "git has no blob \(blob.id) in this clone (shallow or partial clone, or a damaged repository)", policy: policy)
    case .notRead(_, let reason):
      return notChecked(blob, reason, policy: policy)
    }
  }

  /// The leak scan of a blob's bytes, as `audit --no-pixels` scans a file (every byte: the byte
  /// map and the fail-closed sweep included).
  public static func scan(_ bytes: [UInt8], blob: GitHistory.Blob, policy: Policy) -> FileReport {
    let name = blob.origin().name
    let inspection = Inspector.read(source: MemorySource(bytes), path: name, options: InspectOptions(mode: .complete))
    let output = inspection.metadata
    let byteMap = output.error == nil && inspection.hasUnexplainedBytes != false ? inspection.byteMap : nil
    let findings = CheckRegistry.run(CheckSubject(output: output, byteMap: byteMap), policy: policy)
    var report = FileReport(output: name, format: output.format, displayed: output.displayed,
                            gpsCarriers: GPSEvidence.carriers(output, nil), findings: findings)
    report.git = blob.origin(contentSHA256: findings.isEmpty ? nil : SHA256.hex(bytes))
    return report
  }

  /// A PA015 entry for a blob not checked, saying why.
  static func notChecked(_ blob: GitHistory.Blob, _ reason: String, policy: Policy) -> FileReport {
    let name = blob.origin().name
    var output = PhotoMetadata(path: name)
    output.incomplete = [IncompleteCheck(scope: "file", reason: "\(reason); no verdict: metadata carriers (GPS included) not checked")]
    var report = FileReport(output: name, findings: CheckRegistry.run(CheckSubject(output: output), policy: policy))
    report.git = blob.origin()
    return report
  }

  /// Extensions of the images, videos and sidecars a history scan reads whatever their content.
  static let imageExtensions: Set<String> = [
    "jpg", "jpeg", "jpe", "jfif", "png", "apng", "webp", "gif", "heic", "heif", "hif", "avif", "tif", "tiff", "dng",
    "jxl", "mov", "mp4", "m4v", "3gp", "insv", "cr2", "cr3", "nef", "arw", "orf", "rw2", "raf", "xmp",
  ]

  /// True when `path`'s extension is one of `imageExtensions` (any case).
  public static func isImageName(_ path: String) -> Bool {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
    return imageExtensions.contains(path[path.index(after: dot)...].lowercased())
  }

  /// A Git LFS pointer file (the content is in LFS storage, not in the repository).
  static func isLFSPointer(_ bytes: [UInt8]) -> Bool {
    bytes.count < 1024 && bytes.starts(with: Array("version https://git-lfs.github.com/spec/".utf8))
  }
}

/// The results of the batch being scanned, handed from its scanning thread.
private final class ResultBox: @unchecked Sendable {
  var reports: [FileReport?] = []
}
