import Foundation

/// Where the config `.photoaudit.json` is (docs/config.md): `--config FILE`, else
/// `PHOTOAUDIT_CONFIG`, else `.photoaudit.json` in the current folder, else in the git top level
/// — the nearest folder above holding `.git` (a folder, or the file a worktree or submodule has);
/// no git process is run. `--no-config` uses none.
public enum ConfigDiscovery {
  /// The config's file name.
  public static let fileName = ".photoaudit.json"

  /// How the config was chosen.
  public enum Source: String, Sendable, Equatable {
    case option = "--config", environment = "PHOTOAUDIT_CONFIG", currentFolder = "the current folder", gitTopLevel = "the git top level"
  }

  /// The config to use: its path (as given, or found: absolute when found in the git top
  /// level) and how it was chosen; nil when there is none. A named one (option, environment)
  /// is returned whether or not it exists: the caller reports it missing.
  public static func locate(option: String?, environment: [String: String], folder: String) -> (path: String, source: Source)? {
    if let option { return (option, .option) }
    if let named = environment["PHOTOAUDIT_CONFIG"], !named.isEmpty { return (named, .environment) }
    if isFile(folder + "/" + fileName) { return (fileName, .currentFolder) }
    guard let top = gitTopLevel(from: folder), top != folder else { return nil }
    let candidate = (top == "/" ? "" : top) + "/" + fileName
    return isFile(candidate) ? (candidate, .gitTopLevel) : nil
  }

  /// The nearest folder from `folder` (absolute) upward that holds `.git`; nil when none does.
  /// At most 256 levels.
  public static func gitTopLevel(from folder: String) -> String? {
    var current = folder
    for _ in 0..<256 {
      if FileManager.default.fileExists(atPath: (current == "/" ? "" : current) + "/.git") { return current }
      guard current != "/" else { return nil }
      current = PathName.folder(current)
    }
    return nil
  }

  private static func isFile(_ path: String) -> Bool {
    var folder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue
  }
}
