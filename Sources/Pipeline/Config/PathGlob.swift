/// A path glob of an allow entry (docs/config.md), matched like a .gitignore line without
/// negation: `*` is any run of characters but `/`, `?` one character but `/`, `**` as a whole
/// segment any number of folders (none included); a glob without `/` matches a file name in
/// any folder, one with `/` the path from the config's folder (a leading `/` is dropped). Other
/// characters, `[` and `\` included, match themselves. Matching is by segments, O(glob × path):
/// no backtracking blow-up on many `*` or `**`.
public struct PathGlob: Sendable, Equatable {
  /// The glob as the config wrote it.
  public let text: String
  private let segments: [[UInt8]]

  /// At most this many segments (a longer glob is refused, not matched slowly).
  public static let maxSegments = 64

  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
    public init(reason: String) { self.reason = reason }
  }

  public init(_ text: String) throws(Problem) {
    guard !text.isEmpty else { throw Problem(reason: "is empty") }
    var body = Substring(text)
    if body.hasPrefix("/") { body = body.dropFirst() }
    if body.hasSuffix("/") { body = body.dropLast() }  // a folder: what is below it
    var parts = body.split(separator: "/", omittingEmptySubsequences: false).map { Array($0.utf8) }
    guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else { throw Problem(reason: "has an empty folder name ('//')") }
    guard parts.count <= Self.maxSegments else { throw Problem(reason: "has more than \(Self.maxSegments) folders") }
    // No '/' (other than a trailing one): the name at any depth.
    if !text.dropFirst().dropLast().contains("/"), !text.hasPrefix("/") { parts.insert(Array("**".utf8), at: 0) }
    // A folder glob ("legacy/") allows everything below it.
    if text.hasSuffix("/") { parts.append(Array("**".utf8)) }
    self.text = text
    segments = parts
  }

  /// True when `path` (relative to the config's folder, '/'-separated, no `.` or `..`) matches.
  public func matches(_ path: String) -> Bool {
    let names = path.split(separator: "/").map { Array($0.utf8) }
    // reach[j]: the first i glob segments can match the first j names.
    var reach = [Bool](repeating: false, count: names.count + 1)
    reach[0] = true
    for segment in segments {
      var next = [Bool](repeating: false, count: names.count + 1)
      if segment == Array("**".utf8) {
        var any = false
        for j in 0...names.count {
          any = any || reach[j]
          next[j] = any
        }
      } else {
        for j in 0..<names.count where reach[j] && Self.matchName(segment, names[j]) { next[j + 1] = true }
      }
      reach = next
    }
    return reach[names.count]
  }

  /// One name against one segment's `*` and `?` (iterative, with one backtrack point: linear
  /// in practice, never exponential).
  static func matchName(_ glob: [UInt8], _ name: [UInt8]) -> Bool {
    let star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
    var g = 0, n = 0
    var starAt = -1, resume = 0
    while n < name.count {
      if g < glob.count, glob[g] == star {
        starAt = g
        resume = n
        g += 1
      } else if g < glob.count, glob[g] == question || glob[g] == name[n] {
        // `?` is one character: a whole UTF-8 sequence.
        if glob[g] == question { n = Self.nextCharacter(name, n) } else { n += 1 }
        g += 1
      } else if starAt >= 0 {
        g = starAt + 1
        resume = Self.nextCharacter(name, resume)
        n = resume
      } else {
        return false
      }
    }
    while g < glob.count, glob[g] == star { g += 1 }
    return g == glob.count
  }

  private static func nextCharacter(_ bytes: [UInt8], _ i: Int) -> Int {
    var j = i + 1
    while j < bytes.count, bytes[j] & 0xC0 == 0x80 { j += 1 }
    return j
  }
}
