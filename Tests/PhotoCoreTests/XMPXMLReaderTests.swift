import Testing
@testable import PhotoCore

/// The small XML reader under XMP: well-formed input, references, hostile input, limits.
struct XMPXMLReaderTests {
  static func parse(_ s: String, limits: MiniXML.Limits = .default) throws(XMLSyntaxError) -> MiniXML.Document {
    try MiniXML.parse(Array(s.utf8), limits: limits)
  }

  @Test func elementsAttributesAndNamespaces() throws {
    let doc = try Self.parse("""
      <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="T"><!-- c -->
       <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:Orientation='6'>
         <tiff:Make>Can&amp;on &lt;&#65;&#x42;&gt; &quot;q&quot; &apos;</tiff:Make>
         <dflt xmlns="urn:default"><![CDATA[<raw> & ]]>tail</dflt>
        </rdf:Description>
       </rdf:RDF>
      </x:xmpmeta>
      <?xpacket end="w"?>
      """ + String(repeating: " ", count: 100) + "\0\0\0")
    #expect(doc.root.is("adobe:ns:meta/", "xmpmeta"))
    #expect(doc.root.attribute("adobe:ns:meta/", "xmptk") == "T")
    let rdf = try #require(doc.root.elements.first)
    #expect(rdf.qualifiedName == "rdf:RDF")
    let desc = try #require(rdf.elements.first)
    #expect(desc.attribute("http://ns.adobe.com/tiff/1.0/", "Orientation") == "6")
    #expect(desc.attribute(nil, "about") == nil)
    #expect(desc.attribute("http://www.w3.org/1999/02/22-rdf-syntax-ns#", "about") == "")
    let make = try #require(desc.elements.first)
    #expect(make.text == "Can&on <AB> \"q\" '")
    let dflt = try #require(desc.elements.last)
    #expect(dflt.namespace == "urn:default")
    #expect(dflt.text == "<raw> & tail")
  }

  @Test func lineEndsAndAttributeWhitespaceAreNormalised() throws {
    let doc = try Self.parse("<a b=\"x\ty\r\nz\">l1\r\nl2\rl3</a>")
    #expect(doc.root.attribute(nil, "b") == "x y z")
    #expect(doc.root.text == "l1\nl2\nl3")
  }

  @Test func slashInsideANameIsTolerated() throws {
    let doc = try Self.parse("<r><e:TIFF/EPStandardID>1</e:TIFF/EPStandardID><a/><b x='1'/></r>")
    #expect(doc.root.elements.map(\.localName) == ["TIFF/EPStandardID", "a", "b"])
  }

  @Test func utf8BOMAndUndeclaredPrefixAreTolerated() throws {
    let doc = try MiniXML.parse([0xEF, 0xBB, 0xBF] + Array("<p:a p:b='1'/>".utf8))
    #expect(doc.root.prefix == "p")
    #expect(doc.root.namespace == nil)
    #expect(doc.root.attributes.first?.value == "1")
  }

  /// Inputs that must throw, and the offset where the problem is.
  static let malformed: [(String, String, Int)] = [
    ("empty", "", 0),
    ("only whitespace", "  \n\0", 4),
    ("text before root", "hello", 0),
    ("unclosed root", "<a>", 3),
    ("mismatched end", "<a><b></a>", 6),
    ("end tag without start", "<a/></b>", 4),
    ("two roots", "<a/><b/>", 4),
    ("attribute without quotes", "<a b=c/>", 5),
    ("missing =", "<a b'c'/>", 4),
    ("attributes not separated", "<a b='1'c='2'/>", 8),
    ("duplicate attribute", "<a b='1' b='2'/>", 9),
    ("lt in attribute", "<a b='<'/>", 6),
    ("bare ampersand", "<a>&</a>", 3),
    ("unknown entity", "<a>&nbsp;</a>", 3),
    ("char ref zero", "<a>&#0;</a>", 3),
    ("char ref surrogate", "<a>&#xD800;</a>", 3),
    ("char ref too big", "<a>&#x110000;</a>", 3),
    ("char ref not a number", "<a>&#xZZ;</a>", 3),
    ("unterminated comment", "<a><!-- x</a>", 13),
    ("unterminated CDATA", "<a><![CDATA[x</a>", 17),
    ("unterminated PI", "<?xpacket begin=''", 18),
    ("markup declaration in content", "<a><!ELEMENT x></a>", 4),
    ("name starts with digit", "<1a/>", 1),
    ("text after root", "<a/>junk", 4),
  ]

