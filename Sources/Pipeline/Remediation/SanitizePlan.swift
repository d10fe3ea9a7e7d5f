/// What a `sanitize` run writes: each input's output and descriptor (`OutputNaming`), with the
/// Live Photo videos going along with their stills, narrowed to one shard (`--shard K/N`).
///
/// Everything that groups inputs is decided over ALL the inputs before the shard is chosen, so
/// a shard writes exactly what the unsharded run writes for its inputs: a Live Photo is paired
/// first and belongs to its still's shard (its video is never sanitized alone elsewhere), and
/// two inputs clashing on one output name give the same refusal whichever shards hold them.
public struct SanitizePlan: Sendable {
  /// The jobs of this run (the shard's, or all), in input order.
  public var jobs: [OutputNaming.Job]
  /// The video of each Live Photo still among the inputs (written along with it, or dropped).
  public var videoOf: [String: String]

  /// Plans `files` (in order; `relative` holds the paths below a walked folder) into `out`, and
  /// keeps the jobs whose input's key (its path below the folder given, else as named or listed,
  /// as `audit --shard` keys it) is in `shard`.
  public init(_ files: [String], relative: [String: String], out: String, png: Bool, shard: Shard?) {
    // A Live Photo's video goes with its still: the still alone is written ("video_dropped").
    let livePhotos = LivePhotoPairing.pairs(files)
    let videos = Set(livePhotos.map(\.video))
    videoOf = Dictionary(livePhotos.map { ($0.still, $0.video) }, uniquingKeysWith: { first, _ in first })
    let all = OutputNaming.plan(files.filter { !videos.contains($0) }, relative: relative, out: out, png: png)
    jobs = shard.map { shard in all.filter { shard.contains(relative[$0.input] ?? $0.input) } } ?? all
  }

  /// The outputs and descriptors this run writes.
  public var finals: [String] { jobs.flatMap { [$0.output, $0.descriptor] } }
}
