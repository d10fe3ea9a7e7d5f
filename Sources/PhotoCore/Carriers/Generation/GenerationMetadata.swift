import Bytes
/// What an image generator left in a file: the tool, where, and the first words of the prompt.
public struct GenerationRecord: Sendable, Equatable {
  /// "Stable Diffusion web UI (AUTOMATIC1111)", "ComfyUI", "InvokeAI", "NovelAI", "Fooocus"…
  public var generator: String
  /// The carrier path of the field ("comment", "exif", "xmp", "trailer#1/comment").
  public var path: CarrierPath
  /// The field: PNG text keyword ("parameters"), EXIF or XMP tag ("UserComment").
  public var field: String
  /// The prompt's first words (at most `GenerationMetadata.promptExcerptLength` characters,
  /// whitespace collapsed), when the field holds a prompt; raw text, to be escaped for display.
  public var prompt: String?
  /// Bytes of the field's text (what a viewer would find).
  public var length: Int

  public init(generator: String, path: CarrierPath, field: String, prompt: String?, length: Int) {
    self.generator = generator
    self.path = path
    self.field = field
    self.prompt = prompt
    self.length = length
  }
}

/// Finds image-generator metadata in a file's model (a view, like `CaptureSummary`): PNG text
/// chunks by keyword — `parameters` (AUTOMATIC1111, Fooocus), `prompt`/`workflow` (ComfyUI),
/// `Dream`/`sd-metadata`/`invokeai_metadata` (InvokeAI), NovelAI's `Software`/`Description`/
/// `Comment`, `fooocus_scheme` — and any text field (EXIF UserComment, ImageDescription, Make, a
/// comment) whose content is a generator's: A1111's "Negative prompt:"/"Steps: N, Sampler:",
/// ComfyUI's "Prompt: {…}"/"Workflow: {…}" (SaveImageExtended), a JSON prompt with sampling
/// settings; and generator XMP (xmp:CreatorTool naming a generator, an IPTC digital source type
/// of trained algorithmic media). [SPEC "Findings" PA017; sd-parsers, sd-metadata formats]
public enum GenerationMetadata {
  /// Longest prompt excerpt kept.
  public static let promptExcerptLength = 80

  /// PNG text keywords and their generator.
  static let keywords: [String: String] = [
    "parameters": "Stable Diffusion web UI (AUTOMATIC1111)", "prompt": "ComfyUI", "workflow": "ComfyUI",
    "Dream": "InvokeAI", "sd-metadata": "InvokeAI", "invokeai_metadata": "InvokeAI", "invokeai_graph": "InvokeAI",
    "fooocus_scheme": "Fooocus", "generation_data": "image generator", "sd:prompt": "image generator",
  ]

  /// The EXIF, XMP and IPTC fields generators write to (and free-text fields they could):
  /// only these are looked at, so a file's other tags cost nothing.
  static let textFields = NameSet([
    "UserComment", "ImageDescription", "Make", "Model", "Software", "XPComment", "XPSubject", "Artist",
    "Description", "Caption-Abstract", "CreatorTool", "DigitalSourceType", "Parameters", "Prompt", "Comment",
  ])

  /// Names of generators as they appear in `Software`, `xmp:CreatorTool` and the like.
  static let generatorNames = [
    "NovelAI", "Midjourney", "DALL-E", "DALL·E", "Stable Diffusion", "ComfyUI", "InvokeAI", "AUTOMATIC1111", "Fooocus",
    "Firefly", "Imagen", "Leonardo.Ai", "NightCafe", "DreamStudio",
  ]

  /// Every generator record in the file, in carrier order.
  public static func records(in m: PhotoMetadata) -> [GenerationRecord] {
    var out: [GenerationRecord] = []
    let comments = m.carriers.filter { $0.kind == .comment }
    let novelAI = !comments.isEmpty
      && m.tags.contains { $0.carrier == .comment && $0.name == "Software" && $0.value.display.contains("NovelAI") }
    for carrier in comments {
      let text = String(decoding: carrier.payload, as: UTF8.self)
      let keyword = keyword(carrier)
      if let record = pngText(keyword: keyword, text: text, novelAI: novelAI, path: carrier.path, length: carrier.payload.count) {
        out.append(record)
      }
    }
    // By index: a tag is copied (its strings retained) only when it is a candidate.
    for index in m.tags.indices {
      let carrier = m.tags[index].carrier
      guard carrier == .exif || carrier == .xmp || carrier == .iptc, case .text(let text) = m.tags[index].value,
            text.utf8.count >= 4, textFields.contains(m.tags[index].name) else { continue }
      let tag = m.tags[index]
      if tag.carrier == .xmp, let record = xmp(tag, text: text) {
        out.append(record)
      } else if let (generator, prompt) = GenerationPrompt.classify(text) {
        out.append(GenerationRecord(generator: generator, path: tag.path, field: tag.name, prompt: prompt, length: text.utf8.count))
      }
    }
    return out
  }

  /// A PNG text chunk (or another comment) by its keyword, else by its content.
  static func pngText(keyword: String?, text: String, novelAI: Bool, path: CarrierPath, length: Int) -> GenerationRecord? {
    func record(_ generator: String, _ prompt: String?) -> GenerationRecord {
      GenerationRecord(generator: generator, path: path, field: keyword ?? "comment", prompt: prompt, length: length)
    }
    if let keyword {
      // NovelAI: the prompt in Description, the settings in Comment, the model in Source
      // (its Software "NovelAI" is what marks them).
      if novelAI, ["Description", "Comment", "Source"].contains(keyword) {
        return record("NovelAI", keyword == "Description" ? GenerationPrompt.excerpt(text) : keyword == "Comment" ? GenerationPrompt.jsonPrompt(text) : nil)
      }
      if let generator = keywords[keyword] {
        if let (found, prompt) = GenerationPrompt.classify(text) { return record(keyword == "parameters" || keyword == "prompt" ? found : generator, prompt) }
        return record(generator, keyword == "Dream" ? GenerationPrompt.dreamPrompt(text) : GenerationPrompt.jsonPrompt(text))
      }
    }
    return GenerationPrompt.classify(text).map { record($0.generator, $0.prompt) }
  }

  /// Generator XMP: xmp:CreatorTool naming a generator, or a digital source type of trained
  /// algorithmic media. [IPTC NewsCodes digitalsourcetype]
  package static func xmp(_ tag: MetadataTag, text: String) -> GenerationRecord? {
    if tag.name == "CreatorTool", let name = generatorNames.first(where: { text.localizedCaseInsensitiveContains($0) }) {
      return GenerationRecord(generator: name, path: tag.path, field: tag.name, prompt: nil, length: text.utf8.count)
    }
    if tag.name.hasSuffix("DigitalSourceType"), text.hasSuffix("trainedAlgorithmicMedia") {
      return GenerationRecord(generator: "image generator (IPTC digital source type: \(text.split(separator: "/").last ?? ""))",
                              path: tag.path, field: tag.name, prompt: nil, length: text.utf8.count)
    }
    return nil
  }

  /// The keyword of a PNG text chunk ("tEXt 'parameters'" → "parameters"); nil for other comments.
  static func keyword(_ carrier: Carrier) -> String? {
    guard case .pngText(let keyword?) = carrier.comment else { return nil }
    return keyword
  }
}
