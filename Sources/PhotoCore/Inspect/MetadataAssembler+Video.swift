extension MetadataAssembler {
  /// A QuickTime/MP4 metadata carrier: its tags, and each location as GPS of the file.
  func decodeQuickTime(_ carrier: Carrier, into m: inout PhotoMetadata) {
    let contents = QuickTimeDecoder.decode(carrier.payload, kind: carrier.kind)
    m.tags += carrier.document.isRoot ? contents.tags : contents.tags.map { var tag = $0; tag.document = carrier.document; return tag }
    m.warnings += contents.warnings.map { "\(carrier.note ?? carrier.kind.rawValue): \($0)" }
    for fix in contents.gps {
      var placed = fix.inDocument(carrier.document)
      placed.offset = carrier.offset
      record(placed, in: &m)
    }
  }

  /// MOV/MP4: the video track's matrix gives the display orientation (a quarter turn, mirrored
  /// or not); the displayed size follows. The EXIF orientation does not apply to a movie.
  func resolveMovieGeometry(_ scan: ContainerScan, stored: PixelSize, into m: inout PhotoMetadata) {
    m.orientation.exifApplies = false
    m.displayed = stored
    guard let track = scan.movie?.videoTrack else { return }
    m.orientation.trackRotation = track.matrix.rotationDegrees
    m.orientation.trackMirrored = track.matrix.isMirrored
    var effective = Orientation.up
    if let orientation = track.matrix.orientation {
      effective = orientation
    } else {
      m.warnings.append("video track \(track.id) has a matrix (\(track.matrix.description)) that is not a quarter turn; shown as stored")
    }
    // Players draw the track matrix, then the movie's (`mvhd`), almost always the identity.
    if let movie = scan.movie?.movieMatrix, movie != .identity {
      if let outer = movie.orientation { effective = outer.after(effective) }
      else { m.warnings.append("the movie matrix (\(movie.description)) is not a quarter turn; ignored") }
    }
    m.orientation.effective = effective
    m.displayed = effective.displayedSize(stored: stored)
  }
}
