import Bytes
import PhotoCore
import Pipeline
import Runtime

/// `photoaudit inspect --map FILE...`: what each file carries, plus the byte map — every byte
/// attributed to a structure, the accounted fraction, and what the unexplained bytes look like.
enum InspectMap {
  /// Inspects and maps each file.
  static func inspect(_ paths: [String], jobs: Int, budget: Double, progress: Progress) -> [(PhotoMetadata, ByteMap?)] {
    BudgetedParallelMap.map(paths, jobs: jobs, seconds: budget, done: progress.tick) { path, _ -> (PhotoMetadata, ByteMap?) in
      let (metadata, map) = inspectAndMap(path)
      return (metadata, map)
    } overBudget: { path in
      (PhotoMetadata(path: path, error: "not read: it \(OptionValues.overBudget(budget))"),
       ByteMap(format: nil, fileSize: 0, regions: [], warnings: []))
    }
  }

  /// The file read once into its layout tree; the model and the byte map are views of it. A
  /// file that cannot be opened gets the usual messages of each.
  static func inspectAndMap(_ path: String) -> (PhotoMetadata, ByteMap) {
    guard let source = try? FileSource(path: path) else { return (Inspector.inspect(path: path), ByteMapper.map(path: path)) }
    let inspection = Inspector.read(source: source, path: path)
    return (inspection.metadata, inspection.byteMap ?? ByteMapper.map(source))
  }

  /// The inspect object with a `map` member (null when the file could not be read).
  static func file(_ object: JSONValue, map result: (PhotoMetadata, ByteMap), redact: Bool = false) -> JSONValue {
    guard case .object(var members) = object else { return object }
    let mapped = result.0.error == nil || result.1.fileSize > 0
    let map: JSONValue = mapped ? ByteMapReport.json(result.1, redact: redact) : .null
    if let errorIndex = members.firstIndex(where: { $0.0 == "error" }) {
      members.insert(("map", map), at: errorIndex)
    } else {
      members.append(("map", map))
    }
    return .object(members)
  }

  /// The inspect block, then the map table and its summary line.
  static func table(_ metadata: PhotoMetadata, _ map: ByteMap, allTags: Bool, style: TextStyle, maxPixels: Int, redact: Bool = false) -> String {
    var out = InspectTable.render([metadata], allTags: allTags, style: style, maxPixels: maxPixels, redact: redact)
    guard metadata.error == nil || map.fileSize > 0 else { return out }
    let summary = ByteMapReport.summary(map)
    out += "  map  " + (map.isFullyAccounted ? style.green(summary) : style.red(summary)) + "\n"
    for warning in map.warnings { out += "  map warning  " + style.yellow(SafeText.plain(warning)) + "\n" }
    out += ByteMapReport.table(map, style: style, indent: 4, redact: redact)
    return out
  }
}
