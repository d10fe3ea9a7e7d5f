/// Options that several commands share (SPEC "Common options"), declared once; a command lists
/// those that mean something for it, and its `--help` shows exactly those. Reading them is in
/// `OptionValues`.
enum CommonOptions {
  /// `--format`, with the formats this command has; the first is the default.
  static func format(_ formats: [String]) -> OptionSpec {
    .value(["--format"], "FORMAT", "report format: " + listing(formats), completion: .choices(formats), default: formats[0])
  }

  static let output = OptionSpec.value(["--output", "-o"], "FILE", "write the report to FILE (atomically) instead of standard output",
                                       completion: .file)
  static let jobs = OptionSpec.value(["--jobs", "-j"], "N", "files worked on at once (default: all cores)")
  static let quiet = OptionSpec.flag(["--quiet", "-q"], "no progress line and no end-of-run summary on standard error")
  static let color = OptionSpec.value(["--color"], "WHEN", "colour the table: auto (on a terminal, unless NO_COLOR is set and not empty or TERM=dumb), always or never",
                                      completion: .choices(["auto", "always", "never"]), default: "auto")
  static let noColor = OptionSpec.flag(["--no-color"], "the same as --color never")
  static let failOn = OptionSpec.value(["--fail-on"], "LEVEL", "exit 1 when a finding is at or above LEVEL: error, warning or info; or none: never for findings (shard workers: the gate is at merge)",
                                       completion: .choices(["error", "warning", "info", "none"]), default: "error")
  static let policy = OptionSpec.value(["--policy"], "FILE", "JSON policy that disables findings or changes their severity, e.g. {\"disable\": [\"PA007\"], \"severity\": {\"PA011\": \"error\"}}; it replaces the config's policy as a whole",
                                       completion: .file)
  static let config = OptionSpec.value(["--config"], "FILE", "the config (policy and allow entries, docs/config.md) instead of PHOTOAUDIT_CONFIG or .photoaudit.json in the current folder or the git top level",
                                       completion: .file)
  static let noConfig = OptionSpec.flag(["--no-config"], "use no config, not even .photoaudit.json or PHOTOAUDIT_CONFIG")
  static let baseline = OptionSpec.value(["--baseline"], "FILE", "an earlier JSON, JSONL or SARIF report of photoaudit: only findings not in it count toward --fail-on (matched by fingerprint, never by line or path alone)",
                                         completion: .file)
  static let fingerprints = OptionSpec.flag(["--fingerprints"], "JSON and JSONL: give each finding its photoaudit/v1 fingerprint (what --baseline matches; SARIF and Code Quality always have it); reads each file with findings once more to hash it")
  /// The config options of the commands that gate on findings (verify, audit, merge).
  static let gate = [config, noConfig, baseline, fingerprints]
  static let maxPixels = OptionSpec.value(["--max-pixels"], "N", "refuse to decode images of more than N pixels (decompression bombs); their pixels are not compared, and the report says so",
                                          default: "200000000")
  static let fileTimeout = OptionSpec.value(["--file-timeout"], "SECONDS", "time budget per file; a file over it gets no clean verdict (PA015 incomplete-check in reports, an error in inspect) and the batch goes on",
                                            default: "60")
  static let maxMemory = OptionSpec.value(["--max-memory"], "MB", "memory limit of each decoding worker process, in MiB (default: three quarters of the machine's memory shared among the -j jobs); a file whose decoding needs more gets PA015 and the batch goes on")
  static let noPixels = OptionSpec.flag(["--no-pixels"], "metadata-only checks, no pixel decoding: skips PA004 orientation by pixels, PA009 crop, PA005's thumbnail-content comparison and PA019's same-pixels test (a thumbnail's GPS, a thumbnail whose shape or size does not match the image, and a byte-identical output are still reported)")
  static let reveal = OptionSpec.flag(["--reveal"], "show the values findings are about (coordinates, altitude, GPS time, place names, serial numbers, owner names, prompts) in every format and message; by default reports name the carrier, tag and offset and a fingerprint ‹redacted #…› instead, so they can be shared without spreading the leak")
  static let allowEmpty = OptionSpec.flag(["--allow-empty"], "accept a batch that finds no image file (default: exit 2, so a gate never passes on nothing)")

  /// The input-selection options of the batch commands (`InputSelection`).
  static let selection: [OptionSpec] = [
    .value(["--files-from"], "FILE", "also take the paths listed in FILE, one a line ('-' reads standard input); a listed path that does not exist is a PA013 finding",
           completion: .file),
    .flag(["-0", "--null"], "--files-from entries are separated by NUL bytes (find -print0), not newlines"),
    .value(["--ext"], "LIST", "only files with these extensions, comma-separated (jpg,heic); case does not matter"),
    .value(["--include"], "GLOB", "only files matching GLOB (repeatable); a GLOB without '/' matches the file name, with '/' the path below the folder given",
           repeatable: true),
    .value(["--exclude"], "GLOB", "skip files matching GLOB (repeatable), matched like --include", repeatable: true),
    .flag(["--follow-symlinks"], "follow symbolic links when walking folders"),
    allowEmpty,
  ]

  /// `--color WHEN` and `--no-color`.
  static let colour = [color, noColor]

  /// "table (default), json or jsonl".
  static func listing(_ formats: [String]) -> String {
    var words = formats
    words[0] += " (default)"
    guard words.count > 1 else { return words[0] }
    return words.dropLast().joined(separator: ", ") + " or " + words.last!
  }
}

/// The options of `photoaudit` itself, before any command.
enum GlobalOptions {
  static let help = OptionSpec.flag(["--help", "-h"], "show this help")
  static let version = OptionSpec.flag(["--version", "-V"], "print the version and the libexif, libheif and libjpeg-turbo versions")
  static let generateMan = OptionSpec.flag(["--generate-man"], "print the man page (roff), made from the same tables as --help")
  static let generateCompletion = OptionSpec.value(["--generate-completion"], "SHELL", "print the completion script for bash, zsh or fish",
                                                   completion: .choices(Completions.shells))
  static let all = [help, version, generateMan, generateCompletion]
}
