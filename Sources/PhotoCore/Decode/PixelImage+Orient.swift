import Codecs

extension PixelImage {
  /// The image as displayed under EXIF orientation `o`: stored pixel (x, y) moves to
  /// `o.displayedPoint(x:y:stored:)`, so `image.oriented(exifOrientation)` is upright.
  /// Exact (a permutation of pixels); `.up` returns the image unchanged.
  ///
  /// Walks the *destination* in order and gathers from the source: the source offset of
  /// displayed pixel (dx, dy) is affine, derived from `o.inverse.displayedPoint` itself, so
  /// this cannot disagree with the model's definition. Rows that stay rows are block copies
  /// or reversed copies; quarter turns go in 64×64 tiles so both sides stay in cache.
  public func oriented(_ o: Orientation) -> PixelImage {
    guard o != .up else { return self }
    let shown = o.displayedSize(stored: PixelSize(width: width, height: height))
    // Source point of displayed (x, y): the inverse transform applied to the displayed image.
    let inverse = o.inverse
    let p00 = inverse.displayedPoint(x: 0, y: 0, stored: shown)
    let p10 = inverse.displayedPoint(x: 1, y: 0, stored: shown)
    let p01 = inverse.displayedPoint(x: 0, y: 1, stored: shown)
    let geometry = Gather(
      channels: channels, sourceWidth: width, width: shown.width, height: shown.height,
      base: (p00.y * width + p00.x) * channels,
      stepX: ((p10.y - p00.y) * width + (p10.x - p00.x)) * channels,
      stepY: ((p01.y - p00.y) * width + (p01.x - p00.x)) * channels)

    // Same pixel count and channels as a valid image, so this cannot fail.
    let result = try? PixelImage(width: shown.width, height: shown.height, channels: channels) { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(CodecError) in
      guard let dst = out.baseAddress else { return }
      pixels.withUnsafeBufferPointer { source in
        guard let src = source.baseAddress else { return }
        geometry.run(src, sourceCount: source.count, dst)
      }
    }
    return result ?? self
  }
}

/// A pixel permutation whose source offset is affine in the destination coordinates.
private struct Gather {
  let channels, sourceWidth, width, height, base, stepX, stepY: Int

  package func run(_ src: UnsafePointer<UInt8>, sourceCount: Int, _ dst: UnsafeMutablePointer<UInt8>) {
    let rowBytes = width * channels
    if stepX == channels {
      // Rows stay rows in the same order (mirror top↔bottom): one copy per row.
      for y in 0..<height { (dst + y * rowBytes).update(from: src + base + y * stepY, count: rowBytes) }
      return
    }
    // Rows stay rows (stepX = −channels) or become columns (quarter turns): tile the latter.
    let tile = abs(stepX) == channels ? width : 64
    for ty in stride(from: 0, to: height, by: tile) {
      for tx in stride(from: 0, to: width, by: tile) {
        let xEnd = min(tx + tile, width)
        for y in ty..<min(ty + tile, height) {
          copyRun(src, sourceCount, dst + y * rowBytes, from: tx, to: xEnd, sourceStart: base + y * stepY + tx * stepX)
        }
      }
    }
  }

  /// Copies destination pixels x in [from, to) of one destination row.
  @inline(__always)
  private func copyRun(
    _ src: UnsafePointer<UInt8>, _ sourceCount: Int, _ row: UnsafeMutablePointer<UInt8>,
    from: Int, to: Int, sourceStart: Int
  ) {
    var s = sourceStart
    switch channels {
    case 1:
      for x in from..<to {
        row[x] = src[s]
        s += stepX
      }
    case 4:
      for x in from..<to {
        UnsafeMutableRawPointer(row + 4 * x).storeBytes(of: UnsafeRawPointer(src + s).loadUnaligned(as: UInt32.self), as: UInt32.self)
        s += stepX
      }
    default:
      // 3 bytes per pixel moved as one 4-byte load and store: the extra byte lands on the
      // next destination pixel, written right after. Not for the row's last pixel (it would
      // touch the next row or run past the buffer) nor when the load would pass the source end.
      var x = from
      let fastEnd = to == width ? to - 1 : to
      while x < fastEnd {
        if s + 4 <= sourceCount {
          UnsafeMutableRawPointer(row + 3 * x).storeBytes(of: UnsafeRawPointer(src + s).loadUnaligned(as: UInt32.self), as: UInt32.self)
        } else {
          copy3(src + s, row + 3 * x)
        }
        s += stepX
        x += 1
      }
      if x < to { copy3(src + s, row + 3 * x) }
    }
  }

  @inline(__always)
  private func copy3(_ s: UnsafePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>) {
    d[0] = s[0]
    d[1] = s[1]
    d[2] = s[2]
  }
}
