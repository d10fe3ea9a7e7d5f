import Bytes
/// `merge`: the JSONL streams of shards — or of runs over disjoint lists, such as Spark
/// partitions — joined into the stream one run over everything writes (SPEC "Scale"). A k-way
/// merge in path order holds one record per stream, whatever their length. It fails on what
/// would make the result wrong: a shard missing (with `expect`) or given twice, a stream cut
/// short (no end record), runs of another command line, a path in two streams.
public final class ShardMerge {
  /// A merged record.
  public enum Record: Sendable, Equatable {
    /// A file record's file object (without schema, type and command).
    case file(JSONValue)
    /// An original left without an output.
    case unpairedOriginal(String)
  }

  /// The header of the merged stream: the shards' own, for all of the inputs (no K/N).
  public let header: ReportStream.Header
  /// Shards of N that were not given (without `expect`, merging some of them is allowed).
  public let missing: [Shard]
  /// Files and unpaired originals merged so far.
  public private(set) var inputs = 0, unpairedOriginals = 0

  private var streams: [Source]
  /// Streams with a current record, as a binary min-heap of indices into `streams`.
  private var heap: [Int] = []
  private var last: (key: Key, stream: Int)?

  /// Opens the streams and checks their shard records against each other (and against
  /// `expect`, the number of shards or runs there must be) before any record is merged.
  public init(paths: [String], expect: Int?) throws(MergeProblem) {
    var streams: [Source] = []
    for path in paths { streams.append(try Source(path: path)) }
    let first = streams[0]
    for other in streams.dropFirst() {
      // Shards written with and without --reveal merge: merge redacts whatever they hold; and
      // with and without --fingerprints: merge fingerprints again over the merged set.
      var otherHeader = other.header
      otherHeader.reveal = first.header.reveal
      otherHeader.fingerprints = first.header.fingerprints
      if let difference = otherHeader.difference(from: first.header) {
        throw .otherRun(first: first.path, second: other.path, difference: difference)
      }
    }
    header = ReportStream.Header(command: first.header.command, shard: nil, tool: first.header.tool, policy: first.header.policy,
                                 pixels: first.header.pixels, maxPixels: first.header.maxPixels)
    missing = try Self.checkShards(streams, expect: expect)
    self.streams = streams
    for index in streams.indices { try advance(index) }
  }

  /// The shards as a set: all sharded alike or all unsharded; no shard twice; with `expect`,
  /// every shard (or that many unsharded runs). Returns the shards not given.
  private static func checkShards(_ streams: [Source], expect: Int?) throws(MergeProblem) -> [Shard] {
    let sharded = streams.filter { $0.header.shard != nil }
    if let plain = streams.first(where: { $0.header.shard == nil }), let shard = sharded.first {
      throw .mixedSharding(sharded: shard.path, unsharded: plain.path)
    }
    guard let n = sharded.first?.header.shard?.count else {
      if let expect, streams.count != expect { throw .runCount(expected: expect, found: streams.count) }
      return []
    }
    var seen: [Int: String] = [:]
    for stream in sharded {
      guard let shard = stream.header.shard else { continue }
      guard shard.count == n else { throw .shardCounts(first: sharded[0].path, n: n, second: stream.path, m: shard.count) }
      if let earlier = seen[shard.index] { throw .duplicateShard(shard, first: earlier, second: stream.path) }
      seen[shard.index] = stream.path
    }
    if let expect, expect != n { throw .shardTotal(expected: expect, n: n) }
    let missing = (1...n).filter { seen[$0] == nil }.map { Shard(index: $0, count: n) }
    if expect != nil, !missing.isEmpty { throw .missingShards(missing) }
    return missing
  }

  /// The next record in path order (files, then unpaired originals); nil when every stream has
  /// ended — each with its end record, whose counts agree with what it held.
  public func next() throws(MergeProblem) -> Record? {
    guard let top = heap.first else { return nil }
    let stream = streams[top]
    guard let current = stream.current else { return nil }
    if let last, last.key == current.key {
      throw .duplicatePath(current.key.text, first: streams[last.stream].path, second: stream.path)
    }
    last = (current.key, top)
    let record = current.record
    pop()
    try advance(top)
    switch record {
    case .file: inputs += 1
    case .unpairedOriginal: unpairedOriginals += 1
    }
    return record
  }

  /// Reads stream `index`'s next record into the heap (or finds its end).
  private func advance(_ index: Int) throws(MergeProblem) {
    if try streams[index].read() { push(index) }
  }

  private func less(_ a: Int, _ b: Int) -> Bool {
    guard let x = streams[a].current?.key, let y = streams[b].current?.key else { return false }
    return x < y || (x == y && a < b)
  }

  private func push(_ index: Int) {
    heap.append(index)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard less(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private func pop() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1, right = left + 1
      var smallest = parent
      if left < heap.count, less(heap[left], heap[smallest]) { smallest = left }
      if right < heap.count, less(heap[right], heap[smallest]) { smallest = right }
      guard smallest != parent else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
