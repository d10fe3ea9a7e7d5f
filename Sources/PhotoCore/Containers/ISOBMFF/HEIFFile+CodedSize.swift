import Bytes
extension HEIFFile {
  /// Most bytes of an `hvcC` property read to find its SPS (real ones are 100–200 bytes).
  static let maxConfigurationBytes = 1 << 16

  /// The size an `hvc1` item is coded at (`HEVCCodedSize`), from its `hvcC` property; nil for
  /// another coding, or when it cannot be read.
  func codedSize(of itemID: Int, in source: any ByteSource) -> PixelSize? {
    guard item(itemID)?.type == "hvc1" else { return nil }
    for association in associations[itemID] ?? [] where association.index >= 1 && association.index <= properties.count {
      let box = properties[association.index - 1].box
      guard box.type == "hvcC", box.size - box.headerSize <= Self.maxConfigurationBytes,
            let payload = try? source.exactBytes(in: box.offset + box.headerSize..<box.offset + box.size, what: "hvcC") else { continue }
      return HEVCCodedSize.size(hvcC: payload)
    }
    return nil
  }

  /// The size libheif shows a coded item at before its transforms, and why it is not the `ispe`
  /// size when it is not. libheif decodes the coded picture and applies `clap`/`irot`/`imir` to
  /// it; libheif 1.15's encoder, when it encodes an orientation, writes the displayed (rotated)
  /// size into `ispe`: a coded size that is `ispe` transposed is that file, and the coded size is
  /// the one shown. Any other disagreement keeps `ispe` — libheif refuses by `ispe` what is over
  /// its limits, and the pixel checks and `--max-pixels` go by it — and says so: a coded picture
  /// larger than `ispe` both ways is a padded one (coded in whole blocks, no warning); another
  /// size is named beside `ispe`.
  func pictureSize(of itemID: Int, in source: any ByteSource) -> (size: PixelSize?, disagreement: String?) {
    let declared = storedSize(of: itemID)
    guard let declared, let coded = codedSize(of: itemID, in: source), coded != declared,
          coded.width < declared.width || coded.height < declared.height else { return (declared, nil) }
    let sizes = "HEIF item \(itemID)'s 'ispe' gives \(declared.width)×\(declared.height)"
    guard coded == declared.transposed else {
      return (declared, "\(sizes), but its image is coded at \(coded.width)×\(coded.height): viewers may show it otherwise; the 'ispe' size is used")
    }
    return (coded, "\(sizes) (the displayed size, as libheif 1.15 writes it when it encodes an orientation), but its image is coded at \(coded.width)×\(coded.height): the coded picture is shown, as libheif shows it, and its size is used")
  }
}
