import Foundation
import TestSupport

/// Validates JSON against the JSON Schemas in docs/schema with Debian's python3-jsonschema (every
/// schema there is registered, so `$ref`s between them resolve: report-v1-record.json uses
/// report-v1.json's definitions). Each schema is read in the draft it names (the OASIS SARIF
/// schema is draft-04, with `id`), and `format`s are checked where the library can (`uri` with
/// python3-rfc3987).
enum SchemaValidator {
  static let python = "/usr/bin/python3"
  static let directory = Repository.root.appendingPathComponent("docs/schema")

  static var isAvailable: Bool {
    guard FileManager.default.isExecutableFile(atPath: python) else { return false }
    return (try? run(["-c", "import jsonschema"], input: "").status) == 0
  }

  /// The validation errors of one JSON document (empty when valid).
  static func validate(_ json: String, schema: URL) throws -> String {
    try validate(documents: [json], schema: schema)
  }

  /// The validation errors of each line of a JSONL stream against `schema`.
  static func validateLines(_ jsonl: String, schema: URL) throws -> String {
    try validate(documents: jsonl.split(separator: "\n").map(String.init), schema: schema)
  }

  /// Documents separated by NUL bytes on stdin, each validated.
  static func validate(documents: [String], schema: URL) throws -> String {
    let script = """
      import json, sys, os, jsonschema
      folder, name = sys.argv[1], sys.argv[2]
      schemas = {}
      for f in os.listdir(folder):
          if f.endswith('.json'):
              s = json.load(open(os.path.join(folder, f)))
              schemas[s.get('$id') or s['id']] = s
      target = next(s for k, s in schemas.items() if k.endswith('/' + name))
      cls = jsonschema.validators.validator_for(target, default=jsonschema.Draft202012Validator)
      try:
          from referencing import Registry, Resource
          registry = Registry().with_resources([(k, Resource.from_contents(v)) for k, v in schemas.items()])
          validator = cls(target, registry=registry, format_checker=cls.FORMAT_CHECKER)
      except ImportError:
          resolver = jsonschema.RefResolver.from_schema(target, store=schemas)
          validator = cls(target, resolver=resolver, format_checker=cls.FORMAT_CHECKER)
      errors = []
      for n, text in enumerate(t for t in sys.stdin.read().split('\\0') if t.strip()):
          errors += [f"document {n + 1} {list(e.path)}: {e.message}" for e in validator.iter_errors(json.loads(text))]
      print("\\n".join(errors[:20]))
      """
    return try run(["-c", script, schema.deletingLastPathComponent().path, schema.lastPathComponent],
                   input: documents.joined(separator: "\0")).out.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func run(_ arguments: [String], input: String) throws -> (status: Int32, out: String) {
    try Subprocess.run(python, arguments, input: input)
  }
}
