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

  /// A leak scan of the listed inputs: no originals.
  public init(leakScan listed: InputSelection.Listed) {
    source = .lists(outputs: listed.inputs, aside: listed.aside)
    unpairedOriginals = []
  }

  /// The jobs of a pairing (already narrowed to a shard), sorted by output path.
  public init(pairing: Pairing.Result) {
    source = .jobs(pairing.jobs.sorted { PathOrder.less($0.output, $1.output) })
    unpairedOriginals = pairing.unpairedOriginals.sorted(by: PathOrder.less)
  }

  /// How many outputs.
  public var count: Int {
    switch source {
    case .lists(let outputs, _): outputs.count
    case .jobs(let jobs): jobs.count
    }
  }

  /// The output of job `index`, in path order.
  public func output(_ index: Int) -> String {
    switch source {
    case .lists(let outputs, _): outputs.path(index)
    case .jobs(let jobs): jobs[index].output
    }
  }

  /// Job `index`: the output with its descriptor (NAME.json or NAME.ext.json found beside it in
  /// the listing; looked up on disk for a file named or listed) and, in a pairing, its original.
  public func job(_ index: Int) -> AuditJob {
    switch source {
    case .lists(let outputs, let aside):
      let output = outputs.path(index)
      let descriptor = outputs.isNamed(index)
        ? PairAuditor.descriptorBeside(output) : PairAuditor.descriptorNames(output).first(where: aside.contains)
      return AuditJob(output: output, descriptor: descriptor)
    case .jobs(let jobs):
      return jobs[index]
    }
  }
}
