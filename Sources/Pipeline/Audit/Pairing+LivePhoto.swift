import Bytes
import PhotoCore
import Platform
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
    /// The still (JPEG, HEIC…): the entry the pair is reported on.
    public var still: String
    /// The MOV (or MP4) read with it.
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
  /// A batch without candidates (no shared stem in a folder, no video name) costs a sort and one
  /// pass over the names' bytes: in sorted order the files named "folder/stem.*" are neighbours.
  public static func pairs(_ paths: [String]) -> [Pair] {
    let named = paths.sorted().filter { !NameParts($0).isAuxiliary }
    return pairs(count: named.count) { named[$0] }
  }

  /// The Live Photos among `count` paths given in sorted order by `path` (an `InputList` of any
  /// size): one pass over the names finds the candidates — files that share "folder/stem" with a
  /// neighbour, or whose extension names a video — and only the folders holding one are gathered
  /// (memory for those folders' names, not for the whole list).
  public static func pairs(count: Int, path: (Int) -> String) -> [Pair] {
    var candidateFolders = Set<String>()
    var previous: (file: String, parts: NameParts)?
    var previousIsCandidate = false
    for index in 0..<count {
      let file = path(index)
      let parts = NameParts(file)
      var isCandidate = parts.isVideoName
      if let previous, parts.sameStem(as: previous.parts, file, previous.file) {
        isCandidate = true
        if !previousIsCandidate { candidateFolders.insert(PathName.folder(previous.file)) }
      }
      if isCandidate { candidateFolders.insert(PathName.folder(file)) }
      previous = (file, parts)
      previousIsCandidate = isCandidate
    }
    guard !candidateFolders.isEmpty else { return [] }
    var byFolder: [String: [String]] = [:]
    for index in 0..<count {
      let file = path(index)
      let folder = PathName.folder(file)
      if candidateFolders.contains(folder) { byFolder[folder, default: []].append(file) }
    }
    var out: [Pair] = []
    for folder in byFolder.keys.sorted() { out += pairs(inFolder: byFolder[folder]!) }
    return out.sorted { $0.still < $1.still }
  }

  /// What pairing needs of a path, read from its UTF-8 bytes without allocating: where
  /// "folder/stem" ends, and whether the extension is auxiliary (a descriptor, a report) or a video's.
  struct NameParts {
    /// Bytes of "folder/stem" (the whole path when it has no extension).
    var stemLength = 0
    package var isAuxiliary = false
    var isVideoName = false

    static let auxiliary = Pairing.auxiliaryExtensions.map { Array($0.utf8.dropFirst()) }
    package static let video = LivePhotoPairing.videoExtensions.map { Array($0.utf8) }

    init(_ path: String) {
      var path = path
      path.withUTF8 { bytes in  // a native string's own bytes: no copy
        stemLength = bytes.count
        var i = bytes.count - 1
        while i > 0, bytes[i] != UInt8(ascii: "/") {
          if bytes[i] == UInt8(ascii: "."), bytes[i - 1] != UInt8(ascii: "/") {
            stemLength = i
            let ext = UnsafeBufferPointer(rebasing: bytes[(i + 1)...])
            func matches(_ name: [UInt8]) -> Bool {
              name.count == ext.count && zip(name, ext).allSatisfy { $0 == $1 | (($1 >= 0x41 && $1 <= 0x5A) ? 0x20 : 0) }
            }
            isAuxiliary = Self.auxiliary.contains(where: matches)
            isVideoName = Self.video.contains(where: matches)
            break
          }
          i -= 1
        }
      }
    }

    /// True when `path` (these parts) and `other` name the same "folder/stem".
    func sameStem(as other: NameParts, _ path: String, _ otherPath: String) -> Bool {
      guard stemLength == other.stemLength else { return false }
      let length = stemLength
      let fast: Bool?? = path.utf8.withContiguousStorageIfAvailable { a in
        otherPath.utf8.withContiguousStorageIfAvailable { b in
          // Names differ at their end (IMG_0001, IMG_0002): compare from there.
          var i = length - 1
          while i >= 0, a[i] == b[i] { i -= 1 }
          return i < 0
        }
      }
      if let known = fast ?? nil { return known }
      return path.utf8.prefix(length).elementsEqual(otherPath.utf8.prefix(length))
    }
  }

  /// The pairs among the files of one folder.
  package static func pairs(inFolder files: [String]) -> [Pair] {
    var stems: [String: [String]] = [:]
    for file in files { stems[Pairing.stem(file), default: []].append(file) }
    let candidates = files.filter { stems[Pairing.stem($0)]!.count > 1 || NameParts($0).isVideoName }
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

    /// Tag names of Apple's content identifier: the still's MakerNote tag 0x0011 (ExifTool 12.57
    /// names it MediaGroupUUID; `MakerNoteFields`) and the video's QuickTime key
    /// `com.apple.quicktime.content.identifier`.
    static let identifierNames: Set<String> = ["MediaGroupUUID", "ContentIdentifier"]

    /// The Apple content identifier of a still (MakerNote) or a video (QuickTime keys).
    package mutating func identifier(_ path: String) -> String? {
      if let known = identifiers[path] { return known }
      let metadata = Inspector.inspect(path: path, options: InspectOptions(mode: .metadata))
      var id: String?
      if case .text(let text)? = metadata.tags.first(where: { Self.identifierNames.contains($0.name) && $0.isPrimary })?.value {
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
