import Foundation

/// Relative paths between files, as descriptors store them (relative to their own folder).
public enum RelativePath {
  /// The path of `target` as seen from `directory` ("../jpeg/a.jpg").
  public static func from(_ directory: String, to target: String) -> String {
    let base = URL(fileURLWithPath: directory).standardizedFileURL.pathComponents
    let goal = URL(fileURLWithPath: target).standardizedFileURL.pathComponents
    var common = 0
    while common < base.count, common < goal.count, base[common] == goal[common] { common += 1 }
    let ups = Array(repeating: "..", count: base.count - common)
    let rest = Array(goal[common...])
    return (ups + rest).joined(separator: "/")
  }
}

extension RelativePath {
  /// `relative` resolved against `directory` lexically ("a/b" + "../c/d.jpg" → "a/c/d.jpg"):
  /// a relative directory gives a relative result, so reports keep the paths users gave.
  public static func join(_ directory: String, _ relative: String) -> String {
    if relative.hasPrefix("/") { return normalize(relative) }
    if directory.isEmpty || directory == "." { return normalize(relative) }
    return normalize(directory + "/" + relative)
  }

  /// Removes "." and resolves ".." lexically; keeps leading ".." of a relative path.
  public static func normalize(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." { parts.removeLast() } else if !absolute { parts.append(part) }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}
