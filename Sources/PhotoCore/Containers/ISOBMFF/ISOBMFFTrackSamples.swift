import Bytes
/// Where the samples of a track lie (image sequences: AVIF `avis`, HEIF `msf1`, Live-Photo-style
/// tracks): chunk offsets from `stco`/`co64`, samples per chunk from `stsc`, sample sizes from
/// `stsz`/`stz2`. The byte map claims these ranges inside `mdat`, so sequence data is not
/// reported as unreferenced. [ISO/IEC 14496-12 8.7.3 stsz/stz2, 8.7.4 stsc, 8.7.5 stco/co64]
struct ISOBMFFTrackSamples {
  /// Largest sample table box read.
  static let maxTableBytes = 16 << 20

  /// The sample table boxes of one `stbl`, by type, as absolute payload ranges.
  package var tables: [String: Range<Int>] = [:]
  /// The track's handler type (`mdia/hdlr`), when read before its `stbl`.
  var handler: String?
  /// The track's number: 1 for the movie's first `trak` box (ExifTool's `Track1`), 0 outside one.
  package var number = 0
  /// The payload of the `stsd` box (the sample descriptions), when there is one.
  var descriptions: Range<Int>?
  /// The sample entry types `stsd` lists (read for tracks of data only: `readDescriptions`).
  package var formats: [String] = []
  /// The first sample entry's bytes after its box header.
  var firstDescription: [UInt8] = []
  /// Why the sample descriptions could not be read, when they could not.
  var descriptionProblem: String?

  /// Handlers whose samples are coded pictures or sound, which are never searched. The samples
  /// of every other track (timed metadata `meta`/`mebx`, text, subtitles, timecode, private
  /// handlers) are data: a decoder reads them (`TimedTrackFormat`), or the sweep does and the
  /// track is PA015.
  static let pictureOrSoundHandlers: Set<String> = ["vide", "soun", "pict", "auxv"]

  /// True for a track whose samples are data, not pictures or sound (a `TimedTrack`): its
  /// handler says so, or its sample description is a format of timed data whatever the handler
  /// says (a GPMF track labelled 'vide' is still GPMF).
  var isTimed: Bool {
    !Self.pictureOrSoundHandlers.contains(handler ?? "vide") || TimedTrackFormat(handler: handler, format: formats.first) != nil
  }

  /// True when the sweep reads this track's samples: data that no decoder reads.
  func isSwept(format: String?) -> Bool { isTimed && TimedTrackFormat(handler: handler, format: format) == nil }

  /// The byte ranges of the track's chunks, adjacent chunks joined; empty when a table is
  /// missing or malformed (the samples then stay unaccounted, with a warning from the caller).
  func chunkRanges(_ source: any ByteSource) -> [Range<Int>]? {
    guard let offsets = chunkOffsets(source), let sizes = sampleSizes(source), let runs = samplesPerChunk(source) else {
      return nil
    }
    var ranges: [Range<Int>] = []
    var sample = 0
    var run = 0
    for (index, offset) in offsets.enumerated() {
      let chunk = index + 1
      while run + 1 < runs.count, runs[run + 1].firstChunk <= chunk { run += 1 }
      guard run < runs.count, runs[run].firstChunk <= chunk else { return nil }
      let perChunk = runs[run].samples
      guard sample + perChunk <= sizes.count else { return nil }
      var length = 0
      for size in sizes[sample..<sample + perChunk] {
        let (sum, overflow) = length.addingReportingOverflow(size)
        guard !overflow else { return nil }
        length = sum
      }
      sample += perChunk
      guard length > 0 else { continue }
      let (end, overflow) = offset.addingReportingOverflow(length)
      guard !overflow else { return nil }
      if let last = ranges.last, last.upperBound == offset {
        ranges[ranges.count - 1] = last.lowerBound..<end
      } else {
        ranges.append(offset..<end)
      }
    }
    return ranges
  }

  /// Reads the `stsd` box: every sample entry's type and the first entry's bytes (under
  /// `TimedTrack.maxDescriptionBytes`). [ISO/IEC 14496-12 8.5.2]
  mutating func readDescriptions(_ source: any ByteSource) {
    guard let range = descriptions else {
      descriptionProblem = "the track has no sample description ('stsd')"
      return
    }
    let cap = TimedTrack.maxDescriptionBytes
    guard range.count >= 8, let bytes = try? source.exactBytes(in: range.lowerBound..<range.lowerBound + min(range.count, cap), what: "'stsd' box")
    else {
      descriptionProblem = "its sample description ('stsd', \(range.count) bytes) could not be read"
      return
    }
    var r = ByteReader(bytes, base: range.lowerBound, what: "'stsd' box")
    do throws(ByteError) {
      try r.skip(4)  // version and flags
      let count = try r.u32be()
      for index in 0..<min(Int(count), 64) {
        let start = r.position
        let size = Int(try r.u32be())
        let type = ISOBMFFBox.fourCC(try r.read(4))
        guard size >= 8, start + size <= bytes.count else {
          descriptionProblem = start + size > bytes.count && range.count > cap
            ? "its sample description is over the \(cap >> 20) MiB cap" : "its sample entry \(index + 1) ('\(type)') runs past the 'stsd' box"
          return
        }
        formats.append(type)
        if index == 0 { firstDescription = Array(bytes[start + 8..<start + size]) }
        try r.seek(to: start + size)
      }
      if count > 64 { descriptionProblem = "its 'stsd' box lists \(count) sample descriptions; the first 64 were read" }
    } catch {
      descriptionProblem = "its sample description ('stsd') ends early: \(error)"
    }
  }

