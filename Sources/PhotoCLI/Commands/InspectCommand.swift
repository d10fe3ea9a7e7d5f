import PhotoCore

/// `photoaudit inspect FILE...`: what each file carries.
enum InspectCommand: Command {
  static let spec = CommandSpec(
    name: "inspect",
    synopsis: "photoaudit inspect FILE... [--all] [--format table|json|jsonl] [--output FILE]",
    summary: "Shows what each file carries: format, stored and displayed size, orientation, GPS per carrier, camera and identifying fields, and every metadata carrier with its byte range.",
    options: [
      OptionSpec(names: ["--all", "-a"], valueName: nil, help: "list every tag"),
      OptionSpec(names: ["--map"], valueName: nil, help: "map every byte to a structure (marker, segment, scan data, box, item extent, chunk) and show what no structure explains"),
      CommonOptions.format, CommonOptions.output, CommonOptions.jobs, CommonOptions.fileTimeout, CommonOptions.noColor,
    ],
    examples: [
      "photoaudit inspect IMG_0001.HEIC",
      "photoaudit inspect --all photo.jpg",
      "photoaudit inspect --map photo.jpg",
      "photoaudit inspect --format json out/*.jpg > carriers.json",
    ],
    minimumPositionals: 1)

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws -> ExitStatus {
    let format = try CommonOptions.reportFormat(parsed, command: spec.name, allowed: ["table", "json", "jsonl"])
    let jobs = try CommonOptions.jobs(parsed, command: spec.name)
    let allTags = parsed.has("--all")
    let budget = try CommonOptions.fileTimeout(parsed, command: spec.name)
    if parsed.has("--map") { return try InspectMap.run(parsed, format: format, jobs: jobs, budget: budget, allTags: allTags, io: io) }
    let files = BudgetedParallelMap.map(parsed.positionals, jobs: jobs, seconds: budget) { path, _ in
      Inspector.inspect(path: path)
    } overBudget: { path in
      PhotoMetadata(path: path, error: "not read: it \(CommonOptions.overBudget(budget))")
    }
    let text: String
    switch format {
    case "json": text = InspectJSON.document(files, allTags: allTags).serialized() + "\n"
    case "jsonl": text = files.map { InspectJSON.file($0, allTags: allTags).serialized(pretty: false) + "\n" }.joined()
    default: text = InspectTable.render(files, allTags: allTags, style: io.style(noColor: parsed.has("--no-color")))
    }
    try CommonOptions.emit(text, parsed: parsed, io: io)
    for file in files where file.error != nil {
      io.writeError("photoaudit inspect: \(file.path): \(file.error!)\n")
    }
    return files.contains { $0.error != nil } ? .unreadable : .ok
  }
}
