import Foundation

/// Where the tests find the repository's files and the shared real-world corpus: one definition
/// for every test target (found from this file's path, so no test changes the process's
/// current directory to find them).
public enum Repository {
  /// The package root: the folder holding Package.swift.
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `Fixtures/` of the package.
  public static let fixtures: URL = root.appendingPathComponent("Fixtures")

  /// `../shared/corpus` next to the checkout: images from public test suites with ExifTool's
  /// output for each. Absent in a user's clone; tests that need it are skipped with a message.
  public static let sharedCorpus: URL = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")

  /// True when the shared corpus is there (its INDEX.tsv exists).
  public static var hasSharedCorpus: Bool {
    FileManager.default.fileExists(atPath: sharedCorpus.appendingPathComponent("INDEX.tsv").path)
  }
}
