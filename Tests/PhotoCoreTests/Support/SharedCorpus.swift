import Bytes
import Foundation
import PhotoCore
import TestSupport
import Testing

/// The real-world corpus in `../shared/corpus` (next to the repository): images from public test
/// suites with ExifTool 12.57's output for each. Absent in a user's clone: tests that need it
/// are disabled with a message saying so.
enum SharedCorpus {
  static let root: URL = Repository.sharedCorpus

  static var isAvailable: Bool { Repository.hasSharedCorpus }

  static let skipMessage: Comment = "../shared/corpus is absent (a user's clone); corpus tests are skipped"

  /// One row of INDEX.tsv.
  struct Row: Sendable, CustomTestStringConvertible {
    var path: String
    var fields: [String: String]
    subscript(_ column: String) -> String { fields[column] ?? "" }
    var testDescription: String { path }
    var url: URL { SharedCorpus.root.appendingPathComponent(path) }
  }

  /// Every row of INDEX.tsv (empty when the corpus is absent).
  static let rows: [Row] = {
    guard let text = try? String(contentsOf: root.appendingPathComponent("INDEX.tsv"), encoding: .utf8) else { return [] }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    guard !lines.isEmpty else { return [] }
    let header = lines.removeFirst()
    return lines.map { cells in
      var fields: [String: String] = [:]
      for (i, name) in header.enumerated() where i < cells.count { fields[name] = cells[i] }
      return Row(path: cells[0], fields: fields)
    }
  }()

  /// Rows whose ExifTool FileType is one of `types`.
  static func rows(ofType types: Set<String>) -> [Row] { rows.filter { types.contains($0["format"]) } }

  /// ExifTool's JSON for a corpus file (`exiftool -j -n -G1 -a -u`), as a flat key → value map.
  static func oracle(_ path: String) -> [String: JSONValue] {
    let url = root.appendingPathComponent("oracle").appendingPathComponent(path + ".exiftool.json")
    guard let data = try? Data(contentsOf: url), let doc = try? JSONParser.parse([UInt8](data)),
          case .array(let items) = doc, case .object(let members)? = items.first else { return [:] }
    return Dictionary(members, uniquingKeysWith: { first, _ in first })
  }

  /// Coordinates equal within 1e-6° (the oracle tolerance), or both absent.
  static func close(_ ours: Double?, _ theirs: Double?) -> Bool {
    switch (ours, theirs) {
    case (nil, nil): true
    case (let a?, let b?): abs(a - b) <= 1e-6
    default: false
    }
  }
}
