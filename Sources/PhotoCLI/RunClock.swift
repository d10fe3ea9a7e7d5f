import Foundation

/// The time a run says it ran at: `SOURCE_DATE_EPOCH` when set (reproducible builds and
/// reports, a CI job pinned to its commit's date), else now; always in UTC.
enum RunClock {
  /// The run's time in `format` (a `DateFormatter` pattern), in UTC.
  static func utc(_ environment: [String: String], format: String) -> String {
    let seconds = environment["SOURCE_DATE_EPOCH"].flatMap(Double.init) ?? Date().timeIntervalSince1970
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = format
    return formatter.string(from: Date(timeIntervalSince1970: seconds))
  }
}
