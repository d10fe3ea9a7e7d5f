import Foundation
import Platform

/// Where each input's output and descriptor go. A file named directly goes to
/// `DIR/<stem>.jpg` + `DIR/<stem>.json`; a file found by walking a folder keeps its place below
/// that folder (`originals/a/photo.heic` → `DIR/a/photo.jpg`), so `a/photo.jpg` and
/// `b/photo.jpg` do not collide. Names are built from path components below the walked folder
/// or the base name only, never `..`, so an output never escapes `--out`. Two inputs that would
/// still share an output (`x.jpg` and `x.heic` side by side), or an output that would replace an
/// input, are refused.
public enum OutputNaming {
  public struct Job: Sendable {
    public var input: String
    public var output: String
    public var descriptor: String
    /// Why this input cannot be written, when it cannot.
    public var conflict: String?
    /// Said when the output's name was shortened to fit the file system's name limit.
    public var shortened: String?
  }

  /// - Parameter relative: for inputs found by walking a folder, their path below it.
  public static func plan(_ inputs: [String], relative: [String: String] = [:], out: String, png: Bool) -> [Job] {
    let directory = RelativePath.normalize(out)
    var taken: [String: String] = [:]
    let inputSet = Set(inputs.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path })
    let limit = TemporaryFiles.nameLimit(directory)
    return inputs.map { input in
      let wanted = place(of: input, relative: relative[input])
      let (placed, shortened) = fitted(wanted, limit: limit)
      let base = RelativePath.join(directory, placed)
      let output = base + (png ? ".png" : ".jpg")
      let descriptor = base + ".json"
      var job = Job(input: input, output: output, descriptor: descriptor)
      if shortened {
        job.shortened = "output name shortened to \(PathName.lastComponent(output)): \(PathName.lastComponent(wanted)).json would be longer than the \(limit) bytes the file system allows"
      }
      if let first = taken[output] {
        job.conflict = "\(input): its output \(output) is already the output of \(first); rename one of them"
      } else if inputSet.contains(URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path)
                  || inputSet.contains(URL(fileURLWithPath: descriptor).standardizedFileURL.resolvingSymlinksInPath().path) {
        job.conflict = "\(input): writing \(output) would overwrite an input; choose another --out"
      }
      taken[output] = taken[output] ?? input
      return job
    }
  }

  /// `place` with its last component shortened (`ShortName.stem`) when `NAME.json` would be
  /// longer than `limit` bytes; true when it was.
  package static func fitted(_ place: String, limit: Int) -> (String, Bool) {
    let name = String(PathName.lastComponent(place))
    let short = ShortName.stem(name, longestSuffix: ".json", limit: limit)
    guard short != name else { return (place, false) }
    return ((place.contains("/") ? PathName.folder(place) + "/" : "") + short, true)
  }

  /// The output's path below `--out`, without extension: the folders below the walked folder
  /// (only plain names: no "", ".", "..") and the input's stem.
  package static func place(of input: String, relative: String?) -> String {
    var stem = PathName.stem(input)
    // "/" is the stem of the path "/": joined to --out it would be an absolute path outside it.
    if stem.isEmpty || stem == "." || stem == ".." { stem = "image" }
    let folders = (relative ?? "").split(separator: "/").dropLast().filter { $0 != "." && $0 != ".." }
    return (folders.map(String.init) + [stem]).joined(separator: "/")
  }
}
