/// Decodes the Huffman-coded data of a sequential JPEG's scans — codes and coefficient positions
/// only: nothing is dequantized or transformed — to tell whether it is sound.
///
/// Why: libjpeg-turbo's fast Huffman decoder (used while more than a few KB of data remain, that
/// is for almost all of a file held in memory, as TurboJPEG holds it) reads a code that matches
/// no table entry as 0 **without a warning** (`jdhuff.h` HUFF_DECODE_FAST: `if (nb > 16) s = 0`),
/// where its slow decoder and djpeg say "Corrupt JPEG data: bad Huffman code". Garbage in the
/// middle of a scan then shows through TurboJPEG only at the end of the restart interval or of the
/// scan, as "N extraneous bytes before marker 0xD?" — the very warning that junk *after* complete
/// data gives, with every pixel whole. This check tells the two apart: garbage decodes to codes
/// that match nothing or to coefficients past the 64th of a block, well-formed data does not.
/// `PictureDecoder` runs it only after such a warning, so a clean file costs nothing.
///
/// Baseline and extended sequential Huffman frames (SOF0, SOF1) are checked; progressive,
/// lossless, hierarchical and arithmetic-coded frames are not (`notChecked`). Bounded: every
/// step reads data or stops at the first problem; MCU counts come from the frame header, which
/// the caller has held to its pixel limit. [ITU-T T.81 Annex B, F.1.2, F.2.2]
enum JPEGEntropyCheck {
  /// What the check found.
  enum Verdict: Equatable {
    /// Every MCU of every scan decodes; `extraBytes`: bytes after the last MCU of an interval or
    /// scan, which decoders skip (junk or padding: the pixels are whole).
    case sound(extraBytes: Int)
    /// The data does not decode: what, and where.
    case corrupt(String)
    /// Not a frame this check decodes, or headers it cannot read.
    case notChecked(String)
  }

  /// One component of the frame: id, sampling factors and the first (DC) entry of its
  /// quantization table. [T.81 B.2.2]
  struct Component {
    package var id: UInt8
    package var h: Int
    package var v: Int
    /// Its quantization table's selector, then the table's DC step once the scan starts.
    package var table: Int
    var dcStep = 0
  }

  /// Checks the JPEG in `bytes`.
  package static func check(_ bytes: [UInt8]) -> Verdict {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == JPEGMarker.soi else { return .notChecked("no SOI") }
    var dc = [JPEGHuffmanTable?](repeating: nil, count: 4), ac = dc
    var dcSteps = [Int](repeating: 0, count: 4)
    var frame: (width: Int, height: Int, precision: Int, components: [Component])?
    var interval = 0, scans = 0, extraBytes = 0
    var position = 2
    while position + 4 <= bytes.count {
      guard bytes[position] == 0xFF else {
        // Bytes between segments (decoders skip them; the walk reports them as unaccounted).
        position += 1
        continue
      }
      let marker = bytes[position + 1]
      if marker == 0xFF || JPEGMarker.isStandalone(marker) {
        if marker == JPEGMarker.eoi { break }
        position += marker == 0xFF ? 1 : 2
        continue
      }
      let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
      guard length >= 2, position + 2 + length <= bytes.count else { return .notChecked("segment at byte \(position) runs past the file") }
      let payload = Array(bytes[position + 4..<position + 2 + length])
      position += 2 + length
      switch marker {
      case JPEGMarker.dht:
        guard readTables(payload, dc: &dc, ac: &ac) else { return .notChecked("a DHT segment cannot be read") }
      case JPEGMarker.dqt:
        guard readQuantization(payload, dcSteps: &dcSteps) else { return .notChecked("a DQT segment cannot be read") }
      case JPEGMarker.dri:
        guard payload.count >= 2 else { return .notChecked("the DRI segment is short") }
        interval = Int(payload[0]) << 8 | Int(payload[1])
      case 0xC0, 0xC1:
        guard frame == nil, let read = readFrame(payload) else { return .notChecked("the frame header cannot be read") }
        frame = read
      case _ where JPEGMarker.isStartOfFrame(marker):
        return .notChecked("a \(JPEGMarker.name(marker)) frame (only sequential Huffman frames are decoded here)")
      case JPEGMarker.sos:
        guard var frame else { return .notChecked("a scan before the frame header") }
        for i in frame.components.indices { frame.components[i].dcStep = dcSteps[frame.components[i].table & 3] }
        scans += 1
        var reader = JPEGBitReader(bytes, at: position)
        switch decodeScan(payload, frame: frame, dc: dc, ac: ac, interval: interval, reader: &reader, scan: scans) {
        case .stopped(let verdict): return verdict
        case .decoded(let extra):
          extraBytes += extra
          position = reader.position
        }
      default:
        continue
      }
    }
    return scans == 0 ? .notChecked("no scan") : .sound(extraBytes: extraBytes)
  }

  /// Reads the tables of a DHT payload into `dc` and `ac`; false when it is malformed.
  static func readTables(_ payload: [UInt8], dc: inout [JPEGHuffmanTable?], ac: inout [JPEGHuffmanTable?]) -> Bool {
    var at = 0
    while at < payload.count {
      guard at + 17 <= payload.count else { return false }
      let kind = payload[at] >> 4, id = Int(payload[at] & 0x0F)
      let counts = payload[at + 1..<at + 17].map(Int.init)
      let total = counts.reduce(0, +)
      guard kind <= 1, id < 4, at + 17 + total <= payload.count,
            let table = JPEGHuffmanTable(counts: counts, values: Array(payload[at + 17..<at + 17 + total])) else { return false }
      if kind == 0 { dc[id] = table } else { ac[id] = table }
      at += 17 + total
    }
    return true
  }

  /// Reads the DC step (the first entry) of each table of a DQT payload; false when malformed.
  /// [T.81 B.2.4.1]
  static func readQuantization(_ payload: [UInt8], dcSteps: inout [Int]) -> Bool {
    var at = 0
    while at < payload.count {
      let wide = payload[at] >> 4 == 1, id = Int(payload[at] & 0x0F)
      let length = 1 + 64 * (wide ? 2 : 1)
      guard payload[at] >> 4 <= 1, id < 4, at + length <= payload.count else { return false }
      dcSteps[id] = wide ? Int(payload[at + 1]) << 8 | Int(payload[at + 2]) : Int(payload[at + 1])
      at += length
    }
    return true
  }

  /// The frame header: size, precision, components. nil when malformed or of no size (DNL).
  static func readFrame(_ payload: [UInt8]) -> (width: Int, height: Int, precision: Int, components: [Component])? {
    guard payload.count >= 6 else { return nil }
    let precision = Int(payload[0]), height = Int(payload[1]) << 8 | Int(payload[2])
    let width = Int(payload[3]) << 8 | Int(payload[4]), count = Int(payload[5])
    guard width > 0, height > 0, (1...4).contains(count), payload.count >= 6 + 3 * count else { return nil }
    var components: [Component] = []
    for i in 0..<count {
      let factors = payload[7 + 3 * i]
      let h = Int(factors >> 4), v = Int(factors & 0x0F)
      guard (1...4).contains(h), (1...4).contains(v) else { return nil }
      components.append(Component(id: payload[6 + 3 * i], h: h, v: v, table: Int(payload[8 + 3 * i] & 3)))
    }
    return (width, height, precision, components)
  }
}
