import Bytes
import PhotoCore
/// The `inspect` table's lines for C2PA manifests and image-generator metadata: each manifest
/// (store, label, claim generator, assertions, ingredients, thumbnails; its signature not
/// validated) and each generator field with the first words of its prompt. Text from the file
/// goes through `SafeText.plain`.
enum ProvenanceLines {
  /// With `redact`, a prompt's marker in place of its words.
  package static func lines(_ m: PhotoMetadata, style: TextStyle, redact: Bool = false) -> [(String, String)] {
    let t = SafeText.plain
    var out: [(String, String)] = []
    for manifest in m.manifests {
      var text = "\(manifest.store) '\(t(manifest.label))'"
      if let generator = manifest.claimGenerator { text += " by \(t(generator))" }
      text += " · \(manifest.assertions.count) assertion\(manifest.assertions.count == 1 ? "" : "s")"
      if !manifest.assertions.isEmpty { text += " (" + t(manifest.assertions.prefix(6).joined(separator: ", ")) + (manifest.assertions.count > 6 ? ", …)" : ")") }
      if !manifest.ingredients.isEmpty {
        text += " · ingredients " + t(manifest.ingredients.map { ($0.title ?? $0.label) + ($0.relationship.map { " (\($0))" } ?? "") }.joined(separator: ", "))
      }
      if !manifest.thumbnails.isEmpty { text += " · thumbnails " + manifest.thumbnails.map(\.description).joined(separator: ", ") }
      if let source = manifest.digitalSourceType { text += " · " + t(String(source.split(separator: "/").last ?? "")) }
      text += manifest.signed ? " · signed, signature not validated" : " · unsigned"
      out.append(("manifest", text))
    }
    for record in GenerationMetadata.records(in: m) {
      var text = "\(t(record.generator)) (\(record.path) '\(t(record.field))', \(record.length) bytes)"
      if let prompt = record.prompt { text += ": \"\(redact ? SecretValue.text(prompt).redacted : t(prompt))\"" }
      out.append(("generator", style.yellow(text)))
    }
    return out
  }
}
