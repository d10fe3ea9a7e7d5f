@testable import PhotoCore
@testable import Bytes
import Testing

/// The text-safety layer: control characters shown escaped, Markdown and HTML specials escaped
/// for their format, code spans that a backtick cannot end.
@Suite struct SafeTextTests {
  @Test(arguments: [
    ("plain.jpg", "plain.jpg"),
    ("\u{1B}]0;pwned\u{07}", "\\e]0;pwned\\x07"),
    ("\u{1B}[31mRED", "\\e[31mRED"),
    ("a\nb\rc\td", "a\\nb\\rc\\td"),
    ("nul\u{00}del\u{7F}", "nul\\x00del\\x7F"),
    ("csi\u{9B}31m", "csi\\u{009B}31m"),
    ("evil\u{202E}gpj.exe", "evil\\u{202E}gpj.exe"),
    ("ok ünïcødé 東京 😀", "ok ünïcødé 東京 😀"),
  ])
  func plainEscapesControls(_ raw: String, _ shown: String) {
    #expect(SafeText.plain(raw) == shown)
  }

  @Test func markdownEscapesMarkupAndCells() {
    #expect(SafeText.markdown("<img src=x onerror=alert(3)>") == "&lt;img src=x onerror=alert(3)&gt;")
    #expect(SafeText.markdown("a|b *c* _d_ [e](f) `g` ~h~ \\") == "a\\|b \\*c\\* \\_d\\_ \\[e\\](f) \\`g\\` \\~h\\~ \\\\")
    #expect(SafeText.markdown("x\ny") == "x\\\\ny")
  }

  /// A path is `<code>` holding no character Markdown or HTML would read: no backtick span a
  /// renderer could end early, no raw `<`, `>`, `&`, no cell separator (issue 26, item 5).
  @Test(arguments: [
    ("a.jpg", "<code>a.jpg</code>"),
    ("a`b<img src=x>.jpg", "<code>a&#96;b&lt;img src=x&gt;.jpg</code>"),
    ("tick`<img src=x onerror=alert(2)>`.jpg", "<code>tick&#96;&lt;img src=x onerror=alert(2)&gt;&#96;.jpg</code>"),
    ("``two``", "<code>&#96;&#96;two&#96;&#96;</code>"),
    ("pipe|name.jpg", "<code>pipe&#124;name.jpg</code>"),
    ("*em* _u_ [l](x) ~s~ a&b \\ #1!", "<code>&#42;em&#42; &#95;u&#95; &#91;l&#93;(x) &#126;s&#126; a&amp;b &#92; &#35;1&#33;</code>"),
    ("esc\u{1B}[2J", "<code>esc&#92;e&#91;2J</code>"),
  ])
  func pathsInMarkdownAreCharacterReferences(_ raw: String, _ code: String) {
    #expect(SafeText.markdownCode(raw) == code)
  }

  @Test func htmlEscapesMarkupAndQuotes() {
    #expect(SafeText.html("<img src=x onerror=\"alert('3')\">&") == "&lt;img src=x onerror=&quot;alert(&#39;3&#39;)&quot;&gt;&amp;")
    #expect(SafeText.html("bell\u{07}") == "bell\\x07")
  }

  /// The last line of defence keeps photoaudit's own colour sequences and escapes every other
  /// control character.
  @Test func terminalKeepsOnlyColourSequences() {
    #expect(SafeText.terminal("\u{1B}[31mFAIL\u{1B}[0m ok\n") == "\u{1B}[31mFAIL\u{1B}[0m ok\n")
    #expect(SafeText.terminal("\u{1B}]0;pwned\u{07}\n") == "\\e]0;pwned\\x07\n")
    #expect(SafeText.terminal("\u{1B}[2J") == "\\e[2J")
  }

  /// JSON stays JSON: the same value, with DEL and C1 controls as \u escapes.
  @Test func jsonEscapesDelAndC1() throws {
    let text = JSONValue.string("a\u{7F}b\u{9B}c\u{1B}é").serialized()
    #expect(text == "\"a\\u007fb\\u009bc\\u001bé\"")
    #expect(try JSONParser.parse(Array(text.utf8)) == .string("a\u{7F}b\u{9B}c\u{1B}é"))
  }
}
