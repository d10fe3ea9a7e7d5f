import Foundation
import Platform

/// Why a batch cannot start: what its command line names is not there (SPEC "Exit codes": a
/// usage error, exit 2). Core wording; the command line adds the advice.
public enum BatchInputProblem: Error, Equatable, CustomStringConvertible {
  /// A file or folder named on the command line does not exist.
  case missing(String)
  /// Nothing to check under the roots: a gate must not pass on nothing (SPEC "Fail closed").
  case noImages([String])
  /// The pairs file cannot be used (unreadable, malformed, an entry outside its root).
  case pairsFile(String)

  /// The problem in words, naming the path (no advice: the command line adds it).
  public var description: String {
    switch self {
    case .missing(let path): "\(path): no such file or directory"
    case .noImages(let roots): "no image files found under \(roots.joined(separator: ", "))"
    case .pairsFile(let reason): reason
    }
  }
}

/// Lists the inputs of a batch: fails on a root that does not exist and, unless `allowEmpty`,
/// on a listing without one image candidate (descriptors, reports and other auxiliary files do
/// not count).
public enum BatchInputs {
  /// The files under `roots` (folders walked, files as named).
  public static func list(_ roots: [String], followSymlinks: Bool, allowEmpty: Bool) throws(BatchInputProblem) -> DirectoryWalker.Listing {
    try requireExisting(roots)
    let listing = DirectoryWalker.list(roots, followSymlinks: followSymlinks)
    if !allowEmpty, !listing.files.contains(where: { !Pairing.isAuxiliary($0) }) { throw .noImages(roots) }
    return listing
  }

  /// Throws `.missing` for the first path that does not exist (a dangling link counts as missing).
  public static func requireExisting(_ paths: [String]) throws(BatchInputProblem) {
    for path in paths where !FileManager.default.fileExists(atPath: path) { throw .missing(path) }
  }
}

extension Pairing {
  /// What `audit` audits, from its command line: every output under `outputs` (leak-scanned),
  /// paired with an original from the pairs file when it lists the output, else by descriptor
  /// `media_id` or stem among the files under `originals`. A pairs-file output that does not
  /// exist is a job with a `problem` (PA013), not a usage error; one that exists outside the
  /// walk (a symbolic link not followed) is audited, since it was named.
  public static func plan(outputs roots: [String], originals: String?, pairsFile: String?, followSymlinks: Bool,
                          allowEmpty: Bool) throws(BatchInputProblem) -> Result {
    try BatchInputs.requireExisting(roots + (originals.map { [$0] } ?? []))
    if pairsFile != nil, roots.count != 1 { throw .pairsFile("a pairs file needs one outputs folder and an originals folder") }
    let result = try plan(outputs: DirectoryWalker.list(roots, followSymlinks: followSymlinks), outputsRoot: roots.first,
                          originals: originals, pairsFile: pairsFile, followSymlinks: followSymlinks)
    if !allowEmpty, result.jobs.isEmpty { throw .noImages(roots) }
    return result
  }

  /// `plan` over outputs already listed (a walk narrowed by `--ext`/`--include`, plus
  /// `--files-from` entries); `outputsRoot` is the folder pairs-file outputs are relative to.
  public static func plan(outputs listing: DirectoryWalker.Listing, outputsRoot: String?, originals: String?, pairsFile: String?,
                          followSymlinks: Bool) throws(BatchInputProblem) -> Result {
    var listed: [AuditJob] = []
    if let pairsFile {
      guard let originals, let outputsRoot else { throw .pairsFile("a pairs file needs one outputs folder and an originals folder") }
      do {
        listed = try Pairing.pairsFile(pairsFile, originalsRoot: originals, outputsRoot: outputsRoot)
      } catch {
        throw .pairsFile(error.description)
      }
    }
    let originalFiles = originals.map { DirectoryWalker.list([$0], followSymlinks: followSymlinks).files } ?? []
    var result = pair(outputs: listing, originals: originalFiles)
    if !listed.isEmpty {
      var byOutput = Dictionary(uniqueKeysWithValues: listed.map { ($0.output, $0) })
      for i in result.jobs.indices {
        guard let entry = byOutput.removeValue(forKey: result.jobs[i].output) else { continue }
        result.jobs[i].original = entry.original
      }
      for var entry in byOutput.values {
        if FileManager.default.fileExists(atPath: entry.output) {
          entry.descriptor = PairAuditor.descriptorBeside(entry.output)
        } else {
          entry.problem = "listed in the pairs file \(pairsFile!) but does not exist"
        }
        result.jobs.append(entry)
      }
      result.jobs.sort { $0.output < $1.output }
      let used = Set(result.jobs.compactMap(\.original))
      result.unpairedOriginals = originalFiles.filter { !isAuxiliary($0) && !used.contains($0) }.sorted()
    }
    return result
  }
}