  @Test(arguments: malformed)
  func malformedInputThrowsWithOffset(_ name: String, _ xml: String, _ offset: Int) {
    #expect(throws: XMLSyntaxError.self, "\(name)") { try Self.parse(xml) }
    do {
      _ = try Self.parse(xml)
    } catch {
      #expect(error.offset == offset, "\(name): \(error)")
      #expect(!error.description.isEmpty)
    }
  }

  @Test func doctypeIsSkippedAndItsEntitiesAreNeverExpanded() throws {
    let laughs = """
      <?xml version="1.0"?>
      <!DOCTYPE lolz [
       <!ENTITY lol "lol">
       <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
       <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
       <!-- a comment with a ' quote and a > bracket -->
      ]>
      <lolz>&lol3;</lolz>
      """
    #expect(throws: XMLSyntaxError.undefinedEntity(offset: laughs.utf8.count - 13, name: "lol3")) {
      try Self.parse(laughs)
    }
    let external = """
      <!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><r a="&xxe;"/>
      """
    #expect(throws: XMLSyntaxError.self) { try Self.parse(external) }
    let harmless = try Self.parse("<!DOCTYPE r SYSTEM \"http://example.com/r.dtd\"><r>ok</r>")
    #expect(harmless.root.text == "ok")
    #expect(harmless.notes.count == 1)
    #expect(throws: XMLSyntaxError.self) { try Self.parse("<!DOCTYPE r [<!ENTITY a 'b'>") }
  }

  @Test func depthIsCapped() throws {
    let ok = String(repeating: "<a>", count: 64) + String(repeating: "</a>", count: 64)
    #expect(throws: Never.self) { try Self.parse(ok) }
    let deep = String(repeating: "<a>", count: 65) + String(repeating: "</a>", count: 65)
    #expect(throws: XMLSyntaxError.tooDeep(offset: 64 * 3, limit: 64)) { try Self.parse(deep) }
    let veryDeep = String(repeating: "<a>", count: 100_000)
    #expect(throws: XMLSyntaxError.self) { try Self.parse(veryDeep) }
  }

  @Test func elementCountAndSizeAreCapped() {
    var limits = MiniXML.Limits.default
    limits.maxElements = 10
    let many = "<r>" + String(repeating: "<e/>", count: 10) + "</r>"
    #expect(throws: XMLSyntaxError.tooManyElements(offset: 3 + 9 * 4, limit: 10)) { try Self.parse(many, limits: limits) }
    limits.maxBytes = 8
    #expect(throws: XMLSyntaxError.tooLarge(size: 9, limit: 8)) { try Self.parse("<a>b</a> ", limits: limits) }
  }

  @Test func everyPrefixOfADocumentThrowsOrParsesWithoutTrapping() {
    let xml = Array("""
      <?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><!-- c --><a b="&amp;&#x41;">t<![CDATA[d]]><c/></a></x:xmpmeta><?xpacket end="w"?>
      """.utf8)
    var parsed = 0
    for n in 0...xml.count {
      if (try? MiniXML.parse(Array(xml.prefix(n)))) != nil { parsed += 1 }
    }
    // Only the prefixes that end after </x:xmpmeta> (whole PI or nothing of it) are complete.
    #expect(parsed == 2)
  }

  /// `split` finds the first ":" Character as a Character search does, also where the colon's
  /// neighbours are non-ASCII and may join it into one grapheme (a combining accent after it, a
  /// prepended mark before it).
  @Test func qualifiedNamesSplitAtTheFirstColonCharacter() {
    func reference(_ qname: String) -> (String?, String) {
      guard let colon = qname.firstIndex(of: ":") else { return (nil, qname) }
      return (String(qname[..<colon]), String(qname[qname.index(after: colon)...]))
    }
    let names = ["a:b", ":b", "a:", ":", "ab", "a::b", "rdf:Description", "é:b", "a:é", "日本:語",
                 "a:\u{301}b", "a:\u{301}b:c", "\u{600}:b", "\u{600}:b:c", "x\u{200D}:y", "a:\u{200D}b"]
    for name in names {
      let (prefix, local) = MiniXMLParser.split(name)
      let (p, l) = reference(name)
      #expect(prefix == p && local == l, "\(name.debugDescription)")
    }
  }

  /// Duplicate attributes are found by the linear search (few) and by the set (many).
  @Test func duplicateAttributesAmongManyAreRefused() throws {
    let many = (0..<40).map { "a\($0)='\($0)'" }.joined(separator: " ")
    _ = try Self.parse("<e \(many)/>")
    for duplicate in ["a3", "a20", "a39"] {
      #expect(throws: XMLSyntaxError.self) { try Self.parse("<e \(many) \(duplicate)='x'/>") }
    }
    #expect(throws: XMLSyntaxError.self) { try Self.parse("<e a='1' b='2' a='3'/>") }
  }
}
