/// The formats of timed data photoaudit decodes, by the sample entry type of a track (and its
/// handler for text). A track of data in any other format is not decoded: its samples are swept
/// and it is PA015 (SPEC "Fail closed": a video never gets a clean verdict with samples nobody
/// read). What "decoded" means for each is in docs/NOTES.md ("Timed metadata in videos").
public enum TimedTrackFormat: String, Sendable, CaseIterable {
  /// GoPro GPMF (`gpmd`): KLV telemetry; GPS5, GPS9, GPRI, GLPI, BPOS are positions. [gopro/gpmf-parser docs/README.md]
  case gpmf
  /// Google Camera Motion Metadata (`camm`): packets of types 0–7; 5 and 6 are GPS. [developers.google.com/streetview/publish/camm-spec]
  case camm
  /// Apple timed metadata (`mebx`): values of the keys its sample description declares. [Apple QTFF "Timed metadata media"]
  case mebx
  /// DJI telemetry (`djmd`): protobuf, a GPS message at a place that depends on the protocol. [ExifTool DJI.pm]
  case djmd
  /// 3GPP timed text (`tx3g`) and QuickTime text (`text`): a length-prefixed string per sample. [3GPP TS 26.245 5.16; Apple QTFF "Text media"]
  case text
  /// A timecode (`tmcd`): one frame number per sample. [Apple QTFF "Timecode media"]
  case timecode
  /// A Novatek GPS list and its `freeGPS ` blocks. [ExifTool QuickTimeStream.pl ProcessFreeGPS]
  case freeGPS

  /// The format of a track's samples; nil when photoaudit does not decode it.
  public init?(handler: String?, format: String?) {
    switch format {
    case "gpmd": self = .gpmf
    case "camm": self = .camm
    case "mebx": self = .mebx
    case "djmd": self = .djmd
    case "tx3g", "text": self = .text
    case "tmcd": self = .timecode
    case NovatekGPSList.format where handler == "": self = .freeGPS
    default: return nil
    }
  }

  /// The carrier kind of the track's samples: the last step of its carrier path (`track#4/gpmf`).
  public var carrierKind: CarrierKind {
    switch self {
    case .gpmf: .gpmf
    case .camm: .camm
    case .mebx: .mebx
    case .djmd: .djmd
    case .text: .timedText
    case .timecode: .timecode
    case .freeGPS: .freeGPS
    }
  }

  /// Sample formats met in the field that photoaudit does not decode, with what is known of them
  /// (for the PA015 message); any other format is named by its type alone.
  static let undecoded: [String: String] = [
    "fdsc": "GoPro file-recovery data (SOS track), an undocumented layout that holds a location on some cameras",
    "dbgi": "DJI debug data (protobuf 'dbginfo' protocols, undocumented)",
    "mett": "MPEG-4 text metadata",
    "metx": "MPEG-4 XML metadata",
    "urim": "URI metadata",
    "rtmd": "Sony real-time metadata",
    "wvtt": "WebVTT text",
    "stpp": "TTML subtitles",
    "c608": "CEA-608 closed captions",
    "rtp ": "RTP hint data",
  ]
}

extension CarrierKind {
  /// True for the samples of a track of timed metadata (telemetry, text, a Novatek GPS list, a
  /// format not decoded); a timecode's frame numbers are not telemetry.
  public var isTelemetry: Bool {
    switch self {
    case .gpmf, .camm, .mebx, .djmd, .timedText, .freeGPS, .timedData: true
    default: false
    }
  }
}
