/// Decodes IPTC-IIM (Photoshop resource 0x0404, PNG raw profile iptc) into ExifTool-named tags
/// in group "IPTC".
public enum IPTCDecoder {
  /// Tag marker that starts every dataset. [IPTC-IIM 4.2 §1.5.1]
  package static let marker: UInt8 = 0x1C

  /// The location datasets (2:26, 2:27, 2:90, 2:92, 2:95, 2:100, 2:101): PA006 evidence.
  public static let locationFields: [IPTCDatasetInfo] = IPTCDatasets.all.filter { $0.privacy == .location }
  /// Datasets naming people or holding unique IDs: PA007 evidence.
  public static let identifyingFields: [IPTCDatasetInfo] = IPTCDatasets.all.filter { $0.privacy == .identifying }
  /// Every dataset this decoder names.
  public static let knownDatasets: [IPTCDatasetInfo] = IPTCDatasets.all

  /// The tags among `tags` that are IPTC location fields.
  public static func locationTags(in tags: [MetadataTag]) -> [MetadataTag] {
    let names = Set(locationFields.map(\.name))
    return tags.filter { $0.carrier == .iptc && names.contains($0.name) }
  }

  /// The tags among `tags` that are IPTC identifying fields.
  public static func identifyingTags(in tags: [MetadataTag]) -> [MetadataTag] {
    let names = Set(identifyingFields.map(\.name))
    return tags.filter { $0.carrier == .iptc && names.contains($0.name) }
  }

  /// Decodes an IPTC-IIM block: datasets `0x1C record dataset length data`, with a 16-bit
  /// length or, when its top bit is set, an extended length of 1–8 bytes. [IPTC-IIM 4.2 §1.5.1]
  ///
  /// Unknown datasets are kept as "IPTC_<RecordName>_<n>"; unknown records are skipped with a
  /// warning. Repeated and repeatable datasets become lists. Reading stops at the first bad
  /// marker or overlong dataset, with a warning; what was read before is returned.
  public static func decode(_ iim: [UInt8], item: Int? = nil) -> (tags: [MetadataTag], warnings: [String]) {
    var names: [String] = []
    var values: [String: [TagValue]] = [:]
    var lists: Set<String> = []
    var seen: [String: Set<TagValue>] = [:]
    var warnings: [String] = []
    var unknownRecords: Set<UInt8> = []
    var declaredUTF8 = false
    var pos = 0
    while pos + 5 <= iim.count {
      guard iim[pos] == marker else {
        if !iim[pos...].allSatisfy({ $0 == 0 }) {  // some writers pad with NULs
          warnings.append("IPTC has a bad dataset marker 0x\(String(iim[pos], radix: 16)) at byte \(pos); the rest was skipped.")
        }
        break
      }
      let record = iim[pos + 1], dataset = iim[pos + 2]
      let start = pos
      let short = Int(iim[pos + 3]) << 8 | Int(iim[pos + 4])
      pos += 5
      var length = short
      if short & 0x8000 != 0 {  // extended dataset [IPTC-IIM 4.2 §1.5.2]
        let n = short & 0x7FFF
        guard (1...8).contains(n), n <= iim.count - pos else {
          warnings.append("IPTC dataset \(record):\(dataset) at byte \(start) has an invalid extended length; the rest was skipped.")
          break
        }
        var v: UInt64 = 0
        for k in 0..<n { v = v << 8 | UInt64(iim[pos + k]) }
        pos += n
        guard v <= UInt64(iim.count) else {
          warnings.append("IPTC dataset \(record):\(dataset) at byte \(start) declares \(v) bytes, more than the block; the rest was skipped.")
          break
        }
        length = Int(v)
      }
      guard length <= iim.count - pos else {
        warnings.append("IPTC dataset \(record):\(dataset) at byte \(start) declares \(length) bytes but only \(iim.count - pos) remain; the rest was skipped.")
        break
      }
      let data = iim[pos..<pos + length]
      pos += length
      guard let recordName = IPTCDatasets.recordNames[record] else {
        if unknownRecords.insert(record).inserted { warnings.append("Unrecognised IPTC record \(record) ignored.") }
        continue
      }
      let info = IPTCDatasets.info(record: record, dataset: dataset)
      let name = info?.name ?? "IPTC_\(recordName)_\(dataset)"
      if record == 1, dataset == 90 { declaredUTF8 = Array(data.prefix(3)) == IPTCText.utf8Designator }
      let format = info?.format ?? guessFormat(data)
      let value = Self.value(data, format: format, declaredUTF8: declaredUTF8)
      let isList = info?.isList == true
      if values[name] != nil {
        // A non-repeatable dataset written twice with the same value is one value.
        if !isList, seen[name, default: []].contains(value) { continue }
        lists.insert(name)
      } else {
        names.append(name)
      }
      if !isList { seen[name, default: []].insert(value) }
      values[name, default: []].append(value)
      if isList { lists.insert(name) }
    }
    if pos < iim.count, pos + 5 > iim.count, !iim[pos...].allSatisfy({ $0 == 0 }), warnings.isEmpty {
      warnings.append("IPTC ends with \(iim.count - pos) stray byte(s) at byte \(pos).")
    }
    let tags = names.map { name -> MetadataTag in
      let v = values[name] ?? []
      let value: TagValue = lists.contains(name) ? .list(v) : (v.first ?? .text(""))
      return MetadataTag(carrier: .iptc, item: item, group: "IPTC", name: name, value: value)
    }
    return (tags, warnings)
  }

