import Bytes
import Foundation
import PhotoCore
import Platform

/// One unit of batch work: an output, its original when known, its descriptor when present.
public struct AuditJob: Sendable, Equatable, Codable {
  public var output: String
  public var original: String?
  public var descriptor: String?
  /// Why the output cannot be audited, decided before reading it (a pairs-file entry naming an
  /// output that does not exist): reported as PA013.
  public var problem: String?
  /// The Live Photo video that goes with this still (`LivePhotoPairing`): read with it, its
  /// findings reported on this entry.
  public var companion: String?
  /// The sidecars found beside the output (and its Live Photo video) by name (`SidecarNames`):
  /// XMP files and JSON files, read with it; a JSON that turns out to be a descriptor is not
  /// one (`PairAuditor.sortJSON`).
  public var sidecars: [String]
  public init(output: String, original: String? = nil, descriptor: String? = nil, problem: String? = nil,
              companion: String? = nil, sidecars: [String] = []) {
    self.output = output
    self.original = original
    self.descriptor = descriptor
    self.problem = problem
    self.companion = companion
    self.sidecars = sidecars
  }
}

/// Pairs outputs with originals: by a pairs file, else by the descriptor's `media_id` when the
/// originals are named by it, else by file stem across extension changes (IMG_0001.HEIC →
/// IMG_0001.jpg). Every output found is leak-scanned, with or without an original (a pairs file
/// chooses originals; it never removes an output from the scan); originals without an output
/// are listed.
public enum Pairing {
  public struct Result: Sendable {
    public var jobs: [AuditJob]
    public var unpairedOriginals: [String]
    public init(jobs: [AuditJob], unpairedOriginals: [String]) {
      self.jobs = jobs
      self.unpairedOriginals = unpairedOriginals
    }
  }

  public struct Problem: Error, CustomStringConvertible {
    public var description: String
  }

  /// File names that are never audited as outputs (descriptors, pairs files, reports).
  public static func isAuxiliary(_ path: String) -> Bool {
    guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
    return auxiliaryExtensions.contains(String(path[dot...]).lowercased())
  }

  static let auxiliaryExtensions: Set<String> = [".json", ".jsonl", ".csv", ".md", ".txt", ".html", ".xml"]

  package static func stem(_ path: String) -> String { PathName.stem(path) }

  /// Pairs by media_id, then by stem.
  /// `outputs` lists the outputs' folders, descriptors included: a descriptor is looked up in
  /// it, with no file-system call per output, except for files `named` directly.
  public static func pair(outputs listing: DirectoryWalker.Listing, originals: [String]) -> Result {
    let listed = Set(listing.files)
    // A Live Photo is one item: its video goes with its still (in outputs and originals alike).
    let livePhotos = LivePhotoPairing.pairs(listing.files)
    let videoOf = Dictionary(livePhotos.map { ($0.still, $0.video) }, uniquingKeysWith: { first, _ in first })
    let videos = Set(livePhotos.map(\.video))
    // Sidecars go with their photos; one no photo claims is an output of its own.
    let ownSidecars = Set(SidecarPairing.filesOfTheirOwn(listing.files.filter(SidecarNames.isSidecarName)
      .map { ($0, listing.named.contains($0)) }, isInput: listed.contains))
    let outputs = (listing.files.filter { !isAuxiliary($0) && !videos.contains($0) && !SidecarNames.isXMPName($0) } + ownSidecars)
      .uniqued().sorted()
    let originalPhotos = LivePhotoPairing.pairs(originals)
    // An original's sidecars are not originals.
    let originalSet = Set(originals)
    let ownOriginalSidecars = Set(SidecarPairing.filesOfTheirOwn(originals.filter(SidecarNames.isXMPName).map { ($0, false) },
                                                                 isInput: originalSet.contains))
    let originals = originals.filter { !isAuxiliary($0) && (!SidecarNames.isXMPName($0) || ownOriginalSidecars.contains($0)) }.sorted()
    var byStem: [String: String] = [:]
    for original in originals where byStem[stem(original)] == nil && !originalPhotos.contains(where: { $0.video == original }) {
      byStem[stem(original)] = original
    }
    var used = Set<String>()
    var jobs: [AuditJob] = []
    for output in outputs {
      let descriptor = listing.named.contains(output)
        ? PairAuditor.descriptorBeside(output) : PairAuditor.descriptorNames(output).first(where: listed.contains)
      var original: String?
      if let descriptor, let id = mediaID(descriptor), let match = byStem[id] { original = match }
      if original == nil, !byStem.isEmpty { original = byStem[stem(output)] }
      if let original {
        used.insert(original)
        if let video = originalPhotos.first(where: { $0.still == original })?.video { used.insert(video) }
      }
      let companion = videoOf[output]
      var sidecars: [String] = []
      if !ownSidecars.contains(output) {
        let photos = [output] + (companion.map { [$0] } ?? [])
        sidecars = listing.named.contains(output)
          ? photos.flatMap(SidecarPairing.sidecarsOnDisk) : photos.flatMap { SidecarPairing.sidecars(of: $0, where: listed.contains) }
      }
      jobs.append(AuditJob(output: output, original: original, descriptor: ownSidecars.contains(output) ? nil : descriptor,
                           companion: companion, sidecars: sidecars.filter { $0 != descriptor }.uniqued()))
    }
    return Result(jobs: jobs, unpairedOriginals: originals.filter { !used.contains($0) })
  }

