import Bytes
import PhotoCore
import Testing

@Suite struct JSONTests {
  @Test func roundTrip() throws {
    let value = JSONValue.object([
      ("a", .int(1)), ("b", .number(31.230416)), ("c", .string("q\"\\\n\u{1}é")), ("d", .array([.null, .bool(true)])),
      ("e", .object([])),
    ])
    for pretty in [true, false] {
      #expect(try JSONParser.parse(value.serialized(pretty: pretty)) == value)
    }
  }

  @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01x", "\"\u{1}\"", "nul", "[1] 2"])
  func rejectsInvalid(text: String) {
    #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse(text) }
  }

  @Test func depthIsCapped() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse(deep) }
  }

  @Test func surrogatePairs() throws {
    #expect(try JSONParser.parse("\"\\ud83d\\ude00\"") == .string("😀"))
  }
}
