import Bytes
extension MetadataAssembler {
  /// The tracks of timed data a movie's walk located (`ContainerScan.timedTracks`), decoded by
  /// `TelemetryDecoder`: each is a carrier at `track#N/<format>` (`track#4/gpmf`; `freegps` for a
  /// Novatek GPS list); its positions are one GPS fix — the first position, with how many the
  /// track holds — so one PA001 per track; what could not be read is one PA015 per track, at
  /// `track#N` for a format photoaudit does not decode. [SPEC "Fail closed": a timed-metadata
  /// track is decoded or it is PA015 naming the track and its format]
  func decodeTimedTracks(_ tree: LayoutTree, into m: inout PhotoMetadata) {
    for track in tree.scan.timedTracks {
      let format = TimedTrackFormat(handler: track.handler, format: track.format)
      let kind = format?.carrierKind ?? .timedData
      let document = track.number.map { CarrierPath("track", index: $0) } ?? .root
      let path = document.appending(kind.rawValue)
      let reading = TelemetryDecoder.decode(track, source: tree.source)
      let start = tree.placement.reportedOffset(track.samples.first?.lowerBound ?? tree.range.lowerBound)
      var carrier = Carrier(kind: kind, offset: start, length: track.sampleBytes, note: Self.note(track))
      carrier.document = document
      m.carriers.append(carrier)
      if let first = reading.first {
        var fix = GPSFix(carrier: kind, latitude: first.latitude, longitude: first.longitude, altitude: first.altitude,
                         timestamp: first.time, path: path)
        fix.offset = reading.firstSample.map { tree.placement.reportedOffset(track.samples[$0].lowerBound) } ?? start
        fix.tag = reading.source
        fix.signature = RedactableText(plain: "the first of \(reading.points) position\(reading.points == 1 ? "" : "s") in the track's samples")
        record(fix, in: &m)
      }
      if !reading.problems.isEmpty {
        let scope = format == nil ? (track.number.map { "track#\($0)" } ?? path.description) : path.description
        let more = reading.moreProblems > 0 ? "; and \(reading.moreProblems) more" : ""
        m.incomplete.append(IncompleteCheck(scope: scope, reason: reading.problems.joined(separator: "; ") + more))
      }
    }
  }

  /// "'meta' track 4: 13 'gpmd' samples", "Novatek GPS list: 3 'freeGPS ' blocks".
  package static func note(_ track: TimedTrack) -> String {
    let count = max(track.declaredSamples, track.samples.count)
    guard let number = track.number else { return "Novatek GPS list: \(count) 'freeGPS ' block\(count == 1 ? "" : "s")" }
    return "'\(track.handler)' track \(number): \(count) '\(track.format)' sample\(count == 1 ? "" : "s")"
  }
}
