/// "Did you mean …?" for mistyped commands, options and values: the nearest candidate by edit
/// distance (an adjacent swap counts as one edit, so `inpsect` is one edit from `inspect`).
enum Suggestion {
  /// "; did you mean 'inspect'?" or "" when nothing is close enough.
  static func didYouMean(_ typed: String, among candidates: [String]) -> String {
    nearest(typed, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The closest candidate within a third of the longer word's length (at least 1, at most 3
  /// edits); ties go to the first listed. A word of 3 or more characters that begins a
  /// candidate ("warn", "--rep") suggests it when nothing is that close.
  static func nearest(_ typed: String, among candidates: [String]) -> String? {
    let word = Array(typed.lowercased())
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let d = distance(word, Array(candidate.lowercased()))
      let limit = min(3, max(1, max(word.count, candidate.count) / 3))
      if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
    }
    if let best { return best.candidate }
    let stem = typed.lowercased().drop { $0 == "-" }
    guard stem.count >= 3 else { return nil }
    return candidates.first { $0.lowercased().drop { $0 == "-" }.hasPrefix(stem) }
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
  /// adjacent characters.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [Int](repeating: 0, count: b.count + 1)
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      previous2 = previous
      previous = current
    }
    return previous[b.count]
  }

  /// "a, b or c".
  static func list(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + words.last!
  }
}
