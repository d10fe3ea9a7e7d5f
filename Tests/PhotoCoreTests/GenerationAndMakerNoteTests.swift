import Bytes
import Foundation
import PhotoCore
import Pipeline
import Testing

/// Image-generator metadata (PA017) on the fixtures and the corpus's generator samples, its
/// recogniser on ordinary text (no false alarm); MakerNote privacy fields (PA007) through
/// libexif's MakerNote API (Canon) and our Apple parse.
@Suite struct GenerationAndMakerNoteTests {
  static func inspect(_ relative: String) -> PhotoMetadata { Inspector.inspect(path: FixtureFiles.path(relative)) }

  /// (fixture, expected (generator, path, field, prompt) records), the texts written by
  /// Fixtures/gen/carriers.sh.
  static let fixtures: [(String, [[String?]])] = [
    ("carriers/gen-a1111.png", [["Stable Diffusion web UI (AUTOMATIC1111)", "comment", "parameters", "photo of a duck on a lake"]]),
    ("carriers/gen-comfyui.png", [["ComfyUI", "comment", "prompt", "a lighthouse at dawn, oil painting"],
                                  ["ComfyUI", "comment", "workflow", nil]]),
    ("carriers/gen-usercomment.jpg", [["Stable Diffusion web UI (AUTOMATIC1111)", "exif", "UserComment", "photo of a duck on a lake"]]),
  ]

  @Test(arguments: fixtures)
  func generatorMetadataIsFoundWithItsPrompt(_ fixture: String, expected: [[String?]]) {
    let m = Self.inspect(fixture)
    let records = GenerationMetadata.records(in: m)
    #expect(records.map { [$0.generator, $0.path.description, $0.field, $0.prompt] } == expected)
    let findings = CheckRegistry.run(CheckSubject(output: m)).filter { $0.id == .generationMetadata }
    #expect(findings.count == expected.count)
    #expect(findings.allSatisfy { $0.severity == .warning })
  }

  @Test(arguments: [
    "Sunset over the harbour, taken on holiday", "{\"prompt\": \"x\"}", "Steps: 3 of the recipe", "{\"steps\": 20}",
    "Prompt: hello", "", "Negative", "{not json",
  ])
  func ordinaryTextIsNotGeneratorMetadata(_ text: String) {
    var m = PhotoMetadata(path: "x.jpg", format: .jpeg)
    m.tags = [MetadataTag(carrier: .exif, group: "IFD0", name: "ImageDescription", value: .text(text))]
    #expect(GenerationMetadata.records(in: m).isEmpty)
  }

  /// A prompt is text from the file: `inspect` shows it escaped.
  @Test func promptsAreShownEscaped() {
    var m = PhotoMetadata(path: "x.jpg", format: .jpeg, stored: PixelSize(width: 1, height: 1), displayed: PixelSize(width: 1, height: 1))
    m.tags = [MetadataTag(carrier: .exif, group: "ExifIFD", name: "UserComment",
                          value: .text("a \u{1B}[31mred\u{1B}[0m duck\nNegative prompt: x\nSteps: 2, Sampler: y"))]
    let table = InspectTable.render([m], allTags: false, style: TextStyle(color: false))
    #expect(table.contains("generator    Stable Diffusion web UI (AUTOMATIC1111) (exif 'UserComment', "))
    #expect(table.contains("\\e[31mred\\e[0m duck"), "\(table)")
    #expect(!table.contains("\u{1B}"))
  }

  @Test func promptExcerptsAreShortAndWhole() {
    let long = String(repeating: "word ", count: 40)
    let excerpt = GenerationMetadata.records(in: {
      var m = PhotoMetadata(path: "x.jpg", format: .jpeg)
      m.tags = [MetadataTag(carrier: .exif, group: "ExifIFD", name: "UserComment", value: .text(long + "\nNegative prompt: x\nSteps: 2, Sampler: y"))]
      return m
    }()).first?.prompt
    #expect(excerpt?.hasSuffix("word…") == true)
    #expect((excerpt?.count ?? 0) <= GenerationMetadata.promptExcerptLength + 1)
  }

