import PhotoCore

/// `photoaudit merge a.jsonl b.jsonl ...`: joins shard outputs into one report.
enum MergeCommand: Command {
  static let spec = CommandSpec(
    name: "merge",
    synopsis: "photoaudit merge SHARD.jsonl... [--format json|jsonl] [--output FILE] [--fail-on LEVEL]",
    summary: "Joins the JSONL outputs of 'audit --shard K/N' runs into one report with the same summary as a single run (files in path order: byte-identical to an unsharded run).",
    options: [CommonOptions.format, CommonOptions.output, CommonOptions.failOn],
    examples: [
      "for k in 1 2 3; do photoaudit audit --outputs u/ --shard $k/3 --format jsonl > s$k.jsonl; done",
      "photoaudit merge s1.jsonl s2.jsonl s3.jsonl --format json > report.json",
    ],
    minimumPositionals: 1)

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws -> ExitStatus {
    let format = try CommonOptions.reportFormat(parsed, command: spec.name, allowed: ["json", "jsonl"])
    let failOn = try ReportOutput.failOn(parsed, command: spec.name)
    var files: [JSONValue] = []
    var unpaired: [String] = []
    var command = "audit"
    for path in parsed.positionals {
      let bytes = try FileSource(path: path).allBytes()
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
          files.append(.object(members.filter { !["schema", "type", "command"].contains($0.0) }))
        case "unpaired_original":
          if let original = value["original"]?.stringValue { unpaired.append(original) }
        default:
          throw UsageError(command: spec.name, message: "\(path) line \(n + 1) has an unknown type")
        }
      }
    }
    let document = ReportJSON.document(command: command, files: files, unpairedOriginals: unpaired)
    let text: String
    if format == "jsonl" {
      text = (document["files"]?.arrayValue ?? []).map { f -> String in
        guard case .object(let members) = f else { return "" }
        return JSONValue.object([("schema", .string(ReportJSON.schema)), ("type", .string("file")), ("command", .string(command))] + members)
          .serialized(pretty: false) + "\n"
      }.joined() + unpaired.sorted().map {
        JSONValue.object([("schema", .string(ReportJSON.schema)), ("type", .string("unpaired_original")), ("command", .string(command)),
                          ("original", .string($0))]).serialized(pretty: false) + "\n"
      }.joined()
    } else {
      text = document.serialized() + "\n"
    }
    try CommonOptions.emit(text, parsed: parsed, io: io)
    let worst = (document["findings"]?.arrayValue ?? []).compactMap { $0["severity"]?.stringValue.flatMap(Severity.init(rawValue:)) }
    return worst.contains { $0 >= failOn } ? .findings : .ok
  }
}
