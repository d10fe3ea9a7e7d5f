extension MetadataAssembler {
  /// A TIFF file's IFDs (`TIFFFileDecoder`): every tag, the GPS of every GPS IFD, the georeference
  /// of a GeoTIFF (`GeoTIFFLocation`), IFD0's Orientation (it applies to display), and as carriers
  /// IFD0 and the Exif, GPS and Interop IFDs, and each MakerNote.
  func decodeTIFFFile(_ layout: TIFFFileLayout, tree: LayoutTree, into m: inout PhotoMetadata) {
    let contents = TIFFFileDecoder.decode(layout, source: tree.source)
    m.tags += contents.tags
    m.orientation.exif = contents.orientation
    for var fix in contents.gps {
      fix.offset = fix.offset.map(tree.placement.reportedOffset)
      record(fix, in: &m)
    }
    if let location = GeoTIFFLocation.read(layout, source: tree.source) {
      var fix = location.fix
      fix.offset = fix.offset.map(tree.placement.reportedOffset)
      record(fix, in: &m)
      m.warnings += location.warnings
    }
    for directory in layout.directories where directory.name == "IFD0" || directory.kind != .image {
      let item = directory.kind == .image || directory.page == 0 ? nil : directory.page + 1
      m.carriers.append(Carrier(kind: .exif, offset: tree.placement.reportedOffset(directory.table.lowerBound),
                                length: directory.table.count, item: item, note: "TIFF \(directory.name)"))
    }
    for note in contents.makerNotes {
      m.carriers.append(Carrier(kind: .makernote, offset: tree.placement.reportedOffset(note.range.lowerBound),
                                length: note.range.count, item: note.item, note: "\(note.vendor) MakerNote"))
    }
  }
}
