import PhotoCore
/// What `sanitize` says about the provenance and generator metadata it does not copy: a C2PA
/// manifest describes the input's bytes, so it would no longer verify on the re-encoded output
/// and is dropped like every other carrier; generator prompts are dropped too.
enum ProvenanceNotes {
  static func dropped(_ input: PhotoMetadata) -> [String] {
    var notes: [String] = []
    let stores = Set(input.manifests.map(\.store)).count
    if stores > 0 || input.has(.c2pa) {
      notes.append("C2PA manifest dropped (\(input.manifests.count) manifest\(input.manifests.count == 1 ? "" : "s") in \(max(stores, 1)) store\(stores > 1 ? "s" : "")): it would no longer verify on the re-encoded output")
    }
    let generators = GenerationMetadata.records(in: input)
    if !generators.isEmpty {
      notes.append("image-generator metadata dropped (\(Set(generators.map(\.generator)).sorted().joined(separator: ", ")))")
    }
    return notes
  }
}
