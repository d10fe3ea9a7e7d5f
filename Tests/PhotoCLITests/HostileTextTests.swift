import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PhotoCLI
import TestSupport
import Testing

/// Hostile names and metadata through every renderer (issue 13, items 2 and 3): an EXIF Artist
/// that retitles the terminal (`ESC ] 0;pwned BEL`), a Make that recolours it (`ESC [31m`), an
/// XMP City that is HTML, and a file name with a backtick, HTML, ESC, BEL and a newline. Tables,
/// messages, CSV and JUnit show the control characters escaped; Markdown renders no HTML and no
/// code span is broken; HTML holds no element but photoaudit's own.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs exiftool (libimage-exiftool-perl)"))
struct HostileTextTests {
  static let fixtures = Repository.root.appendingPathComponent("Fixtures").path
  static let artist = "\u{1B}]0;pwned\u{07}"
  static let make = "\u{1B}[31mRED"
  static let city = "<img src=x onerror=alert(3)>"
  static let name = "evil`<img src=x onerror=alert(1)>\u{1B}[2J\u{07}\nname.jpg"

  /// The hostile output (named `name`, with its descriptor and original) in a fresh folder.
  static func hostile() throws -> (scratch: ScratchDirectory, output: String, original: String) {
    let scratch = try ScratchDirectory("hostile")
    let original = scratch.path + "/original.jpg"
    try FileManager.default.copyItem(atPath: fixtures + "/jpeg/orient-1.jpg", toPath: original)
    let output = try scratch.sub("out") + "/" + name
    try FileManager.default.copyItem(atPath: fixtures + "/defects/text-left.jpg", toPath: output)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
    process.arguments = ["-q", "-overwrite_original", "-Artist=\(artist)", "-Make=\(make)", "-XMP-photoshop:City=\(city)", output]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "exiftool failed")
    let descriptor = #"{"format": "jpeg", "width": 1, "height": 1, "gps_removed": true, "original": "../original.jpg"}"#
    try Data(descriptor.utf8).write(to: URL(fileURLWithPath: (output as NSString).deletingPathExtension + ".json"))
    return (scratch, output, original)
  }

  /// Text for a terminal: no control character but newline, except colour sequences of the form
  /// ESC [ digits m; and the hostile values shown escaped.
  static func expectTerminalSafe(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let scalars = Array(text.unicodeScalars)
    for (i, s) in scalars.enumerated() where (s.value < 0x20 && s != "\n") || (0x7F...0x9F).contains(s.value) {
      if s == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
        let rest = scalars[(i + 2)...].prefix { ("0"..."9").contains($0) || $0 == ";" }
        if scalars.indices.contains(i + 2 + rest.count), scalars[i + 2 + rest.count] == "m" { continue }
      }
      Issue.record("\(what): raw U+\(String(s.value, radix: 16)) at \(i): \(String(String.UnicodeScalarView(scalars[max(0, i - 20)..<min(scalars.count, i + 20)])).debugDescription)",
                   sourceLocation: sourceLocation)
      return
    }
  }

  @Test func terminalRenderings() throws {
    let (scratch, output, original) = try Self.hostile()
    defer { scratch.remove() }
    let runs: [(String, [String])] = [
      ("inspect", ["inspect", output]),
      ("inspect --all", ["inspect", "--all", output]),
      ("inspect --map", ["inspect", "--map", output]),
      ("verify", ["verify", output]),
      ("verify csv", ["verify", output, "--format", "csv"]),
      ("audit", ["audit", scratch.path + "/out", "--no-pixels"]),
      ("diff", ["diff", original, output]),
      ("sanitize", ["sanitize", output, "--out", scratch.path + "/clean"]),
      ("coloured verify", ["verify", output, "--color", "always"]),
    ]
    for (what, arguments) in runs {
      let r = PhotoCLI.runCapturing(arguments)
      Self.expectTerminalSafe(r.out, what + " stdout")
      Self.expectTerminalSafe(r.err, what + " stderr")
      #expect(!r.out.contains(Self.artist) && !r.out.contains(Self.make) && !r.out.contains(Self.name), "\(what)")
    }
    let inspect = PhotoCLI.runCapturing(["inspect", output]).out
    #expect(inspect.contains("IFD0:Artist=\\e]0;pwned\\x07"))
    #expect(inspect.contains("camera       \\e[31mRED"))
    #expect(inspect.contains("evil`<img src=x onerror=alert(1)>\\e[2J\\x07\\nname.jpg"))
    // A message naming a hostile file (here: not an image) shows it escaped too.
    let broken = scratch.path + "/\u{1B}]0;x\u{07}.jpg"
    try Data("hello".utf8).write(to: URL(fileURLWithPath: broken))
    let message = PhotoCLI.runCapturing(["inspect", broken]).err
    #expect(message.contains("/\\e]0;x\\x07.jpg: not a JPEG"), "\(message)")
    Self.expectTerminalSafe(message, "inspect stderr")
  }

  /// Markdown: outside code spans no HTML and no control character; every path in a code span
  /// that its content cannot close.
  @Test func markdownRenderings() throws {
    let (scratch, output, original) = try Self.hostile()
    defer { scratch.remove() }
    let reports = scratch.path + "/reports"
    // With --reveal, so that the hostile values are in the reports (by default they are redacted).
    _ = PhotoCLI.runCapturing(["audit", scratch.path + "/out", "--no-pixels", "--report-dir", reports, "--quiet", "--reveal"])
    let texts = [
      ("verify markdown", PhotoCLI.runCapturing(["verify", output, "--format", "markdown", "--reveal"]).out),
      ("diff markdown", PhotoCLI.runCapturing(["diff", original, output, "--format", "markdown", "--reveal"]).out),
      ("report.md", try String(contentsOfFile: reports + "/report.md", encoding: .utf8)),
    ]
    for (what, text) in texts {
      Self.expectTerminalSafe(text, what)
      for line in text.split(separator: "\n") {
        let bare = Self.outsideCodeSpans(String(line))
        var tags = bare
        for own in ["<br>", "<details>", "</details>", "<summary>", "</summary>", "<code>", "</code>"] {
          tags = tags.replacingOccurrences(of: own, with: "")
        }
        #expect(!tags.contains("<"), "\(what): HTML outside a code span: \(line)")
      }
      #expect(text.contains("&lt;img src=x onerror=alert(3)&gt;"), "\(what): the City is shown, escaped")
    }
    // A path is <code> with every character Markdown or HTML reads as a reference.
    #expect(texts[2].1.contains("<code>\(scratch.path)/out/evil&#96;&lt;img src=x onerror=alert(1)&gt;&#92;e&#91;2J&#92;x07&#92;nname.jpg</code>"))
    // Without --reveal the City is not shown at all.
    #expect(!PhotoCLI.runCapturing(["verify", output, "--format", "markdown"]).out.contains("onerror=alert(3)"))
  }

  /// The text of a Markdown line outside its code spans (CommonMark: a run of n backticks opens a
  /// span closed by the next run of exactly n; a backslash escapes the next character).
  static func outsideCodeSpans(_ line: String) -> String {
    let c = Array(line)
    var out = ""
    var i = 0
    while i < c.count {
      if c[i] == "\\", i + 1 < c.count { i += 2; continue }
      guard c[i] == "`" else { out.append(c[i]); i += 1; continue }
      var n = 0
      while i + n < c.count, c[i + n] == "`" { n += 1 }
      var j = i + n, close: Int?
      while j < c.count {
        if c[j] == "`" {
          var m = 0
          while j + m < c.count, c[j + m] == "`" { m += 1 }
          if m == n { close = j + m; break }
          j += m
        } else { j += 1 }
      }
      if let close { i = close } else { out += String(repeating: "`", count: n); i += n }
    }
    return out
  }

  /// report.html holds only photoaudit's own elements (img only with data: thumbnails), and
  /// junit.xml is well-formed XML with the hostile text in it, escaped.
  @Test func htmlAndJUnit() throws {
    let (scratch, _, _) = try Self.hostile()
    defer { scratch.remove() }
    let reports = scratch.path + "/reports"
    let r = PhotoCLI.runCapturing(["audit", scratch.path + "/out", "--no-pixels", "--report-dir", reports, "--quiet", "--reveal"])
    #expect(r.status == 1)
    let html = try String(contentsOfFile: reports + "/report.html", encoding: .utf8)
    Self.expectTerminalSafe(html, "report.html")
    #expect(html.contains("&lt;img src=x onerror=alert(3)&gt;"))
    let script = """
      import sys, html.parser
      allowed = {'html','head','meta','title','style','body','header','h1','dl','dt','dd','code','div','span','nav','button',
                 'main','section','figure','img','figcaption','h2','p','script'}
      class P(html.parser.HTMLParser):
          def handle_starttag(self, tag, attrs):
              a = dict(attrs)
              if tag not in allowed: print('element', tag)
              if tag == 'img' and not (a.get('src') or '').startswith('data:image/jpeg;base64,'): print('img', a)
              for k in a:
                  if k.startswith('on'): print('handler', tag, k)
      P().feed(sys.stdin.read())
      """
    let found = try SchemaValidator.run(["-c", script], input: html)
    #expect(found.status == 0)
    #expect(found.out.isEmpty, "\(found.out)")
    let junit = try Data(contentsOf: URL(fileURLWithPath: reports + "/junit.xml"))
    let document = try XMLDocument(data: junit)
    let text = document.rootElement()?.stringValue ?? ""
    #expect(text.contains("IFD0:Artist = \\e]0;pwned\\x07"))
    #expect(!text.contains("\u{1B}"))
  }
}
