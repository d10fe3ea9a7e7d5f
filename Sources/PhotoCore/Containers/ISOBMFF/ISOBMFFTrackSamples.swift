/// Where the samples of a track lie (image sequences: AVIF `avis`, HEIF `msf1`, Live-Photo-style
/// tracks): chunk offsets from `stco`/`co64`, samples per chunk from `stsc`, sample sizes from
/// `stsz`/`stz2`. The byte map claims these ranges inside `mdat`, so sequence data is not
/// reported as unreferenced. [ISO/IEC 14496-12 8.7.3 stsz/stz2, 8.7.4 stsc, 8.7.5 stco/co64]
struct ISOBMFFTrackSamples {
  /// Largest sample table box read.
  static let maxTableBytes = 16 << 20

  /// The sample table boxes of one `stbl`, by type, as absolute payload ranges.
  var tables: [String: Range<Int>] = [:]
  /// The track's handler type (`mdia/hdlr`), when read before its `stbl`.
  var handler: String?

  /// Handlers whose samples are coded pictures or sound, which are never searched. The samples
  /// of every other track (timed metadata `meta`/`mebx`, text, subtitles, private handlers)
  /// are data no decoder reads: swept.
  static let pictureOrSoundHandlers: Set<String> = ["vide", "soun", "pict", "auxv"]

  /// True when the sweep reads this track's samples.
  var isSwept: Bool { !Self.pictureOrSoundHandlers.contains(handler ?? "vide") }

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
