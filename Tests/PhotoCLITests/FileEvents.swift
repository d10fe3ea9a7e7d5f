import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Counts file-system events in folders (Linux inotify): what a run has done so far — inputs
/// opened, outputs written, temporaries created and renamed — observed from outside. A test
/// that stops a run after its k-th event stops it at a point of its work whatever the machine's
/// load, where a delay in seconds lands somewhere else on every machine.
final class FileEvents {
  /// What a run does to its inputs and outputs.
  static let reads = UInt32(IN_OPEN)
  static let writes = UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE)

  private let descriptor: Int32
  /// Events seen so far.
  private(set) var count = 0

  /// Watches each folder (not its subfolders) for the events of its mask.
  init(_ folders: [(path: String, mask: UInt32)]) throws {
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    for folder in folders where inotify_add_watch(descriptor, folder.path, folder.mask) < 0 {
      close(descriptor)
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  deinit { close(descriptor) }

  /// Reads what has arrived, waiting up to `milliseconds` for the first; returns the new count.
  @discardableResult
  func drain(waiting milliseconds: Int32 = 20) -> Int {
    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&ready, 1, milliseconds) > 0 else { return count }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard got > 0 else { break }
      // Each record: the fixed inotify_event header, then `len` bytes of name.
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= got {
        let nameLength = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
        count += 1
        offset += header + nameLength
      }
    }
    return count
  }

  /// Waits until `events` have been seen or `running()` turns false; true when they were seen.
  func wait(for events: Int, while running: () -> Bool) -> Bool {
    while drain() < events {
      if !running() { return drain(waiting: 0) >= events }
    }
    return true
  }
}
