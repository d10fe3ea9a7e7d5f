import Foundation

/// Work started on its own thread now, its result awaited later: lets `sanitize` hash a file's
/// bytes on the otherwise idle core while it decodes them (measured: SHA-256 of a 12 MP JPEG was
/// 17 % of its sanitize time at -j 1).
public final class BackgroundWork<T: Sendable>: @unchecked Sendable {
  // @unchecked: `result` is written once by the worker before `done` is signalled and read only
  // after waiting for it.
  private var result: T?
  private let done = DispatchSemaphore(value: 0)

  public init(_ work: @escaping @Sendable () -> T) {
    let thread = Thread { [self] in
      result = work()
      done.signal()
    }
    thread.start()
  }

  /// The result, waiting for it if needed.
  public func value() -> T {
    done.wait()
    done.signal()  // later calls return at once
    return result!
  }
}
