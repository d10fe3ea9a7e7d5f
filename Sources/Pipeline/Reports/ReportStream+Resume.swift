import Bytes
import Platform
/// `--resume`: what an earlier run of the same command already wrote to its stream. Records
/// come in a fixed order (header, files in path order, unpaired originals, end), so what a run
/// recorded before it was stopped is a prefix of the whole stream: the rerun checks that prefix
/// record by record against its own inputs, keeps it, and writes the rest — the result is the
/// stream of an uninterrupted run, byte for byte.
extension ReportStream {
  /// The recorded prefix of a stream.
  public struct Recorded: Sendable, Equatable {
    /// Bytes of the file to keep: whole lines that belong to this run (a last line cut short by
    /// a kill is not among them).
    public var keep = 0
    /// File records kept: the inputs done.
    public var inputs = 0
    /// Unpaired-original records kept.
    public var unpairedOriginals = 0
    /// The stream has its end record: nothing is left to do.
    public var complete = false
    /// The kept file records, counted.
    public var tally = ReportTally()
    /// The kept findings as the fingerprint recipe counts them — (file, id, carrier, tag), by
    /// how many — so the rest of the stream continues their `n` (`ReportFingerprints.Counter`).
    public var findingKeys: [ReportFingerprints.Key: Int] = [:]
    /// The kept findings' fingerprints that were `unchanged` against the baseline, by how many;
    /// and the allow entries (`allow[N]`) they used.
    public var unchanged: [String: Int] = [:]
    public var allowEntries: Set<String> = []
    /// Kept findings that were `new` against the baseline, and that an allow entry accepted.
    public var new = 0, allowed = 0
    /// The files of kept findings that may be read for their digest (`digestable`).
    public var digestable: Set<String> = []

    /// Nothing recorded: a stream to start.
    public init() {}
  }

  /// Why a stream cannot be resumed. Core wording; the command line adds the advice.
  public enum ResumeProblem: Error, Equatable, CustomStringConvertible {
    case unreadable(SystemError)
    /// The first line is not a `shard` record of this schema.
    case notAStream(path: String)
    /// Written by another command line: the member that differs.
    case otherRun(path: String, difference: String)
    /// A record that is not the one this run writes there: the inputs changed.
    case otherInputs(path: String, line: Int, found: String, expected: String)
    /// A whole line that is no record.
    case malformed(path: String, line: Int, reason: String)

    public var description: String {
      switch self {
      case .unreadable(let error): error.description
      case .notAStream(let path): "\(path) does not start with a \(ReportJSON.schema) shard record"
      case .otherRun(let path, let difference): "\(path) was written by another command line: its shard record differs in \(difference)"
      case .otherInputs(let path, let line, let found, let expected):
        "\(path) line \(line) records \(found) where this run has \(expected): the inputs changed"
      case .malformed(let path, let line, let reason): "\(path) line \(line): \(reason)"
      }
    }
  }

  /// Reads the stream at `path` against what this run writes: `header`, then a file record for
  /// `output(i)` for each i in `0..<inputs`, then `unpairedOriginals`, then the end record.
  public static func recorded(in path: String, header: Header, inputs: Int, output: (Int) -> String,
                              unpairedOriginals: [String]) throws(ResumeProblem) -> Recorded {
    let reader: LineReader
    do { reader = try LineReader(path: path) } catch { throw .unreadable(error) }
    var recorded = Recorded()
    var number = 0
    while true {
      let next: LineReader.Line?
      do { next = try reader.next() } catch { throw .unreadable(error) }
      guard let line = next, line.terminated else { break }  // a last line cut short is written again
      number += 1
      guard !recorded.complete else { throw .malformed(path: path, line: number, reason: "a record after the end record") }
      let record: JSONValue
      do { record = try JSONParser.parse(line.bytes) } catch {
        if number == 1 { throw .notAStream(path: path) }
        throw .malformed(path: path, line: number, reason: error.description)
      }
      if number == 1 {
        guard record["schema"]?.stringValue == ReportJSON.schema, let found = Header(record) else { throw .notAStream(path: path) }
        if found != header {
          throw .otherRun(path: path, difference: found.difference(from: header) ?? "k/n (\(found.shard?.text ?? "none"), \(header.shard?.text ?? "none"))")
        }
      } else {
        try check(record, line: number, path: path, recorded: &recorded, inputs: inputs, output: output, unpairedOriginals: unpairedOriginals)
      }
      recorded.keep = line.offset + line.bytes.count + 1
    }
    return recorded
  }

  /// One record after the header, against the one expected there.
  private static func check(_ record: JSONValue, line: Int, path: String, recorded: inout Recorded, inputs: Int,
                            output: (Int) -> String, unpairedOriginals: [String]) throws(ResumeProblem) {
    func expected() -> String {
      if recorded.inputs < inputs { return "a record of \(output(recorded.inputs))" }
      if recorded.unpairedOriginals < unpairedOriginals.count { return "unpaired original \(unpairedOriginals[recorded.unpairedOriginals])" }
      return "the end record"
    }
    switch record["type"]?.stringValue {
    case "file":
      let found = record["output"]?.stringValue ?? ""
      guard recorded.inputs < inputs, found == output(recorded.inputs), recorded.tally.add(record: record) else {
        throw .otherInputs(path: path, line: line, found: "a record of \(found)", expected: expected())
      }
      recorded.inputs += 1
      if let file = ReportJSON.fileReport(record) {
        recorded.digestable.formUnion(ReportFingerprints.digestable(file))
        for f in file.findings {
          recorded.findingKeys[ReportFingerprints.Key(f), default: 0] += 1
          if f.baseline == .unchanged, let print = f.reportFingerprint { recorded.unchanged[print, default: 0] += 1 }
          if f.baseline == .new { recorded.new += 1 }
          if let entry = f.suppression?.entry {
            recorded.allowEntries.insert(entry)
            recorded.allowed += 1
          }
        }
      }
    case "unpaired_original":
      let found = record["original"]?.stringValue ?? ""
      guard recorded.inputs == inputs, recorded.unpairedOriginals < unpairedOriginals.count,
            found == unpairedOriginals[recorded.unpairedOriginals] else {
        throw .otherInputs(path: path, line: line, found: "unpaired original \(found)", expected: expected())
      }
      recorded.unpairedOriginals += 1
    case "end":
      guard recorded.inputs == inputs, recorded.unpairedOriginals == unpairedOriginals.count,
            record["inputs"]?.intValue == inputs, record["unpaired_originals"]?.intValue == unpairedOriginals.count else {
        throw .otherInputs(path: path, line: line, found: "the end record", expected: expected())
      }
      recorded.complete = true
    default:
      throw .malformed(path: path, line: line, reason: "not a \(ReportJSON.schema) record")
    }
  }
}
