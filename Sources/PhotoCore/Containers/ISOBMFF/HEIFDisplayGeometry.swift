/// How a HEIF image is displayed: its transformative properties (`clap`, `irot`, `imir`) applied
/// to the stored pixels in the order `ipma` lists them. [ISO/IEC 23008-12 6.5.1: "applied in the
/// order of their appearance"; MIAF (ISO/IEC 23000-22 7.3.6.7) requires clap, then irot, then imir,
/// but the listed order is honoured whatever it is.]
///
/// The EXIF Orientation inside a HEIF does not take part: readers use irot/imir only.
///
/// `irot` turns anti-clockwise; `imir` axis 0 exchanges top and bottom, axis 1 left and right
/// (ISO/IEC 23008-12:2022 wording; libheif 1.15 and libavif decode it so).
public struct HEIFDisplayGeometry: Sendable, Equatable {
  /// The rotation/mirror from stored to displayed pixels, all irot/imir composed in order.
  public var orientation: Orientation
  /// The crop in stored pixel coordinates (a `clap` listed after a rotation is mapped back to
  /// stored coordinates); nil when there is no usable `clap`.
  public var crop: PixelRect?
  /// The displayed size: crop, then orientation.
  public var displayed: PixelSize
  /// The `irot` angle in degrees anti-clockwise as in the file (sum, if several); nil without irot.
  public var irotDegreesCCW: Int?
  /// The `imir` axis as in the file (0: top and bottom exchanged; 1: left and right exchanged);
  /// the last one if several; nil without imir.
  public var imirAxis: Int?
  /// Problems: a nonsense `clap` that was ignored, repeated properties.
  public var warnings: [String]

  /// Applies `transforms` in order to an image stored at `stored`.
  public init(stored: PixelSize, transforms: [HEIFTransform]) {
    var orientation = Orientation.up
    var crop: PixelRect?
    var irot: Int?
    var imir: Int?
    var warnings: [String] = []
    var rotations = 0, mirrors = 0, claps = 0
    for transform in transforms {
      switch transform {
      case .rotation(let ccw):
        rotations += 1
        irot = ((irot ?? 0) + ccw * 90) % 360
        orientation = Orientation(mirror: false, clockwiseQuarterTurns: -ccw).after(orientation)
      case .mirror(let axis):
        mirrors += 1
        imir = axis
        // [ISO/IEC 23008-12:2022 6.5.12] axis 0 exchanges top and bottom (EXIF 4), axis 1 left
        // and right (EXIF 2). The 2017 text ("a vertical axis") was read the other way by some;
        // libheif 1.15 and libavif flip top↔bottom for 0, which the decoder test confirms.
        orientation = (axis == 0 ? Orientation.downMirrored : .upMirrored).after(orientation)
      case .cleanAperture(let aperture):
        claps += 1
        let base = crop ?? PixelRect(x: 0, y: 0, width: stored.width, height: stored.height)
        // The clap applies to the image as transformed so far.
        let current = orientation.displayedSize(stored: base.size)
        switch aperture.pixelRect(in: current) {
        case .success(let rect):
          let inBase = HEIFDisplayGeometry.unmap(rect, through: orientation, stored: base.size)
          crop = PixelRect(x: base.x + inBase.x, y: base.y + inBase.y, width: inBase.width, height: inBase.height)
        case .failure(let problem):
          warnings.append("HEIF \(problem); the crop is ignored")
        }
      }
    }
    if rotations > 1 { warnings.append("HEIF image has \(rotations) irot properties; they are applied in order") }
    if mirrors > 1 { warnings.append("HEIF image has \(mirrors) imir properties; they are applied in order") }
    if claps > 1 { warnings.append("HEIF image has \(claps) clap properties; they are applied in order") }
    self.orientation = orientation
    self.crop = crop
    self.displayed = orientation.displayedSize(stored: crop?.size ?? stored)
    self.irotDegreesCCW = irot
    self.imirAxis = imir
    self.warnings = warnings
  }

  /// Maps a rectangle in the displayed coordinates of an image stored at `stored` and shown
  /// through `orientation` back to stored coordinates.
  static func unmap(_ rect: PixelRect, through orientation: Orientation, stored: PixelSize) -> PixelRect {
    let shown = orientation.displayedSize(stored: stored)
    let inverse = orientation.inverse
    let a = inverse.displayedPoint(x: rect.x, y: rect.y, stored: shown)
    let b = inverse.displayedPoint(x: rect.x + rect.width - 1, y: rect.y + rect.height - 1, stored: shown)
    return PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x) + 1, height: abs(a.y - b.y) + 1)
  }
}

extension ContainerScan {
  /// The display geometry of a HEIF scan's primary image; nil without a stored size.
  public var heifDisplayGeometry: HEIFDisplayGeometry? {
    guard format?.isHEIFFamily == true, let stored = storedSize else { return nil }
    return HEIFDisplayGeometry(stored: stored, transforms: transforms)
  }
}
