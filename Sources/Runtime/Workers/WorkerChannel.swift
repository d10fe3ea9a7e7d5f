#if canImport(Glibc)
import Glibc
#endif

/// One message between photoaudit and a worker process: a JSON header and a binary payload (the
/// encoded output of a render; empty otherwise), each preceded by its length as 4 bytes,
/// big-endian.
struct WorkerFrame: Sendable, Equatable {
  package var header: [UInt8]
  var payload: [UInt8] = []
}

/// Reads and writes `WorkerFrame`s on a file descriptor (a socket or a pipe).
enum WorkerChannel {
  /// The largest header and payload accepted: a frame announcing more is a broken peer.
  static let maxHeader = 64 << 20
  static let maxPayload = 1 << 30

  /// Writes a frame; false when the other end is gone. On a socket, `MSG_NOSIGNAL` keeps a dead
  /// peer from raising SIGPIPE in this process.
  package static func write(_ frame: WorkerFrame, to fd: Int32, socket: Bool) -> Bool {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(8 + frame.header.count + frame.payload.count)
    bytes += bigEndian(frame.header.count) + frame.header + bigEndian(frame.payload.count) + frame.payload
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { raw in
        socket ? send(fd, raw.baseAddress! + done, raw.count - done, Int32(MSG_NOSIGNAL))
          : Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
      }
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      done += n
    }
    return true
  }

  /// Reads a frame; nil at end of file, on an error or on a length over the limits.
  package static func read(from fd: Int32) -> WorkerFrame? {
    guard let headerLength = readLength(fd, limit: maxHeader), let header = readExactly(fd, headerLength),
          let payloadLength = readLength(fd, limit: maxPayload), let payload = readExactly(fd, payloadLength) else { return nil }
    return WorkerFrame(header: header, payload: payload)
  }

  private static func readLength(_ fd: Int32, limit: Int) -> Int? {
    guard let bytes = readExactly(fd, 4) else { return nil }
    let n = bytes.reduce(0) { $0 << 8 | Int($1) }
    return n <= limit ? n : nil
  }

  private static func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var done = 0
      while done < count {
        let n = Glibc.read(fd, buffer.baseAddress! + done, count - done)
        if n < 0, errno == EINTR { continue }
        if n <= 0 {
          failed = true
          break
        }
        done += n
      }
      initialized = failed ? 0 : count
    }
    return failed ? nil : bytes
  }

  private static func bigEndian(_ n: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: n >> 24), UInt8(truncatingIfNeeded: n >> 16), UInt8(truncatingIfNeeded: n >> 8), UInt8(truncatingIfNeeded: n)]
  }
}
