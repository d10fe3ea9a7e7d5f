/// Why a directory walk left a path out. The walk states the fact; the command line adds what
/// the user can do about it (a symbolic link: the option that follows links).
public enum SkipReason: Sendable, Equatable, CustomStringConvertible {
  /// A symbolic link, not followed.
  case symbolicLink
  /// A folder entered before under another name: a symbolic-link loop or a second link.
  case alreadyWalked(realPath: String)
  /// A folder nested deeper than the walk goes.
  case tooDeep(maxDepth: Int)
  /// A folder whose entries could not be listed (or not all of them).
  case unreadableDirectory

  public var description: String {
    switch self {
    case .symbolicLink: "symbolic link"
    case .alreadyWalked(let real): "already walked (a symbolic-link loop or a second link to \(real))"
    case .tooDeep(let maxDepth): "nested deeper than \(maxDepth) directories"
    case .unreadableDirectory: "cannot read directory"
    }
  }
}
