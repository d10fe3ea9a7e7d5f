/// A Motion Photo: a still with a short video inside — after the JPEG's end of image, or in a
/// HEIF `mpvd` box — described by its XMP (`GCamera:MotionPhoto` with a `Container:Directory`,
/// or the older `GCamera:MicroVideo` with `MicroVideoOffset`). [Google Motion Photo format 1.0]
public struct MotionPhotoInfo: Sendable, Equatable {
  /// What says there is a video: "XMP Container:Directory", "XMP GCamera:MicroVideoOffset",
  /// "HEIF 'mpvd' box".
  public var declaredBy: [String]
  /// The file bytes of the video read as the embedded document `motion-photo`; nil when no video
  /// is where the file says.
  public var video: Range<Int>?
  /// Where the XMP and the bytes disagree (a length, an offset, a video that is not there): each
  /// one is a PA014 finding.
  public var mismatches: [String]

  public init(declaredBy: [String] = [], video: Range<Int>? = nil, mismatches: [String] = []) {
    self.declaredBy = declaredBy
    self.video = video
    self.mismatches = mismatches
  }
}
