import Codecs

extension JPEGCodec {
  /// APP2 identifier of an ICC profile chunk, NUL included. [ICC.1:2010 Annex B.4]
  static let iccIdentifier: [UInt8] = Array("ICC_PROFILE".utf8) + [0]
  /// Largest profile chunk per APP2: 65535 − 2 (length) − 12 (identifier) − 2 (seq, count).
  public static let iccChunkCapacity = 65519

  /// Inserts `profile` into `jpeg` as APP2 "ICC_PROFILE\0" segments of at most 65519 bytes,
  /// each with its 1-based sequence number and the chunk count, right after SOI and any APP0
  /// (JFIF/JFXX) segments that follow it – where readers expect it. Existing ICC segments are
  /// not removed (the encoder and lossless transforms never write one).
  ///
  /// Throws `.invalidArgument` when `jpeg` does not start with SOI, or the profile is empty or
  /// needs more than 255 chunks (about 16 MB).
  public static func insertICC(_ profile: [UInt8], into jpeg: [UInt8]) throws(CodecError) -> [UInt8] {
    guard jpeg.count >= 2, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else {
      throw .invalidArgument("cannot insert an ICC profile: the data is not a JPEG (no SOI marker)")
    }
    guard !profile.isEmpty else { throw .invalidArgument("cannot insert an empty ICC profile") }
    let chunks = (profile.count + iccChunkCapacity - 1) / iccChunkCapacity
    guard chunks <= 255 else {
      throw .invalidArgument("an ICC profile of \(profile.count) bytes needs \(chunks) APP2 segments; JPEG allows 255")
    }
    let at = afterLeadingAPP0(jpeg)
    var out: [UInt8] = []
    out.reserveCapacity(jpeg.count + profile.count + chunks * 18)
    out.append(contentsOf: jpeg[0..<at])
    for index in 0..<chunks {
      let start = index * iccChunkCapacity
      let piece = profile[start..<min(profile.count, start + iccChunkCapacity)]
      let length = 2 + iccIdentifier.count + 2 + piece.count
      out += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
      out += iccIdentifier
      out += [UInt8(index + 1), UInt8(chunks)]
      out.append(contentsOf: piece)
    }
    out.append(contentsOf: jpeg[at...])
    return out
  }

  /// Offset just past SOI and the APP0 segments directly after it (bounds-checked; a
  /// malformed length stops the walk).
  static func afterLeadingAPP0(_ jpeg: [UInt8]) -> Int {
    var at = 2
    while at + 4 <= jpeg.count, jpeg[at] == 0xFF, jpeg[at + 1] == 0xE0 {
      let length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
      guard length >= 2, at + 2 + length <= jpeg.count else { break }
      at += 2 + length
    }
    return at
  }
}
