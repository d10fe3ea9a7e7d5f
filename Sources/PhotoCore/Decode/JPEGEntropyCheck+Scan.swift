extension JPEGEntropyCheck {
  /// How one scan went.
  enum ScanOutcome {
    /// Every MCU decoded; `extra` bytes lay after the last MCU of an interval or of the scan.
    case decoded(extra: Int)
    case stopped(Verdict)
  }

  /// One block's Huffman tables, and its component (index into the scan's DC predictions) with
  /// that component's DC quantization step.
  struct BlockTables {
    var dc: JPEGHuffmanTable
    var ac: JPEGHuffmanTable
    var component: Int
    var dcStep: Int
  }

  /// Decodes the scan whose header is `payload` and whose data `reader` starts at; on return
  /// the reader is at the marker after the data. [T.81 B.2.3, F.2.2]
  static func decodeScan(_ payload: [UInt8], frame: (width: Int, height: Int, precision: Int, components: [Component]),
                         dc: [JPEGHuffmanTable?], ac: [JPEGHuffmanTable?], interval: Int,
                         reader: inout JPEGBitReader, scan: Int) -> ScanOutcome {
    guard let count = payload.first.map(Int.init), (1...4).contains(count), payload.count >= 1 + 2 * count + 3 else {
      return .stopped(.notChecked("scan \(scan) has a malformed header"))
    }
    let spectral = (start: payload[1 + 2 * count], end: payload[2 + 2 * count], approximation: payload[3 + 2 * count])
    guard spectral.start == 0, spectral.end == 63, spectral.approximation == 0 else {
      return .stopped(.notChecked("scan \(scan) is not a sequential scan (Ss \(spectral.start), Se \(spectral.end))"))
    }
    let hMax = frame.components.map(\.h).max() ?? 1, vMax = frame.components.map(\.v).max() ?? 1
    var perMCU: [BlockTables] = []
    var columns = 0, rows = 0
    for i in 0..<count {
      let id = payload[1 + 2 * i], selectors = payload[2 + 2 * i]
      guard let component = frame.components.first(where: { $0.id == id }),
            let dcTable = dc[Int(selectors >> 4) & 3], let acTable = ac[Int(selectors & 0x0F) & 3],
            selectors >> 4 < 4, selectors & 0x0F < 4 else {
        return .stopped(.notChecked("scan \(scan) names a component or table the file does not define"))
      }
      let tables = BlockTables(dc: dcTable, ac: acTable, component: i, dcStep: component.dcStep)
      if count == 1 {
        // One component: its blocks one by one, over its own size. [T.81 A.2.2]
        let width = (frame.width * component.h + hMax - 1) / hMax, height = (frame.height * component.v + vMax - 1) / vMax
        (columns, rows) = ((width + 7) / 8, (height + 7) / 8)
        perMCU = [tables]
      } else {
        // Interleaved: each MCU holds h × v blocks of each component. [T.81 A.2.3]
        perMCU += Array(repeating: tables, count: component.h * component.v)
        (columns, rows) = ((frame.width + 8 * hMax - 1) / (8 * hMax), (frame.height + 8 * vMax - 1) / (8 * vMax))
      }
    }
    guard perMCU.count <= 10 || count == 1 else { return .stopped(.notChecked("scan \(scan) has \(perMCU.count) blocks per MCU")) }
    let limits = BlockLimits(precision: frame.precision)
    var predictions = [Int](repeating: 0, count: count)
    let total = columns * rows
    var extra = 0, restarts = 0
    func place(_ mcu: Int) -> String { "MCU row \(mcu / max(1, columns) + 1) of \(rows), byte \(reader.position)" }
    for mcu in 0..<total {
      if interval > 0, mcu > 0, mcu % interval == 0 {
        // The interval's data ends with a restart marker, the next in sequence. [T.81 B.2.1, F.1.2.3]
        let (skipped, at, padded) = reader.skipToMarker()
        if let problem = overrun(skipped, padded: padded, what: "restart interval \(restarts + 1)") {
          return .stopped(.corrupt("scan \(scan) \(problem) (\(place(mcu - 1)))"))
        }
        guard at + 1 < reader.bytes.count, (0xD0...0xD7).contains(reader.bytes[at + 1]) else {
          return .stopped(.corrupt("scan \(scan) ends at byte \(at) after \(mcu) of its \(total) MCUs (\(place(mcu)))"))
        }
        let expected = UInt8(0xD0 + restarts % 8)
        guard reader.bytes[at + 1] == expected else {
          return .stopped(.corrupt("scan \(scan) has RST\(reader.bytes[at + 1] - 0xD0) at byte \(at) where RST\(expected - 0xD0) belongs (\(place(mcu)))"))
        }
        extra += skipped
        restarts += 1
        reader = JPEGBitReader(reader.bytes, at: at + 2)
        predictions = [Int](repeating: 0, count: count)  // [T.81 F.2.1.3.1]
      }
      for tables in perMCU {
        if let problem = decodeBlock(tables, limits: limits, prediction: &predictions[tables.component], reader: &reader) {
          return .stopped(.corrupt("scan \(scan) has corrupt entropy-coded data: \(problem) (\(place(mcu)))"))
        }
      }
      if reader.ranOut {
        return .stopped(.corrupt("scan \(scan) ends before its data does: a marker at byte \(reader.position) in MCU \(mcu + 1) of \(total) (\(place(mcu)))"))
      }
    }
    // After the last MCU: what decoders skip up to the next marker (stray restart markers too).
    var first = true
    while true {
      let (skipped, at, padded) = reader.skipToMarker()
      if first, let problem = overrun(skipped, padded: padded, what: interval > 0 ? "restart interval \(restarts + 1)" : "the scan") {
        return .stopped(.corrupt("scan \(scan) \(problem) (\(place(total - 1)))"))
      }
      first = false
      extra += skipped
      guard at + 1 < reader.bytes.count, (0xD0...0xD7).contains(reader.bytes[at + 1]) else { break }
      reader = JPEGBitReader(reader.bytes, at: at + 2)
      extra += 2
    }
    return .decoded(extra: extra)
  }

  /// Why data that runs `skipped` bytes past the last MCU of `what` is corrupt, or nil. Junk after
  /// whole data (a camera's padding before EOI, a scanner's after each interval) starts after the
  /// byte the encoder padded with 1s; when the last MCU ends inside a byte whose other bits are
  /// not all 1s, the decoder did not end where the encoder did: bytes in the middle of the data
  /// were decoded as something else (garbage), and what follows the MCU is the data's true tail.
  static func overrun(_ skipped: Int, padded: Bool, what: String) -> String? {
    guard skipped > 0, !padded else { return nil }
    return "has corrupt entropy-coded data: the last MCU of \(what) ends inside a byte that is not padding, \(skipped) bytes before its marker"
  }

  /// Decodes one 8×8 block's DC difference and AC coefficients; why it is corrupt, or nil.
  /// [T.81 F.2.2.1, F.2.2.2, Table F.1, F.2]
  static func decodeBlock(_ tables: BlockTables, limits: BlockLimits, prediction: inout Int,
                          reader: inout JPEGBitReader) -> String? {
    guard let category = reader.decode(tables.dc).map(Int.init) else { return "a DC code matches no Huffman code" }
    guard category <= limits.dcCategory else { return "a DC difference of category \(category)" }
    // EXTEND: a category-t difference is t bits, negative when the first is 0. [T.81 F.2.2.1]
    let bits = reader.bits(category)
    prediction += category == 0 ? 0 : bits < 1 << (category - 1) ? bits - (1 << category) + 1 : bits
    // The DC coefficient of a block of samples is at most 8 × the largest sample offset
    // (1024 at 8 bits, [A.3.3]); garbage read as differences walks the prediction beyond it.
    if tables.dcStep > 0, abs(prediction) * tables.dcStep > limits.dcMagnitude + tables.dcStep {
      return "a DC coefficient of \(prediction * tables.dcStep), beyond what \(limits.precision)-bit samples give"
    }
    var k = 1
    while k < 64 {
      guard let symbol = reader.decode(tables.ac) else { return "an AC code matches no Huffman code" }
      let run = Int(symbol >> 4), size = Int(symbol & 0x0F)
      if size == 0 {
        guard run == 15 else { break }  // EOB
        k += 16  // ZRL: sixteen zeros
        guard k <= 64 else { return "a run of zeros past the 64th coefficient of a block" }
        continue
      }
      k += run
      guard k <= 63 else { return "a coefficient past the 64th of its block" }
      guard size <= limits.acCategory else { return "an AC coefficient of category \(size)" }
      _ = reader.bits(size)
      k += 1
    }
    return nil
  }
}

/// What a sound block of `precision`-bit samples can hold: the largest DC and AC categories
/// [T.81 F.1.2.1.1, F.1.2.2.1: 11 and 10 at 8 bits, 15 and 14 at 12 bits] and the largest DC
/// coefficient magnitude (8 × 2^(P−1)).
struct BlockLimits {
  package var precision: Int
  var dcCategory: Int { precision > 8 ? 15 : 11 }
  var acCategory: Int { precision > 8 ? 14 : 10 }
  var dcMagnitude: Int { 8 << (max(8, min(precision, 16)) - 1) }
}
