import Foundation

/// Where each input's output and descriptor go: `DIR/<stem>.jpg` and `DIR/<stem>.json`. Names
/// come from the input's base name only, so an output never escapes `--out`; two inputs with the
/// same stem, or an output that would replace an input, are refused.
public enum OutputNaming {
  public struct Job: Sendable {
    public var input: String
    public var output: String
    public var descriptor: String
    /// Why this input cannot be written, when it cannot.
    public var conflict: String?
  }

  public static func plan(_ inputs: [String], out: String, png: Bool) -> [Job] {
    let directory = RelativePath.normalize(out)
    var taken: [String: String] = [:]
    let inputSet = Set(inputs.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path })
    return inputs.map { input in
      var stem = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
      // "/" is the stem of the path "/": joined to --out it would be an absolute path outside it.
      if stem.isEmpty || stem == "." || stem == ".." || stem.contains("/") { stem = "image" }
      let output = RelativePath.join(directory, stem + (png ? ".png" : ".jpg"))
      let descriptor = RelativePath.join(directory, stem + ".json")
      var job = Job(input: input, output: output, descriptor: descriptor)
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
}