  /// The corpus's generator samples (sd-parsers, sd-metadata): every one is PA017 with its
  /// generator (automatic1111_stealth.png hides its parameters in the alpha channel's low bits,
  /// which no metadata reader sees: not detected, and said so here).
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func corpusGeneratorSamples() {
    let expected: [String: String] = [
      "sd-parsers-test-resources/automatic1111_cropped.png": "Stable Diffusion web UI (AUTOMATIC1111)",
      "sd-parsers-test-resources/automatic1111_cropped.jpg": "Stable Diffusion web UI (AUTOMATIC1111)",
      "sd-parsers-test-resources/invokeai_dream1.png": "InvokeAI", "sd-parsers-test-resources/invokeai_imeta1.png": "InvokeAI",
      "sd-parsers-test-resources/invokeai_sdmeta1.png": "InvokeAI", "sd-parsers-test-resources/novelai1_cropped.png": "NovelAI",
      "sd-parsers-test-resources/fooocus1_cropped.png": "Fooocus",
      "sd-parsers-test-resources/text_after_idat.png": "Stable Diffusion web UI (AUTOMATIC1111)",
      "sd-metadata-samples/comfyui-save-image-extended.png": "ComfyUI", "sd-metadata-samples/comfyui-save-image-extended.jpeg": "ComfyUI",
      "sd-metadata-samples/comfyui-save-image-extended.webp": "ComfyUI",
      "sd-metadata-samples/sd-webui.jpg": "Stable Diffusion web UI (AUTOMATIC1111)",
      "sd-metadata-samples/sd-webui.webp": "Stable Diffusion web UI (AUTOMATIC1111)",
    ]
    for (path, generator) in expected.sorted(by: { $0.key < $1.key }) {
      let records = GenerationMetadata.records(in: Inspector.inspect(path: SharedCorpus.root.appendingPathComponent(path).path))
      #expect(records.first?.generator == generator, "\(path): \(records.map(\.generator))")
      #expect(records.contains { $0.prompt != nil }, "\(path): no prompt")
    }
    #expect(GenerationMetadata.records(in: Inspector.inspect(path: SharedCorpus.root.appendingPathComponent("sd-parsers-test-resources/automatic1111_stealth.png").path)).isEmpty)
  }

  // MARK: - MakerNotes

  @Test func canonOwnerAndSerialArePA007() {
    let m = Self.inspect("carriers/makernote-canon.jpg")
    // Written as 1234567890 = 0x499602D2; libexif prints Canon serials as ExifTool does for this
    // format: high 16 bits in hex, low 16 bits in decimal.
    #expect(m.tags.first { $0.group == "MakerNotes:Canon" && $0.name == "SerialNumber" }?.value == .text("4996-00722"))
    let findings = CheckRegistry.run(CheckSubject(output: m)).filter { $0.id == .identifyingFields }
    #expect(Set(findings.compactMap(\.tag)) == ["MakerNotes:Canon:OwnerName", "MakerNotes:Canon:SerialNumber"])
    #expect(findings.allSatisfy { $0.carrier == "makernote" })
    #expect(findings.contains { $0.revealed().evidence == "MakerNotes:Canon:OwnerName = Jane Fixture" })
  }

  @Test func appleMediaGroupUUIDIsPA007() {
    let m = Self.inspect("carriers/makernote-apple.jpg")
    let findings = CheckRegistry.run(CheckSubject(output: m)).filter { $0.id == .identifyingFields }
    #expect(findings.map { $0.revealed().evidence }.sorted() == [
      "MakerNotes:Apple:BurstUUID = 0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9",
      "MakerNotes:Apple:MediaGroupUUID = E905E6C6-C747-4805-942F-9904A0281F02",
    ])
    #expect(m.tags.first { $0.name == "MakerNoteVersion" }?.value == .integer(14))
  }

  /// The corpus's Apple files against ExifTool's MediaGroupUUID.
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage),
        arguments: ["lychee-test-samples/train.jpg", "metadata-extractor-images/IMG_2927.HEIC", "ianare-exif-samples/IMG_5195.HEIC"])
  func appleMediaGroupUUIDAgreesWithExifTool(_ path: String) {
    let oracle = SharedCorpus.oracle(path)["Apple:MediaGroupUUID"]?.stringValue
    let m = Inspector.inspect(path: SharedCorpus.root.appendingPathComponent(path).path)
    #expect(oracle != nil)
    #expect(m.tags.first { $0.name == "MediaGroupUUID" }?.value == oracle.map { .text($0) })
  }

  /// Hostile Apple MakerNotes: counts and offsets past the end never trap.
  @Test func appleMakerNoteParseIsBounded() {
    var note = Array("Apple iOS".utf8) + [0, 0, 1] + Array("MM".utf8) + [0xFF, 0xFF]
    note += [0x00, 0x11, 0x00, 0x02, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0]
    let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 2, 0x01, 0x0F, 0, 2, 0, 0, 0, 6, 0, 0, 0, 38, 0x87, 0x69, 0, 4, 0, 0, 0, 1,
                         0, 0, 0, 44, 0, 0, 0, 0] + Array("Apple".utf8) + [0]
      + [0, 1, 0x92, 0x7C, 0, 7] + [0, 0, 0, UInt8(note.count)] + [0, 0, 0, 62] + [0, 0, 0, 0] + note
    let contents = ExifDecoder.decode(tiff)
    #expect(contents.tags.contains { $0.group == "MakerNotes:Apple" && $0.value == .text("(value outside the MakerNote)") })
  }
}
