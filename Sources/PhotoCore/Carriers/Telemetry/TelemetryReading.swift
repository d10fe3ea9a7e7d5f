/// One position a timed-metadata track holds.
public struct TelemetryPoint: Sendable, Equatable {
  /// Degrees, north positive.
  public var latitude: Double
  /// Degrees, east positive.
  public var longitude: Double
  /// Metres, when the record gives it.
  public var altitude: Double?
  /// UTC time, ISO 8601 ("2017-04-17T19:27:57Z"), when the record gives it.
  public var time: String?

  public init(latitude: Double, longitude: Double, altitude: Double? = nil, time: String? = nil) {
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
    self.time = time
  }

  /// True for coordinates on the Earth: finite, latitude within ±90°, longitude within ±180°.
  public var isOnEarth: Bool {
    latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
  }

  /// 0, 0: what receivers write before they have a fix — no location.
  public var isPlaceholder: Bool { latitude == 0 && longitude == 0 }
}

/// What the decoder of one track found in all its samples: how many positions, the first one,
/// what holds them, and what it could not read (each a PA015 reason).
public struct TelemetryReading: Sendable, Equatable {
  /// Positions found (placeholders at 0, 0 not counted).
  public private(set) var points = 0
  /// The first position, in sample order.
  public private(set) var first: TelemetryPoint?
  /// The sample that holds the first position (0-based).
  public private(set) var firstSample: Int?
  /// What holds the positions: a GPMF key ("GPS5"), a camm packet type, a key, a text form.
  public private(set) var source: String?
  /// Records without a fix (0, 0 or a receiver's "void" status): not locations.
  public var withoutFix = 0
  /// Why part of the track was not read, at most `maxProblems` distinct reasons.
  public private(set) var problems: [String] = []
  /// Problems beyond `maxProblems` (same reason repeated, or more).
  public private(set) var moreProblems = 0
  /// The sample being read, set by the decoder's loop.
  var sample = 0

  /// Distinct problem reasons kept.
  static let maxProblems = 4
  /// Metres above or below sea level beyond which an altitude is not one (geostationary orbit is 36,000 km).
  static let maxAltitude = 100_000_000.0

  public init() {}

  /// Counts a position; the first one is kept. A position off the Earth is a problem: a decoder
  /// that reads it so misreads its record.
  package mutating func add(_ point: TelemetryPoint, from what: String) {
    var point = point
    // An altitude beyond any orbit is a misread field: the position stands without it.
    if let altitude = point.altitude, !(abs(altitude) < Self.maxAltitude) { point.altitude = nil }
    guard point.isOnEarth else {
      problem("\(what) holds a position off the Earth (latitude \(point.latitude), longitude \(point.longitude)): its record is not understood")
      return
    }
    guard !point.isPlaceholder else {
      withoutFix += 1
      return
    }
    points += 1
    if first == nil {
      first = point
      firstSample = sample
      source = what
    }
  }

  /// Records a part not read (a PA015 reason), naming the sample.
  package mutating func problem(_ reason: String, sampleLevel: Bool = true) {
    let text = sampleLevel ? "sample \(sample + 1): \(reason)" : reason
    guard !problems.contains(text) else { return }
    if problems.count < Self.maxProblems { problems.append(text) } else { moreProblems += 1 }
  }
}
