internal import CTurboJPEG

extension JPEGCodec {
  /// Applies a lossless transform to the DCT coefficients (`tjTransform`, jpegtran's engine):
  /// no decode, no re-quantisation, so pixels are exactly those a jpegtran run would give.
  ///
  /// - Without `trim`, the transform is `TJXOPT_PERFECT`: when the operation would have to
  ///   move a partial MCU (the image size is not a whole number of MCUs on an edge the
  ///   operation moves) it is refused with a message naming the size, the MCU and the edge.
  /// - With `trim` (`TJXOPT_TRIM`) that partial edge is dropped instead (the output is a few
  ///   pixels smaller).
  /// - Always `TJXOPT_COPYNONE`: every APPn/COM segment is dropped, ICC profile included; the
  ///   caller re-inserts the profile (`insertICC`). The output has a JFIF APP0.
  public static func transform(_ data: [UInt8], operation: LosslessOperation, trim: Bool = false) throws(CodecError) -> [UInt8] {
    let handle = try TurboJPEGHandle(.transform)
    let header = try readHeader(data, with: handle)
    if !trim, let problem = partialMCUProblem(header, operation) {
      throw .jpeg(problem)
    }

    var spec = tjtransform()
    spec.op = Int32(operation.rawValue)
    spec.options = Int32(TJXOPT_COPYNONE) | Int32(trim ? TJXOPT_TRIM : TJXOPT_PERFECT)
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let result = data.withUnsafeBufferPointer { input in
      tjTransform(handle.raw, input.baseAddress, UInt(input.count), 1, &output, &size, &spec, 0)
    }
    let bytes = takeTurboJPEGBuffer(output, size: size)
    // A perfect-transform refusal we did not predict still gets the same clear wording.
    if result != 0, case .fatal(let message) = handle.lastFailure(), message.contains("not perfect") {
      throw .jpeg(partialMCUProblem(header, operation) ?? "lossless \(operation) refused: \(message)")
    }
    try handle.check(result, "cannot transform the JPEG losslessly (\(operation))")
    guard !bytes.isEmpty else { throw .jpeg("lossless \(operation) produced no data") }
    return bytes
  }

  /// A user-facing sentence when `operation` cannot be perfect on this image, else `nil`.
  static func partialMCUProblem(_ header: JPEGHeaderInfo, _ operation: LosslessOperation) -> String? {
    let mcu = header.subsampling.mcuSize
    let needs = operation.needsWholeMCUs
    var edges: [String] = []
    if needs.right, header.width % mcu.width != 0 {
      edges.append("the width \(header.width) is not a multiple of \(mcu.width)")
    }
    if needs.bottom, header.height % mcu.height != 0 {
      edges.append("the height \(header.height) is not a multiple of \(mcu.height)")
    }
    guard !edges.isEmpty else { return nil }
    return "lossless \(operation) is not possible for this \(header.width)×\(header.height) "
      + "\(header.subsampling) JPEG: it works on whole \(mcu.width)×\(mcu.height) blocks (MCUs) and "
      + edges.joined(separator: " and ")
      + "; use trim to drop the partial edge, or re-encode"
  }
}
