import Bytes
import Codecs
import PhotoCore

extension Sanitizer {
  /// What `sanitize` makes of a TIFF-family input. A TIFF is decoded whole by libtiff, like any
  /// image. A DNG or camera raw is sensor data photoaudit does not decode: its output is made from
  /// its largest preview (`TIFFPictureChoice`), which is planned at the preview's own size as
  /// displayed (never upscaled to the sensor's), and a note says so; with no preview that
  /// decodes, the input is refused and nothing is written. Returns the size to plan with.
  static func tiffPictureSize(_ bytes: [UInt8], metadata m: PhotoMetadata, displayed: PixelSize,
                              notes: inout [String]) throws -> PixelSize {
    guard let format = m.format, format.isTIFFFamily else { return displayed }
    let choice: TIFFPictureChoice
    do {
      choice = try TIFFPictureChoice.choose(MemorySource(bytes))
    } catch {
      throw Failure("\(m.path): not sanitized, nothing written: \(error)",
                    findings: [Finding(.unreadable, file: m.path, carrier: "file", evidence: "\(m.path) has no picture photoaudit decodes: \(error); nothing was written for it")])
    }
    guard choice.isPreview else { return displayed }
    var size = choice.size
    if case .jpeg(let range) = choice.source, range.upperBound <= bytes.count,
       let header = try? JPEGCodec.readHeader(Array(bytes[range])) {
      size = PixelSize(width: header.width, height: header.height)
    }
    guard let size else { throw Failure("\(m.path): not sanitized, nothing written: the size of its preview in \(choice.directory) is not known") }
    notes.append("a \(format == .dng ? "DNG" : "camera raw"): made from its largest preview (\(size) in \(choice.directory)); photoaudit does not decode sensor data")
    return m.orientation.effective.displayedSize(stored: size)
  }
}
