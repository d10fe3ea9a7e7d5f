import Foundation

/// Runs a program to completion: exit status and what it printed (stdout, and stderr too unless
/// `stderr` is false). The shells, groff, Chromium and python3 of the tests run through it.
enum Subprocess {
  static func run(_ executable: String, _ arguments: [String], in folder: String? = nil, environment: [String: String]? = nil,
                  input: String? = nil, stderr: Bool = true) throws -> (status: Int32, out: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    if let environment { process.environment = environment }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = stderr ? out : FileHandle.nullDevice
    let stdin = input.map { _ in Pipe() }
    process.standardInput = stdin ?? FileHandle.nullDevice
    try process.run()
    if let stdin, let input {
      // Written on another thread: a child that prints before reading all of it cannot block us.
      Thread {
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
      }.start()
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
