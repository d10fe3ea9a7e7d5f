import Bytes
import PhotoCore
import Pipeline
import Runtime

/// `photoaudit inspect FILE|DIR...`: what each file carries.
enum InspectCommand: Command {
  static let spec = CommandSpec(
    name: "inspect",
    arguments: "FILE|DIR...",
    summary: "what a file carries: sizes, orientation, GPS in every carrier, camera, location, identifying fields, carriers",
    description: """
      Shows what each file carries: format, stored and displayed size, orientation (EXIF, XMP, HEIF irot/imir) and what a correct viewer does with it, GPS in every carrier that holds it, camera and capture settings, place names, identifying fields, the ICC profile, and every metadata carrier and embedded image with its byte range. Folders are walked (descriptors and reports in them are skipped). Nothing is judged: 'verify' and 'audit' report findings.
      Shows values (coordinates, place names, serial numbers, owner names, prompts), unlike the reports of verify and audit; --redact hides them as those do.
      Exit 3 when a file cannot be read at all; the others are still shown, and --format json still lists every file.
      """,
    options: [
      .flag(["--all", "-a"], "also list every tag (carrier, group, name, value)"),
      .flag(["--map"], "map every byte to a structure (marker, segment, scan data, box, item extent, chunk) and show what no structure explains"),
      redact,
      CommonOptions.format(["table", "json", "jsonl"]), CommonOptions.output, CommonOptions.jobs, CommonOptions.quiet,
    ] + CommonOptions.colour + [
      .value(["--max-pixels"], "N", "warn about images of more than N pixels, which verify, audit and sanitize refuse to decode",
             default: "200000000"),
      CommonOptions.fileTimeout,
    ] + CommonOptions.selection,
    examples: [
      Example("photoaudit inspect IMG_0001.HEIC", "what a HEIC carries, and how it displays"),
      Example("photoaudit inspect --all photo.jpg", "every tag"),
      Example("photoaudit inspect --map photo.jpg", "every byte's structure"),
      Example("photoaudit inspect originals/ --ext heic,jpg", "a folder, HEIC and JPEG files only"),
      Example("photoaudit inspect --format json upload/*.jpg > carriers.json", "JSON for scripts (photoaudit/inspect/v2)"),
    ],
    exits: [.ok, .usage, .unreadable, .cannotWrite],
    exitMeanings: [.ok: "every file was read"])

  /// `inspect` shows values (a developer debugging one file); `--redact` hides them as reports do.
  static let redact = OptionSpec.flag(["--redact"], "hide the values, as verify and audit reports do: coordinates, altitude and GPS time (null in JSON), place names, serial numbers, owner and artist names, prompts and the text of --map show ‹redacted #fingerprint› (the fingerprint a report shows for the same value)")

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome {
    let format = OptionValues.format(parsed, spec: spec)
    let hide = parsed.has(redact)
    let jobs = try OptionValues.jobs(parsed, command: spec.name)
    let budget = try OptionValues.fileTimeout(parsed, command: spec.name)
    let maxPixels = try OptionValues.maxPixels(parsed, command: spec.name)
    let found = try OptionValues.inputs(parsed, spec: spec, io: io)
    let paths = found.files
    let progress = Progress(total: paths.count, io: io, enabled: io.stderrIsTerminal && !parsed.has(CommonOptions.quiet) && paths.count > 1)
    let results: [(PhotoMetadata, ByteMap?)]
    if parsed.has("--map") {
      results = InspectMap.inspect(paths, jobs: jobs, budget: budget, progress: progress)
    } else {
      results = BudgetedParallelMap.map(paths, jobs: jobs, seconds: budget, done: progress.tick) { path, _ in
        (Inspector.inspect(path: path), nil)
      } overBudget: { path in
        (PhotoMetadata(path: path, error: "not read: it \(OptionValues.overBudget(budget))"), nil)
      }
    }
    progress.finish()
    let allTags = parsed.has("--all")
    let text: String
    switch format {
    case "json":
      text = JSONValue.object([("schema", .string(InspectJSON.schema)), ("files", .array(results.map { json($0, allTags: allTags, redact: hide) }))])
        .serialized() + "\n"
    case "jsonl": text = results.map { json($0, allTags: allTags, redact: hide).serialized(pretty: false) + "\n" }.joined()
    default:
      let style = io.style(OptionValues.colour(parsed))
      text = results.map { metadata, map in
        map.map { InspectMap.table(metadata, $0, allTags: allTags, style: style, maxPixels: maxPixels, redact: hide) }
          ?? InspectTable.render([metadata], allTags: allTags, style: style, maxPixels: maxPixels, redact: hide)
      }.joined(separator: "\n")
    }
    var outcome = Outcome(missingInputs: found.missingNamed)
    OptionValues.emit(text, parsed: parsed, io: io, forPeople: format == "table", command: spec.name, outcome: &outcome)
    let unreadable = results.map(\.0).filter { $0.error != nil }
    for file in unreadable { io.message(spec.name, "\(file.path): \(file.error!)") }
    // Exit 3 only for a file nothing could be read of: one read in part is shown with its error.
    outcome.unreadableInputs = unreadable.filter(\.nothingRead).map(\.path).filter { !found.missingNamed.contains($0) }
    if RunSummary.wanted(parsed, io: io, format: format) {
      let written = parsed.value(CommonOptions.output.primary).map { "wrote \($0): " } ?? ""
      io.message(spec.name, written + ReportText.plural(results.count, "file") + " inspected, \(unreadable.count) could not be read")
    }
    return outcome
  }

  /// The inspect object of a file, with its `map` member when mapped.
  static func json(_ result: (PhotoMetadata, ByteMap?), allTags: Bool, redact: Bool = false) -> JSONValue {
    let object = InspectJSON.file(result.0, allTags: allTags, redact: redact)
    guard let map = result.1 else { return object }
    return InspectMap.file(object, map: (result.0, map), redact: redact)
  }
}
