import Foundation

/// A track or movie transformation matrix (`tkhd`, `mvhd`): how the decoded frames are drawn.
/// A point (x, y) is shown at (a·x + c·y + tx, b·x + d·y + ty). [ISO/IEC 14496-12 8.3.2, 6.2.2;
/// Apple QTFF "Matrices"]
public struct TrackMatrix: Sendable, Equatable {
  /// a, b, c, d (16.16 fixed point in the file), as numbers.
  public var a: Double, b: Double, c: Double, d: Double
  /// The translation (16.16), for the record.
  public var tx: Double, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double = 0, ty: Double = 0) {
    self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
  }

  /// The identity: frames shown as stored.
  public static let identity = TrackMatrix(a: 1, b: 0, c: 0, d: 1)

  /// The display rotation in whole degrees clockwise, 0–359, as ExifTool's `Rotation` gives it:
  /// atan2(b, a). (Of a mirrored matrix, the rotation that follows the top↔bottom flip.)
  public var rotationDegrees: Int {
    guard a != 0 || b != 0 else { return 0 }
    let degrees = (atan2(b, a) * 180 / .pi).rounded()
    return (Int(degrees) % 360 + 360) % 360
  }

  /// True when the matrix mirrors the frames (a negative determinant).
  public var isMirrored: Bool { a * d - b * c < 0 }

  /// The EXIF orientation that shows the frames as this matrix does, when it is a quarter turn,
  /// with or without a mirror, at any uniform scale; nil for other matrices (shears, odd angles).
  public var orientation: Orientation? {
    let scale = max(abs(a), abs(b), abs(c), abs(d))
    guard scale > 0 else { return nil }
    func unit(_ v: Double) -> Int? {
      let r = v / scale
      if abs(r) < 1e-3 { return 0 }
      if abs(r - 1) < 1e-3 { return 1 }
      if abs(r + 1) < 1e-3 { return -1 }
      return nil
    }
    guard let a = unit(a), let b = unit(b), let c = unit(c), let d = unit(d) else { return nil }
    switch (a, b, c, d) {
    case (1, 0, 0, 1): return .up
    case (-1, 0, 0, 1): return .upMirrored
    case (-1, 0, 0, -1): return .down
    case (1, 0, 0, -1): return .downMirrored
    case (0, 1, 1, 0): return .leftMirrored   // transpose (EXIF 5)
    case (0, 1, -1, 0): return .right         // 90° clockwise (EXIF 6)
    case (0, -1, -1, 0): return .rightMirrored  // transverse (EXIF 7)
    case (0, -1, 1, 0): return .left          // 90° counter-clockwise (EXIF 8)
    default: return nil
    }
  }

  /// "0 1 0 -1 0 0 720 0 1", as ExifTool prints `MatrixStructure` (u, v, w omitted: 0 0 1).
  public var description: String {
    func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v) }
    return "\(n(a)) \(n(b)) 0 \(n(c)) \(n(d)) 0 \(n(tx)) \(n(ty)) 1"
  }
}

/// One track of a movie as its `trak` box describes it (metadata only; samples are never read).
public struct MovieTrack: Sendable, Equatable {
  /// `tkhd` track ID.
  public var id: Int
  /// `mdia/hdlr` handler type: "vide", "soun", "meta", "mebx"…
  public var handler: String?
  /// `tkhd` presentation width (16.16 fixed point), before the matrix.
  public var width: Double
  /// `tkhd` presentation height.
  public var height: Double
  /// `tkhd` matrix.
  public var matrix: TrackMatrix

  public init(id: Int, handler: String? = nil, width: Double, height: Double, matrix: TrackMatrix) {
    self.id = id
    self.handler = handler
    self.width = width
    self.height = height
    self.matrix = matrix
  }

  /// True for a video track with a size: the pictures of the movie.
  public var isVideo: Bool { handler == "vide" && width >= 1 && height >= 1 }
}

/// What the `moov` box says about a movie's pictures: its tracks and the movie matrix.
public struct MovieInfo: Sendable, Equatable {
  /// The tracks in file order.
  public var tracks: [MovieTrack] = []
  /// `mvhd` matrix, applied to the whole movie.
  public var movieMatrix: TrackMatrix?

  public init(tracks: [MovieTrack] = [], movieMatrix: TrackMatrix? = nil) {
    self.tracks = tracks
    self.movieMatrix = movieMatrix
  }

  /// The first video track: its size is the movie's stored size and its matrix the display
  /// orientation (ExifTool's `Composite:ImageSize` and `Rotation` take the same track).
  public var videoTrack: MovieTrack? { tracks.first(where: \.isVideo) }
}
