extension MetadataAssembler {
  /// Effective orientation and displayed size. JPEG/PNG: IFD0 Orientation (invalid values are
  /// reported and treated as 1). HEIF: irot/imir/clap; the EXIF Orientation is not used.
  func resolveGeometry(_ scan: ContainerScan, into m: inout PhotoMetadata) {
    guard let stored = scan.storedSize else { return }
    if scan.format?.isVideo == true {
      resolveMovieGeometry(scan, stored: stored, into: &m)
      return
    }
    if scan.format == .jxl {
      resolveJXLGeometry(scan, stored: stored, into: &m)
      return
    }
    if (scan.format?.isHEIFFamily == true) {
      m.orientation.exifApplies = false
      resolveHEIFGeometry(scan, stored: stored, into: &m)
      return
    }
    var effective = Orientation.up
    if let raw = m.orientation.exif {
      if let valid = Orientation(rawValue: raw) {
        effective = valid
      } else {
        m.warnings.append("EXIF Orientation \(raw) is invalid (1–8); displayed as 1")
      }
    }
    m.orientation.effective = effective
    m.displayed = effective.displayedSize(stored: stored)
  }
}

extension MetadataAssembler {
  /// JPEG XL: the codestream's orientation governs display; the EXIF Orientation of an `Exif`
  /// box does not apply (libjxl orients by the codestream only). [ISO/IEC 18181-1 A.7]
  func resolveJXLGeometry(_ scan: ContainerScan, stored: PixelSize, into m: inout PhotoMetadata) {
    m.orientation.exifApplies = false
    m.orientation.codestream = scan.codestreamOrientation
    let effective = scan.codestreamOrientation.flatMap(Orientation.init(rawValue:)) ?? .up
    m.orientation.effective = effective
    m.displayed = effective.displayedSize(stored: stored)
  }
}

extension MetadataAssembler {
  /// HEIF: irot/imir/clap of the primary item in ipma order (`HEIFDisplayGeometry`).
  func resolveHEIFGeometry(_ scan: ContainerScan, stored: PixelSize, into m: inout PhotoMetadata) {
    let geometry = HEIFDisplayGeometry(stored: stored, transforms: scan.transforms)
    m.orientation.effective = geometry.orientation
    m.orientation.irot = geometry.irotDegreesCCW
    m.orientation.imir = geometry.imirAxis
    m.displayed = geometry.displayed
    m.warnings += geometry.warnings
    if let crop = geometry.crop { m.crop = CropInfo(source: .clap, rect: crop) }
  }
}
