/// PA014 for a Motion Photo whose XMP does not describe its bytes: a `Container:Directory` or
/// `MicroVideoOffset` that places the video where none is, or gives lengths the file does not
/// have. The bytes themselves are accounted for elsewhere (a video that is there is read, as
/// "motion-photo" or, when the XMP is wrong about it, as trailing data; its GPS is PA001 all the
/// same): this finding says the file's own description of its layout is false. Warning.
struct MotionPhotoDirectoryCheck: Check {
  package var ids: [FindingID] { [.unaccountedBytes] }

  package func findings(for s: CheckSubject) -> [Finding] {
    (s.output.motionPhoto?.mismatches ?? []).map { mismatch in
      Finding(.unaccountedBytes, file: s.output.path, carrier: "xmp", tag: "Container:Directory",
              evidence: "Motion Photo layout: \(mismatch)", severity: .warning)
    }
  }
}
