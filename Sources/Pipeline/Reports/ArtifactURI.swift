import Bytes
/// Where a SARIF result's file is: a URI reference relative to the folder photoaudit ran in (the
/// checkout root in CI, `%SRCROOT%`), as GitHub code scanning wants paths relative to the
/// repository root; a file outside that folder gets an absolute `file://` URI. [SARIF 2.1.0
/// 3.4.3 uri, 3.4.4 uriBaseId, 3.14.14 originalUriBaseIds]
public struct ArtifactURI: Sendable, Equatable {
  /// The base id of paths below the working folder.
  public static let sourceRoot = "%SRCROOT%"

  /// The percent-encoded URI reference.
  public var uri: String
  /// `%SRCROOT%` for a relative `uri`; nil for an absolute one.
  public var uriBaseId: String?

  /// The URI of `path` as a report names it (relative to `base`, or absolute). `base` is the
  /// absolute folder relative paths are relative to (the current directory of the run).
  public init(path: String, base: String) {
    let (parts, below) = ArtifactURI.resolve(path, base: base)
    if let below {
      uri = below.map(ArtifactURI.encode).joined(separator: "/")
      uriBaseId = ArtifactURI.sourceRoot
    } else {
      uri = "file://" + ArtifactURI.absolutePath(parts)
      uriBaseId = nil
    }
  }

  /// The components of `path` made absolute against `base`, and those below `base` when it is
  /// inside it (nil otherwise).
  static func resolve(_ path: String, base: String) -> (absolute: [String], below: ArraySlice<String>?) {
    let parts = normalized(path.hasPrefix("/") ? path : base + "/" + path)
    let baseParts = normalized(base)
    let inside = parts.count > baseParts.count && parts.prefix(baseParts.count).elementsEqual(baseParts)
    return (parts, inside ? parts.dropFirst(baseParts.count) : nil)
  }

  /// `originalUriBaseIds`' URI of the base folder: absolute, ending with a slash (3.14.14).
  public static func baseURI(_ base: String) -> String {
    let path = absolutePath(normalized(base))
    return "file://" + (path.hasSuffix("/") ? path : path + "/")
  }

  /// The components of an absolute path, `.` dropped and `..` applied (lexically, as a report's
  /// path names the file; links are not resolved).
  static func normalized(_ path: String) -> [String] {
    var parts: [String] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(String(part))
      }
    }
    return parts
  }

  static func absolutePath(_ parts: [String]) -> String { "/" + parts.map(encode).joined(separator: "/") }

  /// One path segment, percent-encoded: every byte of its UTF-8 but the unreserved characters
  /// (RFC 3986 2.3) is `%XX`, so `:`, `%`, `#`, `?`, spaces, controls and non-ASCII survive
  /// any reader's decoding.
  static func encode(_ segment: String) -> String {
    var out = ""
    for byte in segment.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
           UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out += "%" + Hex.byte(byte)
      }
    }
    return out
  }
}

extension ArtifactURI {
  /// `path` as a plain path relative to `base` when it is below it (`./` and `..` resolved
  /// lexically), else absolute: what GitLab's `location.path` and GitHub's `file=` expect, paths
  /// relative to the checkout root.
  public static func relativePath(_ path: String, base: String) -> String {
    let (parts, below) = resolve(path, base: base)
    return below.map { $0.joined(separator: "/") } ?? "/" + parts.joined(separator: "/")
  }
}
