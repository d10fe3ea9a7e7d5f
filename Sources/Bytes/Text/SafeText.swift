/// Text from files — names, metadata values, messages that quote them — made safe to show to
/// people. A file name or an EXIF Artist can hold ESC, BEL or a newline (an OSC sequence retitles
/// the terminal, `ESC [ 31m` recolours it, a newline forges a report line), or Markdown and HTML
/// that a pull-request comment or a browser would render. Every human rendering (tables, text,
/// Markdown, HTML, JUnit, stderr messages) passes untrusted text through one of these; JSON is
/// escaped by JSON. [SPEC "Safety promises"]
public enum SafeText {
  /// For terminals and plain text: C0 controls, DEL, C1 controls and the Unicode controls that
  /// reorder or break lines (bidi overrides and isolates, line and paragraph separators) are
  /// shown escaped: `\e`, `\n`, `\r`, `\t`, `\x07`, `\u{202E}`. Everything else is unchanged.
  public static func plain(_ text: String) -> String {
    guard needsEscape(text) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if let escaped = escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }

  /// Markdown inline text (table cells, list items): `plain`, then the characters that start
  /// emphasis, code, links or table cells backslash-escaped, and `<`, `>`, `&` as entities so no
  /// HTML is rendered.
  public static func markdown(_ text: String) -> String {
    var out = ""
    for character in plain(text) {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "|", "~": out += "\\" + String(character)
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "&": out += "&amp;"
      default: out.append(character)
      }
    }
    return out
  }

  /// A path in monospace for a Markdown table cell or line: `<code>` with the text as entities
  /// (`plain` first). A backtick code span cannot be made safe — CommonMark shows its content
  /// raw, entities and backslashes included, and renderers that do not follow CommonMark end it
  /// early and render what follows as HTML — so nothing of the text is left that Markdown or
  /// HTML would read: `& < > " '`, the backtick, the cell separator `|` and the characters that
  /// start emphasis, links or escapes are character references, which GitHub and GitLab show as
  /// the characters.
  public static func markdownCode(_ text: String) -> String {
    var out = "<code>"
    for scalar in plain(text).unicodeScalars {
      switch scalar {
      case "`", "|", "\\", "*", "_", "[", "]", "~", "#", "!": out += "&#\(scalar.value);"
      default: appendHTML(scalar, to: &out)
      }
    }
    return out + "</code>"
  }

  /// HTML text or a quoted attribute value (also valid XML 1.0, for JUnit): `plain`, then
  /// `& < > " '` as entities.
  public static func html(_ text: String) -> String {
    let safe = plain(text)
    guard safe.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return safe }
    var out = ""
    out.reserveCapacity(safe.utf8.count + 16)
    for scalar in safe.unicodeScalars { appendHTML(scalar, to: &out) }
    return out
  }

  /// `scalar`, or its entity when it is one of HTML's `& < > " '`.
  private static func appendHTML(_ scalar: Unicode.Scalar, to out: inout String) {
    switch scalar {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    default: out.unicodeScalars.append(scalar)
    }
  }

  /// Output assembled for a terminal, checked once more as a last line of defence: every
  /// control character but newline is escaped, except the colour sequences photoaudit writes
  /// itself (`ESC [ digits m`). Untrusted text is escaped before it gets here; this catches a
  /// value some renderer forgot.
  public static func terminal(_ text: String) -> String {
    guard needsEscape(text, keepingNewlines: true) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    let scalars = Array(text.unicodeScalars)
    var i = 0
    while i < scalars.count {
      let scalar = scalars[i]
      if scalar == "\n" {
        out.unicodeScalars.append(scalar)
      } else if scalar == "\u{1B}", let end = colourSequenceEnd(scalars, from: i) {
        out.unicodeScalars.append(contentsOf: scalars[i...end])
        i = end
      } else if let escaped = escape(scalar) {
        out += escaped
      } else {
        out.unicodeScalars.append(scalar)
      }
      i += 1
    }
    return out
  }

  /// The index of the `m` ending an SGR sequence `ESC [ (digits | ;)* m` that starts at `start`.
  package static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
    var i = start + 2
    while i < scalars.count, i - start < 16 {
      let s = scalars[i]
      if s == "m" { return i }
      guard ("0"..."9").contains(s) || s == ";" else { return nil }
      i += 1
    }
    return nil
  }

  /// The visible form of a character that must not reach a terminal raw, nil for the others.
  package static func escape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x0A: "\\n"
    case 0x0D: "\\r"
    case 0x09: "\\t"
    case 0x1B: "\\e"
    case 0x00..<0x20, 0x7F: "\\x" + hex(scalar.value, digits: 2)
    // C1 controls (CSI U+009B starts an escape sequence on some terminals), line and paragraph
    // separators, bidi embeddings/overrides (U+202A–202E) and isolates (U+2066–2069), which can
    // make a file name read as another.
    case 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: "\\u{" + hex(scalar.value, digits: 4) + "}"
    default: nil
    }
  }

  package static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// A fast byte-level test: most text (paths, tag values, a whole table with `keepingNewlines`)
  /// needs no escape and is returned as is.
  package static func needsEscape(_ text: String, keepingNewlines: Bool = false) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var i = 0
      while i < bytes.count {
        let b = bytes[i]
        if (b < 0x20 && !(keepingNewlines && b == 0x0A)) || b == 0x7F { return true }
        // U+0080–U+009F: C2 80…C2 9F.
        if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] < 0xA0 { return true }
        // U+2028/2029, U+202A–202E: E2 80 A8…AE; U+2066–2069: E2 81 A6…A9.
        if b == 0xE2, i + 2 < bytes.count {
          let (b1, b2) = (bytes[i + 1], bytes[i + 2])
          if b1 == 0x80, (0xA8...0xAE).contains(b2) { return true }
          if b1 == 0x81, (0xA6...0xA9).contains(b2) { return true }
        }
        i += 1
      }
      return false
    }
  }
}
