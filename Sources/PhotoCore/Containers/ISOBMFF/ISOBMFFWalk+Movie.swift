extension ISOBMFFWalk {
  /// True once the brands name a HEIF, HEIC or AVIF image.
  var isHEIF: Bool { tree.format.imageFormat?.isHEIFFamily == true }
  /// True once the brands name a MOV or MP4 video.
  var isMovie: Bool { tree.format.imageFormat?.isVideo == true }
  /// The format as messages name it: "MOV", "MP4", else "HEIF" (also for ISOBMFF of unknown brands).
  package var label: String {
    switch tree.format {
    case .mov: "MOV"
    case .mp4: "MP4"
    default: "HEIF"
    }
  }

  /// Bytes of a leaf box read for movie facts (`tkhd`, `mvhd`, `hdlr`); they are shorter.
  static let movieHeaderBytes = 256

  /// Before the children of a container are walked.
  mutating func enterMovieBox(_ box: ISOBMFFBox) {
    if box.type == "moov" { movie.sawMovie = true }
    if box.type == "moof" { movie.sawFragments = true }
    if box.type == "trak" { movie.beginTrack() }
  }

  /// After the children of a container were walked: a track ends; `udta` and QuickTime `meta`
  /// boxes of the movie or a track become carriers (payload: their child boxes).
  mutating func leaveMovieBox(_ box: ISOBMFFBox, parent: String?, content: Range<Int>, children: [LayoutNode]) {
    guard let parent, ["moov", "trak", "udta"].contains(parent) else { return }
    switch box.type {
    case "trak":
      movie.endTrack()
    case "udta" where parent != "udta":
      movie.carrier(.userData, content, note: "'udta' in '\(parent)'", source: source)
    case "meta":
      // `keys` + `ilst`: QuickTime metadata; `ilst` alone: an iTunes-style item list. [QTFF "Metadata"]
      let names = Set(children.map(\.name))
      guard names.contains("ilst") || names.contains("keys") else { return }
      movie.carrier(names.contains("keys") ? .keys : .itemList, content, note: "'meta' in '\(parent)'", source: source)
    default:
      break
    }
  }

  /// A leaf box that matters to movies: track and movie headers are read for their facts (and
  /// mapped as ordinary boxes: nil); XMP boxes become carriers and a HEIF `mpvd` box the place of
  /// the Motion Photo video (their nodes returned).
  mutating func movieLeaf(_ box: ISOBMFFBox, parent: String?, note: String?, uuid: [UInt8]) -> LayoutNode? {
    let range = box.offset..<box.end
    let head = box.payloadOffset..<min(box.end, box.payloadOffset + Self.movieHeaderBytes)
    switch (box.type, parent) {
    case ("tkhd", "trak"?):
      if let bytes = try? source.bytes(in: head) { movie.trackHeader(bytes) }
    case ("mvhd", "moov"?):
      if let bytes = try? source.bytes(in: head) { movie.movieHeader(bytes) }
    case ("hdlr", "mdia"?):
      if let bytes = try? source.bytes(in: head) { movie.mediaHandler(bytes) }
    case ("uuid", _) where uuid == MovieCollector.xmpUUID:
      movie.carrier(.xmp, box.payloadRange, note: "XMP 'uuid' box", source: source)
      return LayoutNode("uuid", range: range, headerLength: box.headerSize, note: ["XMP", note].compactMap { $0 }.joined(separator: "; "))
    case ("XMP_", "udta"?):
      movie.carrier(.xmp, box.payloadRange, note: "'XMP_' in 'udta'", source: source)
      return LayoutNode("XMP_", range: range, headerLength: box.headerSize, note: note)
    case ("gps ", "moov"?) where isMovie:
      // A dashcam's Novatek GPS list: where its `freeGPS ` blocks are (decoded as telemetry).
      movie.gpsList = box.payloadRange
      return LayoutNode("gps ", range: range, headerLength: box.headerSize,
                        note: ["Novatek GPS list (offsets of 'freeGPS ' blocks)", note].compactMap { $0 }.joined(separator: "; "))
    case ("mpvd", nil) where isHEIF:
      // Google Motion Photo in HEIF: the MP4 is the payload of a top-level 'mpvd' box.
      let start = box.payloadOffset
      guard box.end >= start + 8, (try? source.bytes(in: start + 4..<start + 8)) == Array("ftyp".utf8) else { return nil }
      movie.motionPhotoVideo = box.payloadRange
      return LayoutNode("mpvd", range: range, headerLength: box.headerSize,
                        note: ["Motion Photo video, read as motion-photo", note].compactMap { $0 }.joined(separator: "; "))
    default:
      break
    }
    return nil
  }

  /// After the walk: the movie facts and carriers go into the scan (whatever stopped the walk:
  /// what was read counts); a movie without `moov` is unreadable.
  mutating func finishMovie() {
    if movie.sawMovie { tree.scan.movie = movie.movie }
    if isMovie { collectTimedTracks() }
    tree.scan.motionPhotoVideo = movie.motionPhotoVideo
    if !movie.carriers.isEmpty { tree.scan.carriers = (tree.scan.carriers + movie.carriers).sorted { $0.offset < $1.offset } }
    tree.incomplete += movie.incomplete
    tree.scan.warnings += movie.warnings.map { "\(label) \($0)" }
    guard isMovie else { return }
    if let video = movie.movie.videoTrack {
      tree.scan.storedSize = PixelSize(width: Int(video.width.rounded()), height: Int(video.height.rounded()))
    } else if movie.sawMovie {
      tree.scan.warnings.insert("\(label) has no video track with a size", at: 0)
    }
    if !movie.sawMovie, tree.failure == nil {
      tree.failure = .malformed(format: label, what: "file", offset: range.lowerBound, reason: "no 'moov' box: the movie's metadata is missing")
    }
  }
}
