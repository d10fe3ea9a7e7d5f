/// Joins an ICC profile split over JPEG APP2 "ICC_PROFILE\0" segments: each holds a 1-based
/// sequence number and the chunk count, then up to 65519 bytes. [ICC.1:2010 B.4]
public enum ICCChunks {
  /// The APP2 signature.
  public static let app2Signature: [UInt8] = Array("ICC_PROFILE\u{0}".utf8)
  /// Signature + sequence number + count.
  public static let headerLength = 14

  /// Assembles the profile from APP2 payloads (each starting with "ICC_PROFILE\0"), in any
  /// order. Identical duplicates are ignored; a chunk with another count, a sequence number
  /// outside 1...count, or a conflicting duplicate is dropped with a warning; a missing chunk
  /// gives a warning and a nil profile.
  public static func assemble(_ app2Payloads: [[UInt8]]) -> (profile: [UInt8]?, warnings: [String]) {
    var warnings: [String] = []
    var count: Int?
    var slots: [Int: [UInt8]] = [:]
    for (n, payload) in app2Payloads.enumerated() {
      guard payload.count >= headerLength, payload.hasPrefix(app2Signature) else {
        warnings.append("APP2 payload \(n + 1) is not an ICC_PROFILE chunk; ignored.")
        continue
      }
      let seq = Int(payload[12]), total = Int(payload[13])
      if count == nil, total > 0 { count = total }
      guard let expected = count, total == expected else {
        warnings.append("ICC chunk \(seq) says there are \(total) chunks, not \(count ?? 0); ignored.")
        continue
      }
      guard (1...expected).contains(seq) else {
        warnings.append("ICC chunk sequence number \(seq) is outside 1...\(expected); ignored.")
        continue
      }
      let data = Array(payload[headerLength...])
      if let existing = slots[seq] {
        if existing != data { warnings.append("ICC chunk \(seq) appears twice with different data; the first was kept.") }
        continue
      }
      slots[seq] = data
    }
    guard let expected = count else {
      if !app2Payloads.isEmpty, warnings.isEmpty { warnings.append("No usable ICC_PROFILE chunk.") }
      return (nil, warnings)
    }
    let missing = (1...expected).filter { slots[$0] == nil }
    guard missing.isEmpty else {
      let list = missing.prefix(10).map(String.init).joined(separator: ", ")
      warnings.append("ICC profile chunk(s) \(list)\(missing.count > 10 ? "..." : "") of \(expected) are missing; profile not assembled.")
      return (nil, warnings)
    }
    var profile: [UInt8] = []
    for seq in 1...expected { profile += slots[seq] ?? [] }
    return (profile, warnings)
  }
}
