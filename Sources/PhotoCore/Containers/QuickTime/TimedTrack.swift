/// A track of a movie whose samples are data, not pictures or sound — timed metadata (`meta`
/// handler: GoPro GPMF, Google `camm`, Apple `mebx`, DJI `djmd`), text and subtitles (`text`,
/// `sbtl`, `subt`), a timecode (`tmcd`), anything private — as the walk located it: the sample
/// description and the byte range of every sample, for the decoders of `Carriers/Telemetry`.
/// The walk reads the sample tables only; the decoders read the samples.
/// A dashcam's Novatek GPS list (`moov/gps `: offsets and sizes of `freeGPS ` blocks) is located
/// the same way, as a track with no number. [ISO/IEC 14496-12 8.4.3 hdlr, 8.5.2 stsd, 8.7.3–8.7.5;
/// Apple QTFF "Timed metadata media"; ExifTool QuickTimeStream.pl for the Novatek list]
public struct TimedTrack: Sendable, Equatable {
  /// 1 for the movie's first `trak` (ExifTool's `Track1`); nil for the Novatek GPS list.
  public var number: Int?
  /// `mdia/hdlr` handler type ("meta", "text", "sbtl", "tmcd"…).
  public var handler: String
  /// The sample entry type of the first sample description ("gpmd", "camm", "mebx", "tx3g"…;
  /// "gps " for the Novatek list); empty when the track has none.
  public var format: String
  /// Every sample entry type the `stsd` box lists, in order (usually one).
  public var formats: [String]
  /// The first sample entry's bytes after its 8-byte box header (reserved bytes and data
  /// reference index first, then what the format adds: `mebx` keys, a `mett` MIME type).
  public var sampleDescription: [UInt8]
  /// Where each sample lies in the document's source, in order (at most `TimedTrack.maxSamples`).
  public var samples: [Range<Int>]
  /// How many samples the sample tables declare (more than `samples` when over the cap).
  public var declaredSamples: Int
  /// Why the samples are not all located (sample tables that do not read, movie fragments, a
  /// description over its cap); nil when every sample is in `samples`.
  public var unread: String?

  public init(number: Int?, handler: String, format: String, formats: [String] = [], sampleDescription: [UInt8] = [],
              samples: [Range<Int>] = [], declaredSamples: Int = 0, unread: String? = nil) {
    self.number = number
    self.handler = handler
    self.format = format
    self.formats = formats.isEmpty && !format.isEmpty ? [format] : formats
    self.sampleDescription = sampleDescription
    self.samples = samples
    self.declaredSamples = declaredSamples
    self.unread = unread
  }

  /// Most samples located per track (one a second for 12 days, ten a second for a day).
  public static let maxSamples = 1 << 20
  /// Largest sample description kept (Apple's Live Photo `mebx` entries are under 1 KB).
  public static let maxDescriptionBytes = 1 << 20

  /// The bytes all located samples span.
  public var sampleBytes: Int { samples.reduce(0) { $0 + $1.count } }
}
