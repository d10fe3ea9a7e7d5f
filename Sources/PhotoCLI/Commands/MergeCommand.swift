import PhotoCore

/// `photoaudit merge a.jsonl b.jsonl ...`: joins shard outputs into one report.
enum MergeCommand: Command {
  static let spec = CommandSpec(
    name: "merge",
    arguments: "SHARD.jsonl...",
    summary: "join the JSONL outputs of 'audit --shard K/N' runs into one report",
    description: """
      Joins the JSONL outputs of 'audit --shard K/N' (or 'verify --format jsonl') runs into one report with the same summary as a single run: files in path order, so --format json gives the bytes an unsharded run gives.
      Exit 1 when a finding is at or above --fail-on; 2 when a line is not a photoaudit/report/v1 record; 3 when a shard cannot be read.
      """,
    options: [
      CommonOptions.format(ReportOutput.formats), CommonOptions.output, CommonOptions.failOn, CommonOptions.policy,
    ] + CommonOptions.colour,
    examples: [
      Example("for k in 1 2 3; do photoaudit audit upload/ --shard $k/3 --format jsonl > s$k.jsonl; done", "three shards"),
      Example("photoaudit merge s1.jsonl s2.jsonl s3.jsonl --format json > report.json", "one report, as an unsharded run writes it"),
      Example("photoaudit merge s*.jsonl", "the table"),
    ],
    positionals: 1...Int.max,
    exitMeanings: [.usage: "usage error: a bad option, a shard that does not exist or a line that is not a report record",
                   .unreadable: "a shard could not be read"])

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome {
    let format = OptionValues.format(parsed, spec: spec)
    let policy = try OptionValues.policy(parsed, command: spec.name)
    var outcome = Outcome(missingInputs: parsed.positionals.filter { !InputSelection.exists($0) }, failOn: OptionValues.failOn(parsed))
    var files: [JSONValue] = []
    var unpaired: [String] = []
    var command = "audit"
    for path in parsed.positionals where !outcome.missingInputs.contains(path) {
      let bytes: [UInt8]
      do { bytes = try FileSource(path: path).allBytes() } catch {
        io.message(spec.name, "cannot read \(path): \(error)")
        outcome.unreadableInputs.append(path)
        continue
      }
      for (n, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
        let value: JSONValue
        do { value = try JSONParser.parse(Array(line)) } catch {
          throw UsageError(command: spec.name, message: "\(path) line \(n + 1): \(error)")
        }
        guard value["schema"]?.stringValue == ReportJSON.schema else {
          throw UsageError(command: spec.name, message: "\(path) line \(n + 1) is not a \(ReportJSON.schema) line")
        }
        command = value["command"]?.stringValue ?? command
        switch value["type"]?.stringValue {
        case "file":
          guard case .object(let members) = value else { continue }
          files.append(ReportJSON.applying(policy, to: .object(members.filter { !["schema", "type", "command"].contains($0.0) })))
        case "unpaired_original":
          if let original = value["original"]?.stringValue { unpaired.append(original) }
        default:
          throw UsageError(command: spec.name, message: "\(path) line \(n + 1) has an unknown type")
        }
      }
    }
    for missing in outcome.missingInputs { io.message(spec.name, "\(missing) does not exist") }
    let document = ReportJSON.document(command: command, files: files, unpairedOriginals: unpaired)
    let sorted = document["files"]?.arrayValue ?? []
    let report = AuditReport(command: command, files: sorted.compactMap(ReportJSON.fileReport), unpairedOriginals: unpaired.sorted())
    outcome.worstFinding = report.findings.map(\.severity).max()
    let text: String
    switch format {
    case "json":
      text = document.serialized() + "\n"
    case "jsonl":
      // The shards' own objects, not re-rendered: merging is byte-exact.
      text = sorted.map { f -> String in
        guard case .object(let members) = f else { return "" }
        return JSONValue.object([("schema", .string(ReportJSON.schema)), ("type", .string("file")), ("command", .string(command))] + members)
          .serialized(pretty: false) + "\n"
      }.joined() + unpaired.sorted().map {
        JSONValue.object([("schema", .string(ReportJSON.schema)), ("type", .string("unpaired_original")), ("command", .string(command)),
                          ("original", .string($0))]).serialized(pretty: false) + "\n"
      }.joined()
    default:
      text = ReportOutput.render(report, format: format, style: io.style(OptionValues.colour(parsed)), failOn: outcome.failOn)
    }
    OptionValues.emit(text, parsed: parsed, io: io, forPeople: OptionValues.isForPeople(format), command: spec.name, outcome: &outcome)
    return outcome
  }
}
