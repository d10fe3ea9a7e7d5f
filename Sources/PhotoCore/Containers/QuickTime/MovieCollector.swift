import Bytes
/// What one ISOBMFF walk gathers from a `moov` box on its way through the boxes: the tracks
/// (`tkhd` size and matrix, `mdia/hdlr` handler), the movie matrix (`mvhd`), and the metadata
/// boxes of QuickTime and MP4 (`udta`, `meta` with `keys`/`ilst`, XMP `uuid` and `XMP_` boxes)
/// as carriers with their payloads. It reads the few bytes of those boxes; it never reads `mdat`
/// and never interprets the metadata (the decoders do). [ISO/IEC 14496-12 8.2–8.4, 8.10; Apple QTFF]
struct MovieCollector {
  /// Largest metadata box (`udta`, `meta`, XMP) read as a carrier.
  static let maxBoxBytes = 16 << 20
  /// Most metadata bytes read from one document.
  static let maxTotalBytes = 64 << 20
  /// Most tracks recorded (a hostile file can declare thousands).
  static let maxTracks = 256

  /// XMP in a `uuid` box (Adobe XMP Specification Part 3, 1.1.4).
  static let xmpUUID: [UInt8] = [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC]

  var movie = MovieInfo()
  /// True once a `moov` box was met.
  var sawMovie = false
  package var carriers: [Carrier] = []
  /// HEIF Motion Photo: the payload of a top-level `mpvd` box that holds an MP4.
  var motionPhotoVideo: Range<Int>?
  package var incomplete: [IncompleteCheck] = []
  package var warnings: [String] = []
  /// The track whose `trak` box is being walked.
  private var track: MovieTrack?
  /// The handler type of the track being walked ("vide", "meta"…), once its `hdlr` is read.
  var currentHandler: String? { track?.handler }
  /// `trak` boxes met so far: the number of the one being walked (1 for the first).
  private(set) var trackNumber = 0
  /// The number of the track being walked, 0 outside a `trak`.
  var currentTrackNumber: Int { track == nil ? 0 : trackNumber }
  /// True once a movie fragment (`moof`) was met: samples the sample tables do not list.
  var sawFragments = false
  /// A Novatek GPS list (`moov/gps `): the payload's range. [ExifTool QuickTime.pm GPSDataList]
  var gpsList: Range<Int>?
  /// Top-level `free` boxes whose content starts "GPS " (Novatek `freeGPS ` blocks outside a list).
  var freeGPSBoxes: [Range<Int>] = []
  private var budget = maxTotalBytes

  mutating func beginTrack() {
    trackNumber += 1
    track = MovieTrack(id: 0, width: 0, height: 0, matrix: .identity)
  }

  mutating func endTrack() {
    if let track, movie.tracks.count < Self.maxTracks { movie.tracks.append(track) }
    track = nil
  }

  /// `tkhd`: track ID, matrix, width and height. [14496-12 8.3.2]
  mutating func trackHeader(_ payload: [UInt8]) {
    guard track != nil else { return }
    var r = ByteReader(payload, what: "'tkhd' box")
    do throws(ByteError) {
      let version = try r.u8()
      try r.skip(3 + (version == 1 ? 16 : 8))  // flags, creation and modification times
      let id = try r.u32be()
      try r.skip(4 + (version == 1 ? 8 : 4) + 8 + 8)  // reserved, duration, reserved, layer…volume, reserved
      let matrix = try Self.matrix(&r)
      let width = Double(try r.u32be()) / 65536, height = Double(try r.u32be()) / 65536
      track?.id = Int(id)
      track?.matrix = matrix
      track?.width = width
      track?.height = height
    } catch {
      warnings.append("track header ('tkhd') is \(payload.count) bytes, too short: the track's size and matrix are unknown")
    }
  }

  /// `mvhd`: the movie matrix. [14496-12 8.2.2]
  mutating func movieHeader(_ payload: [UInt8]) {
    var r = ByteReader(payload, what: "'mvhd' box")
    do throws(ByteError) {
      let version = try r.u8()
      try r.skip(3 + (version == 1 ? 28 : 16) + 4 + 2 + 10)  // flags, times, timescale, duration, rate, volume, reserved
      movie.movieMatrix = try Self.matrix(&r)
    } catch {
      warnings.append("movie header ('mvhd') is \(payload.count) bytes, too short")
    }
  }

  /// `mdia/hdlr`: the handler type of the track ("vide", "soun"…). [14496-12 8.4.3]
  mutating func mediaHandler(_ payload: [UInt8]) {
    guard track != nil, payload.count >= 12 else { return }
    track?.handler = ISOBMFFBox.fourCC(payload[8..<12])
  }

  /// a, b, u, c, d, v (16.16 and 2.30 fixed point), x, y (16.16), w (2.30). [14496-12 6.2.2]
  package static func matrix(_ r: inout ByteReader) throws(ByteError) -> TrackMatrix {
    var values: [Double] = []
    for _ in 0..<9 { values.append(Double(Int32(bitPattern: try r.u32be())) / 65536) }
    return TrackMatrix(a: values[0], b: values[1], c: values[3], d: values[4], tx: values[6], ty: values[7])
  }

  /// Reads a metadata box's payload within the caps: the bytes, or nil (with a PA015 reason)
  /// when over a cap.
  package mutating func payload(_ range: Range<Int>, of what: String, scope: String, source: any ByteSource) -> [UInt8]? {
    guard range.count <= Self.maxBoxBytes, range.count <= budget else {
      incomplete.append(IncompleteCheck(scope: scope, reason: "\(what) is \(range.count) bytes, over the metadata size cap; not read"))
      return nil
    }
    guard let bytes = try? source.exactBytes(in: range, what: what) else {
      warnings.append("\(what) could not be read")
      return nil
    }
    budget -= bytes.count
    return bytes
  }

  /// Adds a carrier whose payload is the box content at `range` (read in place).
  package mutating func carrier(_ kind: CarrierKind, _ range: Range<Int>, note: String, source: any ByteSource) {
    guard !range.isEmpty, let bytes = payload(range, of: note, scope: kind.rawValue, source: source) else { return }
    carriers.append(Carrier(kind: kind, offset: range.lowerBound, length: range.count, note: note, payload: bytes,
                            sourceRange: range))
  }
}
