import Bytes
import Codecs
import PhotoCore
import Platform

/// `strip` of one file, in place: read it whole (`InPlaceFile`: a regular file with one link),
/// read it as an output is read (`StripScan`), plan the rewrite in its own format
/// (`StripRewriter`), make the new bytes in memory, read them again with the same leak scan and
/// compare their picture data with the input's (`StripCodedData`), and only when nothing is
/// left and the picture is the same, replace the file — one rename. Anything short of that
/// leaves the file as it was.
public enum Stripper {
  /// Strips the file at `path` (with `dryRun`: says what it would do, writes nothing).
  public static func strip(path: String, options: StripOptions) -> StripResult {
    let file: InPlaceFile, bytes: [UInt8]
    do {
      (file, bytes) = try InPlaceFile.read(path)
    } catch {
      return StripResult(path: path, status: error.isRead ? .unreadable : .unwritten, dryRun: options.dryRun, reason: error.description)
    }
    var (result, output) = rewrite(bytes, path: path, options: options)
    guard result.status == .cleaned, let output, !options.dryRun else { return result }
    do {
      try file.replace(with: output)
    } catch {
      result.status = .unwritten
      result.reason = "not written: \(error)"
    }
    return result
  }

  /// The rewrite of `bytes` in memory, checked: the result, and the new bytes when it is
  /// `cleaned`.
  public static func rewrite(_ bytes: [UInt8], path: String, options: StripOptions) -> (StripResult, [UInt8]?) {
    var result = StripResult(path: path, status: .refused, dryRun: options.dryRun)
    result.bytesBefore = bytes.count
    result.bytesAfter = bytes.count
    let before = StripScan.read(bytes, path: path)
    result.format = before.metadata.format
    guard before.metadata.format != nil, let tree = before.tree else {
      // Not a format photoaudit reads ("not a JPEG, …"): unsupported; one it recognised but
      // could not read at all (an empty file, a HEIF without its 'meta'): unreadable.
      result.status = before.metadata.error?.hasPrefix("not ") == true ? .unsupported : .unreadable
      result.reason = before.metadata.error ?? "not an image"
      return (result, nil)
    }
    let leaks = StripScan.leaks(before)
    result.leaksBefore = leaks.map(StripScan.summary).uniqued()
    let input = StripInput(bytes: bytes, tree: tree, metadata: before.metadata)
    var plan: StripPlan
    do {
      plan = try StripRewriter.plan(input)
    } catch {
      result.status = error.kind == .unsupported ? .unsupported : .refused
      return (refuse(result, "not stripped: \(error)", left: leaks), nil)
    }
    var output: [UInt8]
    do {
      output = try plan.apply(to: bytes)
    } catch {
      return (refuse(result, "not stripped: its rewrite does not fit together (\(error))", left: leaks), nil)
    }
    var rotated: Orientation?
    if options.orient { (output, rotated) = JPEGStrip.orient(input, stripped: output, plan: &plan) }
    result.removed = plan.removed
    result.kept = plan.kept
    result.notes = plan.notes
    result.bytesAfter = output.count
    // The result is read as any output is: what is left refuses it.
    let after = output == bytes ? before : StripScan.read(output, path: path)
    let left = StripScan.leaks(after)
    guard left.isEmpty else {
      let what = left.map(StripScan.summary).uniqued().joined(separator: "; ")
      return (refuse(result, "not stripped: strip cannot remove all of it; the result would still have \(what)", left: left), nil)
    }
    guard let afterTree = after.tree else { return (refuse(result, "not stripped: the result cannot be read", left: []), nil) }
    let changedPicture = rotated.map { StripCodedData.differenceAfterRotation(input: bytes, output: output, applied: $0) }
      ?? StripCodedData.difference(tree, bytes, afterTree, output)
    if let changedPicture { return (refuse(result, "not stripped: \(changedPicture)", left: []), nil) }
    guard output != bytes else {
      result.status = .unchanged
      result.removed = []
      return (result, nil)
    }
    result.status = .cleaned
    return (result, output)
  }

  /// `result` refused, with a PA015 per thing left (ID, carrier, tag: never the value).
  static func refuse(_ result: StripResult, _ reason: String, left: [Finding]) -> StripResult {
    var refused = result
    if refused.status == .cleaned || refused.status == .unchanged { refused.status = .refused }
    refused.reason = reason
    refused.removed = []
    refused.bytesAfter = refused.bytesBefore
    let file = result.path
    let kept = "the file was left unchanged"
    if refused.status == .unsupported {
      refused.findings = []
    } else if left.isEmpty {
      refused.findings = [Finding(.incompleteCheck, file: file, carrier: "file", evidence: "\(reason); \(kept)")]
    } else {
      refused.findings = left.map(StripScan.summary).uniqued().map { what in
        Finding(.incompleteCheck, file: file, carrier: "file", evidence: "not stripped: \(what) would be left; \(kept)")
      }
    }
    return refused
  }
}
