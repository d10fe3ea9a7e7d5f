import Bytes
import PhotoCore
/// The `inspect` JSON of C2PA manifests and image-generator records (docs/schema/inspect-v2.json
/// `manifest`, `generation`).
enum ProvenanceJSON {
  package static func manifest(_ manifest: ProvenanceManifest) -> JSONValue {
    .object([
      ("store", .string(manifest.store.description)),
      ("label", .string(manifest.label)),
      ("claim_generator", .optional(manifest.claimGenerator) { .string($0) }),
      ("title", .optional(manifest.title) { .string($0) }),
      ("assertions", .array(manifest.assertions.map { .string($0) })),
      ("ingredients", .array(manifest.ingredients.map { ingredient in
        .object([("label", .string(ingredient.label)), ("title", .optional(ingredient.title) { .string($0) }),
                 ("relationship", .optional(ingredient.relationship) { .string($0) })])
      })),
      ("thumbnails", .array(manifest.thumbnails.map { .string($0.description) })),
      ("digital_source_type", .optional(manifest.digitalSourceType) { .string($0) }),
      ("signed", .bool(manifest.signed)),
      // photoaudit never validates C2PA signatures: said in the data, not only in the docs.
      ("signature_validated", .bool(false)),
    ])
  }

  /// A generator record; with `redact`, the prompt's marker in place of its words.
  static func generation(_ record: GenerationRecord, redact: Bool = false) -> JSONValue {
    .object([
      ("generator", .string(record.generator)),
      ("path", .string(record.path.description)),
      ("field", .string(record.field)),
      ("prompt", .optional(record.prompt) { .string(redact ? SecretValue.text($0).redacted : $0) }),
      ("length", .int(Int64(record.length))),
    ])
  }
}
