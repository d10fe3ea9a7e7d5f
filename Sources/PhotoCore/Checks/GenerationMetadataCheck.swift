import Bytes
/// PA017: an image generator's prompt, parameters or workflow left in the output
/// (`GenerationMetadata`): one finding per field.
struct GenerationMetadataCheck: Check {
  package var ids: [FindingID] { [.generationMetadata] }

  package func findings(for s: CheckSubject) -> [Finding] {
    GenerationMetadata.records(in: s.output).map { record in
      Finding(.generationMetadata, file: s.output.path, carrier: record.path.description, tag: record.field,
              evidence: Self.evidence(record))
    }
  }

  /// "comment 'parameters' (412 bytes): Stable Diffusion web UI (AUTOMATIC1111) metadata; the prompt begins "photo of a duck"".
  /// The prompt is secret (redacted: "the prompt begins ‹redacted #…›").
  package static func evidence(_ record: GenerationRecord) -> RedactableText {
    var text: RedactableText = "\(record.path) '\(record.field)' (\(record.length) bytes): \(record.generator) metadata"
    if let prompt = record.prompt { text.append("; the prompt begins \"\(secret: .text(prompt))\"") }
    return text
  }
}
