import Bytes
/// Reads the samples of one track of timed data (`TimedTrack`) and decodes them by format:
/// every sample of a format photoaudit decodes is read, within caps; a track in another format,
/// samples over a cap, samples that lie outside the file, or records a decoder cannot read are
/// problems of the reading (PA015), never silence. Only these tracks' samples are read from
/// `mdat`; video and sound samples never are.
public enum TelemetryDecoder {
  /// Largest sample read.
  public static let maxSampleBytes = 16 << 20
  /// Most sample bytes read from one track (an hour of GoPro GPMF is about 30 MB).
  public static let maxTrackBytes = 256 << 20

  /// The decoder of one format, with what it keeps from sample to sample.
  enum SampleDecoder {
    case gpmf(GPMFReader)
    case camm
    case mebx(MEBXReader)
    case djmd(DJIMetaReader)
    case text
    case timecode
    case freeGPS

    init(_ format: TimedTrackFormat, description: [UInt8]) {
      switch format {
      case .gpmf: self = .gpmf(GPMFReader())
      case .camm: self = .camm
      // The keys follow the entry's reserved bytes and data reference index (8 bytes).
      case .mebx: self = .mebx(MEBXReader(description: description))
      case .djmd: self = .djmd(DJIMetaReader())
      case .text: self = .text
      case .timecode: self = .timecode
      case .freeGPS: self = .freeGPS
      }
    }

    package mutating func read(_ sample: [UInt8], into reading: inout TelemetryReading) {
      switch self {
      case .gpmf(var reader):
        reader.read(sample, into: &reading)
        self = .gpmf(reader)
      case .camm: CAMMReader.read(sample, into: &reading)
      case .mebx(let reader): reader.read(sample, into: &reading)
      case .djmd(var reader):
        reader.read(sample, into: &reading)
        self = .djmd(reader)
      case .text: TextTrackCoordinates.read(sample, into: &reading)
      case .timecode:
        // A frame number: 32 bits (64 with the 'tmcd' 64-bit flag). [QTFF "Timecode media"]
        if sample.count != 4, sample.count != 8 { reading.problem("a timecode sample of \(sample.count) bytes (4 or 8 expected)") }
      case .freeGPS: NovatekGPSList.read(sample, into: &reading)
      }
    }
  }

  /// Decodes `track`, whose sample ranges are in `source`.
  public static func decode(_ track: TimedTrack, source: any ByteSource) -> TelemetryReading {
    var reading = TelemetryReading()
    if let unread = track.unread { reading.problem(unread, sampleLevel: false) }
    guard let format = TimedTrackFormat(handler: track.handler, format: track.format) else {
      if !track.samples.isEmpty || track.declaredSamples > 0 { reading.problem(undecoded(track), sampleLevel: false) }
      return reading
    }
    if Set(track.formats).count > 1 {
      reading.problem("its samples are described as '\(track.formats.joined(separator: "', '"))'; only the first format was decoded", sampleLevel: false)
    }
    var decoder = SampleDecoder(format, description: track.sampleDescription)
    var budget = maxTrackBytes
    for (index, range) in track.samples.enumerated() {
      reading.sample = index
      guard range.upperBound <= source.count else {
        reading.problem("its samples from sample \(index + 1) on lie past the end of the file", sampleLevel: false)
        break
      }
      guard range.count <= maxSampleBytes else {
        reading.problem("a sample of \(range.count) bytes, over the \(maxSampleBytes >> 20) MiB cap; not read")
        continue
      }
      guard range.count <= budget else {
        reading.problem("over \(maxTrackBytes >> 20) MiB of samples; samples \(index + 1)–\(track.samples.count) were not read", sampleLevel: false)
        break
      }
      budget -= range.count
      guard let bytes = try? source.bytes(in: range) else {
        reading.problem("could not be read")
        continue
      }
      decoder.read(bytes, into: &reading)
    }
    return reading
  }

  /// Why a track is not decoded: its handler and format, what is known of the format, and how
  /// much data nobody read.
  static func undecoded(_ track: TimedTrack) -> String {
    let format = track.format.isEmpty ? "no sample description" : "'\(track.format)' samples"
    let known = TimedTrackFormat.undecoded[track.format].map { " (\($0))" } ?? ""
    let count = max(track.declaredSamples, track.samples.count)
    return "'\(track.handler)' track of \(format)\(known): \(count) sample\(count == 1 ? "" : "s") (\(track.sampleBytes) bytes) that no decoder reads"
  }
}
