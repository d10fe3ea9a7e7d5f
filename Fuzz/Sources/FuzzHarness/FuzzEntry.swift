/// The public face of the harness for the libFuzzer executables: each `fuzz-<name>` target is
/// a three-line file that forwards its input here, so the parser table lives in one place
/// (`FuzzTarget`, shared with the test suite).
public enum FuzzEntry {
  /// Feeds libFuzzer's input to the target called `name`. Always returns 0 (libFuzzer's
  /// "keep going"); a parser bug shows up as a trap or a sanitizer report, never as a status.
  public static func run(_ name: String, _ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = FuzzTarget(rawValue: name) else { fatalError("no fuzz target named \(name)") }
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    _ = target.run(bytes)
    return 0
  }

  /// The names of every target, in table order.
  public static var targetNames: [String] { FuzzTarget.allCases.map(\.rawValue) }
}
