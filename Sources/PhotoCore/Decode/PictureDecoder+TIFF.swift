import Bytes
import Codecs

/// The picture of a TIFF file the pixel checks look at. A TIFF's is its main image (IFD0 for a
/// plain TIFF), decoded by libtiff. A DNG's or a camera raw's main image is sensor data, which
/// photoaudit does not decode: its picture is its largest preview — a JPEG an IFD points at or
/// holds whole, or a preview directory libtiff decodes — which cameras and raw converters
/// render from the same sensor data, stored unrotated like it. [SPEC "Formats": "pixel checks on
/// the largest embedded preview"]
package struct TIFFPictureChoice: Sendable, Equatable {
  package var source: TIFFPictureSource
  /// Which directory it is ("IFD0", "SubIFD1") and whether it is a preview of the main image.
  package var directory: String
  package var isPreview: Bool
  /// Its size, when the directory says (a JPEG's own header says otherwise).
  package var size: PixelSize?
  /// A Panasonic or Olympus raw, whose magic number libtiff must be shown as TIFF's.
  var presentMagic42: Bool

  /// The picture of the TIFF file in `source`; throws why there is none: the file does not
  /// read, its main image uses a coding no decoder here has (a TIFF), or it is sensor data and
  /// no preview decodes (a raw).
  package static func choose(_ source: any ByteSource) throws(PixelDecodeFailure) -> TIFFPictureChoice {
    guard let head = try? source.bytes(in: 0..<TIFFFileHeader.neededBytes), let header = TIFFFileHeader.parse(head) else {
      throw .damaged("the file has no TIFF header")
    }
    let reader = TIFFFileReader(source: source, header: header)
    let layout: TIFFFileLayout
    switch TIFFFileLayout.read(reader) {
    case .success(let read): layout = read
    case .failure(let problem): throw .damaged("the TIFF cannot be read: \(problem.text)")
    }
    let magic = header.dialect == .panasonic || header.dialect == .olympus
    func choice(_ index: Int, preview: Bool) -> TIFFPictureChoice? {
      guard let image = layout.images[index],
            let picture = image.pictureSource(in: source, offset: layout.directories[index].offset) else { return nil }
      let size = image.width.flatMap { w in image.height.map { PixelSize(width: w, height: $0) } }
      return TIFFPictureChoice(source: picture, directory: layout.directories[index].name, isPreview: preview, size: size,
                               presentMagic42: magic)
    }
    guard let main = layout.mainImage, let image = layout.images[main] else {
      throw .damaged("no image directory of the TIFF gives an image size")
    }
    let name = layout.directories[main].name
    if let picture = choice(main, preview: false) { return picture }
    guard layout.format != .tiff else {
      throw .unsupported("\(name) (\(image.summary)) is in a coding photoaudit does not decode")
    }
    // The largest preview (by the size its directory gives; a JPEG without one by its header),
    // the JPEGs in MakerNotes and binary values (a Panasonic raw's JpgFromRaw) included.
    var previews = layout.previewIndices.compactMap { choice($0, preview: true) }
    for (region, _) in layout.vendorBlocks {
      previews += TIFFFileLayout.wholeJPEGs(in: region, of: source).map {
        TIFFPictureChoice(source: .jpeg($0), directory: "a JPEG inside a binary value", isPreview: true, size: nil, presentMagic42: magic)
      }
    }
    func pixels(_ picture: TIFFPictureChoice) -> Int {
      if let size = picture.size { return size.pixelCount }
      guard case .jpeg(let range) = picture.source, let bytes = try? source.bytes(in: range),
            let header = try? JPEGCodec.readHeader(bytes) else { return 0 }
      return header.width * header.height
    }
    guard let largest = previews.max(by: { pixels($0) < pixels($1) }), pixels(largest) > 0 else {
      let what = image.isRawSensorData ? "sensor data (\(image.summary))" : "in a coding photoaudit does not decode (\(image.summary))"
      throw .unsupported("the \(layout.format == .dng ? "DNG" : "raw")'s image in \(name) is \(what) and it has no preview photoaudit decodes")
    }
    return largest
  }
}

extension PictureDecoder {
  /// A TIFF, DNG or raw: its picture (`TIFFPictureChoice`) decoded reduced — a JPEG by DCT
  /// scaling, a directory by libtiff band by band — and shown with IFD0's Orientation.
  static func decodeTIFF(_ source: any ByteSource, metadata: PhotoMetadata, reduction: Reduction,
                         maxPixels: Int) throws -> ReducedPicture {
    let choice = try TIFFPictureChoice.choose(source)
    switch choice.source {
    case .jpeg(let range):
      guard range.count <= PreviewImage.maxBytes || choice.isPreview == false else {
        throw PixelDecodeFailure.limit("the JPEG preview in \(choice.directory) is \(range.count) bytes, over the \(PreviewImage.maxBytes >> 20) MiB read")
      }
      let bytes = try source.bytes(in: range)
      let (outcome, full) = try decodeJPEG(bytes, reduction: reduction, maxPixels: maxPixels)
      return ReducedPicture(stored: outcome.image, storedSize: full, damage: outcome.damage, orientation: metadata.orientation.effective)
    case .directory(let offset):
      let result = try TIFFCodec.decode(ByteSourceInput(source: source), directory: offset, presentMagic42: choice.presentMagic42,
                                        factor: { reduction.factor(width: $0, height: $1) }, maxPixels: maxPixels)
      return ReducedPicture(stored: result.image, storedSize: PixelSize(width: result.width, height: result.height),
                            damage: result.damage, orientation: metadata.orientation.effective)
    }
  }
}
