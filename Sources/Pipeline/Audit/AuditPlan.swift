import Bytes
import PhotoCore
import Platform
/// The jobs of one `audit` run, made one at a time as the batch takes them: a leak scan of
/// any size holds only its compact input lists, never a job per file.
public struct AuditPlan: Sendable {
  private enum Source: Sendable {
    /// A leak scan: the outputs, and the auxiliary files their descriptors are looked up in.
    case lists(outputs: InputList, aside: InputList)
    /// Outputs paired with originals, made up front (pairing needs every output and original).
    case jobs([AuditJob])
  }

  private let source: Source
  /// Originals that no output was paired with, sorted.
  public let unpairedOriginals: [String]
  /// A leak scan's Live Photos: the video of each still, read with it (the video is no entry of
  /// its own). Only the folders with a candidate name are looked at (`LivePhotoPairing`).
  private let companions: [String: String]
  /// A leak scan's sidecars that no photo claims (`SidecarPairing.filesOfTheirOwn`), sorted: each
  /// an entry of its own, in path order among the outputs.
  private let ownSidecars: [String]
  /// Where each of `ownSidecars` goes: how many outputs sort before it.
  private let ownSidecarPlaces: [Int]
  /// Whether the leak scan's aside files hold a sidecar name: when not, no output looks for
  /// sidecars (a batch without them pays nothing).
  private let asideHasSidecars: Bool

  /// A leak scan of the listed inputs: no originals.
  public init(leakScan listed: InputSelection.Listed) {
    var outputs = listed.inputs
    let livePhotos = LivePhotoPairing.pairs(count: outputs.count, path: outputs.path)
    if !livePhotos.isEmpty {
      let videos = Set(livePhotos.map(\.video))
      let kept = outputs
      outputs.filter { !videos.contains(kept.path($0)) }
    }
    companions = Dictionary(livePhotos.map { ($0.still, $0.video) }, uniquingKeysWith: { first, _ in first })
    let aside = listed.aside
    asideHasSidecars = (0..<aside.count).contains { SidecarNames.isSidecarName(aside.path($0)) }
    let candidates = (0..<listed.sidecars.count).map { (path: listed.sidecars.path($0), isNamed: listed.sidecars.isNamed($0)) }
    let inputs = outputs
    ownSidecars = SidecarPairing.filesOfTheirOwn(candidates, isInput: inputs.contains,
                                                 known: { SidecarPairing.claimedInList($0, inputs) }).sorted(by: PathOrder.less)
    ownSidecarPlaces = ownSidecars.map(inputs.insertionIndex)
    source = .lists(outputs: outputs, aside: aside)
    unpairedOriginals = []
  }

  /// The jobs of a pairing (already narrowed to a shard), sorted by output path.
  public init(pairing: Pairing.Result) {
    source = .jobs(pairing.jobs.sorted { PathOrder.less($0.output, $1.output) })
    unpairedOriginals = pairing.unpairedOriginals.sorted(by: PathOrder.less)
    companions = [:]
    ownSidecars = []
    ownSidecarPlaces = []
    asideHasSidecars = false
  }

  /// How many outputs.
  public var count: Int {
    switch source {
    case .lists(let outputs, _): outputs.count + ownSidecars.count
    case .jobs(let jobs): jobs.count
    }
  }

  /// Job `index` of a leak scan: an own sidecar's index in `ownSidecars`, or an output's in the
  /// outputs list. The sidecar at `ownSidecarPlaces[k]` comes before the output of that index.
  private func place(_ index: Int) -> (sidecar: Int?, output: Int) {
    // The number of own sidecars placed before `index`: those with place + k < index.
    var low = 0, high = ownSidecars.count
    while low < high {
      let middle = (low + high) / 2
      if ownSidecarPlaces[middle] + middle < index { low = middle + 1 } else { high = middle }
    }
    if low < ownSidecars.count, ownSidecarPlaces[low] + low == index { return (low, 0) }
    return (nil, index - low)
  }

  /// The output of job `index`, in path order.
  public func output(_ index: Int) -> String {
    switch source {
    case .lists(let outputs, _):
      let at = place(index)
      return at.sidecar.map { ownSidecars[$0] } ?? outputs.path(at.output)
    case .jobs(let jobs): return jobs[index].output
    }
  }

  /// Job `index`: the output with its descriptor (NAME.json or NAME.ext.json found beside it in
  /// the listing; looked up on disk for a file named or listed), its sidecars (found the same
  /// way, its Live Photo video's too) and, in a pairing, its original. A sidecar of its own is
  /// a job alone.
  public func job(_ index: Int) -> AuditJob {
    switch source {
    case .lists(let outputs, let aside):
      let at = place(index)
      if let sidecar = at.sidecar { return AuditJob(output: ownSidecars[sidecar]) }
      let output = outputs.path(at.output)
      let companion = companions[output]
      let descriptor: String?
      var sidecars: [String] = []
      if outputs.isNamed(at.output) {
        descriptor = PairAuditor.descriptorBeside(output)
        sidecars = ([output] + (companion.map { [$0] } ?? [])).flatMap(SidecarPairing.sidecarsOnDisk)
      } else {
        descriptor = PairAuditor.descriptorNames(output).first(where: aside.contains)
        if asideHasSidecars {
          sidecars = ([output] + (companion.map { [$0] } ?? [])).flatMap { SidecarPairing.sidecars(of: $0, where: aside.contains) }
        }
      }
      if !sidecars.isEmpty { sidecars = sidecars.filter { $0 != descriptor }.uniqued() }
      return AuditJob(output: output, descriptor: descriptor, companion: companion, sidecars: sidecars)
    case .jobs(let jobs):
      return jobs[index]
    }
  }
}
