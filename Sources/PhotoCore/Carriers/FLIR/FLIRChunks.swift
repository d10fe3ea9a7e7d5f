/// Joins the FLIR FFF data a JPEG splits over APP1 "FLIR\0" segments. After the signature each
/// payload holds a byte ExifTool leaves unnamed (1 in every file seen), the 0-based chunk number,
/// the chunk count minus 1, then up to 65,525 bytes of the FFF data; the chunks joined in number
/// order are the FFF file. [ExifTool ExifTool.pm, APP1 "FLIR" handling; FLIR.pm]
///
/// Some writers put 0 in both chunk bytes of every segment: several segments that all say
/// "chunk 0 of 1" are joined in file order, as written (with a warning).
public enum FLIRChunks {
  /// The APP1 signature (the walker cuts it off the carrier's payload).
  public static let app1Signature: [UInt8] = Array("FLIR\u{0}".utf8)
  /// The bytes after the signature before the data: the unnamed byte, number and count - 1.
  public static let headerLength = 3

  /// One chunk: its place among the others and its data's range in the payload it came from.
  public struct Chunk: Sendable, Equatable {
    /// Index of the payload in the list given to `assemble`.
    public var payload: Int
    /// 0-based chunk number.
    public var number: Int
    /// Chunks in all, as this one says.
    public var count: Int
  }

  /// The FFF data joined, the payloads it came from in order (indexes into the list given), and
  /// what was wrong. `data` is nil when chunks are missing or disagree: the joined bytes would
  /// not be the FFF file, and the caller reports it as not checked.
  public struct Assembly: Sendable, Equatable {
    public var data: [UInt8]?
    public var order: [Int]
    public var warnings: [String]
    /// Why the data could not be joined (the FFF records were not read), when `data` is nil.
    public var failure: String?
  }

  /// Assembles the FFF data from APP1 payloads (each without "FLIR\0", as the walker cuts
  /// them), in file order.
  public static func assemble(_ payloads: [[UInt8]]) -> Assembly {
    var warnings: [String] = []
    var chunks: [Chunk] = []
    for (index, payload) in payloads.enumerated() {
      guard payload.count >= headerLength else {
        warnings.append("FLIR APP1 segment \(index + 1) has \(payload.count) bytes, too few for a chunk header; ignored.")
        continue
      }
      chunks.append(Chunk(payload: index, number: Int(payload[1]), count: Int(payload[2]) + 1))
    }
    guard let first = chunks.first else {
      return Assembly(data: nil, order: [], warnings: warnings, failure: payloads.isEmpty ? nil : "no FLIR APP1 segment holds a chunk")
    }
    let counts = Set(chunks.map(\.count))
    if chunks.count > 1, counts == [1], chunks.allSatisfy({ $0.number == 0 }) {
      // Every segment says "chunk 0 of 1": a writer that leaves the chunk bytes at 0.
      warnings.append("\(chunks.count) FLIR APP1 segments each say they are chunk 1 of 1; joined in file order.")
      return join(chunks.map(\.payload), payloads, warnings: warnings)
    }
    guard counts.count == 1 else {
      let list = counts.sorted().map(String.init).joined(separator: ", ")
      return Assembly(data: nil, order: [], warnings: warnings,
                      failure: "the FLIR APP1 segments disagree on the number of chunks (\(list))")
    }
    let count = first.count
    var slots: [Int: Int] = [:]
    for chunk in chunks {
      guard chunk.number < count else {
        warnings.append("FLIR chunk number \(chunk.number + 1) is past the count \(count); ignored.")
        continue
      }
      if let existing = slots[chunk.number] {
        let same = payloads[existing][headerLength...].elementsEqual(payloads[chunk.payload][headerLength...])
        if !same { warnings.append("FLIR chunk \(chunk.number + 1) appears twice with different data; the first was kept.") }
        continue
      }
      slots[chunk.number] = chunk.payload
    }
    let missing = (0..<count).filter { slots[$0] == nil }
    guard missing.isEmpty else {
      let list = missing.prefix(10).map { String($0 + 1) }.joined(separator: ", ")
      return Assembly(data: nil, order: [], warnings: warnings,
                      failure: "FLIR APP1 chunk(s) \(list)\(missing.count > 10 ? "…" : "") of \(count) are missing")
    }
    return join((0..<count).compactMap { slots[$0] }, payloads, warnings: warnings)
  }

  package static func join(_ order: [Int], _ payloads: [[UInt8]], warnings: [String]) -> Assembly {
    var data: [UInt8] = []
    data.reserveCapacity(order.reduce(0) { $0 + payloads[$1].count - headerLength })
    for index in order { data += payloads[index][headerLength...] }
    return Assembly(data: data, order: order, warnings: warnings, failure: nil)
  }
}
