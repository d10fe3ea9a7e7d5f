#if canImport(Glibc)
import Bytes
import Glibc
#endif

/// Finds where the entropy-coded data of a JPEG scan ends, at memory speed: reads the source in
/// bounded chunks (in place when it is in memory) and jumps from one 0xFF to the next with `memchr`, so the only per-byte work
/// is the C library's.
///
/// Inside entropy-coded data a 0xFF is followed by 0x00 (byte stuffing), by RST0–RST7 (restart
/// markers, part of the scan) or by more 0xFF (fill); any other byte ends the scan: it is the
/// next marker (DHT, SOS, EOI…). [T.81 B.1.1.5, F.1.2.3, B.2.1]
enum JPEGEntropyScanner {
  /// Bytes read per chunk.
  static let chunkLength = 1 << 20

  /// Where the scan data that starts at `start` ends.
  package struct Result: Equatable {
    /// Offset of the 0xFF of the marker that ends the data, or `limit` when none was found.
    package var end: Int
    /// RST markers met.
    var restarts: Int
    /// A marker ended the data (false: the data runs to `limit`, the file is truncated).
    var foundMarker: Bool
  }

  /// Scans from `start` to at most `limit`.
  package static func scan(_ source: any ByteSource, from start: Int, limit: Int,
                   chunkLength: Int = chunkLength) throws(ByteError) -> Result {
    var position = start
    var restarts = 0
    while position < limit {
      // The search over one chunk: nil means "no marker in it"; otherwise the marker's index,
      // or the index of a 0xFF in the last byte whose successor must be read with the next chunk.
      var carry = false
      var chunkCount = 0
      let hit: Int? = try source.withBytes(in: position..<min(limit, position + max(chunkLength, 2))) { chunk -> Int? in
        chunkCount = chunk.count
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = chunk.count
        var i = 0
        while i < count {
          guard let found = memchr(base + i, 0xFF, count - i) else { return nil }
          let j = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
          guard j + 1 < count else {
            carry = true
            return j
          }
          let next = base[j + 1]
          if next == 0x00 {
            i = j + 2  // stuffed byte [T.81 F.1.2.3]
          } else if next >= 0xD0 && next <= 0xD7 {
            restarts += 1  // RSTm: part of the scan [T.81 B.2.1]
            i = j + 2
          } else if next == 0xFF {
            i = j + 1  // fill byte before a marker [T.81 B.1.1.2]
          } else {
            return j
          }
        }
        return nil
      }
      guard chunkCount > 0 else { break }
      if let hit {
        if carry {
          // 0xFF is the chunk's last byte: re-read from it (the chunk is ≥ 2 bytes, so this moves).
          if position + hit + 1 >= limit { return Result(end: limit, restarts: restarts, foundMarker: false) }
          if hit == 0 { position += 1; continue }  // cannot happen with chunks ≥ 2 bytes; stay safe
          position += hit
          continue
        }
        return Result(end: position + hit, restarts: restarts, foundMarker: true)
      }
      position += chunkCount
    }
    return Result(end: limit, restarts: restarts, foundMarker: false)
  }
}
