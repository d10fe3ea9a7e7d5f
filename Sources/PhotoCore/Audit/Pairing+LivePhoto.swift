/// Live Photos among a batch's files: a still and a MOV (or MP4) in the same folder that share
/// Apple's content identifier (the still's MakerNote tag 0x0011, the video's
/// `com.apple.quicktime.content.identifier`) — else, when that does not decide, the same stem —
/// are one item. The video's GPS is then PA001 of the still's entry (carrier `live-photo-video`).
///
/// Formats are told by content: only files that share a stem with another file of their folder,
/// or whose extension names a video, are opened to see whether they are videos; a video with
/// another extension is still leak-scanned, as a file of its own.
public enum LivePhotoPairing {
  /// Extensions that make a file worth opening as a possible Live Photo video.
  static let videoExtensions: Set<String> = ["mov", "mp4", "m4v", "qt", "3gp"]

  /// One Live Photo.
  public struct Pair: Sendable, Equatable {
    public var still: String
    public var video: String
    /// "content identifier E905E6C6-…" or "same stem".
    public var reason: String

    public init(still: String, video: String, reason: String) {
      self.still = still
      self.video = video
      self.reason = reason
    }
  }

  /// The Live Photos among `paths`, each file in at most one pair, in path order of the stills.
  public static func pairs(_ paths: [String]) -> [Pair] {
    var byFolder: [String: [String]] = [:]
    for path in paths where !Pairing.isAuxiliary(path) { byFolder[PathName.folder(path), default: []].append(path) }
    var out: [Pair] = []
    for folder in byFolder.keys.sorted() { out += pairs(inFolder: byFolder[folder]!.sorted()) }
    return out.sorted { $0.still < $1.still }
  }

  /// The pairs among the files of one folder.
  static func pairs(inFolder files: [String]) -> [Pair] {
    var stems: [String: [String]] = [:]
    for file in files { stems[Pairing.stem(file), default: []].append(file) }
    let candidates = files.filter { file in
      stems[Pairing.stem(file)]!.count > 1 || videoExtensions.contains(PathName.extensionOf(file).lowercased())
    }
    var kinds = Kinds()
    let videos = candidates.filter { kinds.isVideo($0) }
    guard !videos.isEmpty else { return [] }
    var paired = Set<String>()
    var out: [Pair] = []
    for video in videos {
      let id = kinds.identifier(video)
      let sameStem = stems[Pairing.stem(video)]!.filter { $0 != video && !kinds.isVideo($0) && !paired.contains($0) }
      var match: Pair?
      if let id {
        // The identifier decides: a still of the same stem first, then any other still here.
        let others = files.filter { !sameStem.contains($0) && !paired.contains($0) && !kinds.isVideo($0) }
        if let still = (sameStem + others).first(where: { kinds.identifier($0) == id }) {
          match = Pair(still: still, video: video, reason: "content identifier \(id)")
        }
      }
      // Else the same stem, unless both carry identifiers and they differ (two captures).
      for still in sameStem where match == nil {
        let stillID = kinds.identifier(still)
        if id == nil || stillID == nil || stillID == id { match = Pair(still: still, video: video, reason: "same stem") }
      }
      if let match {
        paired.insert(match.still)
        out.append(match)
      }
    }
    return out
  }

  /// What is known about each file opened: video or not, and its content identifier.
  struct Kinds {
    private var video: [String: Bool] = [:]
    private var identifiers: [String: String?] = [:]

    /// True when the file starts as a MOV or MP4 does.
    mutating func isVideo(_ path: String) -> Bool {
      if let known = video[path] { return known }
      let answer = (try? FileSource(path: path)).map(VideoRemediation.isVideo) ?? false
      video[path] = answer
      return answer
    }

    /// The Apple content identifier of a still (MakerNote) or a video (QuickTime keys).
    mutating func identifier(_ path: String) -> String? {
      if let known = identifiers[path] { return known }
      let metadata = Inspector.inspect(path: path, options: InspectOptions(mode: .metadata))
      var id: String?
      if case .text(let text)? = metadata.tags.first(where: { $0.name == "ContentIdentifier" && $0.isPrimary })?.value {
        id = text.trimmingWhitespace().uppercased()
      }
      identifiers[path] = .some(id)
      return id
    }
  }
}

extension PathName {
  /// The extension of the last component, without its dot ("" when none): "a/IMG_1.MOV" → "MOV".
  public static func extensionOf(_ path: String) -> Substring {
    guard let dot = extensionDot(path) else { return "" }
    return path[path.utf8.index(after: dot)...]
  }
}
