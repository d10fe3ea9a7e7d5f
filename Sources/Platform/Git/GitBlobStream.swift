import Foundation

/// Streams blobs out of `git cat-file --batch`: the ids are written on a thread of their own
/// (so neither side waits on a full pipe), and each answer is read as it comes — the header
/// `<id> blob <size>`, the content, a newline — or `<id> missing`. Every id asked for gets an
/// answer or, when git stops early, `.notRead` (fail closed: a blob never read is never clean).
public final class GitBlobStream {
  /// The answer for one id.
  public enum Item: Sendable {
    /// The whole content.
    case blob(id: String, bytes: [UInt8])
    /// Larger than the cap: its first `head.count` bytes, and its size; the rest was skipped.
    case overCap(id: String, size: Int, head: [UInt8])
    /// Not in this repository (a shallow or partial clone, a damaged repository).
    case missing(id: String)
    /// git stopped or wrote something else before answering: `reason` says what.
    case notRead(id: String, reason: String)
  }

  private let child: ChildProcess
  private let ids: [String]
  private var next = 0
  private var broken: String?
  private let cap: Int
  private let headLength: Int
  private let writer: Thread

  /// Starts `git cat-file --batch` for `ids` (in this order). Blobs over `cap` bytes are not
  /// kept: only their first `headLength` bytes.
  /// `command`: the git command line (default `git cat-file --batch`; `git -C DIR cat-file --batch`
  /// for another repository).
  public init(ids: [String], cap: Int, headLength: Int = 64, command: [String] = ["git", "cat-file", "--batch"]) throws(ChildProcess.StartError) {
    child = try ChildProcess(command)
    self.ids = ids
    self.cap = cap
    self.headLength = headLength
    let process = child, list = ids
    writer = Thread {
      var chunk: [UInt8] = []
      chunk.reserveCapacity(1 << 16)
      for id in list {
        chunk += Array(id.utf8)
        chunk.append(UInt8(ascii: "\n"))
        if chunk.count >= 1 << 16 {
          guard process.write(chunk) else { break }
          chunk.removeAll(keepingCapacity: true)
        }
      }
      if !chunk.isEmpty { process.write(chunk) }
      process.closeInput()
    }
    writer.start()
  }

  /// The answer for the next id, in order; nil after the last.
  public func nextItem() -> Item? {
    guard next < ids.count else { return nil }
    let id = ids[next]
    next += 1
    if let broken { return .notRead(id: id, reason: broken) }
    guard let (line, terminated) = child.readRecord(separator: UInt8(ascii: "\n"), limit: 256), terminated else {
      return fail(id, "git cat-file ended before answering (\(ended()))")
    }
    let fields = String(decoding: line, as: UTF8.self).split(separator: " ").map(String.init)
    if fields.count == 2, fields[0] == id, fields[1] == "missing" { return .missing(id: id) }
    guard fields.count == 3, fields[0] == id, let size = Int(fields[2]), size >= 0 else {
      return fail(id, "git cat-file answered '\(String(decoding: line.prefix(100), as: UTF8.self))'")
    }
    guard fields[1] == "blob" else { return fail(id, "git cat-file says \(id) is a \(fields[1]), not a blob") }
    let item: Item
    if size > cap {
      let head = child.read(count: min(headLength, size))
      let skipped = child.skip(count: size - head.count)
      guard head.count + skipped == size else { return fail(id, "git cat-file's output ended inside the blob (\(ended()))") }
      item = .overCap(id: id, size: size, head: head)
    } else {
      let bytes = child.read(count: size)
      guard bytes.count == size else { return fail(id, "git cat-file's output ended inside the blob (\(ended()))") }
      item = .blob(id: id, bytes: bytes)
    }
    guard child.read(count: 1) == [UInt8(ascii: "\n")] else { return fail(id, "git cat-file's output lost its framing after the blob") }
    return item
  }

  /// How git ended, once it is known to have stopped early.
  private func ended() -> String {
    let how = child.wait()
    let text = child.errorText
    return "git \(how)" + (text.isEmpty ? "" : ": " + String(text.prefix(300)))
  }

  /// Marks the stream broken: this id and every later one are `.notRead`.
  private func fail(_ id: String, _ reason: String) -> Item {
    broken = reason
    return .notRead(id: id, reason: reason)
  }

  /// After the last item: how git ended; a failure once every answer was read is still said.
  public func finish() -> ChildProcess.Termination {
    child.wait()
  }
}
