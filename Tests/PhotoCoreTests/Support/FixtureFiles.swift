import Foundation
import TestSupport

/// The repository's own fixtures (made by Fixtures/generate.sh with independent tools).
enum FixtureFiles {
  static let root: URL = Repository.fixtures

  static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  /// Every image fixture under `folder` (sorted), relative to Fixtures/.
  static func images(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
    return names.filter { [".jpg", ".png", ".heic", ".webp", ".gif"].contains(where: $0.hasSuffix) }.sorted().map { "\(folder)/\($0)" }
  }
}
