import Foundation
import PhotoCLI
import TestSupport
import Testing

/// Every JSON output validates against its JSON Schema in docs/schema (Debian's
/// python3-jsonschema): inspect (v2, and each JSONL line), verify, audit and merge reports (and
/// each JSONL record), diff, sanitize, and the descriptors sanitize writes.
@Suite(.serialized, .enabled(if: SchemaValidator.isAvailable, "needs /usr/bin/python3 with jsonschema (python3-jsonschema)"))
struct SchemaTests {
  static let fixtures = Repository.root.appendingPathComponent("Fixtures").path
  static func schema(_ name: String) -> URL { SchemaValidator.directory.appendingPathComponent(name) }
  static let folders = ["jpeg", "heic", "png", "hidden", "defects"].map { fixtures + "/" + $0 }

  static func expectValid(_ json: String, _ schema: String, lines: Bool = false, _ what: String,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(!json.isEmpty, "\(what): no output", sourceLocation: sourceLocation)
    let errors = lines ? try SchemaValidator.validateLines(json, schema: Self.schema(schema))
      : try SchemaValidator.validate(json, schema: Self.schema(schema))
    #expect(errors.isEmpty, "\(what) against \(schema): \(errors)", sourceLocation: sourceLocation)
  }

  @Test func inspect() throws {
    let json = PhotoCLI.runCapturing(["inspect", "--all", "--format", "json"] + Self.folders)
    #expect(json.status == 0, "\(json.err)")
    try Self.expectValid(json.out, "inspect-v2.json", "inspect --all --format json")
    let mapped = PhotoCLI.runCapturing(["inspect", "--map", "--format", "json"] + Self.folders)
    try Self.expectValid(mapped.out, "inspect-v2.json", "inspect --map --format json")
    let jsonl = PhotoCLI.runCapturing(["inspect", "--format", "jsonl"] + Self.folders)
    #expect(jsonl.out.split(separator: "\n").count > 40)
    try Self.expectValid(jsonl.out, "inspect-v2-record.json", lines: true, "inspect --format jsonl")
    // An unreadable file's object too.
    let broken = PhotoCLI.runCapturing(["inspect", "--format", "json", Self.fixtures + "/defects/size-lie.json", Self.fixtures + "/nothing.jpg"])
    try Self.expectValid(broken.out, "inspect-v2.json", "inspect of unreadable files")
  }

  @Test func reports() throws {
    let defects = Self.fixtures + "/defects"
    try Self.expectValid(PhotoCLI.runCapturing(["audit", defects, "--format", "json", "--quiet"]).out, "report-v1.json", "audit --format json")
    try Self.expectValid(PhotoCLI.runCapturing(["verify", defects + "/gps-in-mpf.jpg", defects + "/size-lie.json", "--format", "json"]).out,
                         "report-v1.json", "verify --format json")
    let scratch = try ScratchDirectory("schema-reports")
    defer { scratch.remove() }
    var shards: [String] = []
    for k in 1...2 {
      let path = scratch.path + "/s\(k).jsonl"
      let shard = PhotoCLI.runCapturing(["audit", "--originals", Self.fixtures + "/jpeg", "--outputs", defects, "--shard", "\(k)/2",
                                         "--format", "jsonl", "--quiet", "--no-pixels"])
      try Self.expectValid(shard.out, "report-v1-record.json", lines: true, "audit --format jsonl, shard \(k)")
      try shard.out.write(toFile: path, atomically: true, encoding: .utf8)
      shards.append(path)
    }
    let first = try String(contentsOfFile: shards[0], encoding: .utf8)
    for type in ["shard", "file", "unpaired_original", "end"] {
      #expect(first.contains("\"type\":\"\(type)\""), "the \(type) record is checked")
    }
    #expect(first.hasPrefix(#"{"schema":"photoaudit/report/v1","type":"shard","command":"audit","k":1,"n":2,"#), "the stream starts with its shard record")
    try Self.expectValid(PhotoCLI.runCapturing(["merge", "--format", "json"] + shards).out, "report-v1.json", "merge --format json")
    try Self.expectValid(PhotoCLI.runCapturing(["merge", "--format", "jsonl"] + shards).out, "report-v1-record.json", lines: true, "merge --format jsonl")
    try Self.expectValid(PhotoCLI.runCapturing(["verify", defects + "/dropped-6.jpg", "--format", "jsonl"]).out, "report-v1-record.json", lines: true,
                         "verify --format jsonl")
  }

