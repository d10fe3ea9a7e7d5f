extension String {
  /// The string padded on the left with `pad` to `width` characters (unchanged when as long).
  package func leftPadded(to width: Int, with pad: Character = "0") -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }
}
