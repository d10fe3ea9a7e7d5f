extension StringProtocol {
  /// The text without leading and trailing spaces and tabs: the characters of Foundation's
  /// `CharacterSet.whitespaces` (Unicode Zs and U+0009), trimmed by unicode scalar as
  /// `trimmingCharacters(in: .whitespaces)` does, at a fraction of its cost (measured: 3 % of a
  /// metadata scan, for EXIF text tags).
  package func trimmingWhitespace() -> String {
    let text = String(self)
    let scalars = text.unicodeScalars
    func isSpace(_ s: Unicode.Scalar) -> Bool {
      s.isASCII ? (s == " " || s == "\t") : s.properties.generalCategory == .spaceSeparator
    }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isSpace($0) })!
    if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
    return String(scalars[first...last])
  }
}
