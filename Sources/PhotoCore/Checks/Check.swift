/// What checks look at: an output, optionally its original, descriptor and pixel verdicts.
public struct CheckSubject: Sendable {
  public var output: PhotoMetadata
  public var original: PhotoMetadata?
  public var descriptor: Descriptor?
  /// A descriptor that was asked for but could not be used.
  public var descriptorProblem: String?
  /// Pixel comparison results, when pixels were compared.
  public var pixels: PixelVerdicts?
  /// Every byte of the output attributed to a structure, when it was mapped (PA014). Nil also
  /// when the layout tree explains every byte (nothing for PA014 to report).
  public var byteMap: ByteMap?
  /// The output's bytes are its original's, byte for byte (PA019).
  public var sameBytesAsOriginal = false

  public init(output: PhotoMetadata, original: PhotoMetadata? = nil, descriptor: Descriptor? = nil,
              descriptorProblem: String? = nil, pixels: PixelVerdicts? = nil, byteMap: ByteMap? = nil) {
    self.output = output
    self.original = original
    self.descriptor = descriptor
    self.descriptorProblem = descriptorProblem
    self.pixels = pixels
    self.byteMap = byteMap
  }
}

/// One independent check: reads the subject, returns findings (only problems, never passes).
public protocol Check: Sendable {
  /// The finding IDs this check can raise.
  var ids: [FindingID] { get }
  func findings(for subject: CheckSubject) -> [Finding]
}

/// Every check photoaudit runs, in report order.
public enum CheckRegistry {
  public static let all: [any Check] = [
    UnreadableCheck(), GPSPresentCheck(), GPSClaimCheck(), OrientationTagCheck(), OrientationPixelCheck(),
    ThumbnailCheck(), LocationTextCheck(), IdentifyingFieldsCheck(), DescriptorMismatchCheck(), CropCheck(),
    SecondaryImageMetadataCheck(), ICCDroppedCheck(), UnaccountedBytesCheck(), MotionPhotoDirectoryCheck(), IncompleteCheckCheck(),
    OutputUnprocessedCheck(), OutputDamagedCheck(),
    GenerationMetadataCheck(), ProvenanceManifestCheck(), C2PAThumbnailCheck(),
  ]

  /// Runs every check and applies the policy (disabled checks dropped, severities changed).
  public static func run(_ subject: CheckSubject, policy: Policy = Policy()) -> [Finding] {
    if subject.output.error != nil {
      // Nothing else of the output can be trusted; but GPS read before the problem is GPS
      // (fail closed), and its descriptor can still be read as a carrier.
      var found = UnreadableCheck().findings(for: subject)
      if subject.output.gps.isEmpty { found += GPSPresentCheck.inDescriptor(subject) }
      else { found += GPSPresentCheck().findings(for: subject) + GPSClaimCheck().findings(for: subject) }
      found += IncompleteCheckCheck().findings(for: subject)
      return policy.apply(found)
    }
    return policy.apply(all.flatMap { $0.findings(for: subject) })
  }
}