  static func mediaID(_ descriptorPath: String) -> String? {
    guard let bytes = try? FileSource(path: descriptorPath).allBytes(), let doc = try? JSONParser.parse(bytes) else { return nil }
    return doc["media_id"]?.stringValue
  }

  /// Reads a pairs file: CSV with `original,output` rows (a header row is allowed) or JSON
  /// `[{"original": "...", "output": "..."}]`. Paths are relative to the roots; entries that
  /// are absolute or climb out of the roots with `..` are rejected, and so is an output listed
  /// twice. Each job names the output and its original; whether they exist is not checked here.
  public static func pairsFile(_ path: String, originalsRoot: String, outputsRoot: String) throws(Problem) -> [AuditJob] {
    let bytes: [UInt8]
    do { bytes = try FileSource(path: path).allBytes() } catch { throw Problem(description: "pairs file \(path): \(error)") }
    var entries: [(original: String, output: String)] = []
    if let doc = try? JSONParser.parse(bytes) {
      guard let items = doc.arrayValue else { throw Problem(description: "pairs file \(path): expected a JSON array of {original, output}") }
      for (i, item) in items.enumerated() {
        guard let o = item["original"]?.stringValue, let out = item["output"]?.stringValue else {
          throw Problem(description: "pairs file \(path): entry \(i + 1) needs string 'original' and 'output'")
        }
        entries.append((o, out))
      }
    } else {
      let text = String(decoding: bytes, as: UTF8.self)
      for (n, line) in text.split(whereSeparator: \.isNewline).enumerated() {
        let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        if n == 0, cells.first?.lowercased() == "original" { continue }
        guard cells.count == 2, !cells[0].isEmpty, !cells[1].isEmpty else {
          throw Problem(description: "pairs file \(path): line \(n + 1) is not 'original,output'")
        }
        entries.append((cells[0], cells[1]))
      }
    }
    var jobs: [AuditJob] = []
    var listed = Set<String>()
    for entry in entries {
      let original = try contained(entry.original, in: originalsRoot, pairs: path)
      let output = try contained(entry.output, in: outputsRoot, pairs: path)
      guard listed.insert(output).inserted else { throw Problem(description: "pairs file \(path): output '\(entry.output)' is listed twice") }
      jobs.append(AuditJob(output: output, original: original))
    }
    return jobs.sorted { $0.output < $1.output }
  }

  /// `relative` inside `root`, or a Problem when it is absolute or leaves the root.
  public static func contained(_ relative: String, in root: String, pairs: String) throws(Problem) -> String {
    guard !relative.hasPrefix("/") else { throw Problem(description: "pairs file \(pairs): absolute path '\(relative)' is not allowed") }
    var depth = 0
    for part in relative.split(separator: "/") {
      if part == ".." { depth -= 1 } else if part != "." { depth += 1 }
      if depth < 0 { throw Problem(description: "pairs file \(pairs): '\(relative)' leaves its root") }
    }
    // "./a.jpg" and "sub/../a.jpg" name the file a folder walk lists as ROOT/a.jpg.
    let normalized = RelativePath.normalize(relative)
    let joined = root.hasSuffix("/") ? root + normalized : root + "/" + normalized
    // The text stays inside; a symbolic link on the way must not lead out either (a root that
    // does not exist holds no links).
    guard FileManager.default.fileExists(atPath: root) else { return joined }
    let realRoot = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
    var real = URL(fileURLWithPath: joined).standardizedFileURL
    // Resolve the longest existing prefix (the file itself may not exist yet).
    while !FileManager.default.fileExists(atPath: real.path), real.pathComponents.count > 1 { real.deleteLastPathComponent() }
    let resolved = real.resolvingSymlinksInPath().path
    guard resolved == realRoot || resolved.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
      throw Problem(description: "pairs file \(pairs): '\(relative)' leads out of its root through a symbolic link (to \(resolved))")
    }
    return joined
  }
}