  /// ExifTool's guess for an unknown dataset: a short value with control bytes is an integer.
  static func guessFormat(_ data: ArraySlice<UInt8>) -> IPTCFormat {
    data.count <= 4 && data.count != 3 && data.contains(where: { $0 <= 8 }) ? .integer : .string
  }

  package static func value(_ data: ArraySlice<UInt8>, format: IPTCFormat, declaredUTF8: Bool) -> TagValue {
    switch format {
    case .binary:
      return .binary(count: data.count)
    case .integer:
      guard data.count <= 8 else { return .binary(count: data.count) }
      var v: UInt64 = 0
      for b in data { v = v << 8 | UInt64(b) }
      return v <= UInt64(Int64.max) ? .integer(Int64(v)) : .binary(count: data.count)
    case .string, .digits, .date, .time:
      // Trailing NULs are terminators some writers add; NULs inside are kept (and what follows).
      var end = data.endIndex
      while end > data.startIndex, data[end - 1] == 0 { end -= 1 }
      let text = IPTCText.decode(data[data.startIndex..<end], declaredUTF8: declaredUTF8)
      switch format {
      case .date: return .text(exifDate(text))
      case .time: return .text(exifTime(text))
      default: return .text(text)
      }
    }
  }

  /// "20250101" → "2025:01:01"; anything else unchanged.
  static func exifDate(_ s: String) -> String {
    let c = Array(s)
    guard c.count == 8, c.allSatisfy(\.isASCIIDigit) else { return s }
    return String(c[0..<4]) + ":" + String(c[4..<6]) + ":" + String(c[6..<8])
  }

  /// "102030+0800" → "10:20:30+08:00", "102030" → "10:20:30", "135926.054-0600" →
  /// "13:59:26.054-06:00"; anything else unchanged.
  static func exifTime(_ s: String) -> String {
    let c = Array(s)
    guard c.count >= 6, c[0..<6].allSatisfy(\.isASCIIDigit) else { return s }
    var out = String(c[0..<2]) + ":" + String(c[2..<4]) + ":" + String(c[4..<6])
    var i = 6
    if i < c.count, c[i] == "." {
      var j = i + 1
      while j < c.count, c[j].isASCIIDigit { j += 1 }
      out += String(c[i..<j])
      i = j
    }
    if i == c.count { return out }
    guard c.count - i == 5, c[i] == "+" || c[i] == "-", c[(i + 1)...].allSatisfy(\.isASCIIDigit) else { return s }
    return out + String(c[i]) + String(c[(i + 1)..<(i + 3)]) + ":" + String(c[(i + 3)..<(i + 5)])
  }
}

fileprivate extension Character {
  /// True for "0"..."9".
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
