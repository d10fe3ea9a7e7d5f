import PhotoCore
extension PairAuditor {
  /// The carrier-path step of what a Live Photo's video carries.
  static let livePhotoStep = CarrierPath("live-photo-video")

  /// Reads a Live Photo's video (every byte but its `mdat`, as any video output) and files what
  /// it carries into the still's model under `live-photo-video`: its GPS is the still's (PA001,
  /// PA002 when the descriptor says it was removed), its tags count for PA006/PA007, what could
  /// not be read or checked is PA015. Returns the video's PA014 findings, moved to the still's
  /// entry (policy applied).
  static func addCompanion(_ path: String, to output: inout PhotoMetadata, policy: Policy) -> [Finding] {
    let (video, inspection, _, _) = read(path, whole: false, mode: .complete)
    let step = livePhotoStep
    output.fileLocationAndTags(of: video, under: step)
    output.incomplete += video.incomplete.map {
      IncompleteCheck(scope: step.appending(CarrierPath(parsing: $0.scope)).description, reason: "\(path): \($0.reason)")
    }
    if let error = video.error {
      output.incomplete.append(IncompleteCheck(scope: step.description, reason: "the Live Photo video \(path) could not be read: \(error)"))
    }
    guard video.error == nil, inspection?.hasUnexplainedBytes != false, let map = inspection?.byteMap else { return [] }
    let moved = UnaccountedBytesCheck.findings(for: map, file: output.path).map { finding in
      var f = finding
      f.carrier = step.appending(CarrierPath(parsing: finding.carrier ?? "bytes")).description
      f.prefixEvidence("\(path): ")
      return f
    }
    return policy.apply(moved)
  }
}
