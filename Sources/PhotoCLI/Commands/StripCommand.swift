import Bytes
import Foundation
import PhotoCore
import Pipeline
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// `photoaudit strip FILE...`: removes location and identifying metadata in place, in the file's
/// own format, and says what it removed (docs/strip.md).
enum StripCommand: Command {
  static let spec = CommandSpec(
    name: "strip",
    arguments: "FILE...",
    summary: "remove location and identifying metadata in place, in the file's own format; exit 1 when a file changed",
    description: """
      Rewrites each file in place, in its own format (JPEG, PNG, WebP, GIF, HEIC/HEIF/AVIF, JPEG XL, TIFF/DNG, MOV/MP4), keeping only what the picture needs: the coded picture data byte for byte, the ICC profile, and the orientation (a JPEG, PNG or WebP EXIF Orientation in a minimal EXIF; HEIF irot/imir). Everything else goes: EXIF (GPS, serial numbers, thumbnails), XMP, IPTC, MPF secondary images, C2PA manifests, comments and text chunks (generator prompts), data after the image (a Motion Photo's video), QuickTime location and user data, and tracks of timed metadata. HEIF, MP4 and TIFF files are blanked in place (their offsets must not move). The result is read again with the leak scan and its picture data compared with the input's; when anything is left or the picture would change, the file is left as it was (PA015). A file is replaced by one rename of a temporary file in its folder, with its mode; symbolic links, files with several hard links and folders are refused. Camera raws (CR2, NEF, ARW…) are not rewritten (exit 3).
      Exit 0 when no file needed changing (a second run changes nothing), 1 when a file was changed (with --dry-run: would be) or refused, as pre-commit hooks that fix files do.
      """,
    options: [
      .flag(["--dry-run", "-n"], "say what would be removed; write nothing (exit 1 when a file would change)"),
      .flag(["--orient"], "JPEG: turn the pixels upright by a lossless DCT rotation (whole MCUs only) instead of keeping the EXIF Orientation"),
      CommonOptions.format(["table", "json"]), CommonOptions.jobs, CommonOptions.quiet,
      .value(["--files-from"], "FILE", "also strip the files listed in FILE, one a line ('-' reads standard input); a listed file that cannot be read is exit 3",
             completion: .file),
      .flag(["-0", "--null"], "--files-from entries are separated by NUL bytes (find -print0), not newlines"),
      CommonOptions.allowEmpty,
    ] + CommonOptions.colour,
    examples: [
      Example("photoaudit strip --dry-run photo.jpg", "what would go; nothing is written", exit: .findings, saying: "would change"),
      Example("photoaudit strip photo.jpg", "in place", exit: .findings, saying: "changed"),
      Example("photoaudit strip photo.jpg", "a second run finds nothing to remove and leaves the file alone"),
      Example("find . -maxdepth 1 -name '*.HEIC' -print0 | photoaudit strip --files-from - -0 --format json",
              "paths from a pipe, a report for scripts", exit: .findings, saying: "changed"),
    ],
    positionals: 0...Int.max,
    exits: [.ok, .findings, .usage, .unreadable, .cannotWrite],
    exitMeanings: [.ok: "no file needed changing: each was left byte for byte as it was",
                   .findings: "a file was changed (with --dry-run: would be), or refused because something would be left (PA015)",
                   .unreadable: "a file could not be read, or is a format strip does not rewrite (a camera raw, not an image)",
                   .cannotWrite: "a file could not be replaced (permission, disk full), or is a symbolic link or has several hard links"])

  static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> Outcome {
    let jobs = try OptionValues.jobs(parsed, command: spec.name)
    let options = StripOptions(orient: parsed.has("--orient"), dryRun: parsed.has("--dry-run"))
    let paths = try files(parsed, io: io)
    // The temporaries a killed strip of these files left beside them (their maker gone).
    if !options.dryRun { TemporaryFiles.removeStale(for: paths) }
    let results = ParallelMap.map(paths, jobs: jobs) { Stripper.strip(path: $0, options: options) }
    var outcome = Outcome()
    if OptionValues.format(parsed, spec: spec) == "json" {
      io.write(StripReport.json(results).serialized() + "\n")
    } else {
      io.writeText(StripReport.table(results, style: io.style(OptionValues.colour(parsed))))
    }
    for r in results {
      switch r.status {
      case .cleaned: outcome.changed.append(r.path)
      case .unchanged: break
      case .refused: outcome.worstFinding = .error
      case .unsupported, .unreadable: outcome.unreadableInputs.append(r.path)
      case .unwritten: outcome.unwritten.append(r.path)
      }
      if let reason = r.reason { io.message(spec.name, r.path + ": " + reason) }
    }
    if !parsed.has(CommonOptions.quiet) { io.message(spec.name, StripReport.summary(results)) }
    return outcome
  }

  /// The files named and listed. A named path that does not exist, or is a folder, is a usage
  /// error (nothing is stripped then); a listed one that cannot be read is reported per file.
  static func files(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> [String] {
    let selection = try OptionValues.selection([], parsed, command: spec.name, io: io)
    guard !parsed.positionals.isEmpty || parsed.has("--files-from") else {
      throw UsageError(command: spec.name, message: "missing argument; usage: \(spec.synopsis)")
    }
    for path in parsed.positionals {
      var info = stat()
      guard lstat(path, &info) == 0 else { throw UsageError(command: spec.name, message: "\(path) does not exist") }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        throw UsageError(command: spec.name, message: "\(path) is a folder; strip takes files (find \(path) -type f -print0 | photoaudit strip --files-from - -0)")
      }
    }
    let paths = (parsed.positionals + selection.listed).uniqued()
    try OptionValues.requireSome(count: paths.count, roots: parsed.positionals, parsed, command: spec.name)
    return paths
  }
}
