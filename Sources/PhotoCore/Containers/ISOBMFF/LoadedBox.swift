import Bytes
/// A box whose bytes are in memory (the `meta` box and everything in it), with its children
/// when it is a container the walker descends into.
struct LoadedBox: Sendable {
  package var box: ISOBMFFBox
  /// The payload (after the header); `payload.startIndex` is arbitrary, use `reader()`.
  package var payload: ArraySlice<UInt8>
  var children: [LoadedBox]

  /// A bounds-checked reader over the payload; offsets in errors are absolute.
  package func reader(_ what: String? = nil) -> ByteReader {
    ByteReader(Array(payload), base: box.payloadOffset, what: what ?? "'\(box.type)' box")
  }

  /// The first child of `type`.
  package func child(_ type: String) -> LoadedBox? { children.first { $0.box.type == type } }
  /// Every child of `type`.
  func children(_ type: String) -> [LoadedBox] { children.filter { $0.box.type == type } }
}

/// Counters and warnings shared by one walk, so caps hold across the whole file.
struct ISOBMFFWalkState {
  var boxCount = 0
  package var warnings: [String] = []

  mutating func countBox() throws(ContainerError) {
    boxCount += 1
    guard boxCount <= ISOBMFFLimits.maxBoxes else {
      throw .limitExceeded(format: "HEIF", what: "number of boxes", limit: ISOBMFFLimits.maxBoxes)
    }
  }

  package mutating func warn(_ message: String) {
    // A hostile file can make every box odd: keep the list readable.
    if warnings.count < 200 { warnings.append(message) }
    else if warnings.count == 200 { warnings.append("more problems not listed") }
  }
}

extension LoadedBox {
  /// How far into a container's payload its child boxes start, or nil for a leaf: the one table
  /// of container boxes (`ISOBMFFBoxTypes`).
  static func childOffset(type: String, payload: ArraySlice<UInt8>) -> Int? {
    ISOBMFFBoxTypes.childOffset(type: type, payloadHead: Array(payload.prefix(8)))
  }

  /// Reads the boxes in `bytes[range]` (absolute offset of `bytes[bytes.startIndex]` is `base`),
  /// descending into containers. A child overrunning its parent is clamped with a warning;
  /// nesting deeper than `ISOBMFFLimits.maxDepth` throws.
  static func children(of bytes: ArraySlice<UInt8>, from start: Int, base: Int, depth: Int,
                       parent: String, state: inout ISOBMFFWalkState) throws(ContainerError) -> [LoadedBox] {
    guard depth <= ISOBMFFLimits.maxDepth else {
      throw .limitExceeded(format: "HEIF", what: "box nesting inside '\(parent)'", limit: ISOBMFFLimits.maxDepth)
    }
    var result: [LoadedBox] = []
    var index = bytes.startIndex + start
    let limitAbsolute = base + bytes.count
    while index < bytes.endIndex {
      let offset = base + (index - bytes.startIndex)
      let head = Array(bytes[index..<min(index + ISOBMFFBox.maxHeaderLength, bytes.endIndex)])
      switch ISOBMFFBox.parseHeader(head, offset: offset, limit: limitAbsolute, depth: depth) {
      case .partial:
        if head.contains(where: { $0 != 0 }) {
          state.warn("'\(parent)' has \(bytes.endIndex - index) stray bytes at byte \(offset)")
        }
        return result
      case .invalid(let reason):
        state.warn("box in '\(parent)' at byte \(offset): \(reason); the rest of '\(parent)' was skipped")
        return result
      case .box(let box, let declaredEnd):
        try state.countBox()
        if box.isTruncated {
          state.warn("box \(box.type) at byte \(offset) declares \(declaredEnd - offset) bytes, past the end of '\(parent)' at byte \(limitAbsolute)")
        }
        let payloadStart = index + box.headerSize
        let payloadEnd = index + box.size
        let payload = bytes[min(payloadStart, payloadEnd)..<payloadEnd]
        var loaded = LoadedBox(box: box, payload: payload, children: [])
        if let childStart = childOffset(type: box.type, payload: payload), childStart <= payload.count {
          loaded.children = try children(of: payload, from: childStart, base: box.payloadOffset,
                                         depth: depth + 1, parent: box.type, state: &state)
          loaded.box.children = loaded.children.map(\.box)
        }
        result.append(loaded)
        index = payloadEnd
      }
    }
    return result
  }
}
