/// An aligned plain-text table (columns padded to their widest cell). Cells are passed through
/// `SafeText.terminal`: a control character in a cell is shown escaped (colour sequences that a
/// renderer added stay); renderers escape untrusted text with `SafeText.plain` before.
public struct TextTable {
  public var headers: [String]
  public var rows: [[String]]
  public init(headers: [String], rows: [[String]]) {
    self.headers = headers
    self.rows = rows
  }

  public func render(indent: Int = 0) -> String {
    let all = ([headers] + rows).map { $0.map(SafeText.terminal) }
    let columns = headers.count
    var widths = Array(repeating: 0, count: columns)
    for row in all {
      for (i, cell) in row.prefix(columns).enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    let pad = String(repeating: " ", count: indent)
    return all.map { row in
      let cells = (0..<columns).map { i -> String in
        let cell = i < row.count ? row[i] : ""
        return i == columns - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
      }
      return pad + cells.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }
}

/// Colours for terminal output; plain when not a terminal or NO_COLOR is set.
public struct TextStyle: Sendable {
  public var color: Bool
  public init(color: Bool) { self.color = color }
  public static let plain = TextStyle(color: false)
  package func wrap(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
  public func bold(_ s: String) -> String { wrap(s, "1") }
  public func red(_ s: String) -> String { wrap(s, "31") }
  public func green(_ s: String) -> String { wrap(s, "32") }
  public func yellow(_ s: String) -> String { wrap(s, "33") }
}

import Foundation
