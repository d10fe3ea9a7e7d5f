import Bytes
extension ISOBMFFWalk {
  /// After the walk, in both read modes: every track whose samples are data (not pictures or
  /// sound) becomes a `TimedTrack` with its sample description and the byte range of each sample,
  /// and a Novatek GPS list (`moov/gps `, top-level `freeGPS ` boxes) one with no number. Only
  /// sample tables are read here (a few bytes per sample); the telemetry decoders read the
  /// samples. Video and sound tracks cost nothing.
  mutating func collectTimedTracks() {
    for track in tracks where track.isTimed {
      var timed = TimedTrack(number: track.number, handler: track.handler ?? "", format: track.formats.first ?? "",
                             formats: track.formats, sampleDescription: track.firstDescription)
      if let located = track.sampleRanges(source, base: range.lowerBound, limit: TimedTrack.maxSamples) {
        timed.samples = located.ranges
        timed.declaredSamples = located.declared
        if located.declared > located.ranges.count {
          timed.unread = "\(located.declared) samples, over the cap of \(TimedTrack.maxSamples); the first \(located.ranges.count) were located"
        }
      } else {
        timed.unread = "its sample tables ('stsz', 'stsc', 'stco') could not be read: its samples were not located"
      }
      if let problem = track.descriptionProblem { timed.unread = problem }
      if movie.sawFragments {
        timed.unread = "the movie is fragmented ('moof' boxes): samples in movie fragments are not read"
      }
      tree.scan.timedTracks.append(timed)
    }
    guard let list = novatekList() else { return }
    tree.scan.timedTracks.append(list)
    if mode == .complete {
      // The blocks inside 'mdat' are read by the decoder: accounted, not swept.
      let named = list.samples.filter { block in !movie.freeGPSBoxes.contains { $0.lowerBound == block.lowerBound } }
      place(named.map { LayoutNode("freeGPS block", range: $0, note: "named by the Novatek GPS list, decoded") },
            outside: "freeGPS block outside any mdat or free box", warning: "Novatek GPS block(s)")
    }
  }

  /// Most blocks read from a Novatek GPS list (one a second for a day).
  static let maxGPSBlocks = 86_400

  /// The Novatek GPS list: the blocks `moov/gps ` names (big-endian: a version word, a count,
  /// then offset and size of each block) and the top-level `freeGPS ` boxes it does not name.
  /// Offsets count from the start of the document. [ExifTool QuickTimeStream.pl ParseTag 'gps ']
  func novatekList() -> TimedTrack? {
    guard movie.gpsList != nil || !movie.freeGPSBoxes.isEmpty else { return nil }
    var list = TimedTrack(number: nil, handler: "", format: NovatekGPSList.format)
    var blocks: [Range<Int>] = []
    if let payload = movie.gpsList {
      let bytes = (try? source.bytes(in: payload.lowerBound..<min(payload.upperBound, payload.lowerBound + 8 + 8 * Self.maxGPSBlocks))) ?? []
      var r = ByteReader(bytes, base: payload.lowerBound, what: "'gps ' box")
      if (try? r.skip(4)) != nil, let declared = try? r.u32be() {
        let count = min(Int(declared), r.remaining / 8, Self.maxGPSBlocks)
        for _ in 0..<count {
          guard let offset = try? r.u32be(), let size = try? r.u32be() else { break }
          let start = range.lowerBound + Int(offset)
          guard size > 0, start < upper else {
            if size > 0 { list.unread = "a block it names lies past the end of the file (at byte \(start))" }
            continue
          }
          blocks.append(start..<min(start + Int(size), upper))
        }
        list.declaredSamples = Int(declared)
        if Int(declared) > count, list.unread == nil {
          list.unread = "it names \(declared) blocks in \(payload.count) bytes; \(count) were read"
        }
      } else {
        list.unread = "the 'gps ' box (\(payload.count) bytes) is too short to list its blocks"
      }
    }
    for box in movie.freeGPSBoxes where !blocks.contains(where: { $0.lowerBound == box.lowerBound }) { blocks.append(box) }
    list.samples = blocks
    list.declaredSamples = max(list.declaredSamples, blocks.count)
    return list
  }
}
