extension TIFFFileWalker {
  /// Longest ASCII value whose bytes after its first NUL are looked at (`.complete` reads).
  static let maxTextCheck = 1 << 20
  /// Most numbers of a value shown as numbers (`ExifValueDecoder` summarises longer lists).
  static let maxShownNumbers = 256

  /// Tags whose values are read by the walk itself or by a decoder in full: the pixel pointers,
  /// the IFD pointers, JPEG tables, and the metadata blocks decoded as carriers.
  static let readInFull: Set<UInt16> = {
    typealias Tag = TIFFFileLayout.Tag
    return [Tag.stripOffsets, Tag.stripByteCounts, Tag.tileOffsets, Tag.tileByteCounts, Tag.subIFDs, Tag.jpegTables,
            Tag.xmp, Tag.iptc, Tag.icc, Tag.freeOffsets, 0x0121, 0x0207, 0x0208, 0x0209]
  }()

  /// A node for every value held outside its entry. Values no decoder shows in full are swept:
  /// the MakerNote and DNG's private data (vendor blocks), binary values (BYTE, SBYTE,
  /// UNDEFINED) that are not decoded as text, lists of more numbers than are shown, Photoshop
  /// resources (only their IPTC is decoded), and the bytes of an ASCII value after its first NUL
  /// (which readers cut off). [TIFF 6.0 §2 "Types"]
  static func valueNodes(_ layout: TIFFFileLayout, reader: TIFFFileReader, mode: ReadMode) -> [LayoutNode] {
    typealias Tag = TIFFFileLayout.Tag
    var nodes: [LayoutNode] = []
    for directory in layout.directories {
      for entry in directory.entries where !entry.isInline {
        guard let value = entry.value, !value.isEmpty else { continue }
        let name = "\(directory.name) \(TIFFTagNames.name(entry.tag, in: directory.kind))"
        switch (directory.kind, entry.tag) {
        case (.exif, Tag.makerNote):
          nodes.append(LayoutNode(name, range: value, note: "vendor data, not decoded", swept: true))
          continue
        case (.image, Tag.dngPrivateData):
          nodes.append(LayoutNode(name, range: value, note: "DNG private data (the camera maker's own data), not decoded", swept: true))
          continue
        case (.image, Tag.photoshop):
          nodes.append(LayoutNode(name, range: value, note: "Photoshop image resources (IPTC decoded, the rest not)", swept: true))
          continue
        default:
          break
        }
        if directory.kind == .image, readInFull.contains(entry.tag) {
          nodes.append(LayoutNode(name, range: value))
          continue
        }
        switch entry.type {
        case 1, 6, 7:
          let group = TIFFTagNames.group(directory.kind).rawValue
          let shown = TIFFStructure.decodedAsText(entry.tag, in: group) || value.count < GPSSignatures.minimumLength
          nodes.append(LayoutNode(name, range: value, note: shown ? nil : "binary value, not decoded as text", swept: !shown))
        case 2:
          var node = LayoutNode(name, range: value)
          if mode == .complete, let hidden = hiddenText(entry, reader: reader) {
            node.children = [LayoutNode("\(name) after its NUL", range: hidden, note: "bytes of an ASCII value after its NUL", swept: true)]
          } else if value.count > maxTextCheck {
            node = LayoutNode(name, range: value, note: "text longer than the \(maxTextCheck >> 20) MiB read", swept: true)
          }
          nodes.append(node)
        default:
          let long = entry.count > maxShownNumbers
          nodes.append(LayoutNode(name, range: value, note: long ? "\(entry.count) numbers, not shown" : nil, swept: long))
        }
      }
    }
    return nodes
  }

  /// The bytes of an ASCII value after its first NUL, when some are neither NUL nor space and
  /// there are enough of them to hold a GPS signature.
  static func hiddenText(_ entry: TIFFFileLayout.Entry, reader: TIFFFileReader) -> Range<Int>? {
    guard let value = entry.value, value.count <= maxTextCheck, let bytes = try? reader.source.bytes(in: value),
          let nul = bytes.firstIndex(of: 0), bytes.count - nul - 1 >= GPSSignatures.minimumLength,
          bytes[(nul + 1)...].contains(where: { $0 != 0 && $0 != 0x20 }) else { return nil }
    return value.lowerBound + nul + 1..<value.upperBound
  }

