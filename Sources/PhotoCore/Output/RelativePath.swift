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