  /// The byte range of each sample, in order, the first `limit` of them (for decoders of timed
  /// data): chunk offsets plus the sizes of the samples before it in its chunk. Nil when a table
  /// is missing or malformed. `declared`: how many samples the tables list. `base` is added to
  /// every offset (a movie inside another file counts from its own start).
  func sampleRanges(_ source: any ByteSource, base: Int, limit: Int) -> (ranges: [Range<Int>], declared: Int)? {
    guard let offsets = chunkOffsets(source), let sizes = sampleSizes(source), let runs = samplesPerChunk(source) else {
      return nil
    }
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(min(sizes.count, limit))
    var sample = 0
    var run = 0
    for (index, offset) in offsets.enumerated() where sample < sizes.count {
      let chunk = index + 1
      while run + 1 < runs.count, runs[run + 1].firstChunk <= chunk { run += 1 }
      guard run < runs.count, runs[run].firstChunk <= chunk else { return nil }
      let perChunk = runs[run].samples
      guard sample + perChunk <= sizes.count else { return nil }
      var (start, overflow) = offset.addingReportingOverflow(base)
      guard !overflow else { return nil }
      for size in sizes[sample..<sample + perChunk] {
        let (end, overflowEnd) = start.addingReportingOverflow(size)
        guard !overflowEnd else { return nil }
        if ranges.count < limit { ranges.append(start..<end) }
        start = end
      }
      sample += perChunk
    }
    // Samples the sizes list but no chunk holds are not in the file: the tables are wrong.
    guard sample == sizes.count else { return nil }
    return (ranges, sizes.count)
  }

  /// Reads a table's payload after its FullBox header.
  private func payload(_ type: String, _ source: any ByteSource) -> ByteReader? {
    guard let range = tables[type], range.count >= 4, range.count <= Self.maxTableBytes,
          let bytes = try? source.exactBytes(in: range, what: "'\(type)' box") else { return nil }
    var reader = ByteReader(bytes, base: range.lowerBound, what: "'\(type)' box")
    try? reader.skip(4)  // version and flags
    return reader
  }

  /// `stco` (32-bit) or `co64` (64-bit) chunk offsets.
  func chunkOffsets(_ source: any ByteSource) -> [Int]? {
    let wide = tables["co64"] != nil
    guard var r = payload(wide ? "co64" : "stco", source), let count = try? r.u32be(),
          Int(count) <= r.remaining / (wide ? 8 : 4) else { return nil }
    var offsets: [Int] = []
    offsets.reserveCapacity(Int(count))
    for _ in 0..<count {
      guard let value = wide ? try? r.u64be() : (try? r.u32be()).map(UInt64.init), let offset = Int(exactly: value)
      else { return nil }
      offsets.append(offset)
    }
    return offsets
  }

  /// `stsz` or `stz2` sample sizes.
  func sampleSizes(_ source: any ByteSource) -> [Int]? {
    if var r = payload("stsz", source) {
      guard let fixed = try? r.u32be(), let count = try? r.u32be() else { return nil }
      if fixed != 0 {
        guard count <= 1 << 24 else { return nil }
        return Array(repeating: Int(fixed), count: Int(count))
      }
      guard Int(count) <= r.remaining / 4 else { return nil }
      var sizes: [Int] = []
      sizes.reserveCapacity(Int(count))
      for _ in 0..<count {
        guard let size = try? r.u32be() else { return nil }
        sizes.append(Int(size))
      }
      return sizes
    }
    guard var r = payload("stz2", source), (try? r.skip(3)) != nil, let fieldSize = try? r.u8(),
          [4, 8, 16].contains(fieldSize), let count = try? r.u32be(),
          Int(count) <= r.remaining * 8 / Int(fieldSize) else { return nil }
    var sizes: [Int] = []
    sizes.reserveCapacity(Int(count))
    var pending: UInt8?
    for _ in 0..<count {
      switch fieldSize {
      case 4:
        if let byte = pending {
          sizes.append(Int(byte & 0x0F))
          pending = nil
        } else {
          guard let byte = try? r.u8() else { return nil }
          sizes.append(Int(byte >> 4))
          pending = byte
        }
      case 8:
        guard let size = try? r.u8() else { return nil }
        sizes.append(Int(size))
      default:
        guard let size = try? r.u16be() else { return nil }
        sizes.append(Int(size))
      }
    }
    return sizes
  }

  /// `stsc` runs: from `firstChunk` on, each chunk holds `samples` samples.
  func samplesPerChunk(_ source: any ByteSource) -> [(firstChunk: Int, samples: Int)]? {
    guard var r = payload("stsc", source), let count = try? r.u32be(), Int(count) <= r.remaining / 12 else { return nil }
    var runs: [(firstChunk: Int, samples: Int)] = []
    for _ in 0..<count {
      guard let first = try? r.u32be(), let samples = try? r.u32be(), (try? r.skip(4)) != nil else { return nil }
      runs.append((Int(first), Int(samples)))
    }
    return runs
  }
}