  /// The pixels of every image directory, as image data (never swept): a JPEG it points at,
  /// and its strips or tiles, adjacent ones joined into one node. An uncompressed strip or tile
  /// longer than its pixels need has the rest swept: samples are data, bytes past them are
  /// not. [TIFF 6.0 §3 (strips), §15 (tiles)]
  static func imageDataNodes(_ layout: TIFFFileLayout, reader: TIFFFileReader) -> [LayoutNode] {
    var nodes: [LayoutNode] = []
    for index in layout.imageIndices {
      guard let image = layout.images[index] else { continue }
      let name = layout.directories[index].name
      if let jpeg = image.jpeg { nodes.append(LayoutNode("\(name) JPEG", range: jpeg, note: "JPEGInterchangeFormat")) }
      guard let striles = image.striles else { continue }
      let what = image.tiled ? "tiles" : "strips"
      let note = "image data, \(image.summary)"
      var run: (range: Range<Int>, first: Int, count: Int)?
      func flush() {
        guard let current = run else { return }
        let label = current.count == 1 ? "\(name) \(what.dropLast()) \(current.first)" : "\(name) \(what) \(current.first)–\(current.first + current.count - 1)"
        nodes.append(LayoutNode(label, range: current.range, note: note))
        run = nil
      }
      for (k, strile) in striles.enumerated() where !strile.isEmpty {
        var data = strile
        if image.compression == 1, let needed = uncompressedBytes(image, strile: k, of: striles.count), needed < strile.count {
          data = strile.lowerBound..<strile.lowerBound + needed
          nodes.append(LayoutNode("\(name) \(what.dropLast()) \(k) beyond its pixels", range: data.upperBound..<strile.upperBound,
                                  note: "bytes an uncompressed \(what.dropLast()) holds past the samples of its pixels", swept: true))
        }
        guard !data.isEmpty else { continue }
        if let current = run, current.range.upperBound == data.lowerBound {
          run = (current.range.lowerBound..<data.upperBound, current.first, current.count + 1)
        } else {
          flush()
          run = (data, k, 1)
        }
      }
      flush()
    }
    return nodes
  }

  /// The bytes the samples of strip (or tile) `k` of an uncompressed image take; nil when the
  /// layout does not say (no size, odd sample sizes). [TIFF 6.0 §3, §15, PlanarConfiguration]
  static func uncompressedBytes(_ image: TIFFImageDirectory, strile k: Int, of total: Int) -> Int? {
    guard let width = image.width, let height = image.height, width > 0, height > 0,
          image.bitsPerSample.allSatisfy({ $0 > 0 && $0 <= 64 }) else { return nil }
    let samples = max(1, image.samplesPerPixel)
    let bits = image.bitsPerSample.count >= samples ? image.bitsPerSample.prefix(samples).reduce(0, +)
      : (image.bitsPerSample.first ?? 1) * samples
    let planar = image.planar == 2
    if image.tiled {
      guard let tw = image.tileWidth, let tl = image.tileLength, tw > 0, tl > 0 else { return nil }
      let rowBits = planar ? tw * (image.bitsPerSample.first ?? 1) : tw * bits
      return (rowBits + 7) / 8 * tl
    }
    let rows = min(image.rowsPerStrip ?? height, height)
    guard rows > 0 else { return nil }
    let stripsPerPlane = (height + rows - 1) / rows
    guard stripsPerPlane > 0 else { return nil }
    let row = k % stripsPerPlane
    let rowsHere = min(rows, height - row * rows)
    let rowBits = planar ? width * (image.bitsPerSample.first ?? 1) : width * bits
    let (rowBytes, o1) = ((rowBits + 7) / 8).multipliedReportingOverflow(by: max(0, rowsHere))
    return o1 ? nil : rowBytes
  }
}
