extension EmbeddedDocumentFinder {
  /// How the role of a JPEG preview an IFD of a TIFF file points at starts: "JPEG preview in
  /// SubIFD1" (a DNG or NEF preview, a CR2's IFD0 JPEG is the main image's).
  static let tiffJPEGPreviewRole = "JPEG preview in "
  /// How the role of a preview directory libtiff decodes starts: "TIFF preview in IFD0 (160×106,
  /// Compression 1 (uncompressed))".
  static let tiffDirectoryPreviewRole = "TIFF preview in "
  /// The step of a JPEG that holds the main image of a TIFF file, or a page's ("image", "image#2").
  static let tiffImageStep = "image"
  /// The role of a JPEG found in a vendor block of a TIFF file other than the MakerNote (DNG's
  /// private data, a binary tag such as a Panasonic raw's JpgFromRaw).
  static let binaryValuePreviewRole = "JPEG preview in a binary value"

  /// The pictures of a TIFF file's image directories. Every whole JPEG an IFD holds — pointed at
  /// by JPEGInterchangeFormat, or one strip or tile that is a whole JPEG — is walked as a JPEG
  /// (its own EXIF, XMP and trailing data read like any JPEG's): a preview's as `preview#N`
  /// (image kind `.thumbnail`, compared by PA005; IFD1's as `thumbnail`, the classic EXIF
  /// thumbnail), the main image's or a page's as `image`. Preview directories libtiff decodes
  /// (an uncompressed RGB thumbnail in IFD0 of a NEF or DNG) are listed as `preview#N` for PA005.
  /// The MakerNote, DNG's private data and other binary values are searched for whole JPEGs
  /// like an EXIF block's MakerNote (`vendorPreviews`).
  mutating func tiffImages() {
    guard tree.format == .tiffFile, let layout = tree.scan.tiffFile else { return }
    let main = layout.mainImage
    let previews = Set(layout.previewIndices)
    var listed: [(index: Int, offset: Int, image: TIFFImageDirectory)] = []
    for index in layout.imageIndices {
      guard let image = layout.images[index] else { continue }
      let directory = layout.directories[index]
      var jpegs: [(range: Range<Int>, pointer: Bool)] = []
      if let jpeg = image.jpeg, (try? tree.source.bytes(in: jpeg.lowerBound..<jpeg.lowerBound + 3)) == [0xFF, 0xD8, 0xFF] {
        jpegs.append((jpeg, true))
      }
      if let whole = image.wholeJPEGStrile(in: tree.source), !jpegs.contains(where: { $0.range.overlaps(whole) }) {
        jpegs.append((whole, false))
      }
      for (range, pointer) in jpegs {
        if previews.contains(index) {
          let isThumbnail = pointer && directory.name == "IFD1"
          let step = isThumbnail ? "thumbnail" : Self.vendorPreviewStep
          add(step, index: nextIndex(step), format: .jpeg, source: tree.source, range: range, placement: tree.placement,
              origin: .embedded, role: isThumbnail ? Self.ifd1ThumbnailRole : Self.tiffJPEGPreviewRole + directory.name, imageKind: .thumbnail)
        } else {
          let what = index == main ? "the main image" : "page \(directory.page + 1)"
          add(Self.tiffImageStep, index: nextIndex(Self.tiffImageStep), format: .jpeg, source: tree.source, range: range,
              placement: tree.placement, origin: .embedded, role: "JPEG of \(directory.name), \(what)", imageKind: nil)
        }
      }
      if jpegs.isEmpty, previews.contains(index), case .directory? = image.pictureSource(in: tree.source, offset: directory.offset) {
        listed.append((index, directory.offset, image))
      }
    }
    tiffVendorPreviews(layout)
    // Listed after the walked previews so their indices follow on.
    guard tree.range.lowerBound == 0, tree.placement == .file else { return }
    var next = tree.children.filter { $0.step.name == Self.vendorPreviewStep }.count + 1
    for (index, offset, image) in listed {
      let name = layout.directories[index].name
      tree.scan.embeddedImages.append(EmbeddedImage(
        kind: .thumbnail, item: nil, offset: offset, length: layout.directories[index].table.count,
        role: Self.tiffDirectoryPreviewRole + "\(name) (\(image.summary))", format: .tiff,
        size: image.width.flatMap { w in image.height.map { PixelSize(width: w, height: $0) } },
        path: CarrierPath(Self.vendorPreviewStep, index: next == 1 ? nil : next)))
      next += 1
    }
  }

  /// Whole JPEGs inside the MakerNotes, DNG's private data and the binary values of a TIFF file.
  mutating func tiffVendorPreviews(_ layout: TIFFFileLayout) {
    for (range, role) in layout.vendorBlocks {
      guard let bytes = try? tree.source.bytes(in: range), bytes.count == range.count,
            JPEGExtent.nextStart(in: bytes, from: 0, before: bytes.count) != nil else { continue }
      let carrier = Carrier(kind: .makernote, offset: range.lowerBound, length: range.count, payload: bytes, sourceRange: range)
      vendorPreviews(in: [(0..<bytes.count, role)], of: carrier, besides: nil)
    }
  }
}
