import Bytes
/// Recognises a generator's text by its content and cuts out the prompt's first words.
enum GenerationPrompt {
  /// The generator and prompt excerpt of `text` when it is a generator's: ComfyUI's
  /// "Prompt: {…}" / "Workflow: {…}" (ComfyUI-SaveImageExtended's EXIF), AUTOMATIC1111's
  /// parameters ("…\nNegative prompt: …\nSteps: 20, Sampler: …"), a ComfyUI API prompt or
  /// workflow in JSON, or JSON holding a prompt beside sampling settings (InvokeAI, Fooocus,
  /// NovelAI). Nil for anything else (cheap for ordinary text: a few substring checks).
  static func classify(_ text: String) -> (generator: String, prompt: String?)? {
    // Cheap first: a generator's text starts with "{", "Prompt: {" or "Workflow: {", or holds
    // "prompt:" or "Steps: " somewhere (bytes, not Character comparisons).
    guard looksGenerated(text.utf8) else { return nil }
    let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
    if trimmed.hasPrefix("Prompt: {") { return ("ComfyUI", comfyPrompt(String(trimmed.dropFirst(8)))) }
    if trimmed.hasPrefix("Workflow: {") { return ("ComfyUI", nil) }
    if trimmed.hasPrefix("{") {
      guard let json = try? JSONParser.parse(String(trimmed)), case .object(let members) = json else { return nil }
      let keys = Set(members.map(\.0))
      if members.contains(where: { if case .object(let node) = $0.1 { return node.contains { $0.0 == "class_type" } } else { return false } }) {
        return ("ComfyUI", comfyPrompt(String(trimmed)))
      }
      if keys.contains("nodes"), keys.contains("links") { return ("ComfyUI", nil) }
      let settings: Set<String> = ["steps", "seed", "sampler", "sampler_name", "cfg_scale", "scale", "model", "base_model", "uc"]
      let prompts = ["prompt", "positive_prompt", "full_prompt", "Prompt"]
      guard prompts.contains(where: keys.contains), !keys.isDisjoint(with: settings) else { return nil }
      let generator = keys.contains("base_model") || keys.contains("full_prompt") ? "Fooocus"
        : keys.contains("positive_prompt") || keys.contains("generation_mode") ? "InvokeAI" : "image generator"
      return (generator, jsonPrompt(json))
    }
    guard text.contains("Negative prompt:") || (text.contains("Steps: ") && (text.contains("Sampler: ") || text.contains("CFG scale: "))) else {
      return nil
    }
    return ("Stable Diffusion web UI (AUTOMATIC1111)", a1111Prompt(text))
  }

  /// True when the UTF-8 `bytes` could be a generator's: a JSON object, ComfyUI's prefixes, or
  /// A1111's "Negative prompt:" / "Steps: ".
  static func looksGenerated(_ bytes: String.UTF8View) -> Bool {
    guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return false }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "P") || first == UInt8(ascii: "W") { return true }
    return ByteSearch.firstIndex(of: negativePrompt[...], in: Array(bytes)) != nil || ByteSearch.firstIndex(of: steps[...], in: Array(bytes)) != nil
  }

  static let negativePrompt = Array("Negative prompt:".utf8)
  static let steps = Array("Steps: ".utf8)

  /// A1111: the prompt is the text before "Negative prompt:" (or before the "Steps:" line).
  static func a1111Prompt(_ text: String) -> String? {
    let end = text.range(of: "Negative prompt:")?.lowerBound ?? text.range(of: "\nSteps: ")?.lowerBound ?? text.endIndex
    return excerpt(String(text[..<end]))
  }

  /// ComfyUI's API prompt: the `text` input of the first CLIPTextEncode node.
  static func comfyPrompt(_ json: String) -> String? {
    guard let value = try? JSONParser.parse(json), case .object(let nodes) = value else { return nil }
    for (_, node) in nodes {
      guard let type = node["class_type"]?.stringValue, type.contains("TextEncode"),
            let text = node["inputs"]?["text"]?.stringValue ?? node["inputs"]?["text_g"]?.stringValue else { continue }
      return excerpt(text)
    }
    return nil
  }

  /// A JSON prompt: "prompt", "positive_prompt" or "full_prompt" at the top, or InvokeAI's
  /// `sd-metadata` `image.prompt[0].prompt`.
  static func jsonPrompt(_ text: String) -> String? {
    (try? JSONParser.parse(text)).flatMap(jsonPrompt)
  }

  static func jsonPrompt(_ value: JSONValue) -> String? {
    for key in ["prompt", "positive_prompt", "Prompt"] {
      if let text = value[key]?.stringValue { return excerpt(text) }
    }
    if let full = value["full_prompt"]?.arrayValue?.first?.stringValue { return excerpt(full) }
    let image = value["image"]?["prompt"]
    if let text = image?.stringValue ?? image?.arrayValue?.first?["prompt"]?.stringValue { return excerpt(text) }
    return nil
  }

  /// InvokeAI's `Dream`: the prompt in quotes, then the options (`"a cat" -s 50 -S 42`).
  static func dreamPrompt(_ text: String) -> String? {
    guard text.hasPrefix("\""), let close = text.dropFirst().firstIndex(of: "\"") else { return excerpt(text) }
    return excerpt(String(text[text.index(after: text.startIndex)..<close]))
  }

  /// The first words of `text`: whitespace collapsed, at most `promptExcerptLength` characters
  /// (cut at a word when it can be), "…" when cut; nil for empty text.
  static func excerpt(_ text: String) -> String? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" })
    guard !words.isEmpty else { return nil }
    var out = ""
    for word in words {
      let next = out.isEmpty ? String(word) : out + " " + word
      if next.count > GenerationMetadata.promptExcerptLength {
        return (out.isEmpty ? String(next.prefix(GenerationMetadata.promptExcerptLength)) : out) + "…"
      }
      out = next
    }
    return out
  }
}
