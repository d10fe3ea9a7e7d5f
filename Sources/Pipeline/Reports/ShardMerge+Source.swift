import Bytes
import Platform
/// Why shards cannot be merged. Core wording: the command line adds the advice.
public enum MergeProblem: Error, Equatable, CustomStringConvertible {
  /// A stream could not be read at all.
  case unreadable(SystemError)
  /// Its first line is not a `shard` record (empty, another tool's file, an older photoaudit).
  case notAStream(path: String)
  /// A line that is no record of this schema, or a record out of place.
  case malformed(path: String, line: Int, reason: String)
  /// The stream ends without its end record: the run that wrote it did not finish.
  case truncated(path: String)
  /// The end record's counts differ from the records the stream holds.
  case countMismatch(path: String, recorded: Int, found: Int)
  /// Records out of path order within a stream.
  case outOfOrder(path: String, line: Int)
  /// Two streams written by different command lines (command, tool, policy or checks).
  case otherRun(first: String, second: String, difference: String)
  /// A sharded stream and an unsharded one.
  case mixedSharding(sharded: String, unsharded: String)
  /// Shards of different N.
  case shardCounts(first: String, n: Int, second: String, m: Int)
  /// A shard given twice.
  case duplicateShard(Shard, first: String, second: String)
  /// Shards missing (`merge --expect`).
  case missingShards([Shard])
  /// Another number of unsharded runs than `--expect` says.
  case runCount(expected: Int, found: Int)
  /// Shards of another N than `--expect` says.
  case shardTotal(expected: Int, n: Int)
  /// A path in two streams (or twice in one).
  case duplicatePath(String, first: String, second: String)

  public var description: String {
    switch self {
    case .unreadable(let error): error.description
    case .notAStream(let path): "\(path) does not start with a \(ReportJSON.schema) shard record (is it empty, or from another tool or an older photoaudit?)"
    case .malformed(let path, let line, let reason): "\(path) line \(line): \(reason)"
    case .truncated(let path): "\(path) ends without its end record: the run that wrote it did not finish"
    case .countMismatch(let path, let recorded, let found): "\(path) says it holds \(recorded) records but holds \(found)"
    case .outOfOrder(let path, let line): "\(path) line \(line) is out of path order"
    case .otherRun(let first, let second, let difference): "\(first) and \(second) were written by different command lines: \(difference)"
    case .mixedSharding(let sharded, let unsharded): "\(sharded) is one shard of a sharded run but \(unsharded) is not"
    case .shardCounts(let first, let n, let second, let m): "\(first) is a shard of \(n) but \(second) a shard of \(m)"
    case .duplicateShard(let shard, let first, let second): "shard \(shard.text) is given twice: \(first) and \(second)"
    case .missingShards(let shards): (shards.count == 1 ? "shard " : "shards ") + shards.map(\.text).joined(separator: ", ") + (shards.count == 1 ? " is missing" : " are missing")
    case .runCount(let expected, let found): "expected \(expected) runs, found \(found)"
    case .shardTotal(let expected, let n): "expected \(expected) shards, but these are shards of \(n)"
    case .duplicatePath(let path, let first, let second):
      first == second ? "\(path) is recorded twice in \(first)" : "\(path) is recorded in both \(first) and \(second)"
    }
  }
}

extension ShardMerge {
  /// Where a record sorts: files by output path, then unpaired originals by path.
  struct Key: Comparable {
    package var section: Int
    package var bytes: [UInt8]

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    static func < (a: Key, b: Key) -> Bool {
      a.section != b.section ? a.section < b.section : a.bytes.lexicographicallyPrecedes(b.bytes)
    }
  }

  /// One stream being merged: its header and its current record.
  final class Source {
    package let path: String
    package let header: ReportStream.Header
    private let reader: LineReader
    private(set) var current: (key: Key, record: Record)?
    private var line = 1
    private var files = 0, unpaired = 0

    /// Opens `path` and reads its shard record.
    init(path: String) throws(MergeProblem) {
      self.path = path
      do { reader = try LineReader(path: path) } catch { throw .unreadable(error) }
      guard let first = try Self.next(reader), first.terminated, let record = try? JSONParser.parse(first.bytes),
            record["schema"]?.stringValue == ReportJSON.schema, let header = ReportStream.Header(record)
      else { throw .notAStream(path: path) }
      self.header = header
    }

    private static func next(_ reader: LineReader) throws(MergeProblem) -> LineReader.Line? {
      do { return try reader.next() } catch { throw .unreadable(error) }
    }

    /// Reads the next record as `current`; false (and `current` nil) when the stream has ended
    /// with its end record and nothing after it.
    package func read() throws(MergeProblem) -> Bool {
      let previous = current?.key
      current = nil
      while let next = try Self.next(reader) {
        line += 1
        guard next.terminated else { throw .truncated(path: path) }
        if next.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
        let record: JSONValue
        do { record = try JSONParser.parse(next.bytes) } catch { throw .malformed(path: path, line: line, reason: error.description) }
        guard record["schema"]?.stringValue == ReportJSON.schema, record["command"]?.stringValue == header.command else {
          throw .malformed(path: path, line: line, reason: "not a \(ReportJSON.schema) record of \(header.command)")
        }
        let key: Key
        switch record["type"]?.stringValue {
        case "file":
          guard case .object(let members) = record, let output = record["output"]?.stringValue else {
            throw .malformed(path: path, line: line, reason: "a file record without its output")
          }
          key = Key(section: 0, bytes: Array(output.utf8))
          current = (key, .file(.object(members.filter { !["schema", "type", "command"].contains($0.0) })))
          files += 1
        case "unpaired_original":
          guard let original = record["original"]?.stringValue else {
            throw .malformed(path: path, line: line, reason: "an unpaired_original record without its original")
          }
          key = Key(section: 1, bytes: Array(original.utf8))
          current = (key, .unpairedOriginal(original))
          unpaired += 1
        case "end":
          try finish(record)
          return false
        default:
          throw .malformed(path: path, line: line, reason: "a record of unknown type")
        }
        if let previous {
          if key == previous { throw .duplicatePath(key.text, first: path, second: path) }
          if key < previous { throw .outOfOrder(path: path, line: line) }
        }
        return true
      }
      throw .truncated(path: path)
    }

    /// The end record: its counts agree, and nothing follows it.
    private func finish(_ end: JSONValue) throws(MergeProblem) {
      let recorded = (end["inputs"]?.intValue ?? -1) + (end["unpaired_originals"]?.intValue ?? -1)
      if end["inputs"]?.intValue != files || end["unpaired_originals"]?.intValue != unpaired {
        throw .countMismatch(path: path, recorded: recorded, found: files + unpaired)
      }
      while let next = try Self.next(reader) {
        line += 1
        if !next.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
          throw .malformed(path: path, line: line, reason: "a record after the end record")
        }
      }
    }
  }
}
