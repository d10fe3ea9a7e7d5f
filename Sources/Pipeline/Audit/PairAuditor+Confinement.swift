import Bytes
import Foundation
import PhotoCore
import Platform

extension PairAuditor {
  /// The original a descriptor names: `path` as reports show it (relative to the descriptor's
  /// folder, joined lexically) and, when the read scope admits it, the resolved path to read.
  struct FollowedOriginal {
    package var path: String
    var admitted: String?
  }

  /// The descriptor's `original`, resolved against the descriptor's folder and checked against
  /// `scope`; nil when there is no descriptor or it names no original.
  static func followedOriginal(_ descriptor: Descriptor?, at descriptorPath: String?, scope: ReadScope) -> FollowedOriginal? {
    guard let named = descriptor?.original, let descriptorPath else { return nil }
    let path = RelativePath.join(PathName.folder(descriptorPath), named)
    return FollowedOriginal(path: path, admitted: scope.admit(path))
  }

  /// An original refused by the read scope: PA013 with nothing of the file opened, quoted or
  /// decoded (not even whether it exists).
  package static func refused(_ path: String) -> (metadata: PhotoMetadata, inspection: Inspection?, source: (any ByteSource)?, bytes: [UInt8]?) {
    (PhotoMetadata(path: path, error: ReadScope.refusal(path)), nil, nil, nil)
  }
}
