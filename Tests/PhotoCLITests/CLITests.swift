import Foundation
import PhotoCLI
import TestSupport
import Testing

/// The command line, run in-process.
@Suite struct CLITests {

  /// `verify FOLDER/NAME --format csv`: the exit status and the CSV rows after the header, each
  /// without its leading "FOLDER/NAME" (so a row starts with the comma before the original).
  static func verifyRows(_ folder: String, _ name: String) -> (status: Int32, rows: [String]) {
    let r = PhotoCLI.runCapturing(["verify", folder + "/" + name, "--format", "csv", "--reveal"])
    return (r.status, r.out.split(separator: "\n").dropFirst().map { String($0.dropFirst(folder.count + name.count + 2)) })
  }

  @Test func versionNamesTheLibraries() {
    let r = PhotoCLI.runCapturing(["--version"])
    #expect(r.status == 0)
    for library in ["photoaudit ", "libexif ", "libheif ", "libjpeg-turbo "] {
      #expect(r.out.contains(library))
    }
  }

  @Test(arguments: ["inspect", "diff", "verify", "audit", "sanitize", "merge", "explain"])
  func everyCommandHasHelpWithExamples(command: String) {
    let r = PhotoCLI.runCapturing([command, "--help"])
    #expect(r.status == 0)
    #expect(r.out.contains("USAGE: photoaudit \(command)"))
    #expect(r.out.contains("EXAMPLES:"))
  }

  @Test(arguments: [
    (["inspect", "--bogus", "x"], "photoaudit inspect: unknown option '--bogus'. See 'photoaudit inspect --help'.\n"),
    (["inspect"], "photoaudit inspect: missing argument; usage: photoaudit inspect [OPTIONS] FILE|DIR... See 'photoaudit inspect --help'.\n"),
    (["inspect", "--format", "xml", "x"], "photoaudit inspect: --format must be table, json or jsonl, not 'xml'. See 'photoaudit inspect --help'.\n"),
    (["frobnicate"], "photoaudit: unknown command 'frobnicate'. See 'photoaudit --help'.\n"),
    (["inspect", "-j", "0", "x"], "photoaudit inspect: -j needs a whole number from 1 to 1024, not '0'. See 'photoaudit inspect --help'.\n"),
  ])
  func usageErrorsAreOneLineWithExitTwo(arguments: [String], message: String) {
    let r = PhotoCLI.runCapturing(arguments)
    #expect(r.status == 2)
    #expect(r.err == message)
    #expect(r.out.isEmpty)
  }

  /// A file that cannot be read is exit 3; one named that does not exist is a usage error
  /// (exit 2). Either way the others are inspected and the JSON lists every file.
  @Test func unreadableFileIsExitThreeAndOthersAreStillInspected() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-cli-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = directory.appendingPathComponent("notes.jpg")
    try Data("hello".utf8).write(to: text)
    let jpeg = directory.appendingPathComponent("tiny.jpg")
    // SOI, SOF0 8×8, EOI: enough for a size.
    try Data([0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 8, 0, 8, 1, 1, 0x11, 0, 0xFF, 0xD9]).write(to: jpeg)
    let unreadable = PhotoCLI.runCapturing(["inspect", "--format", "json", text.path, jpeg.path])
    #expect(unreadable.status == 3)
    #expect(unreadable.err.contains("notes.jpg: not a JPEG, HEIF/AVIF, PNG, WebP, GIF, JPEG XL, TIFF or DNG file (starts with 68 65 6c 6c 6f)"))
    #expect(unreadable.out.contains("\"width\": 8"))
    let r = PhotoCLI.runCapturing(["inspect", "--format", "json", text.path, jpeg.path, directory.appendingPathComponent("missing.jpg").path])
    #expect(r.status == 2)
    #expect(r.err.contains("missing.jpg: cannot open: no such file"))
    #expect(r.out.contains("\"width\": 8"))
    #expect(r.out.components(separatedBy: "\"path\":").count == 4, "a complete report for all three files")
  }

  /// A file over the per-file time budget is a PA015 finding (no clean verdict, not "unreadable")
  /// naming what was not checked, and the batch goes on (the other batch commands:
  /// `DataSafetyLimitsTests.everyBatchCommandHasAPerFileTimeBudget`).
  @Test func perFileTimeBudget() {
    let folder = Repository.root.appendingPathComponent("Fixtures/defects").path
    let r = PhotoCLI.runCapturing(["audit", folder, "--file-timeout", "0.000001", "--format", "csv", "-j", "2"])
    let rows = r.out.split(separator: "\n").dropFirst()
    #expect(r.status == 1)
    #expect(rows.count == 32)
    #expect(rows.allSatisfy { $0.contains(",PA015,incomplete-check,error,file,") && $0.contains("--file-timeout")
      && $0.contains("metadata carriers (GPS included), the byte map, the descriptor's claims, pixels (orientation, crop, thumbnail) not checked") })
  }

  /// Real reports validate against docs/schema/inspect-v2.json (Debian's python3-jsonschema).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: Repository.sharedCorpus.path) && SchemaValidator.isAvailable,
                 "needs ../shared/corpus and /usr/bin/python3 with jsonschema"))
  func inspectJSONMatchesTheSchema() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Repository.sharedCorpus.appendingPathComponent("exiftool-t-images").path)
      .sorted().prefix(40).map { Repository.sharedCorpus.appendingPathComponent("exiftool-t-images/\($0)").path }
    let r = PhotoCLI.runCapturing(["inspect", "--all", "--format", "json"] + files)
    let schema = Repository.root.appendingPathComponent("docs/schema/inspect-v2.json")
    let errors = try SchemaValidator.validate(r.out, schema: schema)
    #expect(errors.isEmpty, "\(errors)")
  }
}