  @Test func diff() throws {
    try Self.expectValid(PhotoCLI.runCapturing(["diff", Self.fixtures + "/jpeg/orient-6.jpg", Self.fixtures + "/defects/dropped-6.jpg", "--format", "json"]).out,
                         "report-v1.json", "diff --format json")
    try Self.expectValid(PhotoCLI.runCapturing(["diff", Self.fixtures + "/jpeg/orient-6.jpg", Self.fixtures + "/defects/size-lie.json", "--format", "json"]).out,
                         "report-v1.json", "diff --format json of an unreadable output")
  }

  /// sanitize's JSON (written outputs, a failure, a refusal) and the descriptors it writes; the
  /// pipelines' descriptors of the fixtures validate as descriptors too.
  @Test func sanitizeAndDescriptors() throws {
    let scratch = try ScratchDirectory("schema-sanitize")
    defer { scratch.remove() }
    let inputs = [Self.fixtures + "/jpeg/orient-6.jpg", Self.fixtures + "/heic/apple-style.heic", Self.fixtures + "/png/exif-gps.png",
                  Self.fixtures + "/defects/size-lie.json"]
    let r = PhotoCLI.runCapturing(["sanitize", "--out", scratch.path + "/out", "--format", "json", "--quiet", "--crop", "0,0,64,64"] + inputs)
    #expect(r.status == 1, "the .json input fails: \(r.err)")
    try Self.expectValid(r.out, "sanitize-v1.json", "sanitize --format json")
    let again = PhotoCLI.runCapturing(["sanitize", "--out", scratch.path + "/out", "--format", "json", "--quiet", inputs[0]])
    #expect(again.status == 4)
    try Self.expectValid(again.out, "sanitize-v1.json", "sanitize --format json refusing to replace")
    let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/out").filter { $0.hasSuffix(".json") }
    #expect(written.count == 3)
    for name in written {
      try Self.expectValid(try String(contentsOfFile: scratch.path + "/out/" + name, encoding: .utf8), "descriptor-v1.json", "written \(name)")
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures + "/defects") where name.hasSuffix(".json") {
      try Self.expectValid(try String(contentsOfFile: Self.fixtures + "/defects/" + name, encoding: .utf8), "descriptor-v1.json", "Fixtures/defects/\(name)")
    }
  }

  /// `--format sarif` of verify, audit and merge against the OASIS SARIF 2.1.0 schema (formats
  /// checked: a `helpUri` must be an absolute URI). More in `CIFormatsTests`.
  @Test func sarif() throws {
    let defects = Self.fixtures + "/defects"
    let schema = "sarif-schema-2.1.0.json"
    try Self.expectValid(PhotoCLI.runCapturing(["audit", defects, "--format", "sarif", "--quiet"]).out, schema, "audit --format sarif")
    try Self.expectValid(PhotoCLI.runCapturing(["verify", defects + "/gps-in-mpf.jpg", defects + "/size-lie.json", "--format", "sarif"]).out,
                         schema, "verify --format sarif")
    let scratch = try ScratchDirectory("schema-sarif")
    defer { scratch.remove() }
    let shard = scratch.path + "/s1.jsonl"
    try PhotoCLI.runCapturing(["audit", defects, "--format", "jsonl", "--quiet", "--no-pixels"]).out.write(toFile: shard, atomically: true, encoding: .utf8)
    try Self.expectValid(PhotoCLI.runCapturing(["merge", "--format", "sarif", shard]).out, schema, "merge --format sarif")
  }

  /// The schemas are valid JSON Schemas (each of the draft it names: ours 2020-12, OASIS's SARIF
  /// draft-04) and every one is used by a test here.
  @Test func schemasAreSchemas() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: SchemaValidator.directory.path).filter { $0.hasSuffix(".json") }.sorted()
    #expect(names == ["descriptor-v1.json", "inspect-v1.json", "inspect-v2-record.json", "inspect-v2.json", "report-v1-record.json",
                      "report-v1.json", "sanitize-v1.json", "sarif-schema-2.1.0.json", "strip-v1.json"])
    for name in names {
      let script = """
        import json, sys, jsonschema
        s = json.load(open(sys.argv[1]))
        jsonschema.validators.validator_for(s, default=jsonschema.Draft202012Validator).check_schema(s)
        """
      let check = try SchemaValidator.run(["-c", script, SchemaValidator.directory.appendingPathComponent(name).path], input: "")
      #expect(check.status == 0, "\(name): \(check.out)")
    }
  }
}
